import type { StaffCaller } from '../../../principal';
import { decidePayment } from '../decisions';
import type { PaymentsContext } from '../payments.context';

/** Staff reject a PENDING payment with a reason: its reward's money and slot go back to the campaign. */
export const rejectPayment = (context: PaymentsContext, caller: StaffCaller, id: string, reason: string) =>
  decidePayment(context, caller, id, { event: 'reject', reason });
