import { randomUUID } from 'node:crypto';
import { and, eq, lt, or, isNull, lte, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { idempotencyKeys } from '../db/schema/index';

/** Whose key it is and where it was sent: the same key elsewhere, or from someone else, is another key. */
export type IdempotencyScope = { accountId: string; method: string; route: string; key: string };

export type StoredAnswer = {
  status: number;
  contentType: string | null;
  headers: Record<string, string | string[]>;
  body: Buffer;
};

export type KeyState = { requestHash: string; answer: StoredAnswer | null };

export type IdempotencyStore = {
  /**
   * Takes the key for this request, in one statement that concurrent requests (in any process) race on
   * at the primary key. Returns the claim's id, or null when another request holds the key.
   */
  claim(scope: IdempotencyScope, requestHash: string): Promise<string | null>;
  find(scope: IdempotencyScope): Promise<KeyState | null>;
  /** Records the answer, unless the claim was taken over meanwhile. */
  complete(scope: IdempotencyScope, claimId: string, answer: StoredAnswer): Promise<void>;
  /** Lets the key go, so that a retry runs the request again. */
  release(scope: IdempotencyScope, claimId: string): Promise<void>;
  /** Housekeeping: deletes keys older than their retention; returns how many. */
  purgeExpired(): Promise<number>;
};

const HOUR_MS = 3600 * 1000;
export const IDEMPOTENCY_KEY_RETENTION_MS = 24 * HOUR_MS;
/**
 * A claim with no answer after this long belongs to a process that died mid-request (no handler runs
 * this long: requests arrive within 30 s and writes are short transactions), so a retry may take it.
 */
export const ABANDONED_CLAIM_MS = 60 * 1000;

const inScope = (scope: IdempotencyScope) =>
  and(
    eq(idempotencyKeys.accountId, scope.accountId),
    eq(idempotencyKeys.method, scope.method),
    eq(idempotencyKeys.route, scope.route),
    eq(idempotencyKeys.key, scope.key),
  );

export function createIdempotencyStore(db: Database, clock: Clock): IdempotencyStore {
  const ago = (milliseconds: number) => new Date(clock.now().getTime() - milliseconds);

  return {
    async claim(scope, requestHash) {
      const claimId = randomUUID();
      // An expired key, or a claim abandoned by a process that died, is taken over in the same statement;
      // a live one is left alone. PostgreSQL re-reads the conflicting row under its lock before deciding,
      // so two requests can never both take it.
      const [claimed] = await db
        .insert(idempotencyKeys)
        .values({ ...scope, requestHash, claimId, claimedAt: clock.now() })
        .onConflictDoUpdate({
          target: [
            idempotencyKeys.accountId,
            idempotencyKeys.method,
            idempotencyKeys.route,
            idempotencyKeys.key,
          ],
          set: {
            requestHash: sql`excluded.request_hash`,
            claimId: sql`excluded.claim_id`,
            claimedAt: sql`excluded.claimed_at`,
            completedAt: null,
            responseStatus: null,
            responseContentType: null,
            responseHeaders: null,
            responseBody: null,
          },
          setWhere: or(
            lt(idempotencyKeys.claimedAt, ago(IDEMPOTENCY_KEY_RETENTION_MS)),
            and(isNull(idempotencyKeys.completedAt), lte(idempotencyKeys.claimedAt, ago(ABANDONED_CLAIM_MS))),
          ),
        })
        .returning({ claimId: idempotencyKeys.claimId });
      return claimed?.claimId === claimId ? claimId : null;
    },

    async find(scope) {
      const [row] = await db
        .select({
          requestHash: idempotencyKeys.requestHash,
          completedAt: idempotencyKeys.completedAt,
          status: idempotencyKeys.responseStatus,
          contentType: idempotencyKeys.responseContentType,
          headers: idempotencyKeys.responseHeaders,
          body: idempotencyKeys.responseBody,
        })
        .from(idempotencyKeys)
        .where(inScope(scope));
      if (!row) return null;
      const { requestHash, completedAt, status, contentType, headers, body } = row;
      return {
        requestHash,
        answer:
          completedAt && status !== null && body !== null
            ? { status, contentType, headers: headers ?? {}, body }
            : null,
      };
    },

    async complete(scope, claimId, answer) {
      await db
        .update(idempotencyKeys)
        .set({
          completedAt: clock.now(),
          responseStatus: answer.status,
          responseContentType: answer.contentType,
          responseHeaders: answer.headers,
          responseBody: answer.body,
        })
        .where(and(inScope(scope), eq(idempotencyKeys.claimId, claimId)));
    },

    async release(scope, claimId) {
      await db.delete(idempotencyKeys).where(and(inScope(scope), eq(idempotencyKeys.claimId, claimId)));
    },

    async purgeExpired() {
      const purged = await db
        .delete(idempotencyKeys)
        .where(lt(idempotencyKeys.claimedAt, ago(IDEMPOTENCY_KEY_RETENTION_MS)))
        .returning({ key: idempotencyKeys.key });
      return purged.length;
    },
  };
}
