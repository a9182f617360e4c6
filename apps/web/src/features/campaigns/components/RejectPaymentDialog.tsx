import { PAYMENT_REJECTION_MAX_LENGTH, paymentRejectionBodySchema } from '@platform/shared';
import { RejectWithReasonDialog } from './RejectWithReasonDialog';

export interface RejectPaymentDialogProps {
  /** The payment in a few words: '£10.00 for entry 7c1d2e3f'. */
  paymentLabel: string;
  onReject: (reason: string) => Promise<void>;
  onClose: () => void;
}

/** Rejects a payment with the reason its creator reads, checked by the server's own schema. */
export function RejectPaymentDialog({ paymentLabel, onReject, onClose }: RejectPaymentDialogProps) {
  return (
    <RejectWithReasonDialog
      title={`Reject the payment of ${paymentLabel}`}
      schema={paymentRejectionBodySchema}
      consequence="Its money goes back to the campaign’s budget, and the creator is told why."
      label="Why"
      description={`The creator reads this with their payment. Up to ${PAYMENT_REJECTION_MAX_LENGTH} characters.`}
      rows={4}
      onReject={onReject}
      onClose={onClose}
    />
  );
}
