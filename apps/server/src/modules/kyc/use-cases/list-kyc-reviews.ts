import type { KycReviewListQuery, KycReviewListResponse } from '@platform/shared';
import type { KycContext } from '../kyc.context';
import { kycRepository as repository } from '../kyc.repository';
import { toReview } from '../kyc-checks';

/** GET /server-api/marketing/kyc: Support's queue of identity checks, by status. */
export async function listKycReviews(
  { db }: KycContext,
  query: KycReviewListQuery,
): Promise<KycReviewListResponse> {
  const { rows, total } = await repository.listByStatus(
    db,
    query.status,
    (query.page - 1) * query.pageSize,
    query.pageSize,
  );
  return { items: rows.map(toReview), total, page: query.page, pageSize: query.pageSize };
}
