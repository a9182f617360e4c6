import { and, asc, count, eq, gt, ilike, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { staffInvitations } from '../../db/schema/index';
import { containing } from '../../db/search-pattern';

export type Invitation = typeof staffInvitations.$inferSelect;

/** `text` as a LIKE pattern that matches it anywhere, its own % and _ taken literally. */

/** Neither accepted nor cancelled: waiting for the person, or expired and waiting to be re-sent. */
const open = and(isNull(staffInvitations.acceptedAt), isNull(staffInvitations.cancelledAt));

/** Keys of this module's advisory locks (the two-key form, apart from other modules' one-key locks). */
const INVITATION_EMAIL_LOCK = 7_130_101;

export const staffRepository = {
  async insertInvitation(executor: Executor, invitation: Invitation): Promise<void> {
    await executor.insert(staffInvitations).values(invitation);
  },

  async findInvitation(
    executor: Executor,
    id: string,
    options: { forUpdate?: boolean } = {},
  ): Promise<Invitation | undefined> {
    const query = executor.select().from(staffInvitations).where(eq(staffInvitations.id, id));
    const [invitation] = options.forUpdate ? await query.for('update') : await query;
    return invitation;
  },

  async findInvitationByTokenHash(executor: Executor, tokenHash: string): Promise<Invitation | undefined> {
    const [invitation] = await executor
      .select()
      .from(staffInvitations)
      .where(eq(staffInvitations.tokenHash, tokenHash));
    return invitation;
  },

  /** Whether anyone has been invited to the staff and the invitation not cancelled (open or accepted). */
  async hasUncancelledInvitation(executor: Executor): Promise<boolean> {
    const [row] = await executor
      .select({ id: staffInvitations.id })
      .from(staffInvitations)
      .where(isNull(staffInvitations.cancelledAt))
      .limit(1);
    return row !== undefined;
  },

  /** The newest open invitation to an email, if any. */
  async findOpenInvitationByEmail(executor: Executor, email: string): Promise<Invitation | undefined> {
    const [invitation] = await executor
      .select()
      .from(staffInvitations)
      .where(and(eq(staffInvitations.email, email), open))
      .orderBy(sql`${staffInvitations.createdAt} desc`)
      .limit(1);
    return invitation;
  },

  /** Open invitations, newest sent first, with the total before paging. */
  async listOpenInvitations(
    executor: Executor,
    query: { search?: string | undefined; limit: number; offset: number },
  ): Promise<{ rows: Invitation[]; total: number }> {
    const search = query.search?.trim();
    const where = and(
      open,
      search
        ? or(
            ilike(staffInvitations.email, containing(search)),
            ilike(staffInvitations.displayName, containing(search)),
          )
        : undefined,
    );
    const rows = await executor
      .select()
      .from(staffInvitations)
      .where(where)
      .orderBy(sql`${staffInvitations.sentAt} desc`, asc(staffInvitations.id))
      .limit(query.limit)
      .offset(query.offset);
    const [total] = await executor.select({ value: count() }).from(staffInvitations).where(where);
    return { rows, total: total?.value ?? 0 };
  },

  /** A new link for an invitation: the old token stops working at once. */
  async replaceToken(
    executor: Executor,
    id: string,
    link: { tokenHash: string; sentAt: Date; expiresAt: Date },
  ): Promise<Invitation | undefined> {
    const [invitation] = await executor
      .update(staffInvitations)
      .set(link)
      .where(eq(staffInvitations.id, id))
      .returning();
    return invitation;
  },

  async cancel(executor: Executor, id: string, now: Date): Promise<void> {
    await executor.update(staffInvitations).set({ cancelledAt: now }).where(eq(staffInvitations.id, id));
  },

  /**
   * Marks the invitation accepted only if it is still open and unexpired; false means another request
   * used, cancelled or outlived it first. Concurrent acceptances wait for each other on the row, so only
   * one succeeds.
   */
  async accept(executor: Executor, id: string, now: Date): Promise<boolean> {
    const accepted = await executor
      .update(staffInvitations)
      .set({ acceptedAt: now })
      .where(and(eq(staffInvitations.id, id), open, gt(staffInvitations.expiresAt, now)))
      .returning({ id: staffInvitations.id });
    return accepted.length === 1;
  },

  async linkAccount(executor: Executor, id: string, accountId: string): Promise<void> {
    await executor.update(staffInvitations).set({ accountId }).where(eq(staffInvitations.id, id));
  },

  /** Serialises invitations to one email until the transaction ends, so two Admins cannot both invite it. */
  async lockInvitationsTo(executor: Executor, email: string): Promise<void> {
    await executor.execute(
      sql`select pg_advisory_xact_lock(${INVITATION_EMAIL_LOCK}::int, hashtext(${email}::text))`,
    );
  },
};
