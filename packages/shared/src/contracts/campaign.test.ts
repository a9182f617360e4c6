import { describe, expect, it } from 'vitest';
import {
  campaignBodySchema,
  campaignPauseBodySchema,
  campaignRejectBodySchema,
  type CampaignBody,
} from './campaign';

const issuesOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

const TEAM = '0b7c2f1e-5d2a-4f1b-9a52-1f0c7e3d9a11';
const TERRITORY = '6f1d8e3a-2b4c-4d5e-8f90-a1b2c3d4e5f6';

const valid: CampaignBody = {
  name: 'Winter Lights Challenge',
  brandOrArtist: 'Nova Lights',
  brief: 'Show us your <a href="https://example.com/winter">winter lights</a>.<br>Tag the band.',
  platform: 'TikTok',
  type: 'CHALLENGE',
  teamId: TEAM,
  territoryIds: [TERRITORY],
  currency: 'GBP',
  budget: 175000,
  startsAt: '2026-12-01T09:00:00Z',
  endsAt: '2026-12-29T09:00:00Z',
  reward: { type: 'TOP_PRIZES', prizes: [100000, 50000, 25000] },
  requirements: { hashtags: ['#WinterLights'], mentions: ['@novalights'], minimumLengthSeconds: 15 },
  coverAssetId: null,
};

describe('a campaign as its editor sends it', () => {
  it('accepts a complete campaign whose rewards fit the budget exactly', () => {
    expect(issuesOf(campaignBodySchema.safeParse(valid))).toEqual([]);
  });

  it('refuses rewards that could pay more than the budget, on the budget, with both amounts', () => {
    expect(issuesOf(campaignBodySchema.safeParse({ ...valid, budget: 174999 }))).toEqual([
      [
        'budget',
        'The rewards can pay out up to £1,750.00, more than the budget of £1,749.99. Raise the budget or lower the rewards.',
      ],
    ]);
    const sprint = { ...valid, reward: { type: 'SPRINT', periodDays: 7, prizes: [50000] } } as const;
    expect(issuesOf(campaignBodySchema.safeParse(sprint))).toEqual([
      [
        'budget',
        'The rewards can pay out up to £2,000.00, more than the budget of £1,750.00. Raise the budget or lower the rewards.',
      ],
    ]);
  });

  it('puts an end before the start on the end', () => {
    expect(issuesOf(campaignBodySchema.safeParse({ ...valid, endsAt: '2026-12-01T08:59:59Z' }))).toEqual([
      ['endsAt', 'The end must be after the start'],
    ]);
  });

  it('says what is wrong with each field, in a marketer’s words', () => {
    const result = campaignBodySchema.safeParse({
      ...valid,
      name: '  ',
      platform: 'Snapchat',
      territoryIds: [],
      budget: 12.5,
      startsAt: 'next week',
      reward: { type: 'FIRST_COME_FIRST_SERVE', amountPerEntry: 0, slots: 0 },
      requirements: { hashtags: ['winter'], mentions: ['novalights'], minimumLengthSeconds: 0 },
    });
    expect(issuesOf(result)).toEqual([
      ['name', 'This field is required'],
      ['platform', 'This field is required'],
      ['territoryIds', 'Choose at least one territory'],
      ['budget', 'Enter a whole number'],
      ['startsAt', 'Choose a date and time'],
      ['reward.amountPerEntry', 'Enter an amount above zero'],
      ['reward.slots', 'Enter between 1 and 100000 slots'],
      ['requirements.hashtags.0', 'Write each hashtag as # followed by letters, numbers or _'],
      ['requirements.mentions.0', 'Write each mention as @ followed by the account name'],
      ['requirements.minimumLengthSeconds', 'Enter a length between 1 and 3600 seconds'],
    ]);
  });

  it('refuses an unknown reward type and a prize table without prizes', () => {
    expect(issuesOf(campaignBodySchema.safeParse({ ...valid, reward: { type: 'LOTTERY' } }))).toEqual([
      ['reward.type', 'This field is required'],
    ]);
    expect(
      issuesOf(campaignBodySchema.safeParse({ ...valid, reward: { type: 'TOP_PRIZES', prizes: [] } })),
    ).toEqual([['reward.prizes', 'Add at least one prize']]);
  });

  it('refuses a campaign name with invisible characters', () => {
    expect(issuesOf(campaignBodySchema.safeParse({ ...valid, name: 'Winter\u0000Lights' }))).toEqual([
      ['name', 'This field contains invisible characters that are not allowed'],
    ]);
  });
});

describe('a pay-per-view campaign (ADR 038)', () => {
  const payPerView = {
    ...valid,
    budget: 200_000,
    reward: {
      type: 'PAY_PER_VIEW',
      ratePerThousand: 300,
      minimumViews: 1000,
      capPerEntry: 20_000,
      capPerCreator: 50_000,
    },
  } as const satisfies CampaignBody;

  it('accepts a rate, a minimum of 0 views and caps within the budget', () => {
    expect(issuesOf(campaignBodySchema.safeParse(payPerView))).toEqual([]);
    expect(
      issuesOf(
        campaignBodySchema.safeParse({ ...payPerView, reward: { ...payPerView.reward, minimumViews: 0 } }),
      ),
    ).toEqual([]);
  });

  it('refuses an entry’s cap above the creator’s, and a creator’s cap above the budget, on those fields', () => {
    const reward = { ...payPerView.reward, capPerEntry: 260_000, capPerCreator: 250_000 };
    expect(issuesOf(campaignBodySchema.safeParse({ ...payPerView, reward }))).toEqual([
      ['reward.capPerEntry', 'An entry’s cap cannot be more than a creator’s cap'],
      ['reward.capPerCreator', 'A creator’s cap cannot be more than the budget'],
    ]);
  });

  it('says what is wrong with a rate, a minimum and a cap', () => {
    const reward = { ...payPerView.reward, ratePerThousand: 0, minimumViews: -1, capPerEntry: 1.5 };
    expect(issuesOf(campaignBodySchema.safeParse({ ...payPerView, reward }))).toEqual([
      ['reward.ratePerThousand', 'Enter an amount above zero'],
      ['reward.minimumViews', 'Enter a number of views from 0 to 1,000,000,000'],
      ['reward.capPerEntry', 'Enter a whole number'],
    ]);
  });
});

describe('a pause', () => {
  it('needs a reason creators can read', () => {
    expect(issuesOf(campaignPauseBodySchema.safeParse({ reason: '  ' }))).toEqual([
      ['reason', 'Tell creators why the campaign is paused'],
    ]);
    expect(campaignPauseBodySchema.safeParse({ reason: 'New artwork arrives on Monday.' }).success).toBe(
      true,
    );
  });
});

describe('a rejection', () => {
  it('needs a reason the marketer can act on', () => {
    expect(issuesOf(campaignRejectBodySchema.safeParse({ reason: ' ' }))).toEqual([
      ['reason', 'Tell the marketer what to change'],
    ]);
    expect(campaignRejectBodySchema.parse({ reason: ' Lower the prizes. ' })).toEqual({
      reason: 'Lower the prizes.',
    });
  });
});
