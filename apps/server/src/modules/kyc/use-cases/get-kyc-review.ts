import { isUuid, type KycFileKind, type KycReviewDetail } from '@platform/shared';
import { errors } from '../../../errors';
import type { KycContext } from '../kyc.context';
import { kycRepository as repository } from '../kyc.repository';
import { toReview } from '../kyc-checks';
import { REVIEW_URL_SECONDS } from '../kyc-rules';

/** GET /server-api/marketing/kyc/{id}: a check with a short-lived look at each of its files. */
export async function getKycReview({ db, storage }: KycContext, id: string): Promise<KycReviewDetail> {
  const row = isUuid(id) ? await repository.review(db, id) : undefined;
  if (!row) throw errors.notFound();
  const view = async (key: string | null, kind: KycFileKind) => {
    const stored = key ? await storage.head(key) : null;
    if (!key || !stored) return null;
    const { url } = await storage.signedUrl({
      method: 'GET',
      key,
      expiresInSeconds: REVIEW_URL_SECONDS,
      downloadName: `${kind}-${row.application.id.slice(0, 8)}`,
    });
    return { url, contentType: stored.contentType };
  };
  return {
    ...toReview(row),
    files: {
      document: await view(row.application.documentKey, 'document'),
      selfie: await view(row.application.selfieKey, 'selfie'),
    },
  };
}
