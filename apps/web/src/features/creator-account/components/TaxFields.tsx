import { Fieldset, Stack } from '@mantine/core';
import {
  TAX_REGISTER_NAMES,
  taxRegistrationTypeFor,
  type CreatorInfo,
  type TaxRegistrationType,
} from '@platform/shared';
import { TextField } from '../../../components/form/TextField';
import { Toggle } from '../../../components/inputs/Toggle';
import type { ProfileForm } from './HandlesFields';

/**
 * What happens to the number on this install: its register checks it at once, or, without the register's
 * credentials, Support checks it by hand before invoices carry the tax.
 */
function taxNumberDescription(type: TaxRegistrationType, checks: CreatorInfo['taxNumberChecks']): string {
  const format = type === 'ABN' ? '11 digits with no spaces. ' : '';
  if (checks[type] === 'REGISTER') {
    return type === 'VAT'
      ? 'We check it with HMRC, so that your invoices carry VAT correctly.'
      : `${format}We check it with the Australian Business Register, so that your invoices carry GST correctly.`;
  }
  const tax = type === 'VAT' ? 'VAT' : 'GST';
  return `${format}Our Support team checks it by hand with ${TAX_REGISTER_NAMES[type]}. Until they have confirmed it, your invoices carry no ${tax}; those issued after do.`;
}

export function TaxFields({ form, checks }: { form: ProfileForm; checks: CreatorInfo['taxNumberChecks'] }) {
  const country = form.watch('address.country');
  // The whole registration is watched: the toggle replaces it at once, which a watch of one of its
  // fields would not see.
  const registration = form.watch('taxRegistration');
  const type = taxRegistrationTypeFor(country ?? '');
  if (!type) return null;
  const registered = Boolean(registration?.isRegistered);
  const errors = form.formState.errors.taxRegistration;
  return (
    <Fieldset legend="Tax" variant="unstyled">
      <Stack gap="sm">
        <Toggle
          label={type === 'VAT' ? 'I am registered for VAT' : 'I have an ABN and am registered for GST'}
          checked={registered}
          onChange={(event) => {
            form.setValue(
              'taxRegistration',
              {
                isRegistered: event.currentTarget.checked,
                type,
                number: form.getValues('taxRegistration.number') ?? '',
              },
              { shouldDirty: true },
            );
            form.clearErrors(['taxRegistration.isRegistered', 'taxRegistration.type']);
          }}
          error={errors?.isRegistered?.message ?? errors?.type?.message}
        />
        {registered && (
          <TextField
            label={type === 'VAT' ? 'VAT number' : 'ABN'}
            description={taxNumberDescription(type, checks)}
            inputMode={type === 'ABN' ? 'numeric' : 'text'}
            autoCapitalize="characters"
            {...form.register('taxRegistration.number')}
            error={errors?.number?.message}
          />
        )}
      </Stack>
    </Fieldset>
  );
}
