import type { KycStatus } from '@platform/shared';

/** An identity check's status in staff's words, wherever the console shows one. */
export const KYC_STATUS_LABELS: Readonly<Record<KycStatus, string>> = {
  Created: 'Started',
  Success: 'Approved',
  Failure: 'Rejected',
  Pending: 'Pending',
  Review: 'In review',
  ManualReview: 'Waiting for review',
  Submitted: 'Submitted',
  Abandoned: 'Abandoned',
  ReVerify: 'Asked to verify again',
  None: 'Not started',
};
