import type { CreatorConsoleDetail } from '@platform/shared';
import { errors } from '../../../errors';
import type { StaffCaller } from '../../../principal';
import { handlesBy, iso, reachable, toItem, toNote } from '../creator-views';
import type { CreatorsConsoleContext } from '../creators-console.context';
import { creatorsConsoleRepository as repository } from '../creators-console.repository';
import { byHandObstacle, verificationOf } from '../tax-by-hand';

type Profile = NonNullable<Awaited<ReturnType<typeof repository.profile>>>;
type KycCheckRow = Awaited<ReturnType<typeof repository.kycChecksOf>>[number];

function taxRegistrationOf({ creator, tax, taxCheckedBy }: Profile): CreatorConsoleDetail['taxRegistration'] {
  if (!tax) return null;
  return {
    isRegistered: tax.isRegistered,
    type: tax.type,
    number: tax.number,
    validationStatus: tax.validationStatus,
    checkedAt: iso(tax.checkedAt),
    checkSource: tax.checkSource,
    checkNote: tax.checkNote,
    businessName: tax.businessName,
    verification: verificationOf(tax, taxCheckedBy),
    checkableByHand: creator.onboardingStatus !== 'INACTIVE' && !byHandObstacle(creator.country, tax),
  };
}

const toKycCheck = (check: KycCheckRow): CreatorConsoleDetail['kycChecks'][number] => ({
  id: check.id,
  provider: check.provider,
  status: check.status,
  reason: check.reason,
  submittedAt: iso(check.submittedAt),
  decidedAt: iso(check.decidedAt),
  decidedBy: check.decidedBy,
});

/** The campaigns the creator takes part in, with their RSVP and entries, from the modules that own them. */
async function campaignsOf(
  { rsvpsService, entriesService, campaignsService }: CreatorsConsoleContext,
  creatorId: string,
): Promise<CreatorConsoleDetail['campaigns']> {
  const rsvps = await rsvpsService.ofCreatorForStaff(creatorId);
  const ids = [...new Set(rsvps.map((rsvp) => rsvp.campaignId))];
  const names = await campaignsService.campaignNames(ids);
  const entries = await entriesService.ofCreatorForStaff(creatorId, ids);
  return rsvps.map((rsvp) => ({
    campaignName: names.get(rsvp.campaignId) ?? '',
    rsvp,
    entries: entries.filter((entry) => entry.campaignId === rsvp.campaignId),
  }));
}

/** GET /server-api/marketing/creators/{id}. */
export async function getCreatorDetail(
  context: CreatorsConsoleContext,
  caller: StaffCaller,
  id: string,
): Promise<CreatorConsoleDetail> {
  const { db } = context;
  const row = await reachable(context, db, caller, id);
  const profile = await repository.profile(db, row.id);
  if (!profile) throw errors.notFound();
  const { creator } = profile;
  const handles = await handlesBy(context, [row.id]);
  const checks = await repository.kycChecksOf(db, row.id);
  const notes = await repository.notesOf(db, row.id);
  const payments = await context.paymentsService.ofCreatorForStaff(row.id);
  const campaigns = await campaignsOf(context, row.id);
  const { items: handleVerifications } = await context.handleVerificationService.ofCreator(row.id);
  return {
    ...toItem(row, handles.get(row.id) ?? []),
    handleVerifications,
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
    taxRegistration: taxRegistrationOf(profile),
    kycChecks: checks.map(toKycCheck),
    campaigns,
    payments,
    notes: notes.map(toNote),
  };
}
