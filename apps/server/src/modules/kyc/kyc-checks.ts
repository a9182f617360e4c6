import { randomUUID } from 'node:crypto';
import { KYC_FILE_KINDS, KYC_FILE_TYPES, KYC_MESSAGES, CREATOR_MESSAGES } from '@platform/shared';
import type { KycFileKind, KycReview, KycStatus } from '@platform/shared';
import { bareMediaType, contentIsOfType, SNIFF_BYTES } from '../../adapters/scanner/asset-content';
import {
  KycProviderRejected,
  KycProviderUnavailable,
  type ExternalKycProvider,
} from '../../adapters/kyc/kyc-provider';
import type { Executor } from '../../db/client';
import type { CreatorService } from '../creator/creator.service';
import { emailTemplates } from '../email/email.service';
import type { KycContext } from './kyc.context';
import { kycRepository as repository, type KycApplicationRow, type KycReviewRow } from './kyc.repository';
import {
  CLOSED,
  EMAILED_OUTCOMES,
  isOpen,
  onboardingEventFor,
  providerUnavailable,
  WAITING_FOR_REVIEW,
  type ApplicationRef,
  type FileProblem,
} from './kyc-rules';

type LockedCreator = Awaited<ReturnType<CreatorService['lock']>>;

/**
 * Tells those who review identity checks that one waits for them, in the transaction that put it in
 * their queue (ADR 031).
 */
export async function tellReviewers(
  { notificationsService }: KycContext,
  tx: Executor,
  applicationId: string,
  status: KycStatus,
): Promise<void> {
  if (!WAITING_FOR_REVIEW.includes(status)) return;
  const review = await repository.review(tx, applicationId);
  await notificationsService.notifyStaff(tx, {
    event: 'IDENTITY_CHECK_WAITING',
    work: { action: 'REVIEW', resource: 'CREATOR' },
    campaign: null,
    link: `/console/identity-checks/${applicationId}`,
    ...(review
      ? { subject: [review.firstName, review.lastName].filter(Boolean).join(' ') || review.email }
      : {}),
  });
}

/** Asks the outside provider; a failure is the creator's 503, never their fault. */
export async function askProvider<Result>(
  { external, logger }: KycContext,
  work: (kyc: ExternalKycProvider) => Promise<Result>,
): Promise<Result> {
  if (!external) throw new Error('no external identity provider is configured');
  try {
    return await work(external);
  } catch (error) {
    if (error instanceof KycProviderUnavailable || error instanceof KycProviderRejected) {
      logger.warn({ err: error }, 'the identity provider could not be used');
      throw providerUnavailable(error);
    }
    throw error;
  }
}

/** Locks the creator's row, then the check's: the order every change to a check takes them in. */
export async function lockCheck({ creatorService }: KycContext, tx: Executor, application: ApplicationRef) {
  const creator = await creatorService.lock(tx, application.creatorId);
  const locked = await repository.lock(tx, application.id);
  return { creator, application: locked };
}

/** The creator may have closed the app while they waited: the outcome reaches them by email too. */
async function emailOutcome(
  { emailService, publicUrl }: KycContext,
  tx: Executor,
  applicationId: string,
  outcome: { status: KycStatus; reason?: string | null },
): Promise<void> {
  const emailed = EMAILED_OUTCOMES[outcome.status];
  const recipient = emailed ? (await repository.review(tx, applicationId))?.email : undefined;
  if (!emailed || !recipient) return;
  await emailService.enqueue(
    tx,
    recipient,
    emailTemplates.identityCheckDecided({
      outcome: emailed,
      reason: outcome.reason ?? null,
      url: `${publicUrl}/`,
    }),
  );
}

/**
 * Records a check's new status and moves the creator on where it leads (Success: to ARTIST_SELECTION;
 * ReVerify or Abandoned: back to KYC_CAPTURE). Both rows are locked by the caller (lockCheck). The email
 * goes in the same transaction as the decision.
 */
