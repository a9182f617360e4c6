import { and, asc, eq, ilike, inArray, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { LookupKind } from '@platform/shared';
import type { Executor } from '../../db/client';
import { lookups } from '../../db/schema/index';
import { containing } from '../../db/search-pattern';

export type LookupRow = typeof lookups.$inferSelect;

/** `%` and `_` typed in a search box are meant literally. */

export type LookupFilter = {
  kind: LookupKind;
  /** The question whose answers to list. */
  parentId?: string | undefined;
  search?: string | undefined;
  includeArchived: boolean;
};

export const lookupsRepository = {
  /**
   * The id and name of every lookup the filter matches, ordered by lower-cased name: the service sorts them
   * by the shared name collation before taking a page (SPEC §9).
   */
  async matchingNames(executor: Executor, filter: LookupFilter): Promise<{ id: string; name: string }[]> {
    const conditions: SQL[] = [eq(lookups.kind, filter.kind)];
    if (filter.parentId) conditions.push(eq(lookups.parentId, filter.parentId));
    if (!filter.includeArchived) conditions.push(isNull(lookups.archivedAt));
    if (filter.search) conditions.push(ilike(lookups.name, containing(filter.search)));
    return executor
      .select({ id: lookups.id, name: lookups.name })
      .from(lookups)
      .where(and(...conditions))
      .orderBy(sql`lower(${lookups.name})`, asc(lookups.id));
  },

  /** The live lookups of `kind` with this name, as people write it (case and surrounding spaces aside). */
  async liveIdsNamed(executor: Executor, kind: LookupKind, name: string): Promise<string[]> {
    const rows = await executor
      .select({ id: lookups.id })
      .from(lookups)
      .where(
        and(
          eq(lookups.kind, kind),
          isNull(lookups.archivedAt),
          sql`lower(trim(${lookups.name})) = lower(trim(${name}))`,
        ),
      );
    return rows.map((row) => row.id);
  },

  async byIds(executor: Executor, ids: readonly string[]): Promise<LookupRow[]> {
    if (ids.length === 0) return [];
    return executor
      .select()
      .from(lookups)
      .where(inArray(lookups.id, [...ids]));
  },

  /** One lookup of a kind, locked until the transaction ends so that a concurrent write waits for it. */
  async lockedOfKind(executor: Executor, kind: LookupKind, id: string): Promise<LookupRow | undefined> {
    const [row] = await executor
      .select()
      .from(lookups)
      .where(and(eq(lookups.id, id), eq(lookups.kind, kind)))
      .for('update');
    return row;
  },

  /** A live question, share-locked so that it cannot be deleted while an answer is added to it. */
  async lockedLiveQuestion(executor: Executor, id: string): Promise<LookupRow | undefined> {
    const [row] = await executor
      .select()
      .from(lookups)
      .where(and(eq(lookups.id, id), eq(lookups.kind, 'question'), isNull(lookups.archivedAt)))
      .for('share');
    return row;
  },

  /** Whether a live lookup of the same kind (and question, for answers) already has this name, in any case. */
  async liveNameTaken(
    executor: Executor,
    candidate: { kind: LookupKind; parentId: string | null; name: string; exceptId?: string },
  ): Promise<boolean> {
    const conditions: SQL[] = [
      eq(lookups.kind, candidate.kind),
      candidate.parentId === null ? isNull(lookups.parentId) : eq(lookups.parentId, candidate.parentId),
      sql`lower(${lookups.name}) = lower(${candidate.name})`,
      isNull(lookups.archivedAt),
    ];
    if (candidate.exceptId) conditions.push(ne(lookups.id, candidate.exceptId));
    const [row] = await executor
      .select({ id: lookups.id })
      .from(lookups)
      .where(and(...conditions))
      .limit(1);
    return row !== undefined;
  },

  async insert(executor: Executor, row: typeof lookups.$inferInsert): Promise<LookupRow> {
    const [inserted] = await executor.insert(lookups).values(row).returning();
    if (!inserted) throw new Error('the lookup insert returned no row');
    return inserted;
  },

  async update(
    executor: Executor,
    id: string,
    fields: Partial<Pick<LookupRow, 'name' | 'label' | 'infoContent' | 'updatedAt' | 'archivedAt'>>,
  ): Promise<LookupRow> {
    const [updated] = await executor.update(lookups).set(fields).where(eq(lookups.id, id)).returning();
    if (!updated) throw new Error('the lookup update returned no row');
    return updated;
  },

  async delete(executor: Executor, id: string): Promise<void> {
    await executor.delete(lookups).where(eq(lookups.id, id));
  },

  async hasLiveAnswers(executor: Executor, questionId: string): Promise<boolean> {
    const [row] = await executor
      .select({ id: lookups.id })
      .from(lookups)
      .where(and(eq(lookups.parentId, questionId), isNull(lookups.archivedAt)))
      .limit(1);
    return row !== undefined;
  },

  async answerIdsOf(executor: Executor, questionId: string): Promise<string[]> {
    const rows = await executor
      .select({ id: lookups.id })
      .from(lookups)
      .where(eq(lookups.parentId, questionId));
    return rows.map((row) => row.id);
  },

  /** Whether any lookup of a kind is live. */
  async hasLive(executor: Executor, kind: LookupKind): Promise<boolean> {
    const [row] = await executor
      .select({ id: lookups.id })
      .from(lookups)
      .where(and(eq(lookups.kind, kind), isNull(lookups.archivedAt)))
      .limit(1);
    return row !== undefined;
  },

  /** Live lookups of a kind; for answers, only those whose question is live too. */
  async live(executor: Executor, kind: LookupKind): Promise<LookupRow[]> {
    if (kind !== 'answer') {
      return executor
        .select()
        .from(lookups)
        .where(and(eq(lookups.kind, kind), isNull(lookups.archivedAt)))
        .orderBy(sql`lower(${lookups.name})`, asc(lookups.id));
    }
    const question = alias(lookups, 'question');
    const rows = await executor
      .select({ answer: lookups })
      .from(lookups)
      .innerJoin(question, eq(question.id, lookups.parentId))
      .where(
        and(
          eq(lookups.kind, 'answer'),
          isNull(lookups.archivedAt),
          isNull(question.archivedAt),
          isNotNull(lookups.parentId),
        ),
      )
      .orderBy(sql`lower(${lookups.name})`, asc(lookups.id));
    return rows.map((row) => row.answer);
  },
};
