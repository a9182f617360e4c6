import { and, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { LegalLinkType } from '@platform/shared';
import type { Executor } from '../../db/client';
import { accounts, legalDocuments } from '../../db/schema/index';

export type LegalDocumentRow = typeof legalDocuments.$inferSelect;

const VERSION_INDEX = 'legal_documents_version_idx';

/** The document of each type that is current for a territory (null: published for every territory). */
const newestPerType = (executor: Executor, territoryId: string | null) =>
  executor
    .selectDistinctOn([legalDocuments.type])
    .from(legalDocuments)
    .where(
      territoryId === null ? isNull(legalDocuments.territoryId) : eq(legalDocuments.territoryId, territoryId),
    )
    .orderBy(legalDocuments.type, desc(legalDocuments.publishedAt), desc(legalDocuments.id));

/** A version with the name of who published it, as the console shows it. */
const listedColumns = {
  document: legalDocuments,
  publishedBy: sql<string | null>`coalesce(${accounts.displayName}, ${accounts.email})`,
};

export const legalRepository = {
  VERSION_INDEX,

  currentOf: (executor: Executor, territoryId: string | null): Promise<LegalDocumentRow[]> =>
    newestPerType(executor, territoryId),

  async byId(executor: Executor, id: string): Promise<LegalDocumentRow | undefined> {
    const [row] = await executor.select().from(legalDocuments).where(eq(legalDocuments.id, id));
    return row;
  },

  placeholders: (executor: Executor): Promise<LegalDocumentRow[]> =>
    executor.select().from(legalDocuments).where(eq(legalDocuments.placeholder, true)),

  async setStored(executor: Executor, id: string, stored: { size: number; contentType: string }) {
    await executor.update(legalDocuments).set(stored).where(eq(legalDocuments.id, id));
  },

  async insert(executor: Executor, row: LegalDocumentRow): Promise<LegalDocumentRow> {
    const [inserted] = await executor.insert(legalDocuments).values(row).returning();
    if (!inserted) throw new Error('the legal document was not stored');
    return inserted;
  },

  /** One version as the console lists it, with who published it. */
  async listedById(executor: Executor, id: string) {
    const [row] = await executor
      .select(listedColumns)
      .from(legalDocuments)
      .leftJoin(accounts, eq(accounts.id, legalDocuments.publishedBy))
      .where(eq(legalDocuments.id, id));
    return row;
  },

  /** A page of versions, newest first, with who published each. */
  async list(
    executor: Executor,
    filter: {
      territoryId: string | null | undefined;
      type: LegalLinkType | undefined;
      offset: number;
      limit: number;
    },
  ) {
    const conditions: SQL[] = [];
    if (filter.territoryId === null) conditions.push(isNull(legalDocuments.territoryId));
    else if (filter.territoryId) conditions.push(eq(legalDocuments.territoryId, filter.territoryId));
    if (filter.type) conditions.push(eq(legalDocuments.type, filter.type));
    const where = conditions.length > 0 ? and(...conditions) : undefined;
    const rows = await executor
      .select(listedColumns)
      .from(legalDocuments)
      .leftJoin(accounts, eq(accounts.id, legalDocuments.publishedBy))
      .where(where)
      .orderBy(desc(legalDocuments.publishedAt), desc(legalDocuments.id))
      .limit(filter.limit)
      .offset(filter.offset);
    const [total] = await executor.select({ value: count() }).from(legalDocuments).where(where);
    return { rows, total: total?.value ?? 0 };
  },

  /** The ids among `ids` that are the current version of their type for their territory. */
  async currentIds(executor: Executor, ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await executor
      .selectDistinctOn(
        [
          sql`coalesce(${legalDocuments.territoryId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
          legalDocuments.type,
        ],
        {
          id: legalDocuments.id,
        },
      )
      .from(legalDocuments)
      .orderBy(
        sql`coalesce(${legalDocuments.territoryId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
        legalDocuments.type,
        desc(legalDocuments.publishedAt),
        desc(legalDocuments.id),
      );
    const wanted = new Set(ids);
    return new Set(rows.map((row) => row.id).filter((id) => wanted.has(id)));
  },

  async territoryIdsWithDocuments(executor: Executor, ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await executor
      .selectDistinct({ territoryId: legalDocuments.territoryId })
      .from(legalDocuments)
      .where(inArray(legalDocuments.territoryId, [...ids]));
    return rows.flatMap((row) => (row.territoryId ? [row.territoryId] : []));
  },
};
