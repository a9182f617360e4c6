import { bindUseCases } from '../use-cases';
import { kycContext, type KycDependencies } from './kyc.context';
import { decideKycCheck } from './use-cases/decide-kyc-check';
import { getKycReview } from './use-cases/get-kyc-review';
import { getKycSdkConfig } from './use-cases/get-kyc-sdk-config';
import { getKycSummary } from './use-cases/get-kyc-summary';
import { listKycReviews } from './use-cases/list-kyc-reviews';
import { receiveOnfidoWebhook } from './use-cases/receive-onfido-webhook';
import { submitKycApplication } from './use-cases/submit-kyc-application';

export type { KycDependencies } from './kyc.context';

export type KycService = ReturnType<typeof createKycService>;

/** Creators' identity checks (Onfido, or documents Support reviews) and Support's queue of them. */
export function createKycService(dependencies: KycDependencies) {
  return bindUseCases(kycContext(dependencies), {
    summary: getKycSummary,
    sdkConfig: getKycSdkConfig,
    submit: submitKycApplication,
    onfidoWebhook: receiveOnfidoWebhook,
    reviewQueue: listKycReviews,
    reviewDetail: getKycReview,
    decide: decideKycCheck,
  });
}
