import type { CreatorInfo } from '@platform/shared';
import type { RequestUser } from '../../principal';
import { errors } from '../../errors';
import type { CreatorContext } from './creator.context';
import { creatorRepository as repository, type CreatorRow } from './creator.repository';
import { kycSummaryOf } from './kyc-summary';
import { iso } from './onboarding';
import { walletState } from './wallet';

type Handles = Awaited<ReturnType<typeof repository.handlesOf>>;
type TaxRow = Awaited<ReturnType<typeof repository.taxRegistrationOf>>;

function profileOf(row: CreatorRow, handles: Handles): CreatorInfo['profile'] {
  if (row.firstName === null) return null;
  return {
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
  };
}

function taxRegistrationOf(tax: TaxRow): CreatorInfo['taxRegistration'] {
  if (!tax) return null;
  return {
    isRegistered: tax.isRegistered,
    type: tax.type,
    number: tax.number,
    validationStatus: tax.validationStatus,
    checkedAt: iso(tax.checkedAt),
    checkSource: tax.checkSource,
    note: tax.checkNote,
    businessName: tax.businessName,
  };
}

/** The terms the creator accepted last, the current ones for their country, and whether to accept them. */
async function termsOf({ db, legalService }: CreatorContext, row: CreatorRow): Promise<CreatorInfo['terms']> {
  const acceptance = await repository.latestAcceptance(db, row.accountId);
  const accepted = acceptance ? await legalService.findDocument(acceptance.documentId) : null;
  const currentTerms = await legalService.currentTerms(row.country);
  const hasAcceptedCurrent = currentTerms
    ? await repository.hasAccepted(db, row.accountId, currentTerms.id)
    : true;
  return {
    acceptedId: accepted?.id ?? null,
    acceptedVersion: accepted?.version ?? null,
    currentId: currentTerms?.id ?? null,
    currentVersion: currentTerms?.version ?? null,
    updateToAccept: !hasAcceptedCurrent,
  };
}

/** Everything the creator's own account shows of them. */
export async function creatorInfo(
  context: CreatorContext,
  user: Pick<RequestUser, 'accountId' | 'email' | 'emailVerified'>,
): Promise<CreatorInfo> {
  const { db, lookupsService, taxChecker } = context;
  const row = await repository.find(db, user.accountId);
  if (!row) throw errors.notFound();
  const [handles, tax, kyc] = await Promise.all([
    repository.handlesOf(db, row.accountId),
    repository.taxRegistrationOf(db, row.accountId),
    kycSummaryOf(db, row.accountId),
  ]);
  const agencyName = row.agencyId ? (await lookupsService.namesOf([row.agencyId])).get(row.agencyId) : null;
  return {
    id: row.accountId,
    email: user.email,
    emailVerified: user.emailVerified,
    status: row.onboardingStatus,
    profile: profileOf(row, handles),
    taxRegistration: taxRegistrationOf(tax),
    taxNumberChecks: taxChecker.numberChecks,
    agency: { decided: row.agencyDecidedAt !== null, id: row.agencyId, name: agencyName ?? null },
    kyc: { ...kyc, updatedAt: iso(kyc.updatedAt) },
    artistIds: row.artistIds,
    wallet: { state: walletState(row), note: row.walletNote, nextAttemptAt: iso(row.walletNextAttemptAt) },
    trackingPermissions: row.trackingPermissions,
    terms: await termsOf(context, row),
  };
}
