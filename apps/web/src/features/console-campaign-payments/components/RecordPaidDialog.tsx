import { NativeSelect, Stack, Text } from '@mantine/core';
import {
  PAID_METHOD_LABELS,
  PAID_METHODS,
  paymentPaidBodySchema,
  type PaymentPaidBody,
} from '@platform/shared';
import { useState } from 'react';
import { ModalDialog } from '../../../components/display/ModalDialog';
import { renderFieldError } from '../../../components/form/FieldError';
import { FormFailure, formFailureMessage } from '../../../components/form/FormFailure';
import { TextField } from '../../../components/form/TextField';
import { useZodForm } from '../../../components/form/use-zod-form';

export interface RecordPaidDialogProps {
  /** The payment in a few words: '£10.00 to Casey Creator for entry 7c1d2e3f'. */
  paymentLabel: string;
  /** Where the money goes, masked, when the creator gave payout details. */
  payoutDetails: string | null;
  onRecord: (body: PaymentPaidBody) => Promise<void>;
  onClose: () => void;
}

/** Today in the person's own calendar, as a date field writes it. */
function localToday(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const METHOD_OPTIONS = PAID_METHODS.map((method) => ({ value: method, label: PAID_METHOD_LABELS[method] }));

/**
 * Records an approved payment paid outside the platform: the reference the bank or PayPal gave, the day it
 * was paid (the server refuses a day in the future or before the approval) and how.
 */
export function RecordPaidDialog({ paymentLabel, payoutDetails, onRecord, onClose }: RecordPaidDialogProps) {
  const today = localToday();
  const form = useZodForm(paymentPaidBodySchema, {
    defaultValues: { reference: '', paidOn: today, method: 'BANK_TRANSFER' },
  });
  const { errors } = form.formState;
  const [failure, setFailure] = useState<string | null>(null);

  const submit = form.handleSubmit(async (body) => {
    setFailure(null);
    try {
      await onRecord(body);
    } catch (error) {
      setFailure(formFailureMessage(form, error, { shownFields: ['reference', 'paidOn', 'method'] }));
    }
  });

  return (
    <ModalDialog
      opened
      title={`Record the payment of ${paymentLabel} as paid`}
      submitLabel="Record as paid"
      onSubmit={() => submit()}
      onClose={onClose}
    >
      <Stack gap="md">
        <FormFailure message={failure} />
        <Text size="sm">
          {payoutDetails
            ? `Paid to ${payoutDetails}, as the export for payment lists it.`
            : 'The creator has given no payout details: record where you paid in the reference.'}{' '}
          The creator sees it as paid, with the day.
        </Text>
        <TextField
          size="md"
          label="Reference"
          description="The bank’s or PayPal’s reference for the transfer"
          required
          data-autofocus
          autoComplete="off"
          {...form.register('reference')}
          error={errors.reference?.message}
        />
        <TextField
          size="md"
          type="date"
          label="Date paid"
          required
          max={today}
          {...form.register('paidOn')}
          error={errors.paidOn?.message}
        />
        <NativeSelect
          size="md"
          label="How it was paid"
          required
          data={METHOD_OPTIONS}
          {...form.register('method')}
          error={renderFieldError(errors.method?.message)}
        />
      </Stack>
    </ModalDialog>
  );
}
