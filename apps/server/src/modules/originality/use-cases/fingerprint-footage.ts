import { randomUUID } from 'node:crypto';
import { fingerprintVideo, type VideoFingerprint } from '../../../adapters/video/video-fingerprint';
import { withLocalCopy } from '../local-copy';
import type { OriginalityContext } from '../originality.context';
import { frameBands } from '../video-bands';

const FOOTAGE_BATCH = 3;
/** A file ffmpeg says is no video is not asked again for a day; a missing ffmpeg or a time-out, sooner. */
const NOT_A_VIDEO_RETRY_MS = 24 * 3600_000;
const UNAVAILABLE_RETRY_MS = 10 * 60_000;

type Footage = { id: string; campaignId: string; storageKey: string };

async function keepFingerprint(context: OriginalityContext, footage: Footage, fingerprint: VideoFingerprint) {
  const { db, clock, repository } = context;
  await db.transaction(async (tx) => {
    const asset = await repository.lockFootage(tx, footage.id);
    if (!asset || asset.alreadyTaken) return;
    await repository.insertFingerprint(
      tx,
      {
        id: randomUUID(),
        campaignId: footage.campaignId,
        entryId: null,
        assetId: footage.id,
        creatorId: null,
        sha256: fingerprint.sha256,
        durationSeconds: fingerprint.durationSeconds,
        frames: fingerprint.frames,
        createdAt: clock.now(),
      },
      frameBands(fingerprint.frames),
    );
  });
}

async function fingerprintOne(context: OriginalityContext, footage: Footage): Promise<boolean> {
  const fingerprint = await withLocalCopy(context.storage, footage.storageKey, (filePath) =>
    filePath ? fingerprintVideo(filePath, context.videoTools) : Promise.resolve(null),
  );
  if (fingerprint?.kind === 'fingerprint') {
    await keepFingerprint(context, footage, fingerprint);
    return true;
  }
  const reason = fingerprint?.reason ?? 'file-missing';
  context.logger.warn(
    { assetId: footage.id, reason, detail: fingerprint?.detail },
    'campaign footage could not be fingerprinted',
  );
  const wait =
    reason === 'not-a-video' || reason === 'file-missing' ? NOT_A_VIDEO_RETRY_MS : UNAVAILABLE_RETRY_MS;
  context.footageRetryAt.set(footage.id, context.clock.now().getTime() + wait);
  return false;
}

/**
 * Fingerprints the videos staff uploaded to campaigns (their own source footage) that have none yet, so
 * entries are compared with them. Answers how many were fingerprinted.
 */
export async function fingerprintFootage(context: OriginalityContext): Promise<number> {
  const { db, clock, repository, footageRetryAt, logger } = context;
  const now = clock.now().getTime();
  for (const [assetId, retryAt] of footageRetryAt) if (retryAt <= now) footageRetryAt.delete(assetId);
  let fingerprinted = 0;
  for (;;) {
    const footage = await repository.footageWithoutFingerprint(db, FOOTAGE_BATCH, [...footageRetryAt.keys()]);
    if (footage.length === 0) return fingerprinted;
    for (const asset of footage) {
      try {
        if (await fingerprintOne(context, asset)) fingerprinted += 1;
      } catch (error) {
        logger.error({ err: error, assetId: asset.id }, 'campaign footage fingerprint failed');
        footageRetryAt.set(asset.id, now + UNAVAILABLE_RETRY_MS);
      }
    }
  }
}
