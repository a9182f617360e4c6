import { and, asc, count, desc, eq, gte, ilike, isNotNull, lt, or, type SQL } from 'drizzle-orm';
import { auditLog } from '../../db/schema/index';
import type { Executor } from '../../db/client';
import { containing } from '../../db/search-pattern';

export type AuditRow = typeof auditLog.$inferSelect;

/** The log's filters as the queries apply them; `before` is exclusive. */
export type AuditCriteria = {
  search?: string;
  actorId?: string;
  targetType?: string;
  targetId?: string;
  from?: Date;
  before?: Date;
};

/** Where a page of the export stopped: rows come newest first, ties broken by id. */
export type AuditCursor = { at: Date; id: string };

/** `%` and `_` in a search are the letters themselves, not patterns. */

function conditions(criteria: AuditCriteria): SQL | undefined {
  const found: (SQL | undefined)[] = [];
  const search = criteria.search?.trim();
  if (search) {
    const pattern = containing(search);
    found.push(
      or(
        ilike(auditLog.action, pattern),
        ilike(auditLog.targetLabel, pattern),
        ilike(auditLog.actorEmail, pattern),
      ),
    );
  }
  if (criteria.actorId) found.push(eq(auditLog.actorId, criteria.actorId));
  if (criteria.targetType) found.push(eq(auditLog.targetType, criteria.targetType));
  if (criteria.targetId) found.push(eq(auditLog.targetId, criteria.targetId));
  if (criteria.from) found.push(gte(auditLog.at, criteria.from));
  if (criteria.before) found.push(lt(auditLog.at, criteria.before));
  return and(...found);
}

const NEWEST_FIRST = [desc(auditLog.at), desc(auditLog.id)];

export const auditRepository = {
  async insert(executor: Executor, entry: AuditRow): Promise<void> {
    await executor.insert(auditLog).values(entry);
  },

  async page(
    executor: Executor,
    criteria: AuditCriteria,
    page: { limit: number; offset: number },
  ): Promise<{ rows: AuditRow[]; total: number }> {
    const where = conditions(criteria);
    const [rows, [counted]] = await Promise.all([
      executor
        .select()
        .from(auditLog)
        .where(where)
        .orderBy(...NEWEST_FIRST)
        .limit(page.limit)
        .offset(page.offset),
      executor.select({ total: count() }).from(auditLog).where(where),
    ]);
    return { rows, total: counted?.total ?? 0 };
  },

  /** The next `limit` rows after `cursor` (from the newest without one): the export reads in these. */
  async after(
    executor: Executor,
    criteria: AuditCriteria,
    cursor: AuditCursor | null,
    limit: number,
  ): Promise<AuditRow[]> {
    const afterCursor = cursor
      ? or(lt(auditLog.at, cursor.at), and(eq(auditLog.at, cursor.at), lt(auditLog.id, cursor.id)))
      : undefined;
    return executor
      .select()
      .from(auditLog)
      .where(and(conditions(criteria), afterCursor))
      .orderBy(...NEWEST_FIRST)
      .limit(limit);
  },

  /** Everyone who appears in the log, by the email of their latest entry, sorted by email. */
  async actors(executor: Executor, search: string | undefined, limit: number) {
    const latest = executor
      .selectDistinctOn([auditLog.actorId], { id: auditLog.actorId, email: auditLog.actorEmail })
      .from(auditLog)
      .where(isNotNull(auditLog.actorId))
      .orderBy(auditLog.actorId, desc(auditLog.at))
      .as('latest');
    const text = search?.trim();
    const rows = await executor
      .select({ id: latest.id, email: latest.email })
      .from(latest)
      .where(text ? ilike(latest.email, containing(text)) : undefined)
      .orderBy(asc(latest.email))
      .limit(limit);
    return rows.flatMap((row) => (row.id ? [{ id: row.id, email: row.email }] : []));
  },

  async targetTypes(executor: Executor): Promise<string[]> {
    const rows = await executor
      .selectDistinct({ type: auditLog.targetType })
      .from(auditLog)
      .orderBy(asc(auditLog.targetType));
    return rows.map((row) => row.type);
  },
};
