import type { WalletState } from '@platform/shared';
import { PayoutsRejected, PayoutsUnavailable } from '../../adapters/payouts/payouts-provider';
import type { CreatorContext } from './creator.context';
import type { CreatorPatch, CreatorRow } from './creator.repository';
import { advance } from './onboarding';

const WALLET_RETRY_FIRST_MS = 60_000;
const WALLET_RETRY_LONGEST_MS = 6 * 3600_000;
/** After this many failed attempts the platform stops trying on its own and staff take over. */
export const WALLET_MAX_ATTEMPTS = 20;
export const WALLET_CLAIM_MS = 2 * 60_000;

/** What the creator reads about a payout wallet the provider did not create. */
export const WALLET_NOTES = {
  gaveUp: 'We could not set up your payout wallet. Our Support team has been told and will be in touch.',
  refused: 'Our payments provider could not set up your payout wallet yet. We will try again shortly.',
  unavailable: 'Our payments provider is not answering right now. We will set up your payout wallet shortly.',
} as const;

export function walletState(row: CreatorRow): WalletState {
  if (row.walletId) return row.walletNeedsAction ? 'needs-action' : 'ready';
  if (row.onboardingStatus !== 'WALLET_CREATION_FAILED') return 'none';
  return row.walletNextAttemptAt ? 'retrying' : 'failed';
}

/** The next attempt backs off, to the provider's own wait if longer, until the platform gives up. */
function failedAttempt({ logger }: CreatorContext, row: CreatorRow, error: unknown, now: Date): CreatorPatch {
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
    walletNote: givingUp ? WALLET_NOTES.gaveUp : rejected ? WALLET_NOTES.refused : WALLET_NOTES.unavailable,
    updatedAt: now,
  };
}

/** Asks the payouts provider for the creator's wallet once: what to write of the outcome. */
export async function createWallet(context: CreatorContext, row: CreatorRow): Promise<CreatorPatch> {
  const { clock, payouts, authService } = context;
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
    return failedAttempt(context, row, error, now);
  }
}
