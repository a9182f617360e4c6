import {
  ERROR_CODES,
  LOOKUP_MESSAGES,
  type DeleteLookupResponse,
  type DropdownItem,
  type Lookup,
  type LookupKind,
} from '@platform/shared';
import type { Executor } from '../../db/client';
import { AppError, errors } from '../../errors';
import type { Actor } from '../../principal';
import type { LookupsContext } from './lookups.context';
import { lookupsRepository as repository, type LookupRow } from './lookups.repository';

export const FOREIGN_KEY_VIOLATION = '23503';
const UNIQUE_VIOLATION = '23505';

/** The SQLSTATE of a failed query, wherever the driver or Drizzle put it. */
export function databaseErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const duplicateName = (kind: LookupKind) => {
  const message = LOOKUP_MESSAGES.duplicateName(kind);
  return new AppError(409, ERROR_CODES.conflict, message, [{ field: 'name', message }]);
};

export const blankToNull = (value: string | null | undefined) => (value ? value : null);

export function toLookup(row: LookupRow): Lookup {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    label: row.label,
    infoContent: row.infoContent,
    questionId: row.parentId,
    archived: row.archivedAt !== null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What the audit log keeps of a lookup, before and after a write. */
export function snapshot(row: LookupRow): Record<string, unknown> {
  return {
    kind: row.kind,
    name: row.name,
    label: row.label,
    infoContent: row.infoContent,
    questionId: row.parentId,
    archived: row.archivedAt !== null,
  };
}

export function toDropdownItem(row: LookupRow): DropdownItem {
  return {
    id: row.id,
    name: row.name,
    ...(row.label ? { label: row.label } : {}),
    ...(row.infoContent ? { infoContent: row.infoContent } : {}),
  };
}

export const target = (row: LookupRow) => ({ type: 'lookup', id: row.id, label: `${row.kind}: ${row.name}` });

/** Which of `ids` (all of one kind) the registered checks say are in use. */
async function idsInUse(
  { usageChecks }: LookupsContext,
  kind: LookupKind,
  ids: readonly string[],
): Promise<Set<string>> {
  const used = new Set<string>();
  if (ids.length === 0) return used;
  for (const check of usageChecks.get(kind) ?? []) {
    for (const id of await check(ids)) used.add(id);
  }
  return used;
}

/**
 * Whether another module still uses the lookup; for a question, the question or any of its answers.
 * Asked before the transaction opens: the checks read through their own modules, and on the embedded
 * database a read outside an open transaction would wait for it to end.
 */
export async function usedElsewhere(context: LookupsContext, row: LookupRow): Promise<boolean> {
  if ((await idsInUse(context, row.kind, [row.id])).size > 0) return true;
  if (row.kind !== 'question') return false;
  return (await idsInUse(context, 'answer', await repository.answerIdsOf(context.db, row.id))).size > 0;
}

export async function lockedOrMissing(executor: Executor, kind: LookupKind, id: string): Promise<LookupRow> {
  const row = await repository.lockedOfKind(executor, kind, id);
  if (!row) throw errors.notFound();
  return row;
}

export async function archive(
  { clock, audit }: LookupsContext,
  executor: Executor,
  actor: Actor,
  row: LookupRow,
): Promise<DeleteLookupResponse> {
  if (row.archivedAt) return { outcome: 'archived' };
  const now = clock.now();
  const archived = await repository.update(executor, row.id, { archivedAt: now, updatedAt: now });
  await audit.record(executor, {
    actor,
    action: 'lookup.archive',
    target: target(row),
    before: snapshot(row),
    after: snapshot(archived),
  });
  return { outcome: 'archived' };
}

/** A unique-index violation is a name another write took meanwhile: the same 409 as the check's. */
export const asConflict = (kind: LookupKind) => (error: unknown) => {
  if (databaseErrorCode(error) === UNIQUE_VIOLATION) throw duplicateName(kind);
  throw error;
};
