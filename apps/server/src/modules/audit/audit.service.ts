import { randomUUID } from 'node:crypto';
import {
  AUDIT_ACTORS_LIMIT,
  AUDIT_CSV_COLUMNS,
  auditCsvFileName,
  auditRangeEnd,
  auditRangeStart,
  type AuditActor,
  type AuditEntry,
  type AuditLogFilters,
  type Paged,
} from '@platform/shared';
import type { Clock } from '../../clock';
import type { Database, Executor } from '../../db/client';
import type { Actor } from '../../principal';
import { csvLine } from './audit.csv';
import {
  auditRepository as repository,
  type AuditCriteria,
  type AuditCursor,
  type AuditRow,
} from './audit.repository';

export type AuditTarget = { type: string; id: string; label: string };
export type AuditFields = Record<string, unknown> | null;

/** The actor of what the platform does by itself at a set time (a campaign going live, ending). */
export const SCHEDULER_ACTOR = { accountId: null, email: 'scheduler', role: 'System' } as const;

export type AuditRecord = {
  actor: Actor | typeof SCHEDULER_ACTOR;
  /** What was done, as `<target type>.<verb>`: `staff.invite`, `team.rename`. */
  action: string;
  target: AuditTarget;
  before?: AuditFields;
  after?: AuditFields;
};

/** Field names that never reach the audit log, whatever a caller passes. */
const SECRET_FIELD = /password|token|secret|hint|hash/i;
export const REDACTED = '[redacted]';
/** Deeper than any record a service writes; what lies below is not kept. */
const MAX_DEPTH = 8;

function redact(value: unknown, depth: number): unknown {
  if (Array.isArray(value)) {
    return depth >= MAX_DEPTH ? REDACTED : value.map((item) => redact(item, depth + 1));
  }
  if (value === null || typeof value !== 'object') return value;
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) return value;
  if (depth >= MAX_DEPTH) return REDACTED;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      SECRET_FIELD.test(key) ? REDACTED : redact(item, depth + 1),
    ]),
  );
}

/** The fields with every secret-looking key's value replaced, at any depth. */
function withoutSecrets(fields: AuditFields | undefined): AuditFields {
  if (!fields) return null;
  return redact(fields, 0) as Record<string, unknown>;
}

function criteriaOf(filters: AuditLogFilters): AuditCriteria {
  const before = filters.to ? auditRangeEnd(filters.to) : undefined;
  return {
    ...(filters.search ? { search: filters.search } : {}),
    ...(filters.actorId ? { actorId: filters.actorId } : {}),
    ...(filters.targetType ? { targetType: filters.targetType } : {}),
    ...(filters.targetId ? { targetId: filters.targetId } : {}),
    ...(filters.from ? { from: auditRangeStart(filters.from) } : {}),
    // Past the last day PostgreSQL can store, nothing is later: no upper bound is needed.
    ...(before && before.getUTCFullYear() <= 9999 ? { before } : {}),
  };
}

function toEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actorId: row.actorId,
    actorEmail: row.actorEmail,
    actorRole: row.actorRole,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    targetLabel: row.targetLabel,
    before: row.before ?? null,
    after: row.after ?? null,
    requestId: row.requestId,
  };
}

const json = (fields: Record<string, unknown> | null) => (fields ? JSON.stringify(fields) : '');

function csvRecord(row: AuditRow): string {
  return csvLine([
    row.at.toISOString(),
    row.actorEmail,
    row.actorRole,
    row.action,
    row.targetType,
    row.targetId,
    row.targetLabel,
    json(row.before),
    json(row.after),
    row.requestId,
  ]);
}

/** Rows the export reads per query: memory stays flat however long the log is. */
export const EXPORT_PAGE_ROWS = 1000;
/** Excel reads a CSV file as UTF-8 only when it starts with a byte order mark. */
const UTF8_BOM = '\ufeff';

export type AuditService = ReturnType<typeof createAuditService>;

export function createAuditService(dependencies: { db: Database; clock: Clock }) {
  const { db, clock } = dependencies;
  return {
    /**
     * Records a staff write in the transaction that makes it, so the change and its record land or fail
     * together.
     */
    async record(executor: Executor, record: AuditRecord): Promise<void> {
      await repository.insert(executor, {
        id: randomUUID(),
        at: clock.now(),
        actorId: record.actor.accountId,
        actorEmail: record.actor.email,
        actorRole: record.actor.role,
        action: record.action,
        targetType: record.target.type,
        targetId: record.target.id,
        targetLabel: record.target.label,
        before: withoutSecrets(record.before),
        after: withoutSecrets(record.after),
        requestId: ('requestId' in record.actor ? record.actor.requestId : undefined) ?? null,
      });
    },

    /** One page of the log, newest first. */
    async list(query: AuditLogFilters & { page: number; pageSize: number }): Promise<Paged<AuditEntry>> {
      const { rows, total } = await repository.page(db, criteriaOf(query), {
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      return { items: rows.map(toEntry), total, page: query.page, pageSize: query.pageSize };
    },

    /** The people who appear in the log, for the person filter; at most AUDIT_ACTORS_LIMIT per search. */
    actors(search: string | undefined): Promise<AuditActor[]> {
      return repository.actors(db, search, AUDIT_ACTORS_LIMIT);
    },

    /** The kinds of record the log holds, for the type filter. */
    targetTypes(): Promise<string[]> {
      return repository.targetTypes(db);
    },

    /**
     * The filtered log as CSV, newest first: the header, then every matching row, read EXPORT_PAGE_ROWS at
     * a time after the last row sent, so that an export of any length holds one page in memory and rows
     * written meanwhile neither repeat nor shift it.
     */
    async *exportCsv(filters: AuditLogFilters): AsyncGenerator<string> {
      const criteria = criteriaOf(filters);
      let cursor: AuditCursor | null = null;
      let chunk = `${UTF8_BOM}${csvLine(AUDIT_CSV_COLUMNS)}`;
      for (;;) {
        const rows = await repository.after(db, criteria, cursor, EXPORT_PAGE_ROWS);
        chunk += rows.map(csvRecord).join('');
        yield chunk;
        chunk = '';
        const last = rows.at(-1);
        if (!last || rows.length < EXPORT_PAGE_ROWS) return;
        cursor = { at: last.at, id: last.id };
      }
    },

    /** Today's export file name, by the platform's clock. */
    exportFileName: (): string => auditCsvFileName(clock.now()),
  };
}
