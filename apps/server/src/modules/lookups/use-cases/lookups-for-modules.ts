import type { LookupKind } from '@platform/shared';
import type { Executor } from '../../../db/client';
import type { LookupsContext, LookupUsageCheck } from '../lookups.context';
import { lookupsRepository as repository } from '../lookups.repository';

/** Plugs in a module's check of which lookups of `kind` it uses (see LookupUsageCheck). */
export function registerUsage(
  { usageChecks }: LookupsContext,
  kind: LookupKind,
  check: LookupUsageCheck,
): void {
  usageChecks.set(kind, [...(usageChecks.get(kind) ?? []), check]);
}

/** Whether staff have added any live lookup of `kind` (a list a creator can choose from at all). */
export const hasLive = ({ db }: LookupsContext, kind: Exclude<LookupKind, 'answer'>): Promise<boolean> =>
  repository.hasLive(db, kind);

/** The live lookups of `kind` named `name` (case and surrounding spaces aside). */
export const liveIdsNamed = (
  { db }: LookupsContext,
  kind: LookupKind,
  name: string,
  executor: Executor = db,
) => repository.liveIdsNamed(executor, kind, name);

/** Which of `ids` are live lookups of `kind`, with their names: for another module checking a choice. */
export async function liveNames(
  { db }: LookupsContext,
  kind: LookupKind,
  ids: readonly string[],
): Promise<Map<string, string>> {
  const rows = await repository.byIds(db, ids);
  return new Map(rows.filter((row) => row.kind === kind && !row.archivedAt).map((row) => [row.id, row.name]));
}

/** The names of lookups by id, archived ones included (what a creator chose keeps its name). */
export async function namesOf({ db }: LookupsContext, ids: readonly string[]): Promise<Map<string, string>> {
  return new Map((await repository.byIds(db, ids)).map((row) => [row.id, row.name]));
}
