import { randomUUID } from 'node:crypto';
import {
  AGENCY_SEARCH_LIMIT,
  ERROR_CODES,
  LOOKUP_MESSAGES,
  sortByName,
  type AnswerItem,
  type CreateLookupBody,
  type DeleteLookupResponse,
  type DropdownItem,
  type Lookup,
  type LookupKind,
  type LookupListQuery,
  type LookupListResponse,
  type PartyItem,
  type UpdateLookupBody,
} from '@platform/shared';
import type { Clock } from '../../clock';
import type { Database, Executor } from '../../db/client';
import { AppError, errors } from '../../errors';
import type { Actor } from '../../principal';
import type { AuditService } from '../audit/audit.service';
import { lookupsRepository as repository, type LookupRow } from './lookups.repository';

/**
 * Tells which of `ids` something outside this module still points at (a creator's chosen genre, say). A
 * module that keeps lookup ids registers one for each kind it uses, so that deleting such a lookup
 * archives it instead. Its table should reference lookups without ON DELETE CASCADE: a delete that
 * still trips over a reference then archives as well.
 */
export type LookupUsageCheck = (ids: readonly string[]) => Promise<Set<string>>;

export type LookupsService = ReturnType<typeof createLookupsService>;

const FOREIGN_KEY_VIOLATION = '23503';
const UNIQUE_VIOLATION = '23505';

/** The SQLSTATE of a failed query, wherever the driver or Drizzle put it. */
function databaseErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

const duplicateName = (kind: LookupKind) => {
  const message = LOOKUP_MESSAGES.duplicateName(kind);
  return new AppError(409, ERROR_CODES.conflict, message, [{ field: 'name', message }]);
};

const blankToNull = (value: string | null | undefined) => (value ? value : null);

