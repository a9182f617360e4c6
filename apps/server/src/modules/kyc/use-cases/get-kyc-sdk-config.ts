import {
  hasReachedStep,
  KYC_FILE_MAX_BYTES,
  KYC_FILE_TYPES,
  type KycFileKind,
  type KycSdkConfig,
} from '@platform/shared';
import type { RequestUser } from '../../../principal';
import type { CreatorService } from '../../creator/creator.service';
import type { KycContext } from '../kyc.context';
import { kycRepository as repository, type KycApplicationRow } from '../kyc.repository';
import { askProvider, openApplication, reasonFor } from '../kyc-checks';
import { stepNotReached, UPLOAD_URL_SECONDS, uploadKey } from '../kyc-rules';
import { getKycSummary } from './get-kyc-summary';

type OwnCreator = Awaited<ReturnType<CreatorService['own']>>;

/** Onfido: the applicant is created once (nothing is written if Onfido cannot), then a token for its SDK. */
async function onfidoConfig(
  context: KycContext,
  creator: OwnCreator,
  user: RequestUser,
): Promise<KycSdkConfig> {
  const { db, provider, publicUrl } = context;
  const latest = await repository.latestOf(db, creator.accountId);
  let applicantId = latest?.provider === provider ? latest.applicantId : null;
  if (!applicantId) {
    const created = await askProvider(context, (kyc) =>
      kyc.createApplicant({
        firstName: creator.firstName ?? '',
        lastName: creator.lastName ?? '',
        email: user.email,
        ...(creator.dateOfBirth ? { dateOfBirth: creator.dateOfBirth } : {}),
        ...(creator.country ? { country: creator.country } : {}),
      }),
    );
    applicantId = created.applicantId;
  }
  const application = await openApplication(context, creator.accountId, applicantId);
  const tokenFor = application.applicantId ?? applicantId;
  const token = await askProvider(context, (kyc) => kyc.createSdkToken(tokenFor, `${publicUrl}/*`));
  return {
    provider,
    status: application.status,
    reason: await reasonFor(context, application),
    sdkToken: token.token,
    uploads: null,
  };
}

/** A signed URL the creator uploads one file to, and whether one is there already. */
async function uploadFor({ storage }: KycContext, application: KycApplicationRow, kind: KycFileKind) {
  return {
    url: (
      await storage.signedUrl({
        method: 'PUT',
        key: uploadKey(application, kind),
        expiresInSeconds: UPLOAD_URL_SECONDS,
        contentTypes: KYC_FILE_TYPES[kind],
        maxBytes: KYC_FILE_MAX_BYTES,
      })
    ).url,
    accept: [...KYC_FILE_TYPES[kind]],
    maxBytes: KYC_FILE_MAX_BYTES,
    uploaded: (await storage.head(uploadKey(application, kind))) !== null,
  };
}

/** GET /server-api/creator/kyc-sdk-config. */
export async function getKycSdkConfig(context: KycContext, user: RequestUser): Promise<KycSdkConfig> {
  const { creatorService, external, provider } = context;
  const creator = await creatorService.own(user);
  if (!hasReachedStep(creator.onboardingStatus, 'KYC_CAPTURE')) throw stepNotReached();
  if (creator.onboardingStatus !== 'KYC_CAPTURE') {
    const { status, reason } = await getKycSummary(context, creator.accountId);
    return { provider, status, reason, sdkToken: null, uploads: null };
  }
  if (external) return onfidoConfig(context, creator, user);
  const application = await openApplication(context, creator.accountId, null);
  return {
    provider,
    status: application.status,
    reason: await reasonFor(context, application),
    sdkToken: null,
    uploads: {
      document: await uploadFor(context, application, 'document'),
      selfie: await uploadFor(context, application, 'selfie'),
    },
  };
}
