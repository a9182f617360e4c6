import {
  hasReachedStep,
  KYC_FILE_KINDS,
  type KycApplicationResponse,
  type KycStatus,
} from '@platform/shared';
import { KycProviderRejected } from '../../../adapters/kyc/kyc-provider';
import type { RequestUser } from '../../../principal';
import type { KycContext } from '../kyc.context';
import { kycRepository as repository, type KycApplicationRow } from '../kyc.repository';
import { askProvider, fileProblems, lockCheck, tellReviewers } from '../kyc-checks';
import {
  alreadySubmitted,
  filesRefused,
  isOpen,
  notUploaded,
  reviewKey,
  stepNotReached,
  SUBMITTED_MESSAGE,
  uploadKey,
} from '../kyc-rules';

/** Onfido's check started for the applicant, or the uploaded files found fit for Support's queue. */
async function startCheck(
  context: KycContext,
  application: KycApplicationRow,
): Promise<{ checkId: string | null; status: KycStatus }> {
  if (!context.external) {
    const problems = await fileProblems(context, (kind) => uploadKey(application, kind));
    if (problems.length > 0) throw filesRefused(problems);
    return { checkId: null, status: 'ManualReview' };
  }
  const applicantId = application.applicantId;
  if (!applicantId) throw notUploaded();
  return askProvider(context, async (kyc) => {
    try {
      return await kyc.createCheck(applicantId);
    } catch (error) {
      // Onfido refuses a check for an applicant who has not given it a document and a selfie yet:
      // the creator's move, as with the built-in check, not an outage.
      if (error instanceof KycProviderRejected && !error.isMisconfiguration) throw notUploaded();
      throw error;
    }
  });
}

/**
 * GET /server-api/creator/create-kyc-application: submits the check. Built-in: the uploaded files go to
 * Support's queue (ManualReview). Onfido: the provider's check starts. Either way the creator moves to
 * KYC_CHECK. A check already submitted is a 422, which the app takes in its stride (SPEC §7).
 */
export async function submitKycApplication(
  context: KycContext,
  user: RequestUser,
): Promise<KycApplicationResponse> {
  const { db, clock, storage, creatorService, external, provider, emailService } = context;
  const creator = await creatorService.own(user);
  if (!hasReachedStep(creator.onboardingStatus, 'KYC_CAPTURE')) throw stepNotReached();
  if (creator.onboardingStatus !== 'KYC_CAPTURE') throw alreadySubmitted();
  const latest = await repository.latestOf(db, creator.accountId);
  // Nothing was uploaded to an application the creator never opened (kyc-sdk-config opens it).
  if (!isOpen(latest) || latest.provider !== provider) throw notUploaded();
  const application = latest;
  const { checkId, status } = await startCheck(context, application);

  const updated = await db.transaction(async (tx) => {
    const locked = await lockCheck(context, tx, application);
    if (locked.creator?.onboardingStatus !== 'KYC_CAPTURE' || locked.application?.status !== 'Created') {
      throw alreadySubmitted();
    }
    if (!external) {
      // What Support reviews is what was checked here: the files move where the upload URLs, which
      // work a while longer, cannot replace them.
      for (const kind of KYC_FILE_KINDS) {
        await storage.move(uploadKey(application, kind), reviewKey(application, kind));
      }
      const problems = await fileProblems(context, (kind) => reviewKey(application, kind));
      if (problems.length > 0) throw filesRefused(problems);
    }
    const now = clock.now();
    const row = await repository.update(tx, application.id, {
      status,
      checkId,
      documentKey: external ? null : reviewKey(application, 'document'),
      selfieKey: external ? null : reviewKey(application, 'selfie'),
      submittedAt: now,
      updatedAt: now,
    });
    await creatorService.applyEvent(tx, locked.creator, 'kycSubmitted');
    await tellReviewers(context, tx, application.id, status);
    return row;
  });
  emailService.notifyEnqueued();
  return { status: updated.status, message: SUBMITTED_MESSAGE };
}
