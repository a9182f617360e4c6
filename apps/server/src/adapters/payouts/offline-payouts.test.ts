import { describe, expect, it } from 'vitest';
import { createOfflinePayouts } from './offline-payouts';

const owner = { creatorId: 'cr_1', email: 'ada@example.com', country: 'GB', firstName: 'Ada', lastName: 'L' };

describe('offline payouts', () => {
  it('records a local wallet and says plainly that staff pay by hand, outside the platform', async () => {
    const wallet = await createOfflinePayouts().createWallet(owner, 'wallet:cr_1');
    expect(wallet).toMatchObject({ provider: 'offline', needsAction: false });
    expect(wallet.walletId).toMatch(
      /^local_[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(wallet.note).toContain('staff pay creators outside the platform');
    expect(wallet.note).toContain('by hand');
  });

  it('gives a retry with the same idempotency key the same wallet, even from another process', async () => {
    const first = await createOfflinePayouts().createWallet(owner, 'wallet:cr_1');
    const retry = await createOfflinePayouts().createWallet(owner, 'wallet:cr_1');
    const other = await createOfflinePayouts().createWallet({ ...owner, creatorId: 'cr_2' }, 'wallet:cr_2');
    expect(retry.walletId).toBe(first.walletId);
    expect(other.walletId).not.toBe(first.walletId);
  });
});
