import { Stack, Text, Textarea } from '@mantine/core';
import { PAYMENT_REJECTION_MAX_LENGTH, paymentRejectionBodySchema } from '@platform/shared';
import { useState } from 'react';
import { ModalDialog } from '../../../components/display/ModalDialog';
import { renderFieldError } from '../../../components/form/FieldError';
import { FormFailure, formFailureMessage } from '../../../components/form/FormFailure';
import { useZodForm } from '../../../components/form/use-zod-form';

export interface RejectPaymentDialogProps {
  /** The payment in a few words: '£10.00 for entry 7c1d2e3f'. */
  paymentLabel: string;
  /**
   * Sends the rejection. Resolves once it is done (the caller closes the dialog and says so); rejects with
   * what the server refused, which the dialog shows under the field or above it.
   */
  onReject: (reason: string) => Promise<void>;
  onClose: () => void;
}

/** Rejects a payment with the reason its creator reads, checked by the server's own schema. */
export function RejectPaymentDialog({ paymentLabel, onReject, onClose }: RejectPaymentDialogProps) {
  const form = useZodForm(paymentRejectionBodySchema, { defaultValues: { reason: '' } });
  const { errors } = form.formState;
  const [failure, setFailure] = useState<string | null>(null);

  const submit = form.handleSubmit(async ({ reason }) => {
    setFailure(null);
    try {
      await onReject(reason);
    } catch (error) {
      setFailure(formFailureMessage(form, error, { shownFields: ['reason'] }));
    }
  });

  return (
    <ModalDialog
      opened
      title={`Reject the payment of ${paymentLabel}`}
      submitLabel="Reject"
      onSubmit={() => submit()}
      onClose={onClose}
    >
      <Stack gap="md">
        <FormFailure message={failure} />
        <Text size="sm">Its money goes back to the campaign’s budget, and the creator is told why.</Text>
        <Textarea
          label="Why"
          description={`The creator reads this with their payment. Up to ${PAYMENT_REJECTION_MAX_LENGTH} characters.`}
          required
          rows={4}
          data-autofocus
          {...form.register('reason')}
          error={renderFieldError(errors.reason?.message)}
        />
      </Stack>
    </ModalDialog>
  );
}
