import { describe, expect, it } from 'vitest';
import { creatorCampaign, creatorCardOf, payPerViewCampaign } from '../../../test/campaigns';
import { DEFAULT_CAMPAIGN_VALIDATION } from '@platform/shared';
import { campaignTiming, entriesCount, entryRules, rewardTerms, validationTerms } from './campaign-terms';
import { BUDGET_ORDER_RULE, budgetLeftOf, rateText } from './pay-per-view-terms';

describe('rewardTerms', () => {
  it('says what each approved entry earns, how many are paid and until when', () => {
    const terms = rewardTerms(
      creatorCampaign({
        reward: { type: 'FIRST_COME_FIRST_SERVE', amountPerEntry: 1000, slots: 1500 },
        maxPayout: { amount: 1_500_000, currency: 'GBP' },
      }),
    );
    expect(terms).toEqual({
      headline: '£10.00 for each approved entry',
      prizes: [],
      details: [
        'The first 1.5k approved entries are paid; a rejected entry frees its place for someone else.',
        'Entries count until 29 Jun, 2030 @ 9:00 AM GMT.',
        'Up to £15,000.00 is paid out in all.',
      ],
    });
  });

  it('pays a single slot to the first approved entry only', () => {
    const terms = rewardTerms(
      creatorCampaign({
        currency: 'USD',
        reward: { type: 'FIRST_COME_FIRST_SERVE', amountPerEntry: 2500, slots: 1 },
        maxPayout: { amount: 2500, currency: 'USD' },
      }),
    );
    expect(terms.headline).toBe('US$25.00 for each approved entry');
    expect(terms.details[0]).toBe(
      'Only the first approved entry is paid; a rejected entry frees its place for someone else.',
    );
  });

  it('lists the prizes by place, how entries are ranked and when the leaderboard is final', () => {
    expect(rewardTerms(creatorCampaign())).toEqual({
      headline: 'Prizes for the top 2 entries',
      prizes: [
        { place: '1st place', amount: '£500.00' },
        { place: '2nd place', amount: '£250.00' },
      ],
      details: [
        'Approved entries are ranked by views, ties going to the earlier entry. The leaderboard closes when the campaign ends, 29 Jun, 2030 @ 9:00 AM GMT.',
        'Up to £750.00 is paid out in all.',
      ],
    });
    const single = rewardTerms(creatorCampaign({ reward: { type: 'TOP_PRIZES', prizes: [10_000] } }));
    expect(single.headline).toBe('Prizes for the best entry');
  });

  it('counts a sprint’s periods from the dates, the last one shorter', () => {
    const terms = rewardTerms(
      creatorCampaign({
        currency: 'EUR',
        startsAt: '2030-06-01T09:00:00.000Z',
        endsAt: '2030-06-20T09:00:00.000Z',
        reward: { type: 'SPRINT', periodDays: 7, prizes: [3000] },
        maxPayout: { amount: 9000, currency: 'EUR' },
      }),
    );
    expect(terms.headline).toBe('Prizes every 7 days');
    expect(terms.prizes).toEqual([{ place: '1st place', amount: '€30.00' }]);
    expect(terms.details[0]).toBe(
      'The campaign runs in 3 periods of 7 days, each with its own leaderboard and these prizes.',
    );
    expect(terms.details.at(-1)).toBe('Up to €90.00 is paid out in all.');
    const daily = rewardTerms(
      creatorCampaign({
        reward: { type: 'SPRINT', periodDays: 1, prizes: [100] },
        endsAt: '2030-06-02T09:00:00.000Z',
      }),
    );
    expect(daily.headline).toBe('Prizes every day');
    expect(daily.details[0]).toBe(
      'The campaign runs in 1 period of 1 day, each with its own leaderboard and these prizes.',
    );
  });
});

describe('rewardTerms of a pay-per-view campaign', () => {
  it('gives the rate, the minimum, the caps, an example, that only validated views earn, and the budget’s order', () => {
    expect(rewardTerms(payPerViewCampaign())).toEqual({
      headline: '£3.00 for every 1,000 validated views',
      prizes: [],
      details: [
        'An entry earns nothing until it has 1,000 validated views; from then on, all its views count.',
        'Each entry earns at most £50.00 (16,667 views reach it), and each creator at most £200.00 over all their entries.',
        'For example, 10,000 validated views earn £30.00.',
        'Only validated views earn: an entry’s views are validated 7 days after you enter it, or 72 hours after the campaign ends if that comes first, less any views the campaign team excludes.',
        `The budget is £2,000.00 in all. ${BUDGET_ORDER_RULE}`,
      ],
    });
    expect(BUDGET_ORDER_RULE).toBe(
      'When the budget runs out, entries are paid in the order their views were validated; the entry that meets the end of the budget gets what is left, and later ones get nothing unless the budget is topped up.',
    );
  });

  it('counts every view without a minimum, and says when the example meets the entry’s cap', () => {
    const { details } = rewardTerms(
      payPerViewCampaign({
        reward: {
          type: 'PAY_PER_VIEW',
          ratePerThousand: 500,
          minimumViews: 0,
          capPerEntry: 2500,
          capPerCreator: 2500,
        },
        validation: { ...DEFAULT_CAMPAIGN_VALIDATION, lockDays: 1 },
      }),
    );
    expect(details[0]).toBe('Every validated view counts, from the first.');
    expect(details[2]).toBe('For example, 10,000 validated views earn £25.00, the most one entry earns.');
    expect(details[3]).toMatch(/^Only validated views earn: an entry’s views are validated 1 day after/);
  });

  it('takes a minimum above ten thousand views as the example', () => {
    const campaign = payPerViewCampaign();
    const { details } = rewardTerms({
      ...campaign,
      reward: {
        type: 'PAY_PER_VIEW',
        ratePerThousand: 300,
        minimumViews: 12_000,
        capPerEntry: 5000,
        capPerCreator: 20_000,
      },
    });
    expect(details[2]).toBe('For example, 12,000 validated views earn £36.00.');
  });
});