export async function settle(
  context: KycContext,
  tx: Executor,
  creator: LockedCreator,
  application: KycApplicationRow,
  outcome: { status: KycStatus; reason?: string | null; decidedBy?: string | null },
): Promise<KycApplicationRow> {
  const now = context.clock.now();
  const updated = await repository.update(tx, application.id, {
    status: outcome.status,
    ...(outcome.reason !== undefined ? { reason: outcome.reason } : {}),
    ...(CLOSED.includes(outcome.status) ? { decidedAt: now, decidedBy: outcome.decidedBy ?? null } : {}),
    updatedAt: now,
  });
  if (application.status !== outcome.status) await tellReviewers(context, tx, application.id, outcome.status);
  const event = onboardingEventFor(outcome.status);
  if (creator && event && creator.onboardingStatus === 'KYC_CHECK') {
    await context.creatorService.applyEvent(tx, creator, event);
  }
  await emailOutcome(context, tx, application.id, outcome);
  return updated;
}

/**
 * The application the creator is working on, opening a new one when the last one is over. Under the
 * creator's lock, so that two calls at once (a page loaded twice) open one application, not two.
 */
export async function openApplication(
  { db, clock, creatorService, provider }: KycContext,
  creatorId: string,
  applicantId: string | null,
): Promise<KycApplicationRow> {
  return db.transaction(async (tx) => {
    await creatorService.lock(tx, creatorId);
    const latest = await repository.latestOf(tx, creatorId);
    const now = clock.now();
    if (isOpen(latest)) {
      if (latest.provider === provider) {
        if (!applicantId || latest.applicantId) return latest;
        return repository.update(tx, latest.id, { applicantId, updatedAt: now });
      }
      // Begun with the provider the platform used before: that attempt cannot be finished here.
      await repository.update(tx, latest.id, { status: 'Abandoned', decidedAt: now, updatedAt: now });
    }
    return repository.insert(tx, {
      id: randomUUID(),
      creatorId,
      provider,
      status: 'Created',
      // The provider knows the creator already: a new attempt does not make a second applicant.
      applicantId: applicantId ?? (latest?.provider === provider ? latest.applicantId : null),
      checkId: null,
      documentKey: null,
      selfieKey: null,
      reason: null,
      submittedAt: null,
      decidedAt: null,
      decidedBy: null,
      createdAt: now,
      updatedAt: now,
    });
  });
}

/** The reason the creator reads: the check's own or, on a fresh attempt, why the last one did not pass. */
export const reasonFor = ({ creatorService }: KycContext, application: KycApplicationRow) =>
  creatorService.kycReason(application);

/**
 * Whether each file is there and is what it was uploaded as, told by its bytes as campaign files are (an
 * HTML page declared `image/png` is not a photo). A file that is not is removed, so nothing of it is kept
 * to be reviewed or served, and the creator is asked for it again.
 */
export async function fileProblems(
  { storage }: KycContext,
  keyOf: (kind: KycFileKind) => string,
): Promise<FileProblem[]> {
  const problems: FileProblem[] = [];
  for (const kind of KYC_FILE_KINDS) {
    const key = keyOf(kind);
    const stored = await storage.head(key);
    const start = stored ? await storage.readStart(key, SNIFF_BYTES) : null;
    if (!stored || !start || start.length === 0) {
      problems.push({ field: kind, message: CREATOR_MESSAGES.kycNotReady });
      continue;
    }
    const allowed = KYC_FILE_TYPES[kind].includes(bareMediaType(stored.contentType));
    if (!allowed || !(await contentIsOfType(start, stored.contentType))) {
      await storage.delete(key);
      problems.push({ field: kind, message: KYC_MESSAGES.fileNotReadable(kind) });
    }
  }
  return problems;
}

export const toReview = (row: KycReviewRow): KycReview => ({
  id: row.application.id,
  creatorId: row.application.creatorId,
  name: [row.firstName, row.lastName].filter(Boolean).join(' ') || row.email,
  email: row.email,
  country: row.country,
  dateOfBirth: row.dateOfBirth,
  provider: row.application.provider,
  status: row.application.status,
  reason: row.application.reason,
  submittedAt: row.application.submittedAt?.toISOString() ?? null,
  decidedAt: row.application.decidedAt?.toISOString() ?? null,
  decidedBy: row.decidedBy,
});
