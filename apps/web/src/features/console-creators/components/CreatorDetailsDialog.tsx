import { Fieldset, Group, NativeSelect, Stack, type NativeSelectProps } from '@mantine/core';
import {
  creatorDetailsBodySchema,
  creatorDetailsIssues,
  DIAL_CODE_OPTIONS,
  GENDER_LABELS,
  GENDERS,
  ISO_COUNTRIES,
  US_STATES,
  type CreatorConsoleDetail,
  type CreatorDetailsBody,
} from '@platform/shared';
import { useState } from 'react';
import { z } from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';
import { ModalDialog } from '../../../components/display/ModalDialog';
import { showSuccessToast } from '../../../components/feedback/toasts';
import { renderFieldError } from '../../../components/form/FieldError';
import { FormFailure, formFailureMessage } from '../../../components/form/FormFailure';
import { TextField } from '../../../components/form/TextField';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useEditCreatorDetails, useLookupOptions } from '../api/creators';

/**
 * The server's schema, with its rules across fields applied whatever else is wrong: zod runs an object's
 * own rules only once every field has passed, so a wrong postcode would otherwise say nothing until the
 * rest of the form was right.
 */
const detailsFormSchema = z.unknown().check(
  z.superRefine((value: unknown, ctx) => {
    const details = toBody(value as CreatorDetailsBody);
    const shared = creatorDetailsBodySchema.safeParse(details);
    if (shared.success) return;
    const reported = new Set<string>();
    for (const issue of shared.error.issues) {
      reported.add(issue.path.join('.'));
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path, input: details });
    }
    for (const issue of creatorDetailsIssues(details)) {
      if (reported.has(issue.path.join('.'))) continue;
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path, input: details });
    }
  }),
) as unknown as $ZodType<CreatorDetailsBody, CreatorDetailsBody>;

const SHOWN_FIELDS = [
  'firstName',
  'lastName',
  'dateOfBirth',
  'gender',
  'dialCode',
  'mobile',
  'address.country',
  'address.line1',
  'address.line2',
  'address.city',
  'address.stateProvince',
  'address.postcode',
  'audienceClusterId',
];

const choose = (label: string) => ({ value: '', label, disabled: true });
const GENDER_OPTIONS = [
  choose('Choose one'),
  ...GENDERS.map((gender) => ({ value: gender, label: GENDER_LABELS[gender] })),
];
const DIAL_OPTIONS = [choose('Choose'), ...DIAL_CODE_OPTIONS];
const COUNTRY_OPTIONS = [
  choose('Choose a country'),
  ...ISO_COUNTRIES.map((country) => ({ value: country.code, label: country.name })),
];
const US_STATE_OPTIONS = [
  choose('Choose a state'),
  ...US_STATES.map((state) => ({ value: state.code, label: state.name })),
];

function SelectField({ error, ...props }: Omit<NativeSelectProps, 'error'> & { error?: string | undefined }) {
  return <NativeSelect {...props} error={renderFieldError(error)} />;
}

const valuesOf = (creator: CreatorConsoleDetail): CreatorDetailsBody => ({
  firstName: creator.firstName ?? '',
  lastName: creator.lastName ?? '',
  dateOfBirth: creator.dateOfBirth ?? '',
  gender: (creator.gender ?? '') as CreatorDetailsBody['gender'],
  dialCode: creator.dialCode ?? '',
  mobile: creator.mobile ?? '',
  address: {
    country: creator.address.country ?? '',
    line1: creator.address.line1 ?? '',
    line2: creator.address.line2 ?? '',
    city: creator.address.city ?? '',
    stateProvince: creator.address.stateProvince ?? '',
    postcode: creator.address.postcode ?? '',
  },
  audienceClusterId: creator.audienceClusterId ?? '',
});

/** The select's empty choice is no cluster at all. */
const toBody = (values: CreatorDetailsBody): CreatorDetailsBody => ({
  ...values,
  audienceClusterId: values.audienceClusterId || null,
});

export interface CreatorDetailsDialogProps {
  creator: CreatorConsoleDetail;
  name: string;
  onClose: () => void;
}

