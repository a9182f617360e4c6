import { Alert, Fieldset, Group, NativeSelect, Stack, type NativeSelectProps } from '@mantine/core';
import {
  DIAL_CODE_OPTIONS,
  GENDER_LABELS,
  GENDERS,
  ISO_COUNTRIES,
  US_STATES,
  type CreatorDetailsBody,
} from '@platform/shared';
import { IconInfoCircle } from '@tabler/icons-react';
import type { UseFormRegisterReturn, UseFormReturn } from 'react-hook-form';
import { ControlledDateField } from '../inputs/DateField';
import { renderFieldError } from './FieldError';
import { TextField } from './TextField';

/** A creator's name, birth, contact and address: what the creator gives and Support may correct. */
export type PersonalDetails = Omit<CreatorDetailsBody, 'audienceClusterId'>;

/** A native select: on a phone it opens the system's own picker, with type-ahead on long lists. */
export function SelectField({
  error,
  ...props
}: Omit<NativeSelectProps, 'error'> & { error?: string | undefined }) {
  return <NativeSelect {...props} error={renderFieldError(error)} />;
}

const choose = (label: string) => ({ value: '', label, disabled: true });
const GENDER_OPTIONS = [
  choose('Choose one'),
  ...GENDERS.map((gender) => ({ value: gender, label: GENDER_LABELS[gender] })),
];
const countryOptions = (placeholder: string) => [
  choose(placeholder),
  ...ISO_COUNTRIES.map((country) => ({ value: country.code, label: country.name })),
];
const OWN_COUNTRY_OPTIONS = countryOptions('Choose your country');
const SUPPORT_COUNTRY_OPTIONS = countryOptions('Choose a country');
const SUPPORT_DIAL_OPTIONS = [choose('Choose'), ...DIAL_CODE_OPTIONS];
const US_STATE_OPTIONS = [
  choose('Choose a state'),
  ...US_STATES.map((state) => ({ value: state.code, label: state.name })),
];

/** The latest date of birth of someone who is 18 today (SPEC §5), for the date picker's range. */
function eighteenYearsAgo(): string {
  const today = new Date();
  const year = today.getUTCFullYear() - 18;
  const month = String(today.getUTCMonth() + 1).padStart(2, '0');
  const day = String(today.getUTCDate()).padStart(2, '0');
  return `${year}-${month}-${day}`;
}

export interface PersonalDetailsFieldsProps {
  form: UseFormReturn<PersonalDetails>;
  /**
   * Whose hands the form is in: the creator's own (the browser may fill in what it knows of them, and a
   * calendar picks the date of birth) or Support's, correcting someone else's (the first field takes focus).
   */
  editor: 'creator' | 'support';
  /** The name and date of birth were confirmed by an identity check: only Support changes them. */
  identityLocked?: boolean;
  /** The country's and the dial code's fields, where choosing one changes others. */
  countryField?: UseFormRegisterReturn<'address.country'>;
  dialCodeField?: UseFormRegisterReturn<'dialCode'>;
}

function NameAndBirthFields({ form, editor, identityLocked = false }: PersonalDetailsFieldsProps) {
  const { errors } = form.formState;
  const own = editor === 'creator';
  return (
    <Fieldset legend="Personal details" variant="unstyled">
      <Stack gap="sm">
        {identityLocked && (
          <Alert variant="light" color="gray" icon={<IconInfoCircle aria-hidden="true" />}>
            Your name and date of birth were confirmed by your identity check. Contact Support to change them.
          </Alert>
        )}
        <TextField
          label="First name"
          autoComplete={own ? 'given-name' : undefined}
          data-autofocus={own ? undefined : true}
          readOnly={identityLocked}
          {...form.register('firstName')}
          error={errors.firstName?.message}
        />
        <TextField
          label="Last name"
          autoComplete={own ? 'family-name' : undefined}
          readOnly={identityLocked}
          {...form.register('lastName')}
          error={errors.lastName?.message}
        />
        {own ? (
          <ControlledDateField
            control={form.control}
            name="dateOfBirth"
            label="Date of birth"
            maxDate={eighteenYearsAgo()}
            disabled={identityLocked}
          />
        ) : (
          <TextField
            label="Date of birth"
            type="date"
            {...form.register('dateOfBirth')}
            error={errors.dateOfBirth?.message}
          />
        )}
        <SelectField
          label="Gender"
          data={GENDER_OPTIONS}
          {...form.register('gender')}
          error={errors.gender?.message}
        />
      </Stack>
    </Fieldset>
  );
}

function ContactFields({ form, editor, dialCodeField }: PersonalDetailsFieldsProps) {
  const { errors } = form.formState;
  const own = editor === 'creator';
  return (
    <Fieldset legend="Contact" variant="unstyled">
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <SelectField
          label="Dial code"
          data={own ? DIAL_CODE_OPTIONS : SUPPORT_DIAL_OPTIONS}
          w={96}
          style={{ flexShrink: 0 }}
          {...(dialCodeField ?? form.register('dialCode'))}
          error={errors.dialCode?.message}
        />
        <TextField
          label="Mobile number"
          type="tel"
          inputMode="numeric"
          autoComplete={own ? 'tel-national' : undefined}
          style={{ flex: 1, minWidth: 0 }}
          {...form.register('mobile')}
          error={errors.mobile?.message}
        />
      </Group>
    </Fieldset>
  );
}

function AddressFields({ form, editor, countryField }: PersonalDetailsFieldsProps) {
  const errors = form.formState.errors.address;
  const country = form.watch('address.country');
  const own = editor === 'creator';
  const autoComplete = (value: string) => (own ? value : undefined);
  return (
    <Fieldset legend="Address" variant="unstyled">
      <Stack gap="sm">
        <SelectField
          label="Country"
          data={own ? OWN_COUNTRY_OPTIONS : SUPPORT_COUNTRY_OPTIONS}
          autoComplete={autoComplete('country')}
          {...(countryField ?? form.register('address.country'))}
          error={errors?.country?.message}
        />
        <TextField
          label="Address"
          autoComplete={autoComplete('address-line1')}
          {...form.register('address.line1')}
          error={errors?.line1?.message}
        />
        <TextField
          label="Address line 2 (optional)"
          autoComplete={autoComplete('address-line2')}
          {...form.register('address.line2')}
          error={errors?.line2?.message}
        />
        <TextField
          label="Town or city"
          autoComplete={autoComplete('address-level2')}
          {...form.register('address.city')}
          error={errors?.city?.message}
        />
        {country === 'US' ? (
          <SelectField
            label="State"
            data={US_STATE_OPTIONS}
            autoComplete={autoComplete('address-level1')}
            {...form.register('address.stateProvince')}
            error={errors?.stateProvince?.message}
          />
        ) : (
          <TextField
            label="County, state or province (optional)"
            autoComplete={autoComplete('address-level1')}
            {...form.register('address.stateProvince')}
            error={errors?.stateProvince?.message}
          />
        )}
        <TextField
          label={country === 'US' ? 'ZIP code' : 'Postcode'}
          autoComplete={autoComplete('postal-code')}
          autoCapitalize="characters"
          {...form.register('address.postcode')}
          error={errors?.postcode?.message}
        />
      </Stack>
    </Fieldset>
  );
}

/**
 * A creator's personal details, contact and address: one set of fields, the same labels and messages, for
 * the creator's profile form and Support's correction of it.
 */
export function PersonalDetailsFields(props: PersonalDetailsFieldsProps) {
  return (
    <>
      <NameAndBirthFields {...props} />
      <ContactFields {...props} />
      <AddressFields {...props} />
    </>
  );
}
