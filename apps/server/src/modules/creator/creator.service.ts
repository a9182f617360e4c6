import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  abnStatusMessage,
  CREATOR_FIELD_LABELS,
  choiceMissing,
  CREATOR_MESSAGES,
  countryName,
  creatorFieldLabel,
  DEACTIVATION_MESSAGE,
  DEFAULT_TAX_VALIDATION_STATUS,
  ERROR_CODES,
  hasReachedStep,
  invalidFieldsMessage,
  nextOnboardingStatus,
  normalizeVatNumber,
  SOCIAL_HANDLE_MESSAGES,
  TAX_CHECKED_BY_SUPPORT,
  TAX_COMPLIANCE_BY_VALIDATION,
  TAX_MESSAGES,
  TRACKING_PERMISSION_GROUPS,
  type ArtistSelectionBody,
  type CreatorInfo,
  type CountryCoverage,
  type CreatorPlatform,
  type CreatorProfile,
  type DeviceRegistrationResponse,
  type FieldError,
  type HandleCheckResponse,
  type OnboardingEvent,
  type OnboardingStatus,
  type TaxComplianceResponse,
  type TaxRegistrationType,
  type InvoiceTaxRegistration,
  type TaxValidationStatus,
  type TrackingPermissions,
  type UserInfoBody,
  type WalletState,
} from '@platform/shared';
import type { PayoutsProvider } from '../../adapters/payouts/payouts-provider';
import { PayoutsRejected, PayoutsUnavailable } from '../../adapters/payouts/payouts-provider';
import type { DeviceRegistration, PushSender } from '../../adapters/push/push-sender';
import type { TaxChecker } from '../../adapters/tax/tax-checker';
import type { Clock } from '../../clock';
import type { Database, Executor } from '../../db/client';
import { AppError, errors } from '../../errors';
import type { RequestUser } from '../../principal';
import type { AuthService } from '../auth/auth.service';
import type { LegalService } from '../legal/legal.service';
import type { LookupsService } from '../lookups/lookups.service';
import {
  creatorRepository as repository,
  handleKey,
  HANDLE_TAKEN_INDEX,
  type CreatorPatch,
  type CreatorRow,
  type TaxRegistrationRow,
} from './creator.repository';
import { kycReasonFor, kycSummaryOf } from './kyc-summary';

export type CreatorService = ReturnType<typeof createCreatorService>;

export { KYC_CLOSED_STATUSES, type KycSummary } from './kyc-summary';

const WALLET_RETRY_FIRST_MS = 60_000;
const WALLET_RETRY_LONGEST_MS = 6 * 3600_000;
/** After this many failed attempts the platform stops trying on its own and staff take over. */
export const WALLET_MAX_ATTEMPTS = 20;
const WALLET_CLAIM_MS = 2 * 60_000;

/** What the creator reads about a payout wallet the provider did not create. */
export const WALLET_NOTES = {
  gaveUp: 'We could not set up your payout wallet. Our Support team has been told and will be in touch.',
  refused: 'Our payments provider could not set up your payout wallet yet. We will try again shortly.',
  unavailable: 'Our payments provider is not answering right now. We will set up your payout wallet shortly.',
} as const;

const UNIQUE_VIOLATION = '23505';
function violatedConstraint(error: unknown): string | null {
  let current = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const { code, constraint, cause } = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (code === UNIQUE_VIOLATION) return typeof constraint === 'string' ? constraint : '';
    current = cause;
  }
  return null;
}

const FORM_ORDER = Object.values(CREATOR_FIELD_LABELS);
const formPosition = (label: string) => {
  const position = FORM_ORDER.indexOf(label);
  return position === -1 ? FORM_ORDER.length : position;
};

/**
 * A 422 listing the fields the server refused (SPEC §5), each with its message in `details`; the fields
 * are named in the order the form shows them, whichever rule found them first.
 */
export function invalidFields(details: FieldError[]): AppError {
  const labels = [...new Set(details.map((detail) => creatorFieldLabel(detail.field)))].sort(
    (first, second) => formPosition(first) - formPosition(second),
  );
  return new AppError(422, ERROR_CODES.invalidFields, invalidFieldsMessage(labels), details);
}

/** What a device registration says when the push provider could not be asked about the token. */
export const DEVICE_UNCHECKED_NOTE =
  'The push provider did not answer, so the device token could not be checked: it was stored as it is, and a token that turns out to be dead is forgotten when the first notification is sent.';

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

