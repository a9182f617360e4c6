// zod/mini, as every contract on a console screen's path: the audit screen reads only these types today,
// and a schema it comes to use must not bring the full zod to every page (DESIGN §3, ADR 009).
import { z } from 'zod/mini';
import { schema } from './build-schema';
import { isUuid, pagedResponseSchema, pageQueryFields, type Paged } from './lists';

export const AUDIT_MESSAGES = {
  actorUnknown: 'Choose a person from the list.',
  targetTypeTooLong: 'The target type must be at most 100 characters.',
  targetIdTooLong: 'The target id must be at most 200 characters.',
  fromInvalid: 'Enter the start date as a date, such as 2026-03-05.',
  toInvalid: 'Enter the end date as a date, such as 2026-03-05.',
  toBeforeFrom: 'The end date must be on or after the start date.',
} as const;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const EARLIEST_YEAR = 1900;
const LATEST_YEAR = 9999;

const isoDate = schema(() => z.iso.date());
const isoInstant = schema(() => z.iso.datetime({ offset: true }));

function isDateBound(value: string): boolean {
  if (value === '') return true;
  const year = Number(value.slice(0, 4));
  if (year < EARLIEST_YEAR || year > LATEST_YEAR) return false;
  if (isoDate.safeParse(value).success) return true;
  return isoInstant.safeParse(value).success && !Number.isNaN(Date.parse(value));
}

/**
 * A filter bound: a calendar date ('2026-03-05', a whole day in UTC) or an instant in ISO 8601 with its
 * offset ('2026-03-05T14:07:00.000Z'), from 1900 to 9999; empty for none.
 */
const dateBound = (message: string) =>
  z
    .string({ error: message })
    .check(z.maxLength(40, { error: message, abort: true }), z.refine(isDateBound, { error: message }));

/** Where a date range starts: the first instant of a date, or the instant itself. */
export function auditRangeStart(value: string): Date {
  return new Date(DATE_ONLY.test(value) ? `${value}T00:00:00.000Z` : value);
}

/** The first instant after a date range ends: the day after a date, or just after an instant. */
export function auditRangeEnd(value: string): Date {
  if (DATE_ONLY.test(value)) {
    const start = auditRangeStart(value);
    return new Date(start.getTime() + 24 * 60 * 60 * 1000);
  }
  return new Date(new Date(value).getTime() + 1);
}

const filterFields = schema(() => ({
  search: pageQueryFields.search,
  actorId: z.optional(
    z.string({ error: AUDIT_MESSAGES.actorUnknown }).check(
      z.refine((value) => value === '' || isUuid(value), { error: AUDIT_MESSAGES.actorUnknown }),
      z.describe('An account id, as GET /server-api/marketing/audit-log/actors lists them'),
    ),
  ),
  targetType: z.optional(
    z
      .string({ error: AUDIT_MESSAGES.targetTypeTooLong })
      .check(z.maxLength(100, { error: AUDIT_MESSAGES.targetTypeTooLong })),
  ),
  targetId: z.optional(
    z
      .string({ error: AUDIT_MESSAGES.targetIdTooLong })
      .check(z.maxLength(200, { error: AUDIT_MESSAGES.targetIdTooLong })),
  ),
  from: z.optional(
    dateBound(AUDIT_MESSAGES.fromInvalid).check(
      z.describe('From this date (YYYY-MM-DD, from its start in UTC) or ISO 8601 instant'),
    ),
  ),
  to: z.optional(
    dateBound(AUDIT_MESSAGES.toInvalid).check(
      z.describe('Up to this date (YYYY-MM-DD, to its end in UTC) or ISO 8601 instant, inclusive'),
    ),
  ),
}));

type DateRange = { from?: string | undefined; to?: string | undefined };

function rangeInOrder(filters: DateRange): boolean {
  if (!filters.from || !filters.to) return true;
  return auditRangeStart(filters.from).getTime() <= auditRangeStart(filters.to).getTime();
}
const rangeInOrderCheck = () =>
  z.refine<DateRange>(rangeInOrder, { error: AUDIT_MESSAGES.toBeforeFrom, path: ['to'] });

/** The audit log's filters, shared by the list and the CSV export; an empty value means no filter. */
export const auditLogFiltersSchema = schema(() => z.object(filterFields).check(rangeInOrderCheck()));
export type AuditLogFilters = z.infer<typeof auditLogFiltersSchema>;

/** GET /server-api/marketing/audit-log: newest first, paged, searched over action, target and actor email. */
export const auditLogQuerySchema = schema(() =>
  z.object({ ...pageQueryFields, ...filterFields }).check(rangeInOrderCheck()),
);
export type AuditLogQuery = z.input<typeof auditLogQuerySchema>;

const fieldsSchema = schema(() => z.nullable(z.record(z.string(), z.unknown())));

/** One staff write as the log keeps it; `before` and `after` never hold a password or a token. */
export const auditEntrySchema = schema(() =>
  z.object({
    id: z.string(),
    /** When, as an ISO 8601 instant in UTC. */
    at: z.string(),
    actorId: z.nullable(z.string()),
    actorEmail: z.string(),
    actorRole: z.string(),
    /** `<target type>.<verb>`: `staff.invite`, `team.rename`. */
    action: z.string(),
    targetType: z.string(),
    targetId: z.string(),
    targetLabel: z.string(),
    before: fieldsSchema,
    after: fieldsSchema,
    requestId: z.nullable(z.string()),
  }),
);
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditLogResponseSchema = schema(() => pagedResponseSchema(auditEntrySchema));
export type AuditLogResponse = Paged<AuditEntry>;

/** GET /server-api/marketing/audit-log/actors: the people who appear in the log, for the person filter. */
export const auditActorsQuerySchema = schema(() => z.object({ search: pageQueryFields.search }));
export const auditActorSchema = schema(() => z.object({ id: z.string(), email: z.string() }));
export type AuditActor = z.infer<typeof auditActorSchema>;
export const auditActorsResponseSchema = schema(() => z.object({ items: z.array(auditActorSchema) }));
export type AuditActorsResponse = z.infer<typeof auditActorsResponseSchema>;
/** At most this many people answer one search of the person filter. */
export const AUDIT_ACTORS_LIMIT = 50;

/** GET /server-api/marketing/audit-log/target-types: the kinds of record the log holds, for the type filter. */
export const auditTargetTypesResponseSchema = schema(() => z.object({ items: z.array(z.string()) }));
export type AuditTargetTypesResponse = z.infer<typeof auditTargetTypesResponseSchema>;

/** The CSV export's columns, in order. */
export const AUDIT_CSV_COLUMNS = [
  'At (UTC)',
  'Actor email',
  'Actor role',
  'Action',
  'Target type',
  'Target ID',
  'Target label',
  'Before',
  'After',
  'Request ID',
] as const;

/** The export's file name for a day: `audit-log-2026-03-05.csv`. */
export function auditCsvFileName(day: Date): string {
  return `audit-log-${day.toISOString().slice(0, 10)}.csv`;
}
