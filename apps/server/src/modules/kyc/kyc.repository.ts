import { count, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { KycStatus } from '@platform/shared';
import type { Executor } from '../../db/client';
import { accounts, creators, kycApplications } from '../../db/schema/index';

export type KycApplicationRow = typeof kycApplications.$inferSelect;
export type KycApplicationPatch = Partial<Omit<KycApplicationRow, 'id' | 'creatorId' | 'createdAt'>>;

const decider = alias(accounts, 'decider');

/** An application as the review queue shows it: with the creator's name, email and details. */
const reviewColumns = {
  application: kycApplications,
  email: accounts.email,
  firstName: creators.firstName,
  lastName: creators.lastName,
  country: creators.country,
  dateOfBirth: creators.dateOfBirth,
  decidedBy: sql<string | null>`coalesce(${decider.displayName}, ${decider.email})`,
};

export const kycRepository = {
  async latestOf(executor: Executor, creatorId: string): Promise<KycApplicationRow | undefined> {
    const [row] = await executor
      .select()
      .from(kycApplications)
      .where(eq(kycApplications.creatorId, creatorId))
      .orderBy(desc(kycApplications.createdAt), desc(kycApplications.id))
      .limit(1);
    return row;
  },

  async insert(executor: Executor, row: KycApplicationRow): Promise<KycApplicationRow> {
    const [inserted] = await executor.insert(kycApplications).values(row).returning();
    if (!inserted) throw new Error('the identity check was not stored');
    return inserted;
  },

  async update(executor: Executor, id: string, patch: KycApplicationPatch): Promise<KycApplicationRow> {
    const [row] = await executor
      .update(kycApplications)
      .set(patch)
      .where(eq(kycApplications.id, id))
      .returning();
    if (!row) throw new Error(`no identity check ${id}`);
    return row;
  },

  async lock(executor: Executor, id: string): Promise<KycApplicationRow | undefined> {
    const [row] = await executor
      .select()
      .from(kycApplications)
      .where(eq(kycApplications.id, id))
      .for('update');
    return row;
  },

  async byCheckId(executor: Executor, checkId: string): Promise<KycApplicationRow | undefined> {
    const [row] = await executor.select().from(kycApplications).where(eq(kycApplications.checkId, checkId));
    return row;
  },

  /** A page of applications in one status, oldest submission first: the queue is worked in order. */
  async listByStatus(executor: Executor, status: KycStatus, offset: number, limit: number) {
    const where = eq(kycApplications.status, status);
    const rows = await executor
      .select(reviewColumns)
      .from(kycApplications)
      .innerJoin(creators, eq(creators.accountId, kycApplications.creatorId))
      .innerJoin(accounts, eq(accounts.id, kycApplications.creatorId))
      .leftJoin(decider, eq(decider.id, kycApplications.decidedBy))
      .where(where)
      .orderBy(sql`${kycApplications.submittedAt} asc nulls last`, kycApplications.id)
      .limit(limit)
      .offset(offset);
    const [total] = await executor.select({ value: count() }).from(kycApplications).where(where);
    return { rows, total: total?.value ?? 0 };
  },

  async review(executor: Executor, id: string) {
    const [row] = await executor
      .select(reviewColumns)
      .from(kycApplications)
      .innerJoin(creators, eq(creators.accountId, kycApplications.creatorId))
      .innerJoin(accounts, eq(accounts.id, kycApplications.creatorId))
      .leftJoin(decider, eq(decider.id, kycApplications.decidedBy))
      .where(eq(kycApplications.id, id));
    return row;
  },
};
export type KycReviewRow = NonNullable<Awaited<ReturnType<typeof kycRepository.review>>>;
