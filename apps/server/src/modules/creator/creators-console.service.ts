import { randomUUID } from 'node:crypto';
import {
  AUDIENCE_CLUSTER_UNKNOWN,
  countryCoverage,
  CREATOR_MESSAGES,
  creatorFieldLabel,
  ERROR_CODES,
  invalidFieldsMessage,
  handleProfileUrl,
  isUuid,
  latestTaxCheckDay,
  normalizeVatNumber,
  ONBOARDING_STEPS,
  TAX_CHECKED_BY_SUPPORT,
  TAX_REGISTER_NAMES,
  TAX_VERIFICATION_MESSAGES,
  taxRegistrationTypeFor,
  unconfirmableTaxReason,
  type CountryCoverage,
  type CreatorDetails,
  type CreatorReminder,
  type FieldError,
  type ReminderChannel,
  type CreatorConsoleDetail,
  type CreatorConsoleItem,
  type CreatorConsoleListQuery,
  type CreatorConsoleListResponse,
  type CreatorHandleLink,
  type CreatorNote,
  type CreatorNoteBody,
  type MessageResponse,
  type TaxVerification,
  type TaxVerificationBody,
  type Entry,
  type Payment,
  type Rsvp,
} from '@platform/shared';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { AppError, errors } from '../../errors';
import type { Actor, StaffCaller } from '../../principal';
import type { AuditService } from '../audit/audit.service';
import type { AuthService } from '../auth/auth.service';
import { emailTemplates, type EmailService } from '../email/email.service';
import type { NotificationsService } from '../notifications/notifications.service';
import type { TerritoriesService } from '../territories/territories.service';
import {
  creatorsConsoleRepository as repository,
  type CreatorConsoleRow,
  type CreatorDetailsColumns,
  type CreatorNoteRow,
  type TaxRegistrationRow,
} from './creators-console.repository';
import type { LookupsService } from '../lookups/lookups.service';

/** Sends a push to a creator's devices at once: the notifications module's, once it is built. */
export type PushNow = NotificationsService['pushNow'];

/** What the creator's page reads of the campaigns they take part in, from the modules that own them. */
export type ParticipationSource = {
  rsvpsOf: (creatorId: string) => Promise<Rsvp[]>;
  entriesOf: (creatorId: string, campaignIds: readonly string[]) => Promise<Entry[]>;
  campaignNames: (ids: string[]) => Promise<Map<string, string>>;
};

export type CreatorsConsoleService = ReturnType<typeof createCreatorsConsoleService>;

