import { createHash } from 'node:crypto';
import type { PayoutsProvider } from './payouts-provider';

export const OFFLINE_TRANSFER_NOTE =
  'No payment provider is configured on this server: pay the creator outside the platform, then record ' +
  'the payment with its reference.';

export const OFFLINE_WALLET_NOTE =
  'No payment provider is configured on this server: staff pay creators outside the platform and record ' +
  'each payment here by hand. No bank details were collected or checked.';

/**
 * The default when no payment provider is configured. The wallet id is derived from the idempotency key
 * (a UUID of version 8, RFC 9562, over its SHA-256), so a retry gets the same wallet without any state,
 * on whichever process it runs.
 */
export function createOfflinePayouts(): PayoutsProvider {
  return {
    name: 'offline',
    async createWallet(_owner, idempotencyKey) {
      return {
        provider: 'offline',
        walletId: `local_${uuidFromKey(idempotencyKey)}`,
        needsAction: false,
        note: OFFLINE_WALLET_NOTE,
      };
    },
    async transfer() {
      return { kind: 'offline', note: OFFLINE_TRANSFER_NOTE };
    },
  };
}

function uuidFromKey(key: string): string {
  const bytes = createHash('sha256').update(`offline-wallet:${key}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
