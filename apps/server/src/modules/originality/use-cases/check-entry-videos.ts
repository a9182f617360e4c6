import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { OriginalityStatus } from '@platform/shared';
import {
  ORIGINALITY_MATCH_DISTANCE,
  compareFingerprints,
  fingerprintVideo,
  posterImage,
  type VideoFingerprint,
} from '../../../adapters/video/video-fingerprint';
import { withLocalCopy } from '../local-copy';
import type { OriginalityContext } from '../originality.context';
import type { OriginalityRow } from '../originality.repository';
import { frameBands } from '../video-bands';

/** Entries claimed at a time: a few, so a second worker shares a backlog rather than waiting behind one. */
const CLAIM_BATCH = 3;
/** Past ffmpeg's five minutes and the copy: a claim this old was left by a process that stopped. */
const CLAIM_LEASE_MS = 10 * 60_000;
/** A video that keeps running out of time is tried this many times before the check says it could not. */
const MAX_ATTEMPTS = 3;
/** The fingerprints sharing most frame bands with a video that are compared with it in full. */
const CANDIDATE_LIMIT = 20;

export type EntryVideo = { id: string; campaignId: string; creatorId: string; videoKey: string | null };

type Verdict = Pick<OriginalityRow, 'status' | 'closestFingerprintId' | 'distance'>;

/** The closest of the candidates the band index found: held when within ORIGINALITY_MATCH_DISTANCE. */
async function verdictOf(
  context: OriginalityContext,
  fingerprint: VideoFingerprint,
  entry: EntryVideo,
): Promise<Verdict> {
  const candidates = await context.repository.candidates(context.db, {
    bands: frameBands(fingerprint.frames),
    sha256: fingerprint.sha256,
    creatorId: entry.creatorId,
    campaignId: entry.campaignId,
    limit: CANDIDATE_LIMIT,
  });
  let closest: { id: string; distance: number } | null = null;
  for (const candidate of candidates) {
    const { distance } = compareFingerprints(fingerprint, candidate);
    if (!closest || distance < closest.distance) closest = { id: candidate.id, distance };
  }
  const status: OriginalityStatus =
    closest && closest.distance <= ORIGINALITY_MATCH_DISTANCE ? 'MATCHED' : 'UNIQUE';
  return { status, closestFingerprintId: closest?.id ?? null, distance: closest?.distance ?? null };
}

/** The entry card's poster, kept beside the entry; a video without one still gets its verdict. */
async function storePoster(
  context: OriginalityContext,
  videoPath: string,
  folder: string,
  entryId: string,
): Promise<string | null> {
  const poster = await posterImage(videoPath, join(folder, 'poster.jpg'), context.videoTools);
  if (poster.kind !== 'poster') {
    context.logger.warn({ entryId, reason: poster.reason, detail: poster.detail }, 'no poster for the entry');
    return null;
  }
  const key = `posters/${entryId}.jpg`;
  await context.storage.put(key, await readFile(poster.path), 'image/jpeg');
  return key;
}

async function recordFingerprint(
  context: OriginalityContext,
  entry: EntryVideo,
  fingerprint: VideoFingerprint,
  finding: Verdict & { posterKey: string | null },
): Promise<void> {
  const { db, clock, repository } = context;
  await db.transaction(async (tx) => {
    // Another process may have finished it meanwhile (its claim ran out): the first verdict stands.
    if (!(await repository.lockPending(tx, entry.id))) return;
    await repository.deleteFingerprintsOfEntry(tx, entry.id);
    await repository.insertFingerprint(
      tx,
      {
        id: randomUUID(),
        campaignId: entry.campaignId,
        entryId: entry.id,
        assetId: null,
        creatorId: entry.creatorId,
        sha256: fingerprint.sha256,
        durationSeconds: fingerprint.durationSeconds,
        frames: fingerprint.frames,
        createdAt: clock.now(),
      },
      frameBands(fingerprint.frames),
    );
    await repository.updateOriginality(tx, entry.id, { ...finding, reason: null, checkedAt: clock.now() });
  });
}

/** Why no fingerprint could be taken; a time-out is tried again until MAX_ATTEMPTS. */
async function recordUnavailable(
  context: OriginalityContext,
  entry: EntryVideo,
  attempt: number,
  unavailable: { reason: string; detail?: string | undefined },
): Promise<void> {
  const { db, clock, repository, logger } = context;
  logger.warn({ entryId: entry.id, attempt, ...unavailable }, 'entry video could not be fingerprinted');
  await db.transaction(async (tx) => {
    if (!(await repository.lockPending(tx, entry.id))) return;
    if (unavailable.reason === 'timeout' && attempt < MAX_ATTEMPTS) {
      await repository.updateOriginality(tx, entry.id, { checkedAt: null });
      return;
    }
    await repository.updateOriginality(tx, entry.id, {
      status: 'UNAVAILABLE',
      reason: unavailable.reason,
      checkedAt: clock.now(),
    });
  });
}

/** Fingerprints one entry's video, compares it with what it might copy, and keeps the verdict and poster. */
export async function checkEntryVideo(
  context: OriginalityContext,
  entry: EntryVideo,
  attempt: number,
): Promise<void> {
  if (!entry.videoKey) return recordUnavailable(context, entry, attempt, { reason: 'file-missing' });
  await withLocalCopy(context.storage, entry.videoKey, async (videoPath, folder) => {
    if (!videoPath) return recordUnavailable(context, entry, attempt, { reason: 'file-missing' });
    const fingerprint = await fingerprintVideo(videoPath, context.videoTools);
    if (fingerprint.kind === 'unavailable') return recordUnavailable(context, entry, attempt, fingerprint);
    const posterKey = await storePoster(context, videoPath, folder, entry.id);
    const verdict = await verdictOf(context, fingerprint, entry);
    await recordFingerprint(context, entry, fingerprint, { ...verdict, posterKey });
  });
}

/**
 * One run of the originality check (ADR 036): every uploaded entry not checked yet is queued, then
 * claimed a few at a time and checked in the order they were entered, so of two copies the earlier is
 * the one found unique. Answers how many were checked.
 */
export async function checkEntryVideos(context: OriginalityContext): Promise<number> {
  const { db, clock, repository, logger } = context;
  await repository.enqueueUnchecked(db, clock.now());
  let checked = 0;
  for (;;) {
    const now = clock.now();
    const claimed = await repository.claimPending(db, {
      now,
      claimedBefore: new Date(now.getTime() - CLAIM_LEASE_MS),
      limit: CLAIM_BATCH,
    });
    if (claimed.length === 0) return checked;
    const attempts = new Map(claimed.map((claim) => [claim.entryId, claim.attempts]));
    for (const entry of await repository.entryVideos(db, [...attempts.keys()])) {
      try {
        await checkEntryVideo(context, entry, attempts.get(entry.id) ?? 1);
        checked += 1;
      } catch (error) {
        // Left claimed: it is tried again once the claim runs out, and the others go on.
        logger.error({ err: error, entryId: entry.id }, 'entry originality check failed');
      }
    }
  }
}
