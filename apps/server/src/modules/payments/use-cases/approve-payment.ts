import type { StaffCaller } from '../../../principal';
import { decidePayment } from '../decisions';
import type { PaymentsContext } from '../payments.context';

/** Staff approve a PENDING payment: it is invoiced (ADR 022) and its payout scheduled. */
export const approvePayment = (context: PaymentsContext, caller: StaffCaller, id: string) =>
  decidePayment(context, caller, id, { event: 'approve' });
