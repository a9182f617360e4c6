import {
  HANDLE_VERIFICATION_MESSAGES as MESSAGES,
  isUuid,
  type HandleEvidenceDecisionBody,
  type HandleEvidenceReview,
  type HandleVerificationStatus,
} from '@platform/shared';
import { errors } from '../../../errors';
import type { Actor } from '../../../principal';
import type { HandleVerificationContext } from '../handle-verification.context';
import type { AttemptRow } from '../handle-verification.repository';
import { refused } from '../handle-verification-rules';
import { markVerified } from './mark-verified';

/** How long the link to a recording opens for Support. */
const EVIDENCE_URL_SECONDS = 10 * 60;

type QueueRow = Awaited<ReturnType<HandleVerificationContext['repository']['evidenceQueue']>>[number];

async function toReview(
  context: HandleVerificationContext,
  row: QueueRow,
  evidenceUrl: string | null,
): Promise<HandleEvidenceReview> {
  const { attempt } = row;
  return {
    id: attempt.id,
    creator: {
      id: attempt.creatorId,
      name: [row.firstName, row.lastName].filter(Boolean).join(' ') || null,
      email: row.email,
    },
    platform: attempt.platform,
    handle: attempt.handle,
    status: attempt.status,
    reason: attempt.reason,
    createdAt: attempt.createdAt.toISOString(),
    decidedBy: await context.repository.staffName(context.db, attempt.decidedBy),
    decidedAt: attempt.decidedAt?.toISOString() ?? null,
    evidenceUrl,
  };
}

/** GET /server-api/marketing/handle-evidence: Support's queue, oldest first (waiting by default). */
export async function evidenceQueue(context: HandleVerificationContext, status: HandleVerificationStatus) {
  const rows = await context.repository.evidenceQueue(context.db, status);
  return { items: await Promise.all(rows.map((row) => toReview(context, row, null))) };
}

async function evidenceRow(context: HandleVerificationContext, id: string): Promise<QueueRow> {
  const row = isUuid(id) ? await context.repository.evidence(context.db, id) : undefined;
  if (!row) throw errors.notFound();
  return row;
}

/** GET /server-api/marketing/handle-evidence/{id}: one piece of evidence, its recording behind a short-lived link. */
export async function evidenceDetail(
  context: HandleVerificationContext,
  id: string,
): Promise<HandleEvidenceReview> {
  const row = await evidenceRow(context, id);
  const key = row.attempt.evidenceKey;
  const url =
    key && (await context.storage.head(key))
      ? (
          await context.storage.signedUrl({
            method: 'GET',
            key,
            expiresInSeconds: EVIDENCE_URL_SECONDS,
            downloadName: `evidence-${row.attempt.id.slice(0, 8)}`,
          })
        ).url
      : null;
  return toReview(context, row, url);
}

/**
 * POST /server-api/marketing/handle-evidence/{id}/decision: Support accepts the recording as proof (the
 * handle is verified, by them) or refuses it with the reason the creator reads. Audited.
 */
export async function decideEvidence(
  context: HandleVerificationContext,
  actor: Actor,
  id: string,
  body: HandleEvidenceDecisionBody,
): Promise<HandleEvidenceReview> {
  if (!isUuid(id)) throw errors.notFound();
  await context.db.transaction(async (tx) => {
    const attempt: AttemptRow | undefined = await context.repository.attempt(tx, id, { lock: true });
    if (!attempt || attempt.method !== 'EVIDENCE') throw errors.notFound();
    if (attempt.status !== 'PENDING') throw refused(MESSAGES.evidenceDecided);
    if (body.decision === 'VERIFY') {
      await markVerified(
        context,
        { attempt, accountId: null, handleKey: attempt.handle.toLowerCase(), by: actor.accountId },
        tx,
      );
    } else {
      await context.repository.updateAttempt(tx, id, {
        status: 'REFUSED',
        reason: body.reason,
        decidedBy: actor.accountId,
        decidedAt: context.clock.now(),
      });
    }
    await context.audit.record(tx, {
      actor,
      action: body.decision === 'VERIFY' ? 'handle.verify' : 'handle.refuse-evidence',
      target: { type: 'creator', id: attempt.creatorId, label: `@${attempt.handle} (${attempt.platform})` },
      after: { decision: body.decision, ...(body.decision === 'REFUSE' ? { reason: body.reason } : {}) },
    });
  });
  return evidenceDetail(context, id);
}
