import type { OnboardingEvent } from '@platform/shared';
import type { Executor } from '../../../db/client';
import type { CreatorContext } from '../creator.context';
import { creatorRepository as repository, type CreatorRow } from '../creator.repository';
import { kycReasonFor, kycSummaryOf } from '../kyc-summary';
import { advance } from '../onboarding';

/**
 * Moves the creator along the onboarding state machine inside the caller's transaction; the row must
 * be locked by the caller.
 */
export async function applyOnboardingEvent(
  { clock }: CreatorContext,
  executor: Executor,
  row: CreatorRow,
  event: OnboardingEvent,
): Promise<CreatorRow> {
  return repository.update(executor, row.accountId, {
    onboardingStatus: advance(row.onboardingStatus, event),
    updatedAt: clock.now(),
  });
}

/** Locks the creator's row in the caller's transaction: the order every change to their checks takes. */
export const lockCreator = (_context: CreatorContext, executor: Executor, accountId: string) =>
  repository.lock(executor, accountId);

/** The creator's payout wallet, or null while they have none (their onboarding has not made one yet). */
export async function payoutWallet(
  { db }: CreatorContext,
  accountId: string,
): Promise<{ provider: string; walletId: string } | null> {
  const row = await repository.find(db, accountId);
  return row?.walletId && row.walletProvider
    ? { provider: row.walletProvider, walletId: row.walletId }
    : null;
}

/** The device tokens a notification for the creator is pushed to. */
export const pushDeviceTokens = ({ db }: CreatorContext, accountId: string) =>
  repository.acceptedDeviceTokens(db, accountId);

/** Forgets a device the push provider says can never receive a message again. */
export const forgetDevice = ({ db }: CreatorContext, accountId: string, deviceToken: string) =>
  repository.deleteDevice(db, accountId, deviceToken);

/** Which lookups creators have chosen, so that the lookups module archives rather than deletes them. */
export const lookupIdsInUse = (
  { db }: CreatorContext,
  column: 'genreIds' | 'artistIds' | 'agencyId',
  ids: readonly string[],
) => repository.lookupIdsInUse(db, column, ids);

/** The creator's latest identity check, as their account shows it. */
export const kycSummary = ({ db }: CreatorContext, creatorId: string) => kycSummaryOf(db, creatorId);

/** The reason the creator reads of an identity check (why the last one failed, on a fresh attempt). */
export const kycReason = ({ db }: CreatorContext, application: Parameters<typeof kycReasonFor>[1]) =>
  kycReasonFor(db, application);
