import type { HeldEntry } from '@platform/shared';

export const HOLD_ID = '7c1d9a52-8d4e-4b7a-9c2d-0000000000h1';
export const HOLDS = '/server-api/marketing/holds';
export const HOLD = `${HOLDS}/${HOLD_ID}`;

const SPIKE_SENTENCE =
  'In 4 hours the post gained 48,000 views, 16× the 3,000 it had, two days after it was first counted; organic posts grow this fast only while they are new.';
const ENGAGEMENT_SENTENCE =
  'The post has 0.4 likes and comments per 1,000 views (21 on 51,000 views); organic TikTok posts usually have 5 or more.';

/** A hold on Ada's entry: a sudden rise with engagement under the floor. */
export function heldEntry(overrides: Partial<HeldEntry> = {}): HeldEntry {
  return {
    id: HOLD_ID,
    status: 'HELD',
    score: 65,
    signals: [
      {
        code: 'SPIKE',
        value: 16,
        threshold: 10,
        sentence: SPIKE_SENTENCE,
        window: { from: '2026-11-20T08:00:00.000Z', to: '2026-11-20T12:00:00.000Z', views: 48_000 },
      },
      { code: 'LOW_ENGAGEMENT', value: 0.41, threshold: 5, sentence: ENGAGEMENT_SENTENCE, window: null },
    ],
    heldAt: '2026-11-21T09:30:00.000Z',
    campaign: { id: 'c0ffee00-0000-4000-8000-000000000001', name: 'Summer Beats', currency: 'GBP' },
    creator: { id: 'a1', name: 'Ada Lovelace', handle: 'ada_codes' },
    entry: {
      id: 'e0000000-0000-4000-8000-000000000001',
      postLink: 'https://www.tiktok.com/@ada_codes/video/7234567890123456789',
      kind: 'POST',
      status: 'APPROVED',
    },
    figures: {
      views: 51_000,
      likes: 18,
      comments: 3,
      state: 'PROVISIONAL',
      validatedAt: '2026-11-27T10:00:00.000Z',
      excludedViews: 0,
    },
    atStake: { amountMinor: 50_000, currency: 'GBP' },
    appeal: null,
    decision: null,
    ...overrides,
  };
}
