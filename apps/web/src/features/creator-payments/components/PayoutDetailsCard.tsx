import { Button, Group, NativeSelect, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  bankAccountFormat,
  formatDateTime,
  ISO_COUNTRIES,
  payoutDetailsBodySchema,
  type BankAccountFormat,
  type PayoutDetailsBody,
} from '@platform/shared';
import { IconBuildingBank, IconPencil } from '@tabler/icons-react';
import { useId, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { CHECK_CONNECTION, LoadFailure } from '../../../components/feedback/failure';
import { showSuccessToast } from '../../../components/feedback/toasts';
import { FormFailure, formFailureMessage } from '../../../components/form/FormFailure';
import { renderFieldError } from '../../../components/form/FieldError';
import { EmailField, TextField } from '../../../components/form/TextField';
import { useZodForm } from '../../../components/form/use-zod-form';
import { usePayoutDetails, useSavePayoutDetails } from '../api/payout-details';

type FormValues = {
  method: PayoutDetailsBody['method'];
  country: string;
  accountHolder: string;
  sortCode: string;
  bsb: string;
  routingNumber: string;
  accountNumber: string;
  iban: string;
  bic: string;
  paypalEmail: string;
};

const EMPTY: FormValues = {
  method: 'BANK_ACCOUNT',
  country: '',
  accountHolder: '',
  sortCode: '',
  bsb: '',
  routingNumber: '',
  accountNumber: '',
  iban: '',
  bic: '',
  paypalEmail: '',
};

const SHOWN_FIELDS = Object.keys(EMPTY) as (keyof FormValues)[];

const COUNTRY_OPTIONS = [
  { value: '', label: 'Choose a country' },
  ...[...ISO_COUNTRIES]
    .sort((first, second) => first.name.localeCompare(second.name))
    .map((country) => ({ value: country.code, label: country.name })),
];

/** The fields a bank account of a country is given by, as its banks write them. */
const BANK_FIELDS: Record<
  BankAccountFormat,
  { name: keyof FormValues; label: string; description?: string; inputMode?: 'numeric' }[]
> = {
  GB: [
    { name: 'sortCode', label: 'Sort code', description: '6 digits, such as 12-34-56', inputMode: 'numeric' },
    { name: 'accountNumber', label: 'Account number', description: '8 digits', inputMode: 'numeric' },
  ],
  AU: [
    { name: 'bsb', label: 'BSB', description: '6 digits, such as 062-000', inputMode: 'numeric' },
    { name: 'accountNumber', label: 'Account number', description: '5 to 9 digits', inputMode: 'numeric' },
  ],
  US: [
    { name: 'routingNumber', label: 'Routing number', description: '9 digits', inputMode: 'numeric' },
    { name: 'accountNumber', label: 'Account number', description: '4 to 17 digits', inputMode: 'numeric' },
  ],
  IBAN: [{ name: 'iban', label: 'IBAN', description: 'As on your bank statement; spaces are fine' }],
  SWIFT: [
    { name: 'bic', label: 'SWIFT/BIC', description: 'Your bank’s code, 8 or 11 letters and digits' },
    { name: 'accountNumber', label: 'Account number' },
  ],
};

/** Only what the chosen method and country use goes to the server: the rest stays out of the body. */
function bodyOf(values: FormValues): PayoutDetailsBody {
  if (values.method === 'PAYPAL') return { method: 'PAYPAL', paypalEmail: values.paypalEmail };
  const fields = values.country ? BANK_FIELDS[bankAccountFormat(values.country)] : [];
  return {
    method: 'BANK_ACCOUNT',
    country: values.country,
    accountHolder: values.accountHolder,
    ...Object.fromEntries(fields.map((field) => [field.name, values[field.name]])),
  };
}

function PayoutDetailsForm({ onDone, onCancel }: { onDone: () => void; onCancel: (() => void) | null }) {
  const form = useZodForm(payoutDetailsBodySchema, { defaultValues: EMPTY });
  const save = useSavePayoutDetails();
  const [failure, setFailure] = useState<string | null>(null);
  const method = useWatch({ control: form.control, name: 'method' });
  const country = useWatch({ control: form.control, name: 'country' }) ?? '';
  const { errors } = form.formState;
  const error = (name: keyof FormValues) => renderFieldError(errors[name]?.message);

  const submit = form.handleSubmit(async () => {
    setFailure(null);
    try {
      await save.mutateAsync(bodyOf(form.getValues() as FormValues));
      showSuccessToast(
        'Your payout details are saved. Payments already sent for payment keep the details they were sent with.',
      );
      onDone();
    } catch (failed) {
      setFailure(formFailureMessage(form, failed, { shownFields: SHOWN_FIELDS }));
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Stack gap="sm">
        <FormFailure message={failure} />
        <NativeSelect
          size="md"
          label="How you want to be paid"
          data={[
            { value: 'BANK_ACCOUNT', label: 'Bank account' },
            { value: 'PAYPAL', label: 'PayPal' },
          ]}
          {...form.register('method')}
          error={error('method')}
        />
        {method === 'PAYPAL' ? (
          <EmailField
            size="md"
            label="PayPal email"
            required
            {...form.register('paypalEmail')}
            error={errors.paypalEmail?.message}
          />
        ) : (
          <>
            <NativeSelect
              size="md"
              label="Country of the bank account"
              required
              data={COUNTRY_OPTIONS}
              {...form.register('country')}
              error={error('country')}
            />
            <TextField
              size="md"
              label="Name on the account"
              required
              autoComplete="name"
              {...form.register('accountHolder')}
              error={errors.accountHolder?.message}
            />
            {country &&
              BANK_FIELDS[bankAccountFormat(country)].map((field) => (
                <TextField
                  key={field.name}
                  size="md"
                  label={field.label}
                  required
                  autoComplete="off"
                  {...(field.description ? { description: field.description } : {})}
                  {...(field.inputMode ? { inputMode: field.inputMode } : {})}
                  {...form.register(field.name)}
                  error={errors[field.name]?.message}
                />
              ))}
          </>
        )}
        <Group gap="sm">
          <Button type="submit" loading={save.isPending}>
            Save payout details
          </Button>
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={save.isPending}>
              Cancel
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Where the creator is paid, on a platform that pays by hand: the details they gave, masked, with a way to
 * change them, or the form to give them. Hidden where a payouts provider pays.
 */
export function PayoutDetailsCard() {
  const details = usePayoutDetails();
  const [editing, setEditing] = useState(false);
  const headingId = useId();
  const changeButton = useRef<HTMLButtonElement>(null);

  if (details.isPending)
    return <Skeleton role="status" height={96} radius="md" aria-label="Loading your payout details" />;
  if (details.isError) {
    return (
      <LoadFailure
        title="We could not load your payout details"
        message={CHECK_CONNECTION}
        retrying={details.isFetching}
        onRetry={() => void details.refetch()}
      />
    );
  }
  const { details: given, needed } = details.data;
  if (!needed && !given) return null;

  const closeForm = () => {
    setEditing(false);
    requestAnimationFrame(() => changeButton.current?.focus());
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <IconBuildingBank size={20} aria-hidden="true" />
          <Title order={2} size="h4" id={headingId}>
            Payout details
          </Title>
        </Group>
        {given && !editing ? (
          <>
            <Text size="sm">
              Approved payments are paid to <strong>{given.masked}</strong>.
            </Text>
            <Text size="xs" c="dimmed">
              Last changed {formatDateTime(given.updatedAt, 'long')}. Only the last four characters are ever
              shown.
            </Text>
            <Group>
              <Button
                ref={changeButton}
                variant="light"
                leftSection={<IconPencil size={18} aria-hidden="true" />}
                onClick={() => setEditing(true)}
              >
                Change payout details
              </Button>
            </Group>
          </>
        ) : (
          <>
            <Text size="sm">
              {given
                ? 'New details apply to payments not yet sent for payment.'
                : 'Tell us where to send your money: a bank account or a PayPal address. We keep them encrypted and show only the last four characters.'}
            </Text>
            <PayoutDetailsForm onDone={closeForm} onCancel={given ? closeForm : null} />
          </>
        )}
      </Stack>
    </Paper>
  );
}
