import { SOCIAL_HANDLE_MESSAGES, type CreatorInfo, type CreatorProfile } from '@platform/shared';
import { errors } from '../../../errors';
import type { RequestUser } from '../../../principal';
import type { Executor } from '../../../db/client';
import type { CreatorContext } from '../creator.context';
import {
  creatorRepository as repository,
  HANDLE_TAKEN_INDEX,
  type TaxRegistrationRow,
} from '../creator.repository';
import { creatorInfo } from '../creator-info';
import { advance, assertEmailVerified, invalidFields, own } from '../onboarding';
import { profileProblems, takenHandles } from '../profile-problems';

const UNIQUE_VIOLATION = '23505';

/** The unique index a write broke, '' for one unnamed, or null when it broke none. */
function violatedConstraint(error: unknown): string | null {
  let current = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const { code, constraint, cause } = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (code === UNIQUE_VIOLATION) return typeof constraint === 'string' ? constraint : '';
    current = cause;
  }
  return null;
}

async function saveProfile(
  { clock }: CreatorContext,
  tx: Executor,
  accountId: string,
  profile: CreatorProfile,
  tax: TaxRegistrationRow | null,
): Promise<void> {
  const row = await repository.lock(tx, accountId);
  if (!row || row.onboardingStatus === 'INACTIVE') throw errors.notFound();
  const now = clock.now();
  const { address } = profile;
  await repository.update(tx, row.accountId, {
    firstName: profile.firstName,
    lastName: profile.lastName,
    dateOfBirth: profile.dateOfBirth,
    gender: profile.gender,
    dialCode: profile.dialCode,
    mobile: profile.mobile.replace(/\s+/g, ''),
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
}

/**
 * PATCH /server-api/creator: the whole profile. Every problem is found before anything is written, and
 * answered as one 422 listing the fields (SPEC §5). At DATA_CAPTURE a complete profile moves the
 * creator on to AGENCY_CAPTURE.
 */
export async function updateProfile(
  context: CreatorContext,
  user: RequestUser,
  profile: CreatorProfile,
): Promise<CreatorInfo> {
  const current = await own(context, user);
  assertEmailVerified(user);
  const { problems, tax } = await profileProblems(context, current, profile);
  if (problems.length > 0) throw invalidFields(problems);
  try {
    await context.db.transaction((tx) => saveProfile(context, tx, user.accountId, profile, tax));
  } catch (error) {
    // Another creator took one of the handles between the check and the write.
    if (violatedConstraint(error) === HANDLE_TAKEN_INDEX) {
      const taken = await takenHandles(context, user.accountId, profile.handles);
      throw invalidFields(
        taken.length > 0 ? taken : [{ field: 'handles', message: SOCIAL_HANDLE_MESSAGES.selectedInHoc }],
      );
    }
    throw error;
  }
  return creatorInfo(context, user);
}
