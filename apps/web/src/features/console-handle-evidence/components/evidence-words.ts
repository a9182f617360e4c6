import type { HandleEvidenceReview, HandleVerificationStatus } from '@platform/shared';

export const STATUS_VIEW: Readonly<Record<HandleVerificationStatus, { label: string; color: string }>> = {
  PENDING: { label: 'Waiting for review', color: 'yellow' },
  VERIFIED: { label: 'Verified', color: 'teal' },
  REFUSED: { label: 'Refused', color: 'red' },
  EXPIRED: { label: 'Expired', color: 'gray' },
};

/** The queue's tabs: what Support decides, and what was decided. */
export const QUEUE_TABS = [
  'PENDING',
  'VERIFIED',
  'REFUSED',
] as const satisfies readonly HandleVerificationStatus[];
export type QueueTab = (typeof QUEUE_TABS)[number];

export const isQueueTab = (value: string | null): value is QueueTab =>
  (QUEUE_TABS as readonly string[]).includes(value ?? '');

export const creatorName = (evidence: HandleEvidenceReview) =>
  evidence.creator.name ?? evidence.creator.email;
