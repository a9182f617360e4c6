import {
  and,
  arrayOverlaps,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type {
  CountryCoverage,
  CreatorConsoleListQuery,
  CreatorPlatform,
  KycStatus,
  TaxValidationStatus,
} from '@platform/shared';
import type { Executor } from '../../db/client';
import { alias } from 'drizzle-orm/pg-core';
import {
  accounts,
  creatorHandles,
  creatorNotes,
  creators,
  creatorTaxRegistrations,
  kycApplications,
} from '../../db/schema/index';
import { containing } from '../../db/search-pattern';

export type CreatorNoteRow = typeof creatorNotes.$inferSelect;
type CreatorRow = typeof creators.$inferSelect;
export type TaxRegistrationRow = typeof creatorTaxRegistrations.$inferSelect;

const decider = alias(accounts, 'decider');

/** The status of the creator's latest identity check, or None: what the creator app shows them too. */
const latestKycStatus = sql<KycStatus>`coalesce((
  select ${kycApplications.status} from ${kycApplications}
  where ${kycApplications.creatorId} = ${creators.accountId}
  order by ${kycApplications.createdAt} desc, ${kycApplications.id} desc
  limit 1
), 'None')`;

/** A registration the creator said they do not have has nothing to validate. */
const taxStatus = sql<TaxValidationStatus | null>`case when ${creatorTaxRegistrations.isRegistered}
  then ${creatorTaxRegistrations.validationStatus} end`;

const hasHandle = (condition: SQL) =>
  sql`exists (select 1 from ${creatorHandles} where ${creatorHandles.creatorId} = ${creators.accountId} and ${condition})`;

const listColumns = {
  id: creators.accountId,
  firstName: creators.firstName,
  lastName: creators.lastName,
  email: accounts.email,
  country: creators.country,
  onboardingStatus: creators.onboardingStatus,
  genreIds: creators.genreIds,
  agencyId: creators.agencyId,
  audienceClusterId: creators.audienceClusterId,
  kycStatus: latestKycStatus,
  taxStatus,
  remindedAt: creators.remindedAt,
  createdAt: creators.createdAt,
};

export type CreatorConsoleRow = {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  country: string | null;
  onboardingStatus: (typeof creators.$inferSelect)['onboardingStatus'];
  genreIds: string[];
  agencyId: string | null;
  audienceClusterId: string | null;
  kycStatus: KycStatus;
  taxStatus: TaxValidationStatus | null;
  remindedAt: Date | null;
  createdAt: Date;
};

/** Where the caller may look: every country, every country but one, or a list (empty: none at all). */
function coverageCondition(coverage: CountryCoverage): SQL | undefined {
  switch (coverage.kind) {
    case 'all':
      return undefined;
    case 'allBut':
      return and(isNotNull(creators.country), ne(creators.country, coverage.country));
    case 'only':
      return inArray(creators.country, coverage.countries);
  }
}

const reachesNone = (coverage: CountryCoverage | undefined) =>
  coverage?.kind === 'only' && coverage.countries.length === 0;

function filters(
  query: CreatorConsoleListQuery,
  coverage: CountryCoverage,
  territory: CountryCoverage | undefined,
): SQL | undefined {
  const pattern = query.search?.trim() ? containing(query.search.trim()) : null;
  return and(
    coverageCondition(coverage),
    territory ? coverageCondition(territory) : undefined,
    query.country ? eq(creators.country, query.country.toUpperCase()) : undefined,
    query.onboardingStatus ? eq(creators.onboardingStatus, query.onboardingStatus) : undefined,
    query.platform ? hasHandle(sql`${creatorHandles.platform} = ${query.platform}`) : undefined,
    query.genreId ? arrayOverlaps(creators.genreIds, [query.genreId]) : undefined,
    query.agencyId ? eq(creators.agencyId, query.agencyId) : undefined,
    query.audienceClusterId ? eq(creators.audienceClusterId, query.audienceClusterId) : undefined,
    query.kycStatus ? sql`${latestKycStatus} = ${query.kycStatus}` : undefined,
    query.taxStatus ? sql`${taxStatus} = ${query.taxStatus}` : undefined,
    pattern
      ? or(
          ilike(
            sql`coalesce(${creators.firstName}, '') || ' ' || coalesce(${creators.lastName}, '')`,
            pattern,
          ),
          ilike(accounts.email, pattern),
          hasHandle(sql`${creatorHandles.handle} ilike ${pattern}`),
        )
      : undefined,
  );
}

export const creatorsConsoleRepository = {
  /** A page of creators the caller may see, newest first, living in `territory` when one is asked for. */
  async list(
    executor: Executor,
    query: CreatorConsoleListQuery,
    coverage: CountryCoverage,
    territory?: CountryCoverage,
  ): Promise<{ rows: CreatorConsoleRow[]; total: number }> {
    if (reachesNone(coverage) || reachesNone(territory)) return { rows: [], total: 0 };
    const where = filters(query, coverage, territory);
    const rows = await executor
      .select(listColumns)
      .from(creators)
      .innerJoin(accounts, eq(accounts.id, creators.accountId))
      .leftJoin(creatorTaxRegistrations, eq(creatorTaxRegistrations.creatorId, creators.accountId))
      .where(where)
      .orderBy(desc(creators.createdAt), asc(creators.accountId))
      .offset((query.page - 1) * query.pageSize)
      .limit(query.pageSize);
    const [counted] = await executor
      .select({ total: count() })
      .from(creators)
      .innerJoin(accounts, eq(accounts.id, creators.accountId))
      .leftJoin(creatorTaxRegistrations, eq(creatorTaxRegistrations.creatorId, creators.accountId))
      .where(where);
    return { rows, total: counted?.total ?? 0 };
  },

  /** One creator as the list shows them, if the caller's coverage reaches them. */
  async find(
    executor: Executor,
    id: string,
    coverage: CountryCoverage,
  ): Promise<CreatorConsoleRow | undefined> {
    if (coverage.kind === 'only' && coverage.countries.length === 0) return undefined;
    const [row] = await executor
      .select(listColumns)
      .from(creators)
      .innerJoin(accounts, eq(accounts.id, creators.accountId))
      .leftJoin(creatorTaxRegistrations, eq(creatorTaxRegistrations.creatorId, creators.accountId))
      .where(and(eq(creators.accountId, id), coverageCondition(coverage)));
    return row;
  },

  handlesOf: (executor: Executor, creatorIds: readonly string[]) =>
    creatorIds.length === 0
      ? Promise.resolve([] as { creatorId: string; platform: CreatorPlatform; handle: string }[])
      : executor
          .select({
            creatorId: creatorHandles.creatorId,
            platform: creatorHandles.platform,
            handle: creatorHandles.handle,
          })
          .from(creatorHandles)
          .where(inArray(creatorHandles.creatorId, [...creatorIds]))
          .orderBy(asc(creatorHandles.platform)),

  /**
   * The creator's own row, account and tax registration, for their page, with the name of whoever checked
   * the registration by hand.
   */
  async profile(executor: Executor, id: string) {
    const [row] = await executor
      .select({
        creator: creators,
        emailVerifiedAt: accounts.emailVerifiedAt,
        lastSignedInAt: accounts.lastSignedInAt,
        tax: creatorTaxRegistrations,
        taxCheckedBy: sql<string | null>`coalesce(${decider.displayName}, ${decider.email})`,
      })
      .from(creators)
      .innerJoin(accounts, eq(accounts.id, creators.accountId))
      .leftJoin(creatorTaxRegistrations, eq(creatorTaxRegistrations.creatorId, creators.accountId))
      .leftJoin(decider, eq(decider.id, creatorTaxRegistrations.checkedBy))
      .where(eq(creators.accountId, id));
    return row;
  },

  /** Every identity check of the creator's, newest first, with who decided it. */
  kycChecksOf: (executor: Executor, creatorId: string) =>
    executor
      .select({
        id: kycApplications.id,
        provider: kycApplications.provider,
        status: kycApplications.status,
        reason: kycApplications.reason,
        submittedAt: kycApplications.submittedAt,
        decidedAt: kycApplications.decidedAt,
        decidedBy: sql<string | null>`coalesce(${decider.displayName}, ${decider.email})`,
      })
      .from(kycApplications)
      .leftJoin(decider, eq(decider.id, kycApplications.decidedBy))
      .where(eq(kycApplications.creatorId, creatorId))
      .orderBy(desc(kycApplications.createdAt), desc(kycApplications.id)),

  notesOf: (executor: Executor, creatorId: string): Promise<CreatorNoteRow[]> =>
    executor
      .select()
      .from(creatorNotes)
      .where(eq(creatorNotes.creatorId, creatorId))
      .orderBy(desc(creatorNotes.createdAt), desc(creatorNotes.id)),

  async insertNote(executor: Executor, note: CreatorNoteRow): Promise<CreatorNoteRow> {
    const [row] = await executor.insert(creatorNotes).values(note).returning();
    if (!row) throw new Error('the note was not stored');
    return row;
  },

  /** The creator's row, held until the transaction ends, so that two edits never interleave. */
  async lockCreator(executor: Executor, id: string): Promise<CreatorRow | undefined> {
    const [row] = await executor.select().from(creators).where(eq(creators.accountId, id)).for('update');
    return row;
  },

  taxRegistrationOf: async (executor: Executor, creatorId: string) => {
    const [row] = await executor
      .select()
      .from(creatorTaxRegistrations)
      .where(eq(creatorTaxRegistrations.creatorId, creatorId));
    return row;
  },

  /** The creator's tax registration, held until the transaction ends, so that a check by hand and a new
   * number never interleave. */
  async lockTaxRegistration(executor: Executor, creatorId: string): Promise<TaxRegistrationRow | undefined> {
    const [row] = await executor
      .select()
      .from(creatorTaxRegistrations)
      .where(eq(creatorTaxRegistrations.creatorId, creatorId))
      .for('update');
    return row;
  },

  /** Which of `ids` some creator is placed in, so that a cluster in use is archived, not deleted. */
  async audienceClustersInUse(executor: Executor, ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await executor
      .selectDistinct({ id: creators.audienceClusterId })
      .from(creators)
      .where(inArray(creators.audienceClusterId, [...ids]));
    return rows.flatMap((row) => (row.id ? [row.id] : []));
  },
};