describe('budgetLeftOf and rateText', () => {
  it('says what is left of the budget and what share of it', () => {
    expect(budgetLeftOf(creatorCardOf(payPerViewCampaign()))).toEqual({
      text: '£1,200.00 of £2,000.00 left',
      percent: 60,
      spent: false,
    });
    expect(
      budgetLeftOf({
        budgetLeft: { amount: 0, currency: 'EUR' },
        maxPayout: { amount: 9000, currency: 'EUR' },
      }),
    ).toEqual({ text: '€0.00 of €90.00 left', percent: 0, spent: true });
  });

  it('never shows more left than the campaign pays in all', () => {
    expect(
      budgetLeftOf({
        budgetLeft: { amount: 100_000, currency: 'GBP' },
        maxPayout: { amount: 75_000, currency: 'GBP' },
      }),
    ).toMatchObject({ text: '£750.00 of £750.00 left', percent: 100 });
  });

  it('writes the rate per thousand views', () => {
    expect(rateText(300, 'GBP')).toBe('£3.00 per 1,000 views');
  });
});

describe('campaignTiming', () => {
  const now = new Date('2030-06-26T09:00:00.000Z');

  it('counts down a live campaign as SPEC §9 writes it', () => {
    expect(campaignTiming(creatorCampaign(), now)).toEqual({
      label: 'Live',
      color: 'teal',
      when: '3 days left',
    });
    expect(campaignTiming(creatorCampaign({ endsAt: '2030-06-27T09:00:00.000Z' }), now).when).toBe(
      '1 day left',
    );
  });

  it('gives an upcoming campaign’s start and an ended one’s end in the spec’s date format', () => {
    expect(campaignTiming(creatorCampaign({ status: 'PUBLISHED' }), now)).toEqual({
      label: 'Upcoming',
      color: 'blue',
      when: 'Starts 01 Jun, 2030 @ 9:00 AM GMT',
    });
    expect(campaignTiming(creatorCampaign({ status: 'ENDED' }), now).when).toBe(
      'Ended 29 Jun, 2030 @ 9:00 AM GMT',
    );
  });

  it('counts down a paused campaign to its end, which does not move', () => {
    expect(campaignTiming(creatorCampaign({ status: 'PAUSED' }), now)).toEqual({
      label: 'Paused',
      color: 'orange',
      when: '3 days left',
    });
  });
});

describe('entryRules', () => {
  it('names the platform, the window, the tags and the length', () => {
    expect(
      entryRules(
        creatorCampaign({
          requirements: { hashtags: ['#a', '#b', '#c'], mentions: ['@band'], minimumLengthSeconds: 1 },
        }),
      ),
    ).toEqual([
      'A post on TikTok, made between 01 Jun, 2030 @ 9:00 AM GMT and 29 Jun, 2030 @ 9:00 AM GMT.',
      'Uses #a, #b and #c in its caption.',
      'Mentions @band.',
      'At least 1 second long.',
    ]);
  });

  it('asks only for the post when the campaign sets nothing else', () => {
    const rules = entryRules(
      creatorCampaign({
        platform: 'Youtube',
        requirements: { hashtags: [], mentions: [], minimumLengthSeconds: null },
      }),
    );
    expect(rules).toEqual([
      'A post on YouTube, made between 01 Jun, 2030 @ 9:00 AM GMT and 29 Jun, 2030 @ 9:00 AM GMT.',
    ]);
  });
});

describe('entriesCount', () => {
  it.each([
    [0, '0 entries'],
    [1, '1 entry'],
    [12, '12 entries'],
    [1520, '1.5k entries'],
    [2_000_000, '2m entries'],
  ])('%d -> %s', (count, text) => {
    expect(entriesCount(count)).toBe(text);
  });
});

describe('validationTerms', () => {
  it('says from the campaign’s own numbers how long views count, when they are validated and when entries are approved', () => {
    expect(validationTerms(creatorCampaign())).toBe(
      'Views count for 7 days after you enter, until the campaign ends. Figures are provisional until then, ' +
        'and validated at most 72 hours after the end. Entries not reviewed within 7 days are approved ' +
        'automatically. If a paid post is taken down or made private within 30 days of payment, its pay is ' +
        'taken back.',
    );
  });

  it('counts a single day as one, and says nothing of taking pay back when the campaign never does', () => {
    const validation = {
      ...DEFAULT_CAMPAIGN_VALIDATION,
      lockDays: 1,
      reviewDeadlineDays: 14,
      retentionDays: 0,
    };
    expect(validationTerms(creatorCampaign({ validation }))).toBe(
      'Views count for 1 day after you enter, until the campaign ends. Figures are provisional until then, ' +
        'and validated at most 72 hours after the end. Entries not reviewed within 14 days are approved ' +
        'automatically.',
    );
  });
});
