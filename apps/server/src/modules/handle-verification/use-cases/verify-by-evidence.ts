import { randomUUID } from 'node:crypto';
import {
  HANDLE_EVIDENCE_MAX_BYTES,
  HANDLE_EVIDENCE_TYPES,
  HANDLE_VERIFICATION_MESSAGES as MESSAGES,
  isUuid,
  type CreatorPlatform,
  type HandleEvidenceUploadBody,
  type HandleVerification,
} from '@platform/shared';
import { bareMediaType, contentIsOfType, SNIFF_BYTES } from '../../../adapters/scanner/asset-content';
import type { RequestUser } from '../../../principal';
import type { HandleVerificationContext } from '../handle-verification.context';
import {
  EVIDENCE_UPLOAD_SECONDS,
  evidenceKey,
  newAttempt,
  notReady,
  ownCreatorId,
  refused,
} from '../handle-verification-rules';
import { handleVerificationsOf } from './handle-verifications-of';

async function unverifiedHandle(
  context: HandleVerificationContext,
  creatorId: string,
  platform: CreatorPlatform,
) {
  const item = (await handleVerificationsOf(context, creatorId)).items.find((it) => it.platform === platform);
  if (!item) throw notReady(MESSAGES.noHandle);
  if (item.verified) throw refused(MESSAGES.alreadyVerified);
  if (item.latestAttempt?.method === 'EVIDENCE' && item.latestAttempt.status === 'PENDING') {
    throw refused(MESSAGES.evidencePending);
  }
  return item;
}

/**
 * POST /server-api/creator/handle-verifications/{platform}/evidence-upload: a signed URL for the screen
 * recording, under a key of its own that the submission then names.
 */
export async function evidenceUploadUrl(
  context: HandleVerificationContext,
  user: RequestUser,
  platform: CreatorPlatform,
  body: HandleEvidenceUploadBody,
) {
  const creatorId = await ownCreatorId(context, user);
  await unverifiedHandle(context, creatorId, platform);
  const attemptId = randomUUID();
  const { url } = await context.storage.signedUrl({
    method: 'PUT',
    key: evidenceKey({ creatorId, id: attemptId }),
    expiresInSeconds: EVIDENCE_UPLOAD_SECONDS,
    contentTypes: [body.contentType],
    maxBytes: HANDLE_EVIDENCE_MAX_BYTES,
  });
  return { uploadUrl: url, attemptId, maxBytes: HANDLE_EVIDENCE_MAX_BYTES };
}

/** Whether the uploaded recording is there and is the video it was declared as; one that is not is removed. */
async function recordingProblem(context: HandleVerificationContext, key: string): Promise<string | null> {
  const stored = await context.storage.head(key);
  const start = stored ? await context.storage.readStart(key, SNIFF_BYTES) : null;
  if (!stored || !start || start.length === 0) return MESSAGES.evidenceNotUploaded;
  const declared = bareMediaType(stored.contentType);
  const allowed = (HANDLE_EVIDENCE_TYPES as readonly string[]).includes(declared);
  if (!allowed || !(await contentIsOfType(start, declared))) {
    await context.storage.delete(key);
    return MESSAGES.evidenceWrongType;
  }
  return null;
}

/**
 * POST /server-api/creator/handle-verifications/{platform}/evidence: sends the uploaded recording to
 * Support's queue, and tells those who review creators.
 */
export async function submitEvidence(
  context: HandleVerificationContext,
  user: RequestUser,
  platform: CreatorPlatform,
  attemptId: string,
): Promise<HandleVerification> {
  const creatorId = await ownCreatorId(context, user);
  const item = await unverifiedHandle(context, creatorId, platform);
  if (!isUuid(attemptId)) throw notReady(MESSAGES.evidenceNotUploaded);
  const key = evidenceKey({ creatorId, id: attemptId });
  const problem = await recordingProblem(context, key);
  if (problem) throw notReady(problem);
  const stored = await context.storage.head(key);
  const now = context.clock.now();
  await context.db.transaction(async (tx) => {
    await context.repository.expireOpenAttempts(tx, creatorId, platform, now);
    await context.repository.insertAttempt(
      tx,
      newAttempt(creatorId, platform, item.handle, 'EVIDENCE', now, {
        id: attemptId,
        evidenceKey: key,
        evidenceContentType: stored?.contentType ?? null,
      }),
    );
    await context.notificationsService.notifyStaff(tx, {
      event: 'HANDLE_EVIDENCE_WAITING',
      work: { action: 'REVIEW', resource: 'CREATOR' },
      campaign: null,
      link: `/console/handle-evidence/${attemptId}`,
      subject: `@${item.handle}`,
    });
  });
  const updated = (await handleVerificationsOf(context, creatorId)).items.find(
    (it) => it.platform === platform,
  );
  if (!updated) throw notReady(MESSAGES.noHandle);
  return updated;
}
