import {
  choiceMissing,
  CREATOR_MESSAGES,
  DEFAULT_TAX_VALIDATION_STATUS,
  hasReachedStep,
  normalizeVatNumber,
  SOCIAL_HANDLE_MESSAGES,
  type CreatorProfile,
  type FieldError,
} from '@platform/shared';
import type { CreatorContext } from './creator.context';
import {
  creatorRepository as repository,
  handleKey,
  type CreatorRow,
  type TaxRegistrationRow,
} from './creator.repository';
import { checkTax, NO_CHECK_BY_HAND, taxMessage } from './tax-checks';

/** Each of `handles` that another account holds, as a problem on that handle. */
export async function takenHandles(
  { db }: CreatorContext,
  creatorId: string,
  handles: CreatorProfile['handles'],
): Promise<FieldError[]> {
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

/** Once the identity is checked, the name and date of birth are Support's to change. */
function identityProblems(row: CreatorRow, profile: CreatorProfile): FieldError[] {
  if (!hasReachedStep(row.onboardingStatus, 'ARTIST_SELECTION')) return [];
  return (['firstName', 'lastName', 'dateOfBirth'] as const)
    .filter((field) => row[field] !== null && row[field] !== profile[field])
    .map((field) => ({ field, message: CREATOR_MESSAGES.identityLocked }));
}

async function genreProblems(
  { lookupsService }: CreatorContext,
  profile: CreatorProfile,
): Promise<FieldError[]> {
  const problems: FieldError[] = [];
  const genres = await lookupsService.liveNames('genre', profile.genreIds);
  if (choiceMissing(profile.genreIds, await lookupsService.hasLive('genre'))) {
    problems.push({ field: 'genreIds', message: CREATOR_MESSAGES.genresRequired });
  }
  if (profile.genreIds.some((id) => !genres.has(id))) {
    problems.push({ field: 'genreIds', message: CREATOR_MESSAGES.genreUnknown });
  }
  return problems;
}

/**
 * The tax registration to store: "not registered" as an answer the form shows again, a number unchanged
 * as it was checked, a new number checked with its authority now.
 */
async function taxRegistrationFor(
  context: CreatorContext,
  row: CreatorRow,
  registration: NonNullable<CreatorProfile['taxRegistration']>,
): Promise<TaxRegistrationRow> {
  const { db, clock } = context;
  if (!registration.isRegistered || !registration.number) {
    return {
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
    };
  }
  const number = registration.type === 'VAT' ? normalizeVatNumber(registration.number) : registration.number;
  const stored = await repository.taxRegistrationOf(db, row.accountId);
  const unchanged = stored?.isRegistered && stored.type === registration.type && stored.number === number;
  const now = clock.now();
  if (unchanged && stored) return { ...stored, updatedAt: now };
  const check = await checkTax(context, registration.type, number);
  return {
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
  };
}

/** The problems the server finds beyond the shared rules: handles others hold, lists, tax checks. */
export async function profileProblems(
  context: CreatorContext,
  row: CreatorRow,
  profile: CreatorProfile,
): Promise<{ problems: FieldError[]; tax: TaxRegistrationRow | null }> {
  const problems: FieldError[] = [
    ...identityProblems(row, profile),
    ...(await genreProblems(context, profile)),
    ...(await takenHandles(context, row.accountId, profile.handles)),
  ];
  const registration = profile.taxRegistration;
  if (!registration) return { problems, tax: null };
  const tax = await taxRegistrationFor(context, row, registration);
  // A number its authority says is not registered (or an ABN that is cancelled) cannot be saved as a
  // registration: invoices would charge tax on its strength (SPEC §4; ADR 014 for VAT).
  if (tax.isRegistered && (tax.validationStatus === 'invalid' || tax.validationStatus === 'cancelled')) {
    const message = taxMessage(tax.type, tax.validationStatus);
    if (message) problems.push({ field: 'taxRegistration.number', message });
  }
  return { problems, tax };
}
