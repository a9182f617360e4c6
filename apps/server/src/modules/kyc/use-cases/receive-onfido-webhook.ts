import { ERROR_CODES, KYC_ERROR_CODES, KYC_MESSAGES } from '@platform/shared';
import { verifyOnfidoWebhook } from '../../../adapters/kyc/onfido-webhook';
import { AppError } from '../../../errors';
import type { KycContext } from '../kyc.context';
import { kycRepository as repository } from '../kyc.repository';
import { askProvider, lockCheck, settle } from '../kyc-checks';
import { isOpen } from '../kyc-rules';

/**
 * POST /server-api/hooks/kyc/onfido: Onfido tells of a check's progress. The event is only a prompt:
 * the outcome is read from Onfido itself, so a replayed or reordered event changes nothing wrongly, and
 * a check someone at the platform has decided is not reopened. Without Onfido configured the route
 * takes nothing (404), as the metrics webhook does without its secret.
 */
export async function receiveOnfidoWebhook(
  context: KycContext,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<void> {
  const { db, logger, external, webhookToken, warnings, emailService } = context;
  if (!external || !webhookToken) {
    if (!warnings.webhookIsOff) {
      warnings.webhookIsOff = true;
      logger.warn('an Onfido webhook was refused: Onfido is not configured on this server');
    }
    throw new AppError(404, KYC_ERROR_CODES.webhookNotConfigured, KYC_MESSAGES.webhookNotConfigured);
  }
  const verdict = verifyOnfidoWebhook(rawBody, signature, webhookToken);
  if (!verdict.ok) {
    throw new AppError(401, ERROR_CODES.signatureInvalid, 'The webhook signature is not valid.');
  }
  if (verdict.event.resourceType !== 'check') return;
  const application = await repository.byCheckId(db, verdict.event.objectId);
  if (!isOpen(application)) return;
  const check = await askProvider(context, (kyc) => kyc.getCheck(verdict.event.objectId));
  await db.transaction(async (tx) => {
    const locked = await lockCheck(context, tx, application);
    if (!isOpen(locked.application) || locked.application.status === check.status) return;
    await settle(context, tx, locked.creator, locked.application, { status: check.status });
  });
  emailService.notifyEnqueued();
}
