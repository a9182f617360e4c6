import { PAYMENT_REJECTION_MAX_LENGTH, paymentRejectionBodySchema } from '@platform/shared';
import { RejectWithReasonDialog } from '../../../components/form/RejectWithReasonDialog';

export interface RejectPaymentDialogProps {
  /** Reject a pending payment, or withdraw one whose payout failed (a credit note cancels its invoice). */
  move: 'reject' | 'withdraw';
  /** The payment in a few words: '£10.00 for entry 7c1d2e3f'. */
  paymentLabel: string;
  onReject: (reason: string) => Promise<void>;
  onClose: () => void;
}

const MOVE_WORDS = {
  reject: {
    submitLabel: 'Reject',
    title: 'Reject the payment of',
    consequence: 'Its money goes back to the campaign’s budget, and the creator is told why.',
  },
  withdraw: {
    submitLabel: 'Withdraw',
    title: 'Withdraw the payment of',
    consequence:
      'Its payout failed. A credit note cancels its invoice, its money goes back to the campaign’s budget, and the creator is told why.',
  },
} as const;

/** Rejects or withdraws a payment with the reason its creator reads, checked by the server's own schema. */
export function RejectPaymentDialog({ move, paymentLabel, onReject, onClose }: RejectPaymentDialogProps) {
  return (
    <RejectWithReasonDialog
      title={`${MOVE_WORDS[move].title} ${paymentLabel}`}
      schema={paymentRejectionBodySchema}
      consequence={MOVE_WORDS[move].consequence}
      label="Why"
      description={`The creator reads this with their payment. Up to ${PAYMENT_REJECTION_MAX_LENGTH} characters.`}
      rows={4}
      submitLabel={MOVE_WORDS[move].submitLabel}
      onReject={onReject}
      onClose={onClose}
    />
  );
}