function toLookup(row: LookupRow): Lookup {
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
function snapshot(row: LookupRow): Record<string, unknown> {
  return {
    kind: row.kind,
    name: row.name,
    label: row.label,
    infoContent: row.infoContent,
    questionId: row.parentId,
    archived: row.archivedAt !== null,
  };
}

function toDropdownItem(row: LookupRow): DropdownItem {
  return {
    id: row.id,
    name: row.name,
    ...(row.label ? { label: row.label } : {}),
    ...(row.infoContent ? { infoContent: row.infoContent } : {}),
  };
}

export function createLookupsService(dependencies: { db: Database; clock: Clock; audit: AuditService }) {
  const { db, clock, audit } = dependencies;
  const usageChecks = new Map<LookupKind, LookupUsageCheck[]>();

  const target = (row: LookupRow) => ({ type: 'lookup', id: row.id, label: `${row.kind}: ${row.name}` });

  /** Which of `ids` (all of one kind) the registered checks say are in use. */
  async function idsInUse(kind: LookupKind, ids: readonly string[]): Promise<Set<string>> {
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
  async function usedElsewhere(row: LookupRow): Promise<boolean> {
    if ((await idsInUse(row.kind, [row.id])).size > 0) return true;
    if (row.kind !== 'question') return false;
    return (await idsInUse('answer', await repository.answerIdsOf(db, row.id))).size > 0;
  }

  async function lockedOrMissing(executor: Executor, kind: LookupKind, id: string): Promise<LookupRow> {
    const row = await repository.lockedOfKind(executor, kind, id);
    if (!row) throw errors.notFound();
    return row;
  }

  async function archive(executor: Executor, actor: Actor, row: LookupRow): Promise<DeleteLookupResponse> {
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
  const asConflict = (kind: LookupKind) => (error: unknown) => {
    if (databaseErrorCode(error) === UNIQUE_VIOLATION) throw duplicateName(kind);
    throw error;
  };

  return {
    /** Plugs in a module's check of which lookups of `kind` it uses (see LookupUsageCheck). */
    registerUsage(kind: LookupKind, check: LookupUsageCheck): void {
      usageChecks.set(kind, [...(usageChecks.get(kind) ?? []), check]);
    },

    /** A page of one kind's lookups, sorted by name (SPEC §9), searched by name. */
    async list(kind: LookupKind, query: LookupListQuery): Promise<LookupListResponse> {
      const search = query.search?.trim();
      // Sorted here rather than in SQL: the shared collation orders numbers by value ('Top 9' before
      // 'Top 10'), which PostgreSQL does only with an ICU collation that PGlite lacks. Only ids and
      // names are read for the sort; whole rows only for the page.
      const matches = sortByName(
        await repository.matchingNames(db, {
          kind,
          parentId: kind === 'answer' ? query.questionId : undefined,
          search: search ? search : undefined,
          includeArchived: query.includeArchived === 'true',
        }),
      );
      const start = (query.page - 1) * query.pageSize;
      const pageIds = matches.slice(start, start + query.pageSize).map((match) => match.id);
      const rows = new Map((await repository.byIds(db, pageIds)).map((row) => [row.id, row]));
      return {
        items: pageIds.flatMap((id) => {
          const row = rows.get(id);
          return row ? [toLookup(row)] : [];
        }),
        total: matches.length,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    async create(actor: Actor, kind: LookupKind, body: CreateLookupBody): Promise<Lookup> {
      if (kind === 'answer' && !body.questionId) {
        throw errors.validation([{ field: 'questionId', message: LOOKUP_MESSAGES.questionRequired }]);
      }
      if (kind !== 'answer' && body.questionId !== undefined) {
        throw errors.validation([{ field: 'questionId', message: LOOKUP_MESSAGES.questionOnlyForAnswers }]);
      }
      const parentId = kind === 'answer' ? (body.questionId ?? null) : null;
      return db
        .transaction(async (tx) => {
          if (parentId && !(await repository.lockedLiveQuestion(tx, parentId))) {
            throw errors.validation([{ field: 'questionId', message: LOOKUP_MESSAGES.questionUnknown }]);
          }
          if (await repository.liveNameTaken(tx, { kind, parentId, name: body.name })) {
            throw duplicateName(kind);
          }
          const now = clock.now();
          const row = await repository.insert(tx, {
            id: randomUUID(),
            kind,
            name: body.name,
            label: blankToNull(body.label),
            infoContent: blankToNull(body.infoContent),
            parentId,
            createdAt: now,
            updatedAt: now,
            archivedAt: null,
          });
          await audit.record(tx, {
            actor,
            action: 'lookup.create',
            target: target(row),
            before: null,
            after: snapshot(row),
          });
          return toLookup(row);
        })
        .catch(asConflict(kind));
    },

    /** Changes the fields sent; an archived lookup must be restored first. */
    async update(actor: Actor, kind: LookupKind, id: string, body: UpdateLookupBody): Promise<Lookup> {
      return db
        .transaction(async (tx) => {
          const row = await lockedOrMissing(tx, kind, id);
          if (row.archivedAt) throw errors.conflict(LOOKUP_MESSAGES.editArchived);
          const next = {
            name: body.name ?? row.name,
            label: body.label === undefined ? row.label : blankToNull(body.label),
            infoContent: body.infoContent === undefined ? row.infoContent : blankToNull(body.infoContent),
          };
          if (next.name === row.name && next.label === row.label && next.infoContent === row.infoContent) {
            return toLookup(row);
          }
          if (
            next.name !== row.name &&
            (await repository.liveNameTaken(tx, {
              kind,
              parentId: row.parentId,
              name: next.name,
              exceptId: id,
            }))
          ) {
            throw duplicateName(kind);
          }
          const updated = await repository.update(tx, id, { ...next, updatedAt: clock.now() });
          await audit.record(tx, {
            actor,
            action: 'lookup.update',
            target: target(updated),
            before: snapshot(row),
            after: snapshot(updated),
          });
          return toLookup(updated);
        })
        .catch(asConflict(kind));
    },

    /**
     * Deletes a lookup nothing uses; archives one in use (a question with live answers, or one a
     * registered check names), so that what already points at it keeps reading its name.
     */
    async remove(actor: Actor, kind: LookupKind, id: string): Promise<DeleteLookupResponse> {
      const [current] = await repository.byIds(db, [id]);
      if (!current || current.kind !== kind) throw errors.notFound();
      const inUseElsewhere = await usedElsewhere(current);
      return db.transaction(async (tx) => {
        const row = await lockedOrMissing(tx, kind, id);
        if (inUseElsewhere || (kind === 'question' && (await repository.hasLiveAnswers(tx, id)))) {
          return archive(tx, actor, row);
        }
        // In a savepoint: a reference no check reported (picked since the check ran) makes the delete
        // fail, and the lookup is archived instead.
        const deleted = await tx
          .transaction(async (savepoint) => {
            await repository.delete(savepoint, id);
            return true;
          })
          .catch((error: unknown) => {
            if (databaseErrorCode(error) === FOREIGN_KEY_VIOLATION) return false;
            throw error;
          });
        if (!deleted) return archive(tx, actor, row);
        await audit.record(tx, {
          actor,
          action: 'lookup.delete',
          target: target(row),
          before: snapshot(row),
          after: null,
        });
        return { outcome: 'deleted' as const };
      });
    },

    /** Brings an archived lookup back, if its name is still free (and, for an answer, its question is live). */
    async restore(actor: Actor, kind: LookupKind, id: string): Promise<Lookup> {
      return db
        .transaction(async (tx) => {
          const row = await lockedOrMissing(tx, kind, id);
          if (!row.archivedAt) return toLookup(row);
          if (row.parentId && !(await repository.lockedLiveQuestion(tx, row.parentId))) {
            throw errors.conflict(LOOKUP_MESSAGES.restoreQuestionFirst);
          }
          if (await repository.liveNameTaken(tx, { kind, parentId: row.parentId, name: row.name })) {
            throw duplicateName(kind);
          }
          const restored = await repository.update(tx, id, { archivedAt: null, updatedAt: clock.now() });
          await audit.record(tx, {
            actor,
            action: 'lookup.restore',
            target: target(restored),
            before: snapshot(row),
            after: snapshot(restored),
          });
          return toLookup(restored);
        })
        .catch(asConflict(kind));
    },

    /** The live lookups of a kind as dropdown items (SPEC §3), sorted by name, for creators. */
    async dropdownItems(kind: Exclude<LookupKind, 'agency' | 'answer'>): Promise<DropdownItem[]> {
      return sortByName(await repository.live(db, kind)).map(toDropdownItem);
    },

    /** The live answers of live questions, each with its question. */
    async answerItems(): Promise<AnswerItem[]> {
      return sortByName(await repository.live(db, 'answer')).map((row) => ({
        ...toDropdownItem(row),
        questionId: row.parentId ?? '',
      }));
    },

    /** The live agencies as party items (SPEC §3); with a search, those whose name holds it. */
    async agencyParties(search?: string): Promise<PartyItem[]> {
      const text = search?.trim();
      const rows = text
        ? await repository.matchingNames(db, { kind: 'agency', search: text, includeArchived: false })
        : await repository.live(db, 'agency');
      return sortByName(rows)
        .slice(0, text ? AGENCY_SEARCH_LIMIT : undefined)
        .map((row) => ({ partyId: row.id, name: row.name }));
    },

    /** Whether staff have added any live lookup of `kind` (a list a creator can choose from at all). */
    hasLive(kind: Exclude<LookupKind, 'answer'>): Promise<boolean> {
      return repository.hasLive(db, kind);
    },

    /** Which of `ids` are live lookups of `kind`, with their names: for another module checking a choice. */
    /** The live lookups of `kind` named `name` (case and surrounding spaces aside). */
    liveIdsNamed: (kind: LookupKind, name: string, executor: Executor = db) =>
      repository.liveIdsNamed(executor, kind, name),

    async liveNames(kind: LookupKind, ids: readonly string[]): Promise<Map<string, string>> {
      const rows = await repository.byIds(db, ids);
      return new Map(
        rows.filter((row) => row.kind === kind && !row.archivedAt).map((row) => [row.id, row.name]),
      );
    },

    /** The names of lookups by id, archived ones included (what a creator chose keeps its name). */
    async namesOf(ids: readonly string[]): Promise<Map<string, string>> {
      return new Map((await repository.byIds(db, ids)).map((row) => [row.id, row.name]));
    },
  };
}
