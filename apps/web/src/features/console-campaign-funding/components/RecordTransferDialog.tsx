import { Stack, Text } from '@mantine/core';
import { transferFundingBodySchema, type TransferFundingBody } from '@platform/shared';
import { useState } from 'react';
import type { Control } from 'react-hook-form';
import { ModalDialog } from '../../../components/display/ModalDialog';
import { FormFailure, formFailureMessage } from '../../../components/form/FormFailure';
import { TextField } from '../../../components/form/TextField';
import { useZodForm } from '../../../components/form/use-zod-form';
import { AmountField } from './AmountField';

export interface RecordTransferDialogProps {
  campaignName: string;
  currency: string;
  onRecord: (body: TransferFundingBody) => Promise<void>;
  onClose: () => void;
}

/** Records money received by bank transfer for a campaign's budget, with the bank's reference. */
export function RecordTransferDialog({
  campaignName,
  currency,
  onRecord,
  onClose,
}: RecordTransferDialogProps) {
  const form = useZodForm(transferFundingBodySchema, {
    defaultValues: { amountMinor: Number.NaN, reference: '' },
  });
  const { errors } = form.formState;
  const [failure, setFailure] = useState<string | null>(null);

  const submit = form.handleSubmit(async (body) => {
    setFailure(null);
    try {
      await onRecord(body);
    } catch (error) {
      setFailure(formFailureMessage(form, error, { shownFields: ['amountMinor', 'reference'] }));
    }
  });

  return (
    <ModalDialog
      opened
      title={`Record a transfer for ${campaignName}`}
      submitLabel="Record the transfer"
      onSubmit={() => submit()}
      onClose={onClose}
    >
      <Stack gap="md">
        <FormFailure message={failure} />
        <Text size="sm">
          Record money that has arrived in the platform’s account. Once what was received covers the budget, a
          published campaign goes live; money beyond the budget raises it.
        </Text>
        <AmountField
          control={form.control as unknown as Control<{ amountMinor: number }>}
          currency={currency}
          label="Amount received"
          description={`In ${currency}, as the bank statement shows it.`}
        />
        <TextField
          size="md"
          label="Reference"
          description="The transfer’s reference, as it appears on the bank statement"
          required
          autoComplete="off"
          {...form.register('reference')}
          error={errors.reference?.message}
        />
      </Stack>
    </ModalDialog>
  );
}
