import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { CreatorPlatform } from '@platform/shared';
import type { Executor } from '../../db/client';
import { creatorHandles } from '../../db/schema/index';

/** The key a platform compares handles by: case does not matter. */
export const handleKey = (handle: string) => handle.trim().toLowerCase();

/** Who holds a handle, and the writes that keep a creator's handles as their profile names them. */
export const creatorHandleWrites = {
  /** Which creator, other than `exceptCreatorId`, holds each of these handles. */
  async holdersOf(
    executor: Executor,
    handles: readonly { platform: CreatorPlatform; key: string }[],
    exceptCreatorId: string | null,
  ): Promise<{ platform: CreatorPlatform; key: string }[]> {
    if (handles.length === 0) return [];
    const rows = await executor
      .select({ platform: creatorHandles.platform, key: creatorHandles.handleKey })
      .from(creatorHandles)
      .where(
        and(
          or(
            ...handles.map((handle) =>
              and(eq(creatorHandles.platform, handle.platform), eq(creatorHandles.handleKey, handle.key)),
            ),
          ),
          exceptCreatorId ? ne(creatorHandles.creatorId, exceptCreatorId) : undefined,
        ),
      );
    return rows;
  },

  async replaceHandles(
    executor: Executor,
    creatorId: string,
    handles: readonly { platform: CreatorPlatform; handle: string }[],
    now: Date,
  ): Promise<void> {
    // A handle kept as it was stays the same row, so what hangs off it (its verification, ADR 036) stays
    // too; one changed or removed goes, and takes its verification with it.
    const keep = handles.map((handle) => sql`(${handle.platform}, ${handleKey(handle.handle)})`);
    await executor
      .delete(creatorHandles)
      .where(
        and(
          eq(creatorHandles.creatorId, creatorId),
          keep.length > 0
            ? sql`(${creatorHandles.platform}, ${creatorHandles.handleKey}) not in (${sql.join(keep, sql`, `)})`
            : undefined,
        ),
      );
    if (handles.length === 0) return;
    await executor
      .insert(creatorHandles)
      .values(
        handles.map((handle) => ({
          creatorId,
          platform: handle.platform,
          handle: handle.handle,
          handleKey: handleKey(handle.handle),
          createdAt: now,
        })),
      )
      .onConflictDoUpdate({
        target: [creatorHandles.creatorId, creatorHandles.platform],
        set: { handle: sql`excluded.handle` },
      });
  },

  async deleteHandles(executor: Executor, creatorId: string): Promise<void> {
    await executor.delete(creatorHandles).where(eq(creatorHandles.creatorId, creatorId));
  },
};