/**
 * Support's correction of a creator's details, checked as the creator's own profile form checks them;
 * its own chunk, opened from the creator's page.
 */
export function CreatorDetailsDialog({ creator, name, onClose }: CreatorDetailsDialogProps) {
  const form = useZodForm(detailsFormSchema, { defaultValues: valuesOf(creator) });
  const { errors } = form.formState;
  const edit = useEditCreatorDetails(creator.id);
  const [failure, setFailure] = useState<string | null>(null);
  const country = form.watch('address.country');
  const clusters = useLookupOptions('audience-clusters');
  // A cluster archived since the creator was placed in it is still theirs until someone changes it.
  const clusterOptions = [
    { value: '', label: 'None' },
    ...(clusters.data ?? []),
    ...(creator.audienceClusterId &&
    !(clusters.data ?? []).some((option) => option.value === creator.audienceClusterId)
      ? [
          {
            value: creator.audienceClusterId,
            label: clusters.data ? 'Their current cluster (no longer on the list)' : 'Their current cluster',
          },
        ]
      : []),
  ];

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await edit.mutateAsync(toBody(values));
      showSuccessToast(`${name}’s details are saved.`, 'Details saved');
      onClose();
    } catch (error) {
      setFailure(formFailureMessage(form, error, { shownFields: SHOWN_FIELDS }));
    }
  });

  return (
    <ModalDialog
      opened
      title={`Edit ${name}’s details`}
      submitLabel="Save details"
      onSubmit={() => submit()}
      onClose={onClose}
    >
      <Stack gap="md">
        <FormFailure message={failure} />
        <Fieldset legend="Personal details" variant="unstyled">
          <Stack gap="sm">
            <TextField
              label="First name"
              data-autofocus
              {...form.register('firstName')}
              error={errors.firstName?.message}
            />
            <TextField label="Last name" {...form.register('lastName')} error={errors.lastName?.message} />
            <TextField
              label="Date of birth"
              type="date"
              {...form.register('dateOfBirth')}
              error={errors.dateOfBirth?.message}
            />
            <SelectField
              label="Gender"
              data={GENDER_OPTIONS}
              {...form.register('gender')}
              error={errors.gender?.message}
            />
          </Stack>
        </Fieldset>
        <Fieldset legend="Contact" variant="unstyled">
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <SelectField
              label="Dial code"
              data={DIAL_OPTIONS}
              w={96}
              style={{ flexShrink: 0 }}
              {...form.register('dialCode')}
              error={errors.dialCode?.message}
            />
            <TextField
              label="Mobile number"
              type="tel"
              inputMode="numeric"
              style={{ flex: 1, minWidth: 0 }}
              {...form.register('mobile')}
              error={errors.mobile?.message}
            />
          </Group>
        </Fieldset>
        <Fieldset legend="Address" variant="unstyled">
          <Stack gap="sm">
            <SelectField
              label="Country"
              data={COUNTRY_OPTIONS}
              {...form.register('address.country')}
              error={errors.address?.country?.message}
            />
            <TextField
              label="Address"
              {...form.register('address.line1')}
              error={errors.address?.line1?.message}
            />
            <TextField
              label="Address line 2 (optional)"
              {...form.register('address.line2')}
              error={errors.address?.line2?.message}
            />
            <TextField
              label="Town or city"
              {...form.register('address.city')}
              error={errors.address?.city?.message}
            />
            {country === 'US' ? (
              <SelectField
                label="State"
                data={US_STATE_OPTIONS}
                {...form.register('address.stateProvince')}
                error={errors.address?.stateProvince?.message}
              />
            ) : (
              <TextField
                label="County, state or province (optional)"
                {...form.register('address.stateProvince')}
                error={errors.address?.stateProvince?.message}
              />
            )}
            <TextField
              label={country === 'US' ? 'ZIP code' : 'Postcode'}
              autoCapitalize="characters"
              {...form.register('address.postcode')}
              error={errors.address?.postcode?.message}
            />
          </Stack>
        </Fieldset>
        <SelectField
          label="Audience cluster"
          data={clusterOptions}
          {...form.register('audienceClusterId')}
          error={errors.audienceClusterId?.message}
        />
      </Stack>
    </ModalDialog>
  );
}
