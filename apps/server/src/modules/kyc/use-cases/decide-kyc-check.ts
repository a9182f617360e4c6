import {
  ERROR_CODES,
  isUuid,
  KYC_MESSAGES,
  type KycDecisionBody,
  type KycReviewDetail,
  type KycStatus,
} from '@platform/shared';
import { AppError, errors } from '../../../errors';
import type { Actor } from '../../../principal';
import type { KycContext } from '../kyc.context';
import { kycRepository as repository } from '../kyc.repository';
import { lockCheck, settle } from '../kyc-checks';
import { DECIDABLE } from '../kyc-rules';
import { getKycReview } from './get-kyc-review';

/** Support's decision on a check waiting for a person, with a reason the creator reads. */
export async function decideKycCheck(
  context: KycContext,
  actor: Actor,
  id: string,
  body: KycDecisionBody,
): Promise<KycReviewDetail> {
  const { db, audit, emailService } = context;
  if (!isUuid(id)) throw errors.notFound();
  await db.transaction(async (tx) => {
    const found = await repository.review(tx, id);
    if (!found) throw errors.notFound();
    const { creator, application } = await lockCheck(context, tx, found.application);
    if (!application) throw errors.notFound();
    const allowed =
      DECIDABLE.includes(application.status) ||
      (body.decision === 'reverify' && application.status === 'Failure');
    if (!allowed) throw new AppError(409, ERROR_CODES.conflict, KYC_MESSAGES.notDecidable);
    const status: KycStatus =
      body.decision === 'approve' ? 'Success' : body.decision === 'reject' ? 'Failure' : 'ReVerify';
    const reason = body.decision === 'approve' ? null : (body.reason ?? null);
    await settle(context, tx, creator, application, { status, reason, decidedBy: actor.accountId });
    await audit.record(tx, {
      actor,
      action: `kyc.${body.decision}`,
      target: { type: 'kyc', id, label: found.email },
      before: { status: application.status },
      after: { status, reason },
    });
  });
  emailService.notifyEnqueued();
  return getKycReview(context, id);
}
