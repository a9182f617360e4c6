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
  isNull,
  lt,
  lte,
  ne,
  or,
  sql,
} from 'drizzle-orm';
import type { CountryCoverage, CreatorPlatform } from '@platform/shared';
import type { Executor } from '../../db/client';
import {
  creatorDevices,
  creatorHandles,
  creators,
  creatorTaxRegistrations,
  creatorTermsAcceptances,
} from '../../db/schema/index';
import { containing } from '../../db/search-pattern';
import { creatorHandleWrites } from './creator-handles.repository';

export type CreatorRow = typeof creators.$inferSelect;
export type CreatorPatch = Partial<Omit<CreatorRow, 'accountId' | 'createdAt'>>;
export type HandleRow = typeof creatorHandles.$inferSelect;
export type ParticipantRow = {
  id: string;
  firstName: string | null;
  lastName: string | null;
  country: string | null;
  handle: string | null;
};

export type TaxRegistrationRow = typeof creatorTaxRegistrations.$inferSelect;

export { handleKey } from './creator-handles.repository';

export const HANDLE_TAKEN_INDEX = 'creator_handles_taken_idx';

export const creatorRepository = {
  ...creatorHandleWrites,
  /** The ACTIVE creators who chose any of `artistIds`, with their country. */
  activeChoosingArtists(
    executor: Executor,
    artistIds: readonly string[],
  ): Promise<{ accountId: string; country: string | null }[]> {
    if (artistIds.length === 0) return Promise.resolve([]);
    return executor
      .select({ accountId: creators.accountId, country: creators.country })
      .from(creators)
      .where(and(eq(creators.onboardingStatus, 'ACTIVE'), arrayOverlaps(creators.artistIds, [...artistIds])));
  },

  async insert(executor: Executor, accountId: string, now: Date): Promise<void> {
    await executor
      .insert(creators)
      .values({ accountId, onboardingStatus: 'DATA_CAPTURE', createdAt: now, updatedAt: now });
  },

  async find(executor: Executor, accountId: string): Promise<CreatorRow | undefined> {
    const [row] = await executor.select().from(creators).where(eq(creators.accountId, accountId));
    return row;
  },

  /** The creator's row, locked until the transaction ends, so that two steps never run at once. */
  async lock(executor: Executor, accountId: string): Promise<CreatorRow | undefined> {
    const [row] = await executor
      .select()
      .from(creators)
      .where(eq(creators.accountId, accountId))
      .for('update');
    return row;
  },

  async update(executor: Executor, accountId: string, patch: CreatorPatch): Promise<CreatorRow> {
    const [row] = await executor
      .update(creators)
      .set(patch)
      .where(eq(creators.accountId, accountId))
      .returning();
    if (!row) throw new Error(`no creator ${accountId}`);
    return row;
  },

  handlesOf: (executor: Executor, creatorId: string): Promise<HandleRow[]> =>
    executor.select().from(creatorHandles).where(eq(creatorHandles.creatorId, creatorId)),

  /** The creators' names and their handles on one platform, for staff lists of a campaign's creators. */
  async participantsOf(
    executor: Executor,
    creatorIds: readonly string[],
    platform: CreatorPlatform,
  ): Promise<{ id: string; firstName: string | null; lastName: string | null; handle: string | null }[]> {
    if (creatorIds.length === 0) return [];
    return executor
      .select({
        id: creators.accountId,
        firstName: creators.firstName,
        lastName: creators.lastName,
        handle: creatorHandles.handle,
      })
      .from(creators)
      .leftJoin(
        creatorHandles,
        and(eq(creatorHandles.creatorId, creators.accountId), eq(creatorHandles.platform, platform)),
      )
      .where(inArray(creators.accountId, [...creatorIds]));
  },

  /**
   * A page of ACTIVE creators living where `coverage` says, found by name or handle on `platform`, with
   * their handle there: the creators a campaign may invite.
   */
  async searchEligible(
    executor: Executor,
    filter: {
      coverage: CountryCoverage;
      platform: CreatorPlatform;
      search?: string;
      genreId?: string;
      offset: number;
      limit: number;
    },
  ): Promise<{ rows: ParticipantRow[]; total: number }> {
    const { coverage } = filter;
    if (coverage.kind === 'only' && coverage.countries.length === 0) return { rows: [], total: 0 };
    const pattern = filter.search ? containing(filter.search) : null;
    const where = and(
      eq(creators.onboardingStatus, 'ACTIVE'),
      isNotNull(creators.country),
      coverage.kind === 'allBut' ? ne(creators.country, coverage.country) : undefined,
      coverage.kind === 'only' ? inArray(creators.country, coverage.countries) : undefined,
      filter.genreId ? arrayOverlaps(creators.genreIds, [filter.genreId]) : undefined,
      pattern
        ? or(
            ilike(
              sql`coalesce(${creators.firstName}, '') || ' ' || coalesce(${creators.lastName}, '')`,
              pattern,
            ),
            ilike(creatorHandles.handle, pattern),
          )
        : undefined,
    );
    const joined = and(
      eq(creatorHandles.creatorId, creators.accountId),
      eq(creatorHandles.platform, filter.platform),
    );
    const rows = await executor
      .select({
        id: creators.accountId,
        firstName: creators.firstName,
        lastName: creators.lastName,
        country: creators.country,
        handle: creatorHandles.handle,
      })
      .from(creators)
      .leftJoin(creatorHandles, joined)
      .where(where)
      .orderBy(asc(creators.firstName), asc(creators.lastName), asc(creators.accountId))
      .offset(filter.offset)
      .limit(filter.limit);
    const [counted] = await executor
      .select({ total: count() })
      .from(creators)
      .leftJoin(creatorHandles, joined)
      .where(where);
    return { rows, total: counted?.total ?? 0 };
  },

  async taxRegistrationOf(executor: Executor, creatorId: string): Promise<TaxRegistrationRow | undefined> {
    const [row] = await executor
      .select()
      .from(creatorTaxRegistrations)
      .where(eq(creatorTaxRegistrations.creatorId, creatorId));
    return row;
  },

  async saveTaxRegistration(executor: Executor, row: TaxRegistrationRow): Promise<void> {
    await executor
      .insert(creatorTaxRegistrations)
      .values(row)
      .onConflictDoUpdate({
        target: creatorTaxRegistrations.creatorId,
        set: {
          isRegistered: row.isRegistered,
          type: row.type,
          number: row.number,
          validationStatus: row.validationStatus,
          checkedAt: row.checkedAt,
          checkSource: row.checkSource,
          checkNote: row.checkNote,
          businessName: row.businessName,
          checkReference: row.checkReference,
          checkedOn: row.checkedOn,
          checkedBy: row.checkedBy,
          updatedAt: row.updatedAt,
        },
      });
  },

  /**
   * Keeps a check's outcome on the registration it checked. A number changed while the register was being
   * asked keeps its own outcome: false then, and nothing is written.
   */
  async recordTaxCheck(
    executor: Executor,
    checked: Pick<TaxRegistrationRow, 'creatorId' | 'type' | 'number'>,
    outcome: Pick<
      TaxRegistrationRow,
      | 'validationStatus'
      | 'checkedAt'
      | 'checkSource'
      | 'checkNote'
      | 'businessName'
      | 'checkReference'
      | 'checkedOn'
      | 'checkedBy'
      | 'updatedAt'
    >,
  ): Promise<boolean> {
    const rows = await executor
      .update(creatorTaxRegistrations)
      .set(outcome)
      .where(
        and(
          eq(creatorTaxRegistrations.creatorId, checked.creatorId),
          eq(creatorTaxRegistrations.isRegistered, true),
          eq(creatorTaxRegistrations.type, checked.type),
          eq(creatorTaxRegistrations.number, checked.number ?? ''),
        ),
      )
      .returning({ creatorId: creatorTaxRegistrations.creatorId });
    return rows.length > 0;
  },

  async deleteTaxRegistration(executor: Executor, creatorId: string): Promise<void> {
    await executor.delete(creatorTaxRegistrations).where(eq(creatorTaxRegistrations.creatorId, creatorId));
  },

  async acceptTerms(executor: Executor, creatorId: string, documentId: string, now: Date): Promise<void> {
    await executor
      .insert(creatorTermsAcceptances)
      .values({ creatorId, documentId, acceptedAt: now })
      .onConflictDoNothing();
  },

  async latestAcceptance(
    executor: Executor,
    creatorId: string,
  ): Promise<{ documentId: string; acceptedAt: Date } | undefined> {
    const [row] = await executor
      .select({
        documentId: creatorTermsAcceptances.documentId,
        acceptedAt: creatorTermsAcceptances.acceptedAt,
      })
      .from(creatorTermsAcceptances)
      .where(eq(creatorTermsAcceptances.creatorId, creatorId))
      .orderBy(desc(creatorTermsAcceptances.acceptedAt))
      .limit(1);
    return row;
  },

  async hasAccepted(executor: Executor, creatorId: string, documentId: string): Promise<boolean> {
    const [row] = await executor
      .select({ documentId: creatorTermsAcceptances.documentId })
      .from(creatorTermsAcceptances)
      .where(
        and(
          eq(creatorTermsAcceptances.creatorId, creatorId),
          eq(creatorTermsAcceptances.documentId, documentId),
        ),
      );
    return row !== undefined;
  },

  /**
   * Registers a device for the creator. A token belongs to one device, which may change hands: the latest
   * creator to register it gets its notifications.
   */
  async saveDevice(
    executor: Executor,
    device: {
      id: string;
      creatorId: string;
      deviceToken: string;
      provider: string;
      accepted: boolean;
      note: string;
      registeredAt: Date;
    },
  ): Promise<string> {
    const [row] = await executor
      .insert(creatorDevices)
      .values(device)
      .onConflictDoUpdate({
        target: creatorDevices.deviceToken,
        set: {
          creatorId: device.creatorId,
          provider: device.provider,
          accepted: device.accepted,
          note: device.note,
          registeredAt: device.registeredAt,
        },
      })
      .returning({ id: creatorDevices.id });
    if (!row) throw new Error('the device was not stored');
    return row.id;
  },

  async deleteDevices(executor: Executor, creatorId: string): Promise<void> {
    await executor.delete(creatorDevices).where(eq(creatorDevices.creatorId, creatorId));
  },

  /** The tokens of the creator's devices that may be sent notifications, oldest registration first. */
  async acceptedDeviceTokens(executor: Executor, creatorId: string): Promise<string[]> {
    const rows = await executor
      .select({ deviceToken: creatorDevices.deviceToken })
      .from(creatorDevices)
      .where(and(eq(creatorDevices.creatorId, creatorId), eq(creatorDevices.accepted, true)))
      .orderBy(asc(creatorDevices.registeredAt));
    return rows.map((row) => row.deviceToken);
  },

  /** Removes the device only while it is still the creator's: a token that changed hands is left to its new owner. */
  async deleteDevice(executor: Executor, creatorId: string, deviceToken: string): Promise<boolean> {
    const deleted = await executor
      .delete(creatorDevices)
      .where(and(eq(creatorDevices.creatorId, creatorId), eq(creatorDevices.deviceToken, deviceToken)))
      .returning({ id: creatorDevices.id });
    return deleted.length > 0;
  },

  /**
   * Creators whose wallet creation is due to be tried again, claimed for `claimUntil` so that no other
   * worker takes them meanwhile (a claim that outlives its worker is taken again).
   */
  async claimDueWallets(
    executor: Executor,
    now: Date,
    claimUntil: Date,
    limit: number,
  ): Promise<CreatorRow[]> {
    const due = await executor
      .select({ accountId: creators.accountId })
      .from(creators)
      .where(
        and(
          eq(creators.onboardingStatus, 'WALLET_CREATION_FAILED'),
          lte(creators.walletNextAttemptAt, now),
          or(isNull(creators.walletLockedUntil), lt(creators.walletLockedUntil, now)),
        ),
      )
      .orderBy(creators.walletNextAttemptAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return executor
      .update(creators)
      .set({ walletLockedUntil: claimUntil })
      .where(
        inArray(
          creators.accountId,
          due.map((row) => row.accountId),
        ),
      )
      .returning();
  },

  /** Which of `ids` (lookups) some creator has chosen in `column`. */
  async lookupIdsInUse(
    executor: Executor,
    column: 'genreIds' | 'artistIds' | 'agencyId',
    ids: readonly string[],
  ): Promise<string[]> {
    if (ids.length === 0) return [];
    if (column === 'agencyId') {
      const rows = await executor
        .selectDistinct({ id: creators.agencyId })
        .from(creators)
        .where(inArray(creators.agencyId, [...ids]));
      return rows.flatMap((row) => (row.id ? [row.id] : []));
    }
    const chosen = creators[column];
    const rows = await executor
      .select({ ids: chosen })
      .from(creators)
      .where(arrayOverlaps(chosen, sql`${`{${ids.join(',')}}`}::uuid[]`));
    const wanted = new Set(ids);
    return [...new Set(rows.flatMap((row) => row.ids).filter((id) => wanted.has(id)))];
  },
};
