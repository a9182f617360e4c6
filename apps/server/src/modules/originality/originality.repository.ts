import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, ne, notInArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  campaignAssets,
  campaignEntries,
  entryOriginality,
  videoFingerprints,
  videoFrameBands,
} from '../../db/schema/index';

export type OriginalityRow = typeof entryOriginality.$inferSelect;
export type FingerprintRow = typeof videoFingerprints.$inferSelect;
export type FrameBand = { band: number; value: number };

/** Campaign footage is only what staff uploaded as a video and a scan let through (or no scanner was set). */
const SERVABLE_SCANS = ['SUCCESS', 'NOT_SCANNED'] as const;

/**
 * An entry whose video was replaced after it was checked: a rejected video entry revised with another
 * upload is SUBMITTED again, and moved after its check. Its verdict is of a video it no longer holds.
 */
const revisedSinceChecked = and(
  eq(campaignEntries.status, 'SUBMITTED'),
  isNotNull(entryOriginality.checkedAt),
  gt(campaignEntries.updatedAt, entryOriginality.checkedAt),
);

export const originalityRepository = {
  /**
   * Puts every uploaded entry not checked yet in the queue, and back in it when its video was replaced
   * since its check (the reviewer's clearance went with the old video).
   */
  async enqueueUnchecked(executor: Executor, now: Date): Promise<void> {
    await executor.execute(sql`
      insert into ${entryOriginality} (entry_id, status, attempts, created_at)
      select ${campaignEntries.id}, 'PENDING', 0, ${now.toISOString()}::timestamptz
      from ${campaignEntries}
      where ${campaignEntries.kind} = 'VIDEO' and ${campaignEntries.videoKey} is not null
        and not exists (select 1 from ${entryOriginality} where ${entryOriginality.entryId} = ${campaignEntries.id})
      on conflict do nothing`);
    const revised = executor
      .select({ id: campaignEntries.id })
      .from(campaignEntries)
      .innerJoin(entryOriginality, eq(entryOriginality.entryId, campaignEntries.id))
      .where(and(ne(entryOriginality.status, 'PENDING'), revisedSinceChecked));
    await executor
      .update(entryOriginality)
      .set({
        status: 'PENDING',
        closestFingerprintId: null,
        distance: null,
        reason: null,
        attempts: 0,
        checkedAt: null,
        clearedBy: null,
        clearedAt: null,
      })
      .where(inArray(entryOriginality.entryId, revised));
  },

  /**
   * Claims up to `limit` waiting entries for this process, oldest first: another process skips them
   * until `claimedBefore` passes them by (a process that died mid-check leaves them to the next). While
   * an entry waits, `checked_at` is when it was last claimed.
   */
  async claimPending(
    executor: Executor,
    claim: { now: Date; claimedBefore: Date; limit: number },
  ): Promise<{ entryId: string; attempts: number }[]> {
    const waiting = executor
      .select({ entryId: entryOriginality.entryId })
      .from(entryOriginality)
      .where(
        and(
          eq(entryOriginality.status, 'PENDING'),
          or(isNull(entryOriginality.checkedAt), lt(entryOriginality.checkedAt, claim.claimedBefore)),
        ),
      )
      .orderBy(asc(entryOriginality.createdAt))
      .limit(claim.limit)
      .for('update', { skipLocked: true });
    return executor
      .update(entryOriginality)
      .set({ attempts: sql`${entryOriginality.attempts} + 1`, checkedAt: claim.now })
      .where(inArray(entryOriginality.entryId, waiting))
      .returning({ entryId: entryOriginality.entryId, attempts: entryOriginality.attempts });
  },

  async entryVideos(executor: Executor, entryIds: string[]) {
    if (entryIds.length === 0) return [];
    return executor
      .select({
        id: campaignEntries.id,
        campaignId: campaignEntries.campaignId,
        creatorId: campaignEntries.creatorId,
        videoKey: campaignEntries.videoKey,
        submittedAt: campaignEntries.submittedAt,
      })
      .from(campaignEntries)
      .where(inArray(campaignEntries.id, entryIds))
      .orderBy(asc(campaignEntries.submittedAt), asc(campaignEntries.id));
  },

  async lockPending(executor: Executor, entryId: string): Promise<OriginalityRow | undefined> {
    const [row] = await executor
      .select()
      .from(entryOriginality)
      .where(and(eq(entryOriginality.entryId, entryId), eq(entryOriginality.status, 'PENDING')))
      .for('update');
    return row;
  },

  async updateOriginality(executor: Executor, entryId: string, patch: Partial<OriginalityRow>) {
    await executor.update(entryOriginality).set(patch).where(eq(entryOriginality.entryId, entryId));
  },

  /** The campaign's video footage no fingerprint was taken of yet, leaving out `skipped`. */
  async footageWithoutFingerprint(executor: Executor, limit: number, skipped: string[]) {
    return executor
      .select({
        id: campaignAssets.id,
        campaignId: campaignAssets.campaignId,
        storageKey: campaignAssets.storageKey,
      })
      .from(campaignAssets)
      .leftJoin(videoFingerprints, eq(videoFingerprints.assetId, campaignAssets.id))
      .where(
        and(
          eq(campaignAssets.fileType, 'video'),
          inArray(campaignAssets.scanStatus, [...SERVABLE_SCANS]),
          isNotNull(campaignAssets.uploadedAt),
          isNull(videoFingerprints.id),
          skipped.length > 0 ? notInArray(campaignAssets.id, skipped) : undefined,
        ),
      )
      .orderBy(asc(campaignAssets.createdAt))
      .limit(limit);
  },

  /** Locks the asset while its fingerprint is stored, so two processes keep one fingerprint of it. */
  async lockFootage(executor: Executor, assetId: string) {
    const [asset] = await executor
      .select({ id: campaignAssets.id })
      .from(campaignAssets)
      .where(eq(campaignAssets.id, assetId))
      .for('update');
    if (!asset) return undefined;
    const [taken] = await executor
      .select({ id: videoFingerprints.id })
      .from(videoFingerprints)
      .where(eq(videoFingerprints.assetId, assetId));
    return { alreadyTaken: Boolean(taken) };
  },

  async deleteFingerprintsOfEntry(executor: Executor, entryId: string) {
    await executor.delete(videoFingerprints).where(eq(videoFingerprints.entryId, entryId));
  },

  async insertFingerprint(
    executor: Executor,
    row: typeof videoFingerprints.$inferInsert,
    bands: FrameBand[],
  ) {
    await executor.insert(videoFingerprints).values(row);
    if (bands.length === 0) return;
    await executor
      .insert(videoFrameBands)
      .values(bands.map((band) => ({ fingerprintId: row.id, ...band })))
      .onConflictDoNothing();
  },

  /**
   * The fingerprints sharing the most frame bands with `bands`, or the very same bytes: other creators'
   * entries anywhere, and the footage of the entry's own campaign. The creator's own entries are theirs
   * to reuse.
   */
  async candidates(
    executor: Executor,
    probe: { bands: FrameBand[]; sha256: string; creatorId: string; campaignId: string; limit: number },
  ): Promise<FingerprintRow[]> {
    const comparable = or(
      and(
        isNotNull(videoFingerprints.entryId),
        sql`${videoFingerprints.creatorId} is distinct from ${probe.creatorId}`,
      ),
      and(isNotNull(videoFingerprints.assetId), eq(videoFingerprints.campaignId, probe.campaignId)),
    );
    const byBand = new Map<number, number[]>();
    for (const { band, value } of probe.bands) byBand.set(band, [...(byBand.get(band) ?? []), value]);
    const sharedBand = or(
      ...[...byBand].map(
        ([band, values]) =>
          sql`(${videoFrameBands.band} = ${band} and ${videoFrameBands.value} = any(${`{${values.join(',')}}`}::int[]))`,
      ),
    );
    const closest =
      byBand.size === 0
        ? []
        : await executor
            .select({ id: videoFrameBands.fingerprintId, hits: sql<number>`count(*)::int` })
            .from(videoFrameBands)
            .innerJoin(videoFingerprints, eq(videoFingerprints.id, videoFrameBands.fingerprintId))
            .where(and(sharedBand, comparable))
            .groupBy(videoFrameBands.fingerprintId)
            .orderBy(desc(sql`count(*)`))
            .limit(probe.limit);
    const exact = await executor
      .select({ id: videoFingerprints.id })
      .from(videoFingerprints)
      .where(and(eq(videoFingerprints.sha256, probe.sha256), comparable))
      .limit(probe.limit);
    const ids = [...new Set([...exact, ...closest].map((row) => row.id))];
    if (ids.length === 0) return [];
    return executor.select().from(videoFingerprints).where(inArray(videoFingerprints.id, ids));
  },
};
