import { describe, expect, it } from 'vitest';
import { createDisabledPushSender } from './disabled-push-sender';

describe('disabled push', () => {
  it('accepts a device but says that nothing was checked and nothing will be pushed', async () => {
    const registration = await createDisabledPushSender().registerDevice('any-token');
    expect(registration).toMatchObject({ provider: 'none', accepted: true });
    expect(registration.note).toContain('not configured');
    expect(registration.note).toContain('without being checked');
    expect(registration.note).toContain('no notifications will be pushed');
  });

  it('skips every message, saying why', async () => {
    const result = await createDisabledPushSender().send('any-token', { title: 'Hi', body: 'There' });
    expect(result).toEqual({ outcome: 'skipped', note: expect.stringContaining('not configured') as string });
  });
});
