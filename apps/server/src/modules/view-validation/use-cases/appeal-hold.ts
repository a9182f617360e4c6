import { randomUUID } from 'node:crypto';
import {
  CAMPAIGN_ASSET_ACCEPT,
  ERROR_CODES,
  HOLD_MESSAGES,
  isServableScanStatus,
  isUuid,
  UPLOAD_MAX_BYTES,
  VIDEO_THREAT_CODE,
  type CreatorHold,
  type HoldAppealBody,
  type HoldAppealUpload,
} from '@platform/shared';
import { processStoredAsset } from '../../../adapters/scanner/asset-processing';
import { AppError, errors } from '../../../errors';
import type { RequestUser } from '../../../principal';
import { appealKey } from '../held-entries';
import { holdConflict } from '../hold-decisions';
import type { ViewValidationContext } from '../view-validation.context';
import type { HoldRow } from '../view-validation.repository';
import { toCreatorHold } from './view-checks';

/** How long a creator has to send their recording once the upload URL is signed. */
const APPEAL_UPLOAD_URL_SECONDS = 60 * 60;

/** Where an upload waits until the appeal is sent: the key names the hold it was signed for. */
const appealStagingKey = (holdId: string, uploadId: string) => `hold-appeal-uploads/${holdId}/${uploadId}`;
const APPEAL_STAGING_KEY = /^hold-appeal-uploads\/([0-9a-f-]{36})\/([0-9a-f-]{36})$/;

/** The creator's own hold, still open to appeal; another's is missing (404), one appealed or decided a 409. */
async function appealableHold(
  context: ViewValidationContext,
  user: RequestUser,
  holdId: string,
): Promise<HoldRow> {
  const hold = isUuid(holdId) ? await context.repository.hold(context.db, holdId) : undefined;
  if (!hold || hold.creatorId !== user.accountId) throw errors.notFound();
  if (hold.status === 'APPEALED') throw holdConflict(HOLD_MESSAGES.appealed);
  if (hold.status !== 'HELD') throw holdConflict(HOLD_MESSAGES.decided);
  return hold;
}

/**
 * GET /server-api/creator/holds/{id}/appeal-upload-url: a URL to PUT one screen recording of the post's
 * insights to (MP4 or MOV, as an entry's video), and the key to appeal with.
 */
export async function appealUploadUrl(
  context: ViewValidationContext,
  user: RequestUser,
  holdId: string,
): Promise<HoldAppealUpload> {
  const hold = await appealableHold(context, user, holdId);
  const key = appealStagingKey(hold.id, randomUUID());
  const signed = await context.storage.signedUrl({
    method: 'PUT',
    key,
    expiresInSeconds: APPEAL_UPLOAD_URL_SECONDS,
    contentTypes: CAMPAIGN_ASSET_ACCEPT.video.mimeTypes,
    maxBytes: UPLOAD_MAX_BYTES,
  });
  return { url: signed.url, key };
}

/**
 * Takes the uploaded recording in, as an entry's video is: signed for this hold, moved where no upload URL
 * reaches, scanned and checked to be a video. A threat, a failed scan or another kind of file removes it.
 */
async function receivedRecording(context: ViewValidationContext, holdId: string, stagingKey: string) {
  const { storage, scanner } = context;
  const refuse = (message: string) => errors.validation([{ field: 'fileKey', message }]);
  const match = APPEAL_STAGING_KEY.exec(stagingKey);
  if (!match || match[1] !== holdId) throw refuse(HOLD_MESSAGES.recordingNotUploaded);
  const key = appealKey(holdId, match[2] as string);
  if (!(await storage.move(stagingKey, key))) throw refuse(HOLD_MESSAGES.recordingNotUploaded);
  const processed = await processStoredAsset({ storage, scanner }, { key, fileType: 'video' });
  if (processed.contentMismatch) throw refuse(HOLD_MESSAGES.recordingNotVideo);
  if (processed.scanStatus === 'THREATS_FOUND') {
    throw new AppError(422, VIDEO_THREAT_CODE, HOLD_MESSAGES.recordingThreat, [
      { field: 'fileKey', message: HOLD_MESSAGES.recordingThreat },
    ]);
  }
  if (!isServableScanStatus(processed.scanStatus)) {
    throw new AppError(503, ERROR_CODES.serviceUnavailable, HOLD_MESSAGES.recordingUnscanned);
  }
  return { key, scanStatus: processed.scanStatus };
}

/**
 * POST /server-api/creator/holds/{id}/appeal: the creator's one appeal, while the hold is HELD, with a note
 * and a clean screen recording. The hold is APPEALED, audited, and those who review the campaign's
 * entries are told it waits for them.
 */
export async function appealHold(
  context: ViewValidationContext,
  user: RequestUser,
  holdId: string,
  body: HoldAppealBody,
): Promise<CreatorHold> {
  const hold = await appealableHold(context, user, holdId);
  const recording = await receivedRecording(context, hold.id, body.fileKey);
  const [reach] = await context.campaigns.reachOf([hold.campaignId]);
  const creatorName = await context.repository.creatorName(context.db, hold.creatorId);
  const appealed = await context.db.transaction(async (tx) => {
    const locked = await context.repository.hold(tx, hold.id, { lock: true });
    if (!locked || locked.status !== 'HELD') {
      throw holdConflict(locked?.status === 'APPEALED' ? HOLD_MESSAGES.appealed : HOLD_MESSAGES.decided);
    }
    const row = await context.repository.update(tx, hold.id, {
      status: 'APPEALED',
      appealNote: body.note,
      appealFileKey: recording.key,
      appealScanStatus: recording.scanStatus,
      appealedAt: context.clock.now(),
    });
    await context.audit.record(tx, {
      actor: user,
      action: 'hold.appeal',
      target: { type: 'hold', id: hold.id, label: reach?.name ?? hold.campaignId },
      before: { status: 'HELD' },
      after: { status: 'APPEALED', note: body.note },
    });
    await context.notifications.notifyStaff(tx, {
      event: 'HOLD_APPEAL_WAITING',
      work: { action: 'REVIEW', resource: 'CAMPAIGN_SUBMISSION' },
      campaign: reach ?? null,
      link: `/console/holds/${hold.id}`,
      subject: creatorName ?? user.email,
    });
    return row;
  });
  return toCreatorHold(appealed);
}