const toItem = (row: CreatorConsoleRow, handles: CreatorHandleLink[]): CreatorConsoleItem => ({
  id: row.id,
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  country: row.country,
  onboardingStatus: row.onboardingStatus,
  handles,
  genreIds: row.genreIds,
  agencyId: row.agencyId,
  audienceClusterId: row.audienceClusterId,
  kycStatus: row.kycStatus,
  taxStatus: row.taxStatus,
  remindedAt: row.remindedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

const iso = (value: Date | null) => value?.toISOString() ?? null;

const toNote = (row: CreatorNoteRow): CreatorNote => ({
  id: row.id,
  authorName: row.authorName,
  body: row.body,
  createdAt: row.createdAt.toISOString(),
});

const REMINDER = {
  title: 'Finish setting up your account',
  body: 'You are nearly there: open the app to finish setting up your account and start taking part in campaigns.',
};

/**
 * A 422 listing the details refused (SPEC §5), named as the creator's own form names them; the audience
 * cluster, which that form does not have, as the console does.
 */
export function invalidDetails(details: FieldError[]): AppError {
  const labels = details.map((detail) =>
    detail.field === 'audienceClusterId' ? 'Audience cluster' : creatorFieldLabel(detail.field),
  );
  return new AppError(422, ERROR_CODES.invalidFields, invalidFieldsMessage([...new Set(labels)]), details);
}

/** The stored form of the details, as the creator's own profile form stores them. */
function detailsColumns(
  details: CreatorDetails,
  audienceClusterId: string | null,
  now: Date,
): CreatorDetailsColumns {
  const { address } = details;
  return {
    firstName: details.firstName,
    lastName: details.lastName,
    dateOfBirth: details.dateOfBirth,
    gender: details.gender,
    dialCode: details.dialCode,
    mobile: details.mobile.replace(/\s+/g, ''),
    country: address.country,
    addressLine1: address.line1,
    addressLine2: address.line2 || null,
    city: address.city,
    stateProvince: address.stateProvince
      ? address.country === 'US'
        ? address.stateProvince.toUpperCase()
        : address.stateProvince
      : null,
    postcode: address.postcode.toUpperCase(),
    audienceClusterId,
    updatedAt: now,
  };
}

/** A deactivated account is written to no more. */
const deactivated = () =>
  errors.conflict('This creator’s account is deactivated: their details can no longer be changed.');

/** Support's check by hand of a registration, while it is the registration's latest check. */
function verificationOf(tax: TaxRegistrationRow, decidedBy: string | null): TaxVerification | null {
  if (tax.checkSource !== TAX_CHECKED_BY_SUPPORT || !tax.checkedOn || !tax.checkedAt) return null;
  return {
    outcome: tax.validationStatus === 'valid' ? 'VERIFIED' : 'NOT_VALID',
    note: tax.checkNote ?? '',
    reference: tax.checkReference,
    checkedOn: tax.checkedOn,
    decidedBy,
    decidedAt: tax.checkedAt.toISOString(),
  };
}

/** The registers that answer for themselves: a number one of them confirmed or refused is not checked by hand. */
const REGISTER_BY_SOURCE: Readonly<Record<string, string>> = {
  hmrc: TAX_REGISTER_NAMES.VAT,
  abr: TAX_REGISTER_NAMES.ABN,
};

/**
 * Why Support may not record a check by hand of this registration now, or null when they may: a number
 * must be registered, no register may have answered for it, and its confirmation must put VAT or GST on
 * the creator's invoices.
 */
function byHandObstacle(country: string | null, tax: TaxRegistrationRow | undefined): string | null {
  if (!tax?.isRegistered || !tax.number) return TAX_VERIFICATION_MESSAGES.nothingToCheck;
  const register = tax.checkSource ? REGISTER_BY_SOURCE[tax.checkSource] : undefined;
  if (register && tax.validationStatus !== 'not verified') {
    return TAX_VERIFICATION_MESSAGES.checkedByRegister(register);
  }
  const pointless = unconfirmableTaxReason({
    country: country ?? '',
    taxRegistration: { isRegistered: true, type: tax.type, number: tax.number },
  });
  return pointless ? `A check by hand would change nothing on this creator’s invoices. ${pointless}.` : null;
}

/** A reminder makes sense only to a creator part way through onboarding. */
const notInAStep = () =>
  errors.conflict('This creator is not part way through onboarding: there is nothing to remind them of.');

/** The console's view of creators (issue 13): staff find them, read them and act on them by grant. */
export function createCreatorsConsoleService(dependencies: {
  db: Database;
  clock: Clock;
  audit: AuditService;
  authService: Pick<AuthService, 'revokeAllSessions' | 'sendVerificationFor'>;
  emailService: EmailService;
  territoriesService: Pick<TerritoriesService, 'activeForCreators'>;
  lookupsService: Pick<LookupsService, 'liveNames'>;
  publicUrl: string;
}) {
  const { db, clock, audit, authService, emailService, territoriesService, lookupsService, publicUrl } =
    dependencies;
  /** Until the payments module answers (it is built after this one), a creator has no payments to show. */
  let paymentsOf: (creatorId: string) => Promise<Payment[]> = async () => [];
  /** Until the notifications module answers (it is built after this one), no push goes out. */
  let pushNow: PushNow = async () => ({ sent: 0, note: 'Push notifications are not available.' });
  /** Likewise the RSVPs, entries and campaign names, from modules built after this one. */
  let participation: ParticipationSource = {
    rsvpsOf: async () => [],
    entriesOf: async () => [],
    campaignNames: async () => new Map(),
  };

  async function campaignsOf(creatorId: string): Promise<CreatorConsoleDetail['campaigns']> {
    const rsvps = await participation.rsvpsOf(creatorId);
    const ids = [...new Set(rsvps.map((rsvp) => rsvp.campaignId))];
    const names = await participation.campaignNames(ids);
    const entries = await participation.entriesOf(creatorId, ids);
    return rsvps.map((rsvp) => ({
      campaignName: names.get(rsvp.campaignId) ?? '',
      rsvp,
      entries: entries.filter((entry) => entry.campaignId === rsvp.campaignId),
    }));
  }

  /**
   * The countries whose creators the caller reaches: a TerritoryManager those their live territories cover
   * (DESIGN §6), everyone else every country. A creator who has not said where they live is in no
   * territory yet.
   */
  async function coverageOf(caller: StaffCaller): Promise<CountryCoverage> {
    if (caller.scope.kind !== 'territory') return { kind: 'all' };
    const reach = new Set(caller.scope.territoryIds);
    const territories = await territoriesService.activeForCreators();
    return countryCoverage(
      territories
        .filter((territory) => reach.has(territory.id))
        .map((territory) => territory.countryCodeISO2),
    );
  }

  /** The countries of one live territory; an archived or unknown one covers none. */
  async function territoryCoverage(territoryId: string): Promise<CountryCoverage> {
    const territory = (await territoriesService.activeForCreators()).find(
      (candidate) => candidate.id === territoryId.toLowerCase(),
    );
    return territory ? countryCoverage([territory.countryCodeISO2]) : { kind: 'only', countries: [] };
  }

  async function handlesBy(creatorIds: readonly string[]): Promise<Map<string, CreatorHandleLink[]>> {
    const byCreator = new Map<string, CreatorHandleLink[]>();
    for (const { creatorId, platform, handle } of await repository.handlesOf(db, creatorIds)) {
      const list = byCreator.get(creatorId) ?? [];
      list.push({ platform, handle, url: handleProfileUrl(platform, handle) });
      byCreator.set(creatorId, list);
    }
    return byCreator;
  }

  /** The creator, if the caller's scope reaches them; anyone else is missing (404), as DESIGN §6 says. */
  async function reachable(executor: Database, caller: StaffCaller, id: string): Promise<CreatorConsoleRow> {
    const row = isUuid(id) ? await repository.find(executor, id, await coverageOf(caller)) : undefined;
    if (!row) throw errors.notFound();
    return row;
  }

  const labelOf = (row: CreatorConsoleRow) =>
    [row.firstName, row.lastName].filter(Boolean).join(' ') || row.email;
  const targetOf = (row: CreatorConsoleRow) => ({ type: 'creator', id: row.id, label: labelOf(row) });

  return {
    coverageOf,

    usePayments(source: (creatorId: string) => Promise<Payment[]>): void {
      paymentsOf = source;
    },

    useParticipation(source: ParticipationSource): void {
      participation = source;
    },

    usePush(source: PushNow): void {
      pushNow = source;
    },

    /** Which of `ids` some creator is placed in (the lookups' check before deleting a cluster). */
    audienceClustersInUse: (ids: readonly string[]) => repository.audienceClustersInUse(db, ids),

    /** GET /server-api/marketing/creators/{id}. */
    async detail(caller: StaffCaller, id: string): Promise<CreatorConsoleDetail> {
      const row = await reachable(db, caller, id);
      const profile = await repository.profile(db, row.id);
      if (!profile) throw errors.notFound();
      const { creator, tax, taxCheckedBy } = profile;
      const handles = await handlesBy([row.id]);
      const checks = await repository.kycChecksOf(db, row.id);
      const notes = await repository.notesOf(db, row.id);
      const payments = await paymentsOf(row.id);
      const campaigns = await campaignsOf(row.id);
      return {
        ...toItem(row, handles.get(row.id) ?? []),
        emailVerified: profile.emailVerifiedAt !== null,
        lastSignedInAt: iso(profile.lastSignedInAt),
        dateOfBirth: creator.dateOfBirth,
        gender: creator.gender,
        dialCode: creator.dialCode,
        mobile: creator.mobile,
        address: {
          line1: creator.addressLine1,
          line2: creator.addressLine2,
          city: creator.city,
          stateProvince: creator.stateProvince,
          postcode: creator.postcode,
          country: creator.country,
        },
        youtubeChannelId: creator.youtubeChannelId,
        artistIds: creator.artistIds,
        taxRegistration: tax
          ? {
              isRegistered: tax.isRegistered,
              type: tax.type,
              number: tax.number,
              validationStatus: tax.validationStatus,
              checkedAt: iso(tax.checkedAt),
              checkSource: tax.checkSource,
              checkNote: tax.checkNote,
              businessName: tax.businessName,
              verification: verificationOf(tax, taxCheckedBy),
              checkableByHand:
                creator.onboardingStatus !== 'INACTIVE' && !byHandObstacle(creator.country, tax),
            }
          : null,
        kycChecks: checks.map((check) => ({
          id: check.id,
          provider: check.provider,
          status: check.status,
          reason: check.reason,
          submittedAt: iso(check.submittedAt),
          decidedAt: iso(check.decidedAt),
          decidedBy: check.decidedBy,
        })),
        campaigns,
        payments,
        notes: notes.map(toNote),
      };
    },

    /** POST /server-api/marketing/creators/{id}/notes. */
    async addNote(caller: StaffCaller & Pick<Actor, 'requestId'>, id: string, body: CreatorNoteBody) {
      const row = await reachable(db, caller, id);
      return db.transaction(async (tx) => {
        const note = await repository.insertNote(tx, {
          id: randomUUID(),
          creatorId: row.id,
          authorId: caller.accountId,
          authorName: caller.email,
          body: body.body,
          createdAt: clock.now(),
        });
        await audit.record(tx, {
          actor: caller,
          action: 'creator.note',
          target: targetOf(row),
          after: { noteId: note.id },
        });
        return toNote(note);
      });
    },

    /** POST /server-api/marketing/creators/{id}/end-sessions: every device the creator is signed in on. */
    async endSessions(caller: StaffCaller & Pick<Actor, 'requestId'>, id: string): Promise<MessageResponse> {
      const row = await reachable(db, caller, id);
      await db.transaction(async (tx) => {
        await authService.revokeAllSessions(tx, row.id);
        await audit.record(tx, { actor: caller, action: 'creator.end-sessions', target: targetOf(row) });
      });
      return { message: 'The creator is signed out everywhere.' };
    },

    /** POST /server-api/marketing/creators/{id}/resend-verification. */
    async resendVerification(
      caller: StaffCaller & Pick<Actor, 'requestId'>,
      id: string,
    ): Promise<MessageResponse> {
      const row = await reachable(db, caller, id);
      const sent = await authService.sendVerificationFor(row.id, (tx) =>
        audit.record(tx, { actor: caller, action: 'creator.resend-verification', target: targetOf(row) }),
      );
      if (!sent) return { message: 'This email address is verified already.' };
      return { message: 'A new verification email is on its way.' };
    },

    /**
     * POST /server-api/marketing/creators/{id}/remind (PING_ONBOARDING): an email asking a creator stuck
     * in a step to finish, and a push to their devices; the creator's step does not change, only when they
     * were last reminded. The push goes first, so that what is recorded says whether it reached them.
     */
    async remind(caller: StaffCaller & Pick<Actor, 'requestId'>, id: string): Promise<CreatorReminder> {
      const row = await reachable(db, caller, id);
      if (!(ONBOARDING_STEPS as readonly string[]).includes(row.onboardingStatus)) throw notInAStep();
      const pushed = await pushNow(row.id, { ...REMINDER, data: { event: 'PING_ONBOARDING', link: '/' } });
      const channels: ReminderChannel[] = pushed.sent > 0 ? ['email', 'push'] : ['email'];
      const now = clock.now();
      await db.transaction(async (tx) => {
        await repository.markReminded(tx, row.id, now);
        await emailService.enqueue(
          tx,
          row.email,
          emailTemplates.notification({ ...REMINDER, url: `${publicUrl}/` }),
        );
        await audit.record(tx, {
          actor: caller,
          action: 'creator.remind',
          target: targetOf(row),
          before: { remindedAt: iso(row.remindedAt) },
          after: {
            remindedAt: now.toISOString(),
            onboardingStatus: row.onboardingStatus,
            channels,
            pushNote: pushed.note,
          },
        });
      });
      emailService.notifyEnqueued();
      const handles = await handlesBy([row.id]);
      return {
        creator: toItem({ ...row, remindedAt: now }, handles.get(row.id) ?? []),
        channels,
        pushNote: pushed.note,
      };
    },

    /**
     * PATCH /server-api/marketing/creators/{id}: Support corrects a creator's details, name and date of
     * birth included (the creator cannot change those once their identity is checked, and is told to ask
     * Support). The shared rules have been applied; a new country must still fit the tax registration the
     * creator declared. Nothing is written unless all of it is.
     */
    async editDetails(
      caller: StaffCaller & Pick<Actor, 'requestId'>,
      id: string,
      details: CreatorDetails,
    ): Promise<void> {
      const found = await reachable(db, caller, id);
      const problems: FieldError[] = [];
      const cluster = details.audienceClusterId;
      // A cluster the creator is in already stays, archived or not; a new one must be live.
      if (cluster && cluster !== found.audienceClusterId) {
        const live = await lookupsService.liveNames('audience-cluster', [cluster]);
        if (!live.has(cluster))
          problems.push({ field: 'audienceClusterId', message: AUDIENCE_CLUSTER_UNKNOWN });
      }
      const tax = await repository.taxRegistrationOf(db, found.id);
      if (tax?.isRegistered) {
        const applies = taxRegistrationTypeFor(details.address.country);
        if (applies !== tax.type) {
          problems.push({
            field: 'address.country',
            message:
              applies === null
                ? CREATOR_MESSAGES.taxNotApplicable
                : CREATOR_MESSAGES.taxTypeForCountry(applies),
          });
        }
      }
      if (problems.length > 0) throw invalidDetails(problems);
      await db.transaction(async (tx) => {
        const row = await repository.lockCreator(tx, found.id);
        if (!row) throw errors.notFound();
        if (row.onboardingStatus === 'INACTIVE') throw deactivated();
        const columns = detailsColumns(
          details,
          details.audienceClusterId === undefined ? row.audienceClusterId : details.audienceClusterId,
          clock.now(),
        );
        const changed = (Object.keys(columns) as (keyof CreatorDetailsColumns)[]).filter(
          (key) => key !== 'updatedAt' && row[key] !== columns[key],
        );
        if (changed.length === 0) return;
        await repository.updateDetails(tx, row.accountId, columns);
        await audit.record(tx, {
          actor: caller,
          action: 'creator.edit',
          target: targetOf(found),
          before: Object.fromEntries(changed.map((key) => [key, row[key]])),
          after: Object.fromEntries(changed.map((key) => [key, columns[key]])),
        });
      });
    },

    /**
     * POST /server-api/marketing/creators/{id}/tax-verification: Support checked the creator's VAT number or
     * ABN by hand (with HMRC's or the ABR's public services, a certificate, a call) where no register could
     * confirm it. VERIFIED makes it valid, which the invoices issued from then on honour as they would a
     * register's answer; NOT_VALID makes it invalid, with the reason the creator reads. Invoices already
     * issued stay as they are (ADR 022). The check lasts while the number does.
     */
    async verifyTax(
      caller: StaffCaller & Pick<Actor, 'requestId'>,
      id: string,
      body: TaxVerificationBody,
    ): Promise<void> {
      const found = await reachable(db, caller, id);
      const now = clock.now();
      if (body.checkedOn > latestTaxCheckDay(now)) {
        throw errors.validation([
          { field: 'checkedOn', message: TAX_VERIFICATION_MESSAGES.checkedOnInFuture },
        ]);
      }
      await db.transaction(async (tx) => {
        const row = await repository.lockCreator(tx, found.id);
        if (!row) throw errors.notFound();
        if (row.onboardingStatus === 'INACTIVE') throw errors.conflict(TAX_VERIFICATION_MESSAGES.deactivated);
        const tax = await repository.lockTaxRegistration(tx, row.accountId);
        const obstacle = byHandObstacle(row.country, tax);
        if (obstacle === TAX_VERIFICATION_MESSAGES.nothingToCheck || !tax?.number) {
          throw errors.conflict(TAX_VERIFICATION_MESSAGES.nothingToCheck);
        }
        const number = tax.type === 'VAT' ? normalizeVatNumber(body.number) : body.number.trim();
        if (number !== tax.number) throw errors.conflict(TAX_VERIFICATION_MESSAGES.numberChanged);
        if (obstacle) throw errors.conflict(obstacle);
        const validationStatus = body.outcome === 'VERIFIED' ? 'valid' : 'invalid';
        const check = {
          validationStatus,
          checkedAt: now,
          checkSource: TAX_CHECKED_BY_SUPPORT,
          checkNote: body.note ?? '',
          checkReference: body.reference || null,
          checkedOn: body.checkedOn,
          checkedBy: caller.accountId,
          updatedAt: now,
        } as const;
        await repository.recordTaxCheckByHand(tx, row.accountId, check);
        await audit.record(tx, {
          actor: caller,
          action: body.outcome === 'VERIFIED' ? 'creator.tax-verified' : 'creator.tax-not-valid',
          target: targetOf(found),
          before: {
            number: tax.number,
            validationStatus: tax.validationStatus,
            checkSource: tax.checkSource,
            checkNote: tax.checkNote,
          },
          after: {
            number: tax.number,
            validationStatus,
            checkSource: TAX_CHECKED_BY_SUPPORT,
            checkNote: check.checkNote,
            checkReference: check.checkReference,
            checkedOn: check.checkedOn,
          },
        });
      });
    },

    /** GET /server-api/marketing/creators. */
    async list(caller: StaffCaller, query: CreatorConsoleListQuery): Promise<CreatorConsoleListResponse> {
      const { rows, total } = await repository.list(
        db,
        query,
        await coverageOf(caller),
        query.territoryId ? await territoryCoverage(query.territoryId) : undefined,
      );
      const handles = await handlesBy(rows.map((row) => row.id));
      return {
        items: rows.map((row) => toItem(row, handles.get(row.id) ?? [])),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },
  };
}
