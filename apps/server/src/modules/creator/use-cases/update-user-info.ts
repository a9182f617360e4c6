import { CREATOR_MESSAGES, hasReachedStep, type CreatorInfo, type UserInfoBody } from '@platform/shared';
import { errors } from '../../../errors';
import type { RequestUser } from '../../../principal';
import type { CreatorContext } from '../creator.context';
import { creatorRepository as repository, type CreatorRow } from '../creator.repository';
import { creatorInfo } from '../creator-info';
import { advance, assertEmailVerified, invalidFields, own } from '../onboarding';

/** The agency must be live and the terms a published version of the terms. */
async function checkChoices(
  { lookupsService, legalService }: CreatorContext,
  agencyId: string | null,
  acceptedTermsId: string | undefined,
): Promise<void> {
  if (agencyId && !(await lookupsService.liveNames('agency', [agencyId])).has(agencyId)) {
    throw invalidFields([{ field: 'agencyId', message: CREATOR_MESSAGES.agencyUnknown }]);
  }
  if (acceptedTermsId !== undefined) {
    const document = await legalService.findDocument(acceptedTermsId);
    if (!document || document.type !== 'TERMS') {
      throw invalidFields([{ field: 'acceptedTermsId', message: CREATOR_MESSAGES.termsUnknown }]);
    }
  }
}

/** The creator's agency, or none, decided: it moves them on from AGENCY_CAPTURE. */
const agencyDecided = (row: CreatorRow, agencyId: string | null, now: Date) => ({
  agencyId,
  agencyDecidedAt: now,
  onboardingStatus:
    row.onboardingStatus === 'AGENCY_CAPTURE'
      ? advance(row.onboardingStatus, 'agencyDecided')
      : row.onboardingStatus,
  updatedAt: now,
});

/**
 * PATCH /server-api/creator/{id}/user-info: the agency (or none, with skipAgencyForm) moves the creator
 * on from AGENCY_CAPTURE, and can be changed later; `acceptedTermsId` records the banner's 'Okay'.
 */
export async function updateUserInfo(
  context: CreatorContext,
  user: RequestUser,
  id: string,
  body: UserInfoBody,
  skipAgencyForm: boolean,
): Promise<CreatorInfo> {
  const { db, clock } = context;
  const current = await own(context, user, id);
  const choosesAgency = skipAgencyForm || body.agencyId !== undefined;
  if (!choosesAgency && body.acceptedTermsId === undefined) {
    throw errors.validation([{ field: 'agencyId', message: CREATOR_MESSAGES.agencyRequired }]);
  }
  const agencyId = skipAgencyForm ? null : (body.agencyId ?? null);
  if (choosesAgency) assertEmailVerified(user);
  if (choosesAgency && !hasReachedStep(current.onboardingStatus, 'AGENCY_CAPTURE')) {
    throw errors.conflict(CREATOR_MESSAGES.stepNotReached);
  }
  await checkChoices(context, agencyId, body.acceptedTermsId);
  await db.transaction(async (tx) => {
    const row = await repository.lock(tx, user.accountId);
    if (!row || row.onboardingStatus === 'INACTIVE') throw errors.notFound();
    const now = clock.now();
    if (choosesAgency) await repository.update(tx, row.accountId, agencyDecided(row, agencyId, now));
    if (body.acceptedTermsId) await repository.acceptTerms(tx, row.accountId, body.acceptedTermsId, now);
  });
  return creatorInfo(context, user);
}
