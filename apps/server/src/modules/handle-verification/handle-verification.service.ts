import { bindUseCases } from '../use-cases';
import {
  handleVerificationContext,
  type HandleVerificationDependencies,
} from './handle-verification.context';
import {
  connectedAccountOn,
  handleVerificationsOf,
  ownHandleVerifications,
  verifiedAccountOn,
} from './use-cases/handle-verifications-of';
import { decideEvidence, evidenceDetail, evidenceQueue } from './use-cases/review-evidence';
import { checkBioCode, startBioCode } from './use-cases/verify-by-bio-code';
import { evidenceUploadUrl, submitEvidence } from './use-cases/verify-by-evidence';
import { finishOAuth, startOAuth } from './use-cases/verify-by-oauth';

export type { HandleVerificationDependencies } from './handle-verification.context';

export type HandleVerificationService = ReturnType<typeof createHandleVerificationService>;

/** Creators proving their social handles are theirs (ADR 036), and Support's review of their evidence. */
export function createHandleVerificationService(dependencies: HandleVerificationDependencies) {
  return bindUseCases(handleVerificationContext(dependencies), {
    own: ownHandleVerifications,
    ofCreator: handleVerificationsOf,
    verifiedAccountOn,
    connectedAccountOn,
    startBioCode,
    checkBioCode,
    evidenceUploadUrl,
    submitEvidence,
    startOAuth,
    finishOAuth,
    evidenceQueue,
    evidenceDetail,
    decideEvidence,
  });
}
