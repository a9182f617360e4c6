import type { KycDecision, KycProvider, KycStatus } from '@platform/shared';

/** The review queue's tabs: the statuses a reviewer works through, in the order of the work. */
export const REVIEW_TABS = [
  { status: 'ManualReview', label: 'Waiting for review' },
  { status: 'Success', label: 'Approved' },
  { status: 'Failure', label: 'Rejected' },
  { status: 'ReVerify', label: 'Asked to verify again' },
] as const satisfies readonly { status: KycStatus; label: string }[];

export type ReviewTabStatus = (typeof REVIEW_TABS)[number]['status'];

export const DEFAULT_REVIEW_STATUS: ReviewTabStatus = 'ManualReview';

export function isReviewTabStatus(value: string | null): value is ReviewTabStatus {
  return REVIEW_TABS.some((tab) => tab.status === value);
}

export { KYC_STATUS_LABELS as STATUS_LABELS } from '../../../lib/kyc-labels';

export const STATUS_COLORS: Readonly<Record<KycStatus, string>> = {
  Created: 'gray',
  Success: 'teal',
  Failure: 'red',
  Pending: 'blue',
  Review: 'blue',
  ManualReview: 'yellow',
  Submitted: 'blue',
  Abandoned: 'gray',
  ReVerify: 'orange',
  None: 'gray',
};

export const PROVIDER_LABELS: Readonly<Record<KycProvider, string>> = {
  'built-in': 'Built-in',
  onfido: 'Onfido',
};

// The server's rule, mirrored so that only the decisions it would accept are offered: a check waiting for
// a person takes any decision; a rejected one can still be reopened by asking the creator to try again.
const WAITING: readonly KycStatus[] = ['ManualReview', 'Review', 'Submitted'];

export function decisionsFor(status: KycStatus): readonly KycDecision[] {
  if (WAITING.includes(status)) return ['approve', 'reject', 'reverify'];
  if (status === 'Failure') return ['reverify'];
  return [];
}