/** The columns of Support's check by hand, empty: a register's check or a new number clears them. */
const NO_CHECK_BY_HAND = { checkReference: null, checkedOn: null, checkedBy: null } as const;

function walletState(row: CreatorRow): WalletState {
  if (row.walletId) return row.walletNeedsAction ? 'needs-action' : 'ready';
  if (row.onboardingStatus !== 'WALLET_CREATION_FAILED') return 'none';
  return row.walletNextAttemptAt ? 'retrying' : 'failed';
}

/** The tracking choice as it is kept: ALLOW accepts every group; essential technologies always. */
function normaliseTracking(permissions: TrackingPermissions): TrackingPermissions {
  if (permissions.mode === 'ALLOW') return { mode: 'ALLOW', allowed: [...TRACKING_PERMISSION_GROUPS] };
  const allowed = new Set(permissions.allowed);
  allowed.add('ESSENTIAL_TECHNOLOGIES');
  return { mode: 'CUSTOM', allowed: TRACKING_PERMISSION_GROUPS.filter((group) => allowed.has(group)) };
}

/** The message the creator reads for a tax check's outcome (SPEC §5, §8), or null when there is nothing to say. */
function taxMessage(type: TaxRegistrationType, status: TaxValidationStatus): string | null {
  if (type === 'ABN') return abnStatusMessage(status);
  return status === 'invalid' ? TAX_MESSAGES.vatInvalid : null;
}

/** The creator as a self-billed invoice names them (ADR 022). */
export type InvoiceSupplier = {
  name: string;
  country: string;
  /** As printed, one line each, country last. */
  addressLines: string[];
  taxRegistration: InvoiceTaxRegistration | null;
};

