import {
  CREATOR_MESSAGES,
  ERROR_CODES,
  invalidFieldsMessage,
  KYC_FILE_KINDS,
  KYC_FILE_LABELS,
  KYC_MESSAGES,
  type KycFileKind,
  type KycStatus,
  type OnboardingEvent,
} from '@platform/shared';
import { KycProviderUnavailable } from '../../adapters/kyc/kyc-provider';
import { AppError } from '../../errors';
import { KYC_CLOSED_STATUSES } from '../creator/creator.service';
import type { KycApplicationRow } from './kyc.repository';

/** How long an upload URL works: time enough to pick a photo and send it on a slow connection. */
export const UPLOAD_URL_SECONDS = 15 * 60;
/** How long a reviewer's view of a file works: the page is reloaded for another look. */
export const REVIEW_URL_SECONDS = 5 * 60;
/** How long to ask the client to wait when the provider does not say. */
const DEFAULT_RETRY_AFTER_SECONDS = 30;

/** Statuses in which the creator has nothing in review: a new application starts the next attempt. */
export const CLOSED: readonly KycStatus[] = KYC_CLOSED_STATUSES;
/** Statuses waiting for a person at the platform to decide. */
export const DECIDABLE: readonly KycStatus[] = ['ManualReview', 'Review', 'Submitted'];
/** The statuses in which a check waits for a person at the platform, not for the provider. */
export const WAITING_FOR_REVIEW: readonly KycStatus[] = ['ManualReview', 'Review'];

export const SUBMITTED_MESSAGE =
  'Thank you. We are checking your identity and will let you know when it is done.';

/** The outcomes a creator is told of by email, as the template words them. */
export const EMAILED_OUTCOMES: Partial<Record<KycStatus, 'passed' | 'failed' | 'again'>> = {
  Success: 'passed',
  Failure: 'failed',
  ReVerify: 'again',
};

/** The event the creator's onboarding takes when a check reaches `status`, if any. */
export function onboardingEventFor(status: KycStatus): OnboardingEvent | null {
  if (status === 'Success') return 'kycPassed';
  // A check withdrawn before any outcome leaves the creator nothing to wait for: they start again.
  if (status === 'ReVerify' || status === 'Abandoned') return 'kycRetryRequested';
  return null;
}

export const isOpen = (application: KycApplicationRow | undefined): application is KycApplicationRow =>
  application !== undefined && !CLOSED.includes(application.status);

export type ApplicationRef = Pick<KycApplicationRow, 'creatorId' | 'id'>;

/** Where the creator's upload URL writes a file: theirs to replace until they submit. */
export const uploadKey = (application: ApplicationRef, kind: KycFileKind) =>
  `kyc/${application.creatorId}/${application.id}/uploads/${kind}`;
/** Where a submitted file waits for Support: no upload URL reaches it. */
export const reviewKey = (application: ApplicationRef, kind: KycFileKind) =>
  `kyc/${application.creatorId}/${application.id}/${kind}`;

export type FileProblem = { field: KycFileKind; message: string };

/** A 422 naming each file the submission lacks or cannot use ('Please verify the following field(s): ...'). */
export const filesRefused = (problems: FileProblem[]) =>
  new AppError(
    422,
    ERROR_CODES.invalidFields,
    invalidFieldsMessage(problems.map((problem) => KYC_FILE_LABELS[problem.field])),
    problems,
  );

export const notUploaded = () =>
  filesRefused(KYC_FILE_KINDS.map((kind) => ({ field: kind, message: CREATOR_MESSAGES.kycNotReady })));

export const alreadySubmitted = () =>
  new AppError(422, ERROR_CODES.invalidFields, CREATOR_MESSAGES.kycAlreadySubmitted);

export const stepNotReached = () => new AppError(409, ERROR_CODES.conflict, CREATOR_MESSAGES.stepNotReached);

export const providerUnavailable = (cause: unknown) => {
  const asked = cause instanceof KycProviderUnavailable ? cause.retryAfterSeconds : undefined;
  const retryAfter = asked !== undefined && asked > 0 ? asked : DEFAULT_RETRY_AFTER_SECONDS;
  const error = new AppError(
    503,
    ERROR_CODES.serviceUnavailable,
    KYC_MESSAGES.providerUnavailable,
    undefined,
    { 'retry-after': String(retryAfter) },
  );
  error.cause = cause;
  return error;
};
