import {
  CAMPAIGN_HASHTAGS_MAX,
  CAMPAIGN_MENTIONS_MAX,
  CAMPAIGN_PRIZES_MAX,
  CAMPAIGN_TERRITORIES_MAX,
  DEFAULT_CAMPAIGN_VALIDATION,
  type CampaignBody,
  type campaignBodySchema,
  type CampaignDetail,
  type RewardType,
} from '@platform/shared';
import type { Control, DefaultValues, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod/mini';

/** The editor's values: the campaign's body itself, as `campaignBodySchema` checks it on both sides. */
export type CampaignFormValues = CampaignBody;
export type CampaignFormOutput = z.output<typeof campaignBodySchema>;
export type CampaignFormApi = UseFormReturn<CampaignFormValues, unknown, CampaignFormOutput>;
export type CampaignFormControl = Control<CampaignFormValues, unknown, CampaignFormOutput>;

/** The reward fields of every type, as typed so far: switching type and back keeps what was typed. */
export interface RewardDrafts {
  amountPerEntry?: number;
  slots?: number;
  prizes: (number | undefined)[];
  periodDays?: number;
  ratePerThousand?: number;
  minimumViews?: number;
  capPerEntry?: number;
  capPerCreator?: number;
}

/**
 * A reward of `type` built from what was typed for any type. A number not typed yet is NaN, which the
 * schema refuses with its own message (react-hook-form would read undefined as the field's default).
 */
export function rewardOfType(type: RewardType, drafts: RewardDrafts): CampaignBody['reward'] {
  const prizes = drafts.prizes.length > 0 ? drafts.prizes.map((prize) => prize ?? Number.NaN) : [Number.NaN];
  switch (type) {
    case 'FIRST_COME_FIRST_SERVE':
      return {
        type,
        amountPerEntry: drafts.amountPerEntry ?? Number.NaN,
        slots: drafts.slots ?? Number.NaN,
      };
    case 'TOP_PRIZES':
      return { type, prizes };
    case 'SPRINT':
      return { type, periodDays: drafts.periodDays ?? 7, prizes };
    case 'PAY_PER_VIEW':
      return {
        type,
        ratePerThousand: drafts.ratePerThousand ?? Number.NaN,
        minimumViews: drafts.minimumViews ?? 0,
        capPerEntry: drafts.capPerEntry ?? Number.NaN,
        capPerCreator: drafts.capPerCreator ?? Number.NaN,
      };
  }
}

export function rewardDraftsOf(reward: Partial<CampaignBody['reward']> | undefined): RewardDrafts {
  const drafts: RewardDrafts = { prizes: [] };
  if (!reward) return drafts;
  if ('amountPerEntry' in reward) drafts.amountPerEntry = reward.amountPerEntry;
  if ('slots' in reward) drafts.slots = reward.slots;
  if ('prizes' in reward && reward.prizes) drafts.prizes = [...reward.prizes];
  if ('periodDays' in reward) drafts.periodDays = reward.periodDays;
  if ('ratePerThousand' in reward) drafts.ratePerThousand = reward.ratePerThousand;
  if ('minimumViews' in reward) drafts.minimumViews = reward.minimumViews;
  if ('capPerEntry' in reward) drafts.capPerEntry = reward.capPerEntry;
  if ('capPerCreator' in reward) drafts.capPerCreator = reward.capPerCreator;
  return drafts;
}

/** A new campaign: pounds by default (the product's default country is the United Kingdom, SPEC §9). */
export function newCampaignValues(): DefaultValues<CampaignFormValues> {
  return {
    name: '',
    brandOrArtist: '',
    brief: '',
    platform: undefined,
    type: undefined,
    teamId: '',
    territoryIds: [],
    currency: 'GBP',
    budget: Number.NaN,
    startsAt: undefined,
    endsAt: undefined,
    reward: rewardOfType('FIRST_COME_FIRST_SERVE', { prizes: [] }),
    requirements: { hashtags: [], mentions: [], minimumLengthSeconds: null },
    validation: { ...DEFAULT_CAMPAIGN_VALIDATION },
    coverAssetId: null,
  };
}

/** A campaign's editable fields, as its page read them. */
export function campaignFormValuesOf(campaign: CampaignDetail): CampaignFormValues {
  return {
    name: campaign.name,
    brandOrArtist: campaign.brandOrArtist,
    brief: campaign.brief,
    platform: campaign.platform,
    type: campaign.type,
    teamId: campaign.team.id,
    territoryIds: campaign.territories.map((territory) => territory.id),
    currency: campaign.currency,
    budget: campaign.budget,
    startsAt: campaign.startsAt,
    endsAt: campaign.endsAt,
    reward: campaign.reward,
    requirements: {
      hashtags: [...campaign.requirements.hashtags],
      mentions: [...campaign.requirements.mentions],
      minimumLengthSeconds: campaign.requirements.minimumLengthSeconds,
    },
    validation: { ...campaign.validation },
    coverAssetId: campaign.coverAssetId,
  };
}

const range = (count: number) => Array.from({ length: count }, (_, index) => index);

/** The fields the editor shows, by the names the server's field errors use. */
export const SHOWN_FIELDS: readonly string[] = [
  'name',
  'brandOrArtist',
  'brief',
  'platform',
  'type',
  'teamId',
  'territoryIds',
  'currency',
  'budget',
  'startsAt',
  'endsAt',
  'reward',
  'reward.amountPerEntry',
  'reward.slots',
  'reward.periodDays',
  'reward.prizes',
  'reward.ratePerThousand',
  'reward.minimumViews',
  'reward.capPerEntry',
  'reward.capPerCreator',
  ...range(CAMPAIGN_PRIZES_MAX).map((index) => `reward.prizes.${index}`),
  'requirements.hashtags',
  'requirements.mentions',
  'requirements.minimumLengthSeconds',
  'validation.lockDays',
  'validation.holdScore',
  'validation.reviewDeadlineDays',
  'validation.changeRequests',
  'validation.retentionDays',
  'coverAssetId',
];

/** A tag's own error is shown under its list, and a territory's under the territories. */
const aliasesOf = (list: string, count: number) =>
  range(count).map((index): [string, string] => [`${list}.${index}`, list]);

export const FIELD_ALIASES: Readonly<Record<string, string>> = Object.fromEntries([
  ...aliasesOf('requirements.hashtags', CAMPAIGN_HASHTAGS_MAX),
  ...aliasesOf('requirements.mentions', CAMPAIGN_MENTIONS_MAX),
  ...aliasesOf('territoryIds', CAMPAIGN_TERRITORIES_MAX),
]);

/**
 * The first message in a field's error: a list's error may sit on the list or on one of its entries
 * (`requirements.hashtags.2`), which react-hook-form keeps as an array under the list's name.
 */
export function firstErrorMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { message } = error as { message?: unknown };
  if (typeof message === 'string' && message !== '') return message;
  for (const entry of Object.values(error as Record<string, unknown>)) {
    if (entry === error) continue;
    const found =
      entry && typeof entry === 'object' && 'message' in entry ? firstErrorMessage(entry) : undefined;
    if (found) return found;
  }
  return undefined;
}