export function createCreatorService(dependencies: {
  db: Database;
  clock: Clock;
  logger: FastifyBaseLogger;
  authService: AuthService;
  legalService: LegalService;
  lookupsService: LookupsService;
  taxChecker: TaxChecker;
  payouts: PayoutsProvider;
  push: PushSender;
}) {
  const { db, clock, logger, authService, legalService, lookupsService, taxChecker, payouts, push } =
    dependencies;

  /** The creator's row; a creator route never acts on anyone else (DESIGN §6), and an unknown one is 404. */
  async function own(user: RequestUser, id?: string): Promise<CreatorRow> {
    if (id !== undefined && id !== user.accountId) throw errors.notFound();
    const row = await repository.find(db, user.accountId);
    if (!row || row.onboardingStatus === 'INACTIVE') throw errors.notFound();
    return row;
  }

  /**
   * Onboarding starts once the creator has proven their email address: until then nothing they claim
   * (a handle, a tax number, a wallet) can hold another person's place.
   */
  function assertEmailVerified(user: RequestUser): void {
    if (!user.emailVerified) throw errors.conflict(CREATOR_MESSAGES.emailNotVerified);
  }

  /** Where `event` takes the creator, or a 409 when the onboarding state machine does not allow it. */
  function advance(status: OnboardingStatus, event: OnboardingEvent): OnboardingStatus {
    const next = nextOnboardingStatus(status, event);
    if (!next) throw errors.conflict(CREATOR_MESSAGES.stepDone);
    return next;
  }

  async function info(
    user: Pick<RequestUser, 'accountId' | 'email' | 'emailVerified'>,
  ): Promise<CreatorInfo> {
    const row = await repository.find(db, user.accountId);
    if (!row) throw errors.notFound();
    const [handles, tax, acceptance, kyc] = await Promise.all([
      repository.handlesOf(db, row.accountId),
      repository.taxRegistrationOf(db, row.accountId),
      repository.latestAcceptance(db, row.accountId),
      kycSummaryOf(db, row.accountId),
    ]);
    const agencyName = row.agencyId ? (await lookupsService.namesOf([row.agencyId])).get(row.agencyId) : null;
    const accepted = acceptance ? await legalService.findDocument(acceptance.documentId) : null;
    const currentTerms = await legalService.currentTerms(row.country);
    const hasAcceptedCurrent = currentTerms
      ? await repository.hasAccepted(db, row.accountId, currentTerms.id)
      : true;
    const profiled = row.firstName !== null;
    return {
      id: row.accountId,
      email: user.email,
      emailVerified: user.emailVerified,
      status: row.onboardingStatus,
      profile: profiled
        ? {
            firstName: row.firstName ?? '',
            lastName: row.lastName ?? '',
            dateOfBirth: row.dateOfBirth ?? '',
            gender: row.gender ?? 'PreferNotToSay',
            dialCode: row.dialCode ?? '',
            mobile: row.mobile ?? '',
            address: {
              country: row.country ?? '',
              line1: row.addressLine1 ?? '',
              line2: row.addressLine2,
              city: row.city ?? '',
              stateProvince: row.stateProvince,
              postcode: row.postcode ?? '',
            },
            handles: handles.map((handle) => ({ socialPlatform: handle.platform, handle: handle.handle })),
            youtubeChannelId: row.youtubeChannelId,
            genreIds: row.genreIds,
          }
        : null,
      taxRegistration: tax
        ? {
            isRegistered: tax.isRegistered,
            type: tax.type,
            number: tax.number,
            validationStatus: tax.validationStatus,
            checkedAt: iso(tax.checkedAt),
            checkSource: tax.checkSource,
            note: tax.checkNote,
            businessName: tax.businessName,
          }
        : null,
      taxNumberChecks: taxChecker.numberChecks,
      agency: { decided: row.agencyDecidedAt !== null, id: row.agencyId, name: agencyName ?? null },
      kyc: { ...kyc, updatedAt: iso(kyc.updatedAt) },
      artistIds: row.artistIds,
      wallet: { state: walletState(row), note: row.walletNote, nextAttemptAt: iso(row.walletNextAttemptAt) },
      trackingPermissions: row.trackingPermissions,
      terms: {
        acceptedId: accepted?.id ?? null,
        acceptedVersion: accepted?.version ?? null,
        currentId: currentTerms?.id ?? null,
        currentVersion: currentTerms?.version ?? null,
        updateToAccept: !hasAcceptedCurrent,
      },
    };
  }

  /** Checks a registered tax number with its authority; the stored outcome stands while the number does. */
  async function checkTax(type: TaxRegistrationType, number: string) {
    if (type === 'VAT') {
      const check = await taxChecker.checkVat(number);
      return { ...check, businessName: check.businessName ?? null };
    }
    const check = await taxChecker.checkAbn(number);
    return { ...check, businessName: check.entityName ?? null };
  }

  /** Each of `handles` that another account holds, as a problem on that handle. */
  async function takenHandles(creatorId: string, handles: CreatorProfile['handles']): Promise<FieldError[]> {
    const taken = await repository.holdersOf(
      db,
      handles.map((handle) => ({ platform: handle.socialPlatform, key: handleKey(handle.handle) })),
      creatorId,
    );
    return handles.flatMap((handle, index) => {
      const key = handleKey(handle.handle);
      return taken.some((other) => other.platform === handle.socialPlatform && other.key === key)
        ? [{ field: `handles.${index}.handle`, message: SOCIAL_HANDLE_MESSAGES.selectedInHoc }]
        : [];
    });
  }

  /** The problems the server finds beyond the shared rules: handles others hold, lists, tax checks. */
  async function profileProblems(
    row: CreatorRow,
    profile: CreatorProfile,
  ): Promise<{ problems: FieldError[]; tax: TaxRegistrationRow | null }> {
    const problems: FieldError[] = [];

    if (hasReachedStep(row.onboardingStatus, 'ARTIST_SELECTION')) {
      for (const field of ['firstName', 'lastName', 'dateOfBirth'] as const) {
        if (row[field] !== null && row[field] !== profile[field]) {
          problems.push({ field, message: CREATOR_MESSAGES.identityLocked });
        }
      }
    }

    const genres = await lookupsService.liveNames('genre', profile.genreIds);
    if (choiceMissing(profile.genreIds, await lookupsService.hasLive('genre'))) {
      problems.push({ field: 'genreIds', message: CREATOR_MESSAGES.genresRequired });
    }
    if (profile.genreIds.some((id) => !genres.has(id))) {
      problems.push({ field: 'genreIds', message: CREATOR_MESSAGES.genreUnknown });
    }

    problems.push(...(await takenHandles(row.accountId, profile.handles)));

    const registration = profile.taxRegistration;
    if (!registration) return { problems, tax: null };
    // "Not registered" is an answer the form shows again, not the absence of one.
    if (!registration.isRegistered || !registration.number) {
      return {
        problems,
        tax: {
          creatorId: row.accountId,
          isRegistered: false,
          type: registration.type,
          number: null,
          validationStatus: DEFAULT_TAX_VALIDATION_STATUS,
          checkedAt: null,
          checkSource: null,
          checkNote: null,
          businessName: null,
          ...NO_CHECK_BY_HAND,
          updatedAt: clock.now(),
        },
      };
    }
    const number =
      registration.type === 'VAT' ? normalizeVatNumber(registration.number) : registration.number;
    const stored = await repository.taxRegistrationOf(db, row.accountId);
    const unchanged = stored?.isRegistered && stored.type === registration.type && stored.number === number;
    const now = clock.now();
    const tax: TaxRegistrationRow =
      unchanged && stored
        ? { ...stored, updatedAt: now }
        : await checkTax(registration.type, number).then((check) => ({
            creatorId: row.accountId,
            isRegistered: true,
            type: registration.type,
            number,
            validationStatus: check.status,
            checkedAt: check.checkedAt,
            checkSource: check.source,
            checkNote: check.note,
            businessName: check.businessName,
            // A new number is a new registration: a check by hand of the old one says nothing of it.
            ...NO_CHECK_BY_HAND,
            updatedAt: now,
          }));
    // A number its authority says is not registered (or an ABN that is cancelled) cannot be saved as a
    // registration: invoices would charge tax on its strength (SPEC §4; ADR 014 for VAT).
    if (tax.validationStatus === 'invalid' || tax.validationStatus === 'cancelled') {
      const message = taxMessage(tax.type, tax.validationStatus);
      if (message) problems.push({ field: 'taxRegistration.number', message });
    }
    return { problems, tax };
  }

  /**
   * The push provider's view of a device token. A provider that cannot answer now has not said the token
   * is bad: it is kept unchecked, and the first notification sent to it will tell.
   */
  async function checkDevice(deviceToken: string): Promise<DeviceRegistration> {
    try {
      return await push.registerDevice(deviceToken);
    } catch (error) {
      logger.warn({ err: error, provider: push.name }, 'the push provider could not check a device token');
      return { provider: push.name, accepted: true, note: DEVICE_UNCHECKED_NOTE };
    }
  }

  async function createWallet(row: CreatorRow): Promise<CreatorPatch> {
    const now = clock.now();
    try {
      const wallet = await payouts.createWallet(
        {
          creatorId: row.accountId,
          email: (await authService.findAccountById(row.accountId))?.email ?? '',
          country: row.country ?? '',
          firstName: row.firstName ?? '',
          lastName: row.lastName ?? '',
        },
        `wallet-${row.accountId}`,
      );
      return {
        onboardingStatus: advance(row.onboardingStatus, 'walletCreated'),
        walletProvider: wallet.provider,
        walletId: wallet.walletId,
        walletNeedsAction: wallet.needsAction,
        walletNote: wallet.note,
        walletNextAttemptAt: null,
        walletLockedUntil: null,
        walletLastError: null,
        updatedAt: now,
      };
    } catch (error) {
      const attempts = row.walletAttempts + 1;
      const rejected = error instanceof PayoutsRejected;
      logger.warn({ err: error, creatorId: row.accountId, attempts }, 'payout wallet creation failed');
      const backoff = Math.min(WALLET_RETRY_FIRST_MS * 2 ** (attempts - 1), WALLET_RETRY_LONGEST_MS);
      // Asking again before the provider's own wait is over would only spend an attempt.
      const providerWait = error instanceof PayoutsUnavailable ? (error.retryAfterSeconds ?? 0) * 1000 : 0;
      const delay = Math.max(backoff, providerWait);
      const givingUp = attempts >= WALLET_MAX_ATTEMPTS;
      return {
        onboardingStatus:
          row.onboardingStatus === 'WALLET_CREATION_FAILED'
            ? 'WALLET_CREATION_FAILED'
            : advance(row.onboardingStatus, 'walletCreationFailed'),
        walletAttempts: attempts,
        walletNextAttemptAt: givingUp ? null : new Date(now.getTime() + delay),
        walletLockedUntil: null,
        walletLastError: error instanceof Error ? error.message.slice(0, 500) : String(error).slice(0, 500),
        walletNote: givingUp
          ? WALLET_NOTES.gaveUp
          : rejected
            ? WALLET_NOTES.refused
            : WALLET_NOTES.unavailable,
        updatedAt: now,
      };
    }
  }

  return {
    /** The creator's latest identity check, as their account shows it. */
    kycSummary: (creatorId: string) => kycSummaryOf(db, creatorId),

    /** The reason the creator reads of an identity check (why the last one failed, on a fresh attempt). */
    kycReason: (application: Parameters<typeof kycReasonFor>[1]) => kycReasonFor(db, application),

    /** Every new creator starts at DATA_CAPTURE with the terms they accepted and the device they used. */
    async onSignUp(
      executor: Executor,
      creator: { accountId: string; termsDocumentId: string; deviceToken: string | null },
    ): Promise<void> {
      const now = clock.now();
      await repository.insert(executor, creator.accountId, now);
      await repository.acceptTerms(executor, creator.accountId, creator.termsDocumentId, now);
      if (creator.deviceToken) {
        await repository.saveDevice(executor, {
          id: randomUUID(),
          creatorId: creator.accountId,
          deviceToken: creator.deviceToken,
          provider: push.name,
          accepted: true,
          note: 'Sent with the sign-up; checked with the push provider when the app registers it.',
          registeredAt: now,
        });
      }
    },

    info: (user: RequestUser) => own(user).then(() => info(user)),

    /** The creator's own row, for the KYC part of this module. */
    own,

    /** What decides which campaigns a creator may see: their onboarding status and country. */
    /**
     * The ACTIVE creators who chose the artist of this name at ARTIST_SELECTION, with their country: whom
     * a campaign for that artist may concern (ADR 031).
     */
    async activeCreatorsOfArtistNamed(
      name: string,
      executor: Executor = db,
    ): Promise<{ accountId: string; country: string | null }[]> {
      const artistIds = await lookupsService.liveIdsNamed('artist', name, executor);
      return repository.activeChoosingArtists(executor, artistIds);
    },

    async campaignEligibility(
      accountId: string,
    ): Promise<{ onboardingStatus: CreatorRow['onboardingStatus']; country: string | null } | null> {
      const row = await repository.find(db, accountId);
      return row ? { onboardingStatus: row.onboardingStatus, country: row.country } : null;
    },

    /** The creator's payout wallet, or null while they have none (their onboarding has not made one yet). */
    async payoutWallet(accountId: string): Promise<{ provider: string; walletId: string } | null> {
      const row = await repository.find(db, accountId);
      return row?.walletId && row.walletProvider
        ? { provider: row.walletProvider, walletId: row.walletId }
        : null;
    },

    /**
     * Who the creator is on a self-billed invoice, read through `executor` (the approving transaction):
     * their name, postal address and tax registration, or null when their profile lacks a name or address.
     */
    async invoiceSupplier(executor: Executor, accountId: string): Promise<InvoiceSupplier | null> {
      const row = await repository.find(executor, accountId);
      if (!row?.firstName || !row.lastName || !row.country || !row.addressLine1 || !row.postcode) return null;
      const tax = await repository.taxRegistrationOf(executor, accountId);
      return {
        name: [row.firstName, row.lastName].join(' '),
        country: row.country,
        addressLines: [
          row.addressLine1,
          row.addressLine2,
          [row.city, row.stateProvince, row.postcode].filter(Boolean).join(' '),
          countryName(row.country) ?? row.country,
        ].filter((line): line is string => Boolean(line)),
        taxRegistration: tax
          ? {
              isRegistered: tax.isRegistered,
              type: tax.type,
              number: tax.number ?? '',
              validationStatus: tax.validationStatus,
              checkedBySupport: tax.checkSource === TAX_CHECKED_BY_SUPPORT,
            }
          : null,
      };
    },

    /** The creator's handle on `platform`, or null: taking part in a campaign needs one there. */
    async handleOn(accountId: string, platform: CreatorPlatform): Promise<string | null> {
      const handles = await repository.handlesOf(db, accountId);
      return handles.find((handle) => handle.platform === platform)?.handle ?? null;
    },

    /** Each of `items` with who its creator is, name and handle on `platform`, for the console's lists. */
    async withCreators<Item extends { creatorId: string }>(
      items: readonly Item[],
      platform: CreatorPlatform,
    ): Promise<(Item & { creator: { id: string; name: string | null; handle: string | null } })[]> {
      const rows = await repository.participantsOf(
        db,
        items.map((item) => item.creatorId),
        platform,
      );
      const people = new Map(rows.map((row) => [row.id, row]));
      return items.map((item) => {
        const person = people.get(item.creatorId);
        return {
          ...item,
          creator: {
            id: item.creatorId,
            name: [person?.firstName, person?.lastName].filter(Boolean).join(' ') || null,
            handle: person?.handle ?? null,
          },
        };
      });
    },

    /** A page of the ACTIVE creators living where `coverage` says, by name or handle on `platform`. */
    async searchEligible(filter: {
      coverage: CountryCoverage;
      platform: CreatorPlatform;
      search?: string;
      genreId?: string;
      offset: number;
      limit: number;
    }): Promise<{
      rows: { id: string; name: string | null; country: string | null; handle: string | null }[];
      total: number;
    }> {
      const { rows, total } = await repository.searchEligible(db, filter);
      return {
        rows: rows.map((row) => ({
          id: row.id,
          name: [row.firstName, row.lastName].filter(Boolean).join(' ') || null,
          country: row.country,
          handle: row.handle,
        })),
        total,
      };
    },

    /**
     * Moves the creator along the onboarding state machine inside the caller's transaction; the row must
     * be locked by the caller.
     */
    async applyEvent(executor: Executor, row: CreatorRow, event: OnboardingEvent): Promise<CreatorRow> {
      return repository.update(executor, row.accountId, {
        onboardingStatus: advance(row.onboardingStatus, event),
        updatedAt: clock.now(),
      });
    },

    lock: (executor: Executor, accountId: string) => repository.lock(executor, accountId),

    /** GET /server-api/creator/validate-handle/{platform}/{handle}: is it free for this creator? */
    async handleAvailability(
      user: RequestUser,
      platform: CreatorPlatform,
      handle: string,
    ): Promise<HandleCheckResponse> {
      const [holder] = await repository.holdersOf(db, [{ platform, key: handleKey(handle) }], user.accountId);
      return holder
        ? { available: false, message: SOCIAL_HANDLE_MESSAGES.selectedInHoc }
        : { available: true };
    },

    /**
     * PATCH /server-api/creator: the whole profile. Every problem is found before anything is written, and
     * answered as one 422 listing the fields (SPEC §5). At DATA_CAPTURE a complete profile moves the
     * creator on to AGENCY_CAPTURE.
     */
    async updateProfile(user: RequestUser, profile: CreatorProfile): Promise<CreatorInfo> {
      const current = await own(user);
      assertEmailVerified(user);
      const { problems, tax } = await profileProblems(current, profile);
      if (problems.length > 0) throw invalidFields(problems);
      try {
        await db.transaction(async (tx) => {
          const row = await repository.lock(tx, user.accountId);
          if (!row || row.onboardingStatus === 'INACTIVE') throw errors.notFound();
          const now = clock.now();
          await repository.update(tx, row.accountId, {
            firstName: profile.firstName,
            lastName: profile.lastName,
            dateOfBirth: profile.dateOfBirth,
            gender: profile.gender,
            dialCode: profile.dialCode,
            mobile: profile.mobile.replace(/\s+/g, ''),
            country: profile.address.country,
            addressLine1: profile.address.line1,
            addressLine2: profile.address.line2 || null,
            city: profile.address.city,
            stateProvince: profile.address.stateProvince
              ? profile.address.country === 'US'
                ? profile.address.stateProvince.toUpperCase()
                : profile.address.stateProvince
              : null,
            postcode: profile.address.postcode.toUpperCase(),
            youtubeChannelId: profile.youtubeChannelId || null,
            genreIds: [...new Set(profile.genreIds)],
            onboardingStatus:
              row.onboardingStatus === 'DATA_CAPTURE'
                ? advance(row.onboardingStatus, 'profileCompleted')
                : row.onboardingStatus,
            updatedAt: now,
          });
          await repository.replaceHandles(
            tx,
            row.accountId,
            profile.handles.map((handle) => ({ platform: handle.socialPlatform, handle: handle.handle })),
            now,
          );
          if (tax) await repository.saveTaxRegistration(tx, tax);
          else await repository.deleteTaxRegistration(tx, row.accountId);
        });
      } catch (error) {
        // Another creator took one of the handles between the check and the write.
        if (violatedConstraint(error) === HANDLE_TAKEN_INDEX) {
          const taken = await takenHandles(user.accountId, profile.handles);
          throw invalidFields(
            taken.length > 0 ? taken : [{ field: 'handles', message: SOCIAL_HANDLE_MESSAGES.selectedInHoc }],
          );
        }
        throw error;
      }
      return info(user);
    },

    /**
     * GET /server-api/creator/validate-{vat|abn}-compliance/{id}: checks the stored number with its
     * authority again and keeps the outcome (SPEC §4).
     */
    async checkTaxCompliance(
      user: RequestUser,
      id: string,
      type: TaxRegistrationType,
    ): Promise<TaxComplianceResponse> {
      const row = await own(user, id);
      const stored = await repository.taxRegistrationOf(db, row.accountId);
      if (!stored?.isRegistered || stored.type !== type || !stored.number) {
        throw invalidFields([
          { field: 'taxRegistration.number', message: CREATOR_MESSAGES.taxNotSaved(type) },
        ]);
      }
      const check = await checkTax(type, stored.number);
      // A register that could not answer says nothing against Support's check by hand, which stands.
      if (stored.checkSource === TAX_CHECKED_BY_SUPPORT && check.status === 'not verified') {
        return {
          status: TAX_COMPLIANCE_BY_VALIDATION[stored.validationStatus],
          validationStatus: stored.validationStatus,
          message: taxMessage(type, stored.validationStatus),
          note: stored.checkNote ?? check.note,
          businessName: stored.businessName,
          checkedAt: (stored.checkedAt ?? check.checkedAt).toISOString(),
        };
      }
      const recorded = await repository.recordTaxCheck(db, stored, {
        validationStatus: check.status,
        checkedAt: check.checkedAt,
        checkSource: check.source,
        checkNote: check.note,
        businessName: check.businessName,
        ...NO_CHECK_BY_HAND,
        updatedAt: clock.now(),
      });
      if (!recorded) throw errors.conflict(CREATOR_MESSAGES.taxNumberChanged);
      return {
        status: TAX_COMPLIANCE_BY_VALIDATION[check.status],
        validationStatus: check.status,
        message: taxMessage(type, check.status),
        note: check.note,
        businessName: check.businessName,
        checkedAt: check.checkedAt.toISOString(),
      };
    },

    /**
     * PATCH /server-api/creator/{id}/user-info: the agency (or none, with skipAgencyForm) moves the creator
     * on from AGENCY_CAPTURE, and can be changed later; `acceptedTermsId` records the banner's 'Okay'.
     */
    async updateUserInfo(
      user: RequestUser,
      id: string,
      body: UserInfoBody,
      skipAgencyForm: boolean,
    ): Promise<CreatorInfo> {
      const current = await own(user, id);
      const choosesAgency = skipAgencyForm || body.agencyId !== undefined;
      if (!choosesAgency && body.acceptedTermsId === undefined) {
        throw errors.validation([{ field: 'agencyId', message: CREATOR_MESSAGES.agencyRequired }]);
      }
      const agencyId = skipAgencyForm ? null : (body.agencyId ?? null);
      if (choosesAgency) assertEmailVerified(user);
      if (choosesAgency && !hasReachedStep(current.onboardingStatus, 'AGENCY_CAPTURE')) {
        throw errors.conflict(CREATOR_MESSAGES.stepNotReached);
      }
      if (agencyId && !(await lookupsService.liveNames('agency', [agencyId])).has(agencyId)) {
        throw invalidFields([{ field: 'agencyId', message: CREATOR_MESSAGES.agencyUnknown }]);
      }
      if (body.acceptedTermsId !== undefined) {
        const document = await legalService.findDocument(body.acceptedTermsId);
        if (!document || document.type !== 'TERMS') {
          throw invalidFields([{ field: 'acceptedTermsId', message: CREATOR_MESSAGES.termsUnknown }]);
        }
      }
      await db.transaction(async (tx) => {
        const row = await repository.lock(tx, user.accountId);
        if (!row || row.onboardingStatus === 'INACTIVE') throw errors.notFound();
        const now = clock.now();
        if (choosesAgency) {
          await repository.update(tx, row.accountId, {
            agencyId,
            agencyDecidedAt: now,
            onboardingStatus:
              row.onboardingStatus === 'AGENCY_CAPTURE'
                ? advance(row.onboardingStatus, 'agencyDecided')
                : row.onboardingStatus,
            updatedAt: now,
          });
        }
        if (body.acceptedTermsId) await repository.acceptTerms(tx, row.accountId, body.acceptedTermsId, now);
      });
      return info(user);
    },

    /**
     * PATCH /server-api/creator/artist-selection. At ARTIST_SELECTION it also creates the payout wallet:
     * success makes the creator ACTIVE; a failure leaves them at WALLET_CREATION_FAILED and the wallet job
     * tries again with backoff.
     */
    async selectArtists(user: RequestUser, body: ArtistSelectionBody): Promise<CreatorInfo> {
      const current = await own(user);
      assertEmailVerified(user);
      if (!hasReachedStep(current.onboardingStatus, 'ARTIST_SELECTION'))
        throw errors.conflict(CREATOR_MESSAGES.stepNotReached);
      if (choiceMissing(body.artistIds, await lookupsService.hasLive('artist'))) {
        throw invalidFields([{ field: 'artistIds', message: CREATOR_MESSAGES.artistsRequired }]);
      }
      const artists = await lookupsService.liveNames('artist', body.artistIds);
      if (body.artistIds.some((id) => !artists.has(id))) {
        throw invalidFields([{ field: 'artistIds', message: CREATOR_MESSAGES.artistUnknown }]);
      }
      const saved = await db.transaction(async (tx) => {
        const row = await repository.lock(tx, user.accountId);
        if (!row || row.onboardingStatus === 'INACTIVE') throw errors.notFound();
        return repository.update(tx, row.accountId, {
          artistIds: [...new Set(body.artistIds)],
          updatedAt: clock.now(),
        });
      });
      if (saved.onboardingStatus === 'ARTIST_SELECTION') await this.settleWallet(saved);
      return info(user);
    },

    /** Tries to create the creator's payout wallet once, and records what happened. */
    async settleWallet(row: CreatorRow): Promise<CreatorRow> {
      const patch = await createWallet(row);
      return db.transaction(async (tx) => {
        const locked = await repository.lock(tx, row.accountId);
        // Deactivated, or settled by another attempt, while the provider was being asked.
        if (!locked || !['ARTIST_SELECTION', 'WALLET_CREATION_FAILED'].includes(locked.onboardingStatus)) {
          return locked ?? row;
        }
        return repository.update(tx, row.accountId, patch);
      });
    },

    /** The wallet job: every creator whose wallet creation is due again gets one more attempt. */
    async retryDueWallets(limit = 20): Promise<number> {
      const now = clock.now();
      const claimed = await db.transaction((tx) =>
        repository.claimDueWallets(tx, now, new Date(now.getTime() + WALLET_CLAIM_MS), limit),
      );
      for (const row of claimed) await this.settleWallet(row);
      return claimed.length;
    },

    /** PATCH /server-api/creator/user/tracking. */
    async updateTracking(user: RequestUser, permissions: TrackingPermissions): Promise<TrackingPermissions> {
      await own(user);
      const normalised = normaliseTracking(permissions);
      await repository.update(db, user.accountId, {
        trackingPermissions: normalised,
        updatedAt: clock.now(),
      });
      return normalised;
    },

    /** POST /server-api/creator/create-sns-platform-endpoint: a device for push notifications. */
    async registerDevice(
      user: RequestUser,
      creatorId: string,
      deviceToken: string,
    ): Promise<DeviceRegistrationResponse> {
      await own(user, creatorId);
      const registration = await checkDevice(deviceToken);
      if (!registration.accepted) {
        throw invalidFields([{ field: 'deviceToken', message: registration.note }]);
      }
      const deviceId = await repository.saveDevice(db, {
        id: randomUUID(),
        creatorId: user.accountId,
        deviceToken,
        provider: registration.provider,
        accepted: true,
        note: registration.note,
        registeredAt: clock.now(),
      });
      return { deviceId, accepted: true, note: registration.note };
    },

    /**
     * GET /server-api/creator/user/{id}/deactivate: the account can no longer sign in, every session ends,
     * its devices get no more notifications, and the creator's handles are free for another account (the
     * person may come back under a new one).
     */
    async deactivate(user: RequestUser, id: string): Promise<string> {
      await own(user, id);
      await db.transaction(async (tx) => {
        const row = await repository.lock(tx, user.accountId);
        if (!row || row.onboardingStatus === 'INACTIVE') throw errors.notFound();
        const now = clock.now();
        await repository.update(tx, row.accountId, {
          onboardingStatus: advance(row.onboardingStatus, 'deactivated'),
          deactivatedAt: now,
          walletNextAttemptAt: null,
          updatedAt: now,
        });
        await repository.deleteHandles(tx, row.accountId);
        await repository.deleteDevices(tx, row.accountId);
        await authService.disableAccount(tx, row.accountId);
      });
      return DEACTIVATION_MESSAGE;
    },

    /** The device tokens a notification for the creator is pushed to. */
    pushDeviceTokens: (accountId: string) => repository.acceptedDeviceTokens(db, accountId),

    /** Forgets a device the push provider says can never receive a message again. */
    forgetDevice: (accountId: string, deviceToken: string) =>
      repository.deleteDevice(db, accountId, deviceToken),

    /** Which lookups creators have chosen, so that the lookups module archives rather than deletes them. */
    lookupIdsInUse: (column: 'genreIds' | 'artistIds' | 'agencyId', ids: readonly string[]) =>
      repository.lookupIdsInUse(db, column, ids),
  };
}
