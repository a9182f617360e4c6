// zod/mini: the campaign editor and the creator's campaign screens load these schemas, and every page
// downloads the zod code that any page uses (DESIGN §3, ADR 009). The budget rule is the plain function of
// rules/rewards, so the editor's simulator and the server check exactly the same thing.
import { z } from 'zod/mini';
import { formatMoney } from '../format/money';
import { CREATOR_VISIBLE_CAMPAIGN_STATUSES } from '../machines/campaign';
import { hasControlCharacters, hasUnpairedSurrogates } from '../rules/control-characters';
import {
  CONTROL_CHARACTERS_MESSAGE,
  REQUIRED_MESSAGE,
  UNPAIRED_SURROGATES_MESSAGE,
  maxLengthMessage,
} from '../rules/messages';
import { maxPayout, type RewardConfig } from '../rules/rewards';
import { ASSET_FILE_TYPES, ASSET_SCAN_STATUSES } from '../vocabulary/assets';
import { CAMPAIGN_STATUSES, CAMPAIGN_TYPES, REWARD_TYPES } from '../vocabulary/campaign';
import { MARKETING_CURRENCIES } from '../vocabulary/currencies';
import { MARKETING_PLATFORMS } from '../vocabulary/platforms';
import { schema } from './build-schema';
import { campaignValidationSchema } from './campaign-validation';
import { isUuid, pagedResponseSchema, pageQueryFields } from './lists';

export const CAMPAIGN_NAME_MAX_LENGTH = 120;
export const CAMPAIGN_BRAND_MAX_LENGTH = 120;
/** The brief as written, HTML included, before it is reduced to links and line breaks. */
export const CAMPAIGN_BRIEF_MAX_LENGTH = 20_000;
export const CAMPAIGN_TERRITORIES_MAX = 50;
export const CAMPAIGN_PRIZES_MAX = 100;
export const CAMPAIGN_SLOTS_MAX = 100_000;
export const CAMPAIGN_HASHTAGS_MAX = 20;
export const CAMPAIGN_MENTIONS_MAX = 20;
export const CAMPAIGN_TAG_MAX_LENGTH = 100;
export const CAMPAIGN_REJECTION_REASON_MAX_LENGTH = 1000;
export const SPRINT_PERIOD_DAYS_MAX = 90;
/** A minimum video length above an hour is not a rule a creator could keep on these platforms. */
export const CAMPAIGN_MIN_LENGTH_SECONDS_MAX = 3600;
/** 10 billion minor units (100 million in pounds, euros or dollars): more is a typing mistake. */
export const CAMPAIGN_BUDGET_MAX = 10_000_000_000;
/** A minimum above a billion views is not one any entry would reach. */
export const PAY_PER_VIEW_MINIMUM_VIEWS_MAX = 1_000_000_000;
export const CAMPAIGN_PAUSE_REASON_MAX_LENGTH = 500;

const HASHTAG = /^#[\p{L}\p{N}_]+$/u;
const MENTION = /^@[\p{L}\p{N}._]+$/u;

// Not in the spec: the campaign editor's own messages, in a marketer's words.
export const CAMPAIGN_MESSAGES = {
  endBeforeStart: 'The end must be after the start',
  startPassed: 'The start time has passed. Choose a later start before sending this for review.',
  territoriesRequired: 'Choose at least one territory',
  tooManyTerritories: `Choose at most ${CAMPAIGN_TERRITORIES_MAX} territories`,
  territoryUnknown: 'One of the chosen territories is no longer on the list. Please choose again.',
  teamUnknown: 'Choose one of your teams',
  amountAboveZero: 'Enter an amount above zero',
  wholeNumber: 'Enter a whole number',
  slotsRange: `Enter between 1 and ${CAMPAIGN_SLOTS_MAX} slots`,
  prizesRequired: 'Add at least one prize',
  tooManyPrizes: `Add at most ${CAMPAIGN_PRIZES_MAX} prizes`,
  periodDaysRange: `A period lasts between 1 and ${SPRINT_PERIOD_DAYS_MAX} days`,
  minimumViewsRange: 'Enter a number of views from 0 to 1,000,000,000',
  entryCapAboveCreatorCap: 'An entry’s cap cannot be more than a creator’s cap',
  creatorCapAboveBudget: 'A creator’s cap cannot be more than the budget',
  pauseReasonRequired: 'Tell creators why the campaign is paused',
  budgetTooLarge: 'This budget is larger than any campaign can have',
  budgetExceeded: (ceiling: string, budget: string) =>
    `The rewards can pay out up to ${ceiling}, more than the budget of ${budget}. Raise the budget or lower the rewards.`,
  hashtagShape: 'Write each hashtag as # followed by letters, numbers or _',
  mentionShape: 'Write each mention as @ followed by the account name',
  tooManyHashtags: `Add at most ${CAMPAIGN_HASHTAGS_MAX} hashtags`,
  tooManyMentions: `Add at most ${CAMPAIGN_MENTIONS_MAX} mentions`,
  minimumLengthRange: `Enter a length between 1 and ${CAMPAIGN_MIN_LENGTH_SECONDS_MAX} seconds`,
  rejectionReasonRequired: 'Tell the marketer what to change',
  notEditable: 'This campaign is waiting for review or has ended, so it cannot be changed now.',
  editNeedsGrant:
    'Changing the reward, budget or dates of an approved campaign needs the campaign edit permission.',
  transitionNotAllowed: (status: string) => `This cannot be done while the campaign is ${status}.`,
  archived: 'This campaign is archived.',
  assetUnknown: 'One of the chosen files is not one of this campaign’s files.',
  coverNotImage: 'The cover must be an image.',
} as const;

const plainLine = (max: number) =>
  z.string({ error: REQUIRED_MESSAGE }).check(
    z.trim(),
    z.minLength(1, { error: REQUIRED_MESSAGE }),
    z.maxLength(max, { error: maxLengthMessage(max) }),
    z.refine((value) => !hasControlCharacters(value), { error: CONTROL_CHARACTERS_MESSAGE }),
    z.refine((value) => !hasUnpairedSurrogates(value), { error: UNPAIRED_SURROGATES_MESSAGE }),
  );

/** A whole number from 1 to `max`; `outOfRange` unless a different word suits a number below 1. */
const wholeNumber = (max: number, outOfRange: string, belowOne: string = outOfRange) =>
  z
    .number({ error: belowOne })
    .check(
      z.refine(Number.isInteger, { error: CAMPAIGN_MESSAGES.wholeNumber, abort: true }),
      z.minimum(1, { error: belowOne }),
      z.maximum(max, { error: outOfRange }),
    );

const amount = () =>
  wholeNumber(CAMPAIGN_BUDGET_MAX, CAMPAIGN_MESSAGES.budgetTooLarge, CAMPAIGN_MESSAGES.amountAboveZero);

const prizeTable = () =>
  z
    .array(amount(), { error: CAMPAIGN_MESSAGES.prizesRequired })
    .check(
      z.minLength(1, { error: CAMPAIGN_MESSAGES.prizesRequired }),
      z.maxLength(CAMPAIGN_PRIZES_MAX, { error: CAMPAIGN_MESSAGES.tooManyPrizes }),
    );

export const rewardConfigSchema = schema(() =>
  z.discriminatedUnion(
    'type',
    [
      z.object({
        type: z.literal('FIRST_COME_FIRST_SERVE'),
        amountPerEntry: amount(),
        slots: wholeNumber(CAMPAIGN_SLOTS_MAX, CAMPAIGN_MESSAGES.slotsRange),
      }),
      z.object({ type: z.literal('TOP_PRIZES'), prizes: prizeTable() }),
      z.object({
        type: z.literal('SPRINT'),
        periodDays: wholeNumber(SPRINT_PERIOD_DAYS_MAX, CAMPAIGN_MESSAGES.periodDaysRange),
        prizes: prizeTable(),
      }),
      z.object({
        type: z.literal('PAY_PER_VIEW'),
        ratePerThousand: amount(),
        minimumViews: z
          .number({ error: CAMPAIGN_MESSAGES.minimumViewsRange })
          .check(
            z.refine(Number.isInteger, { error: CAMPAIGN_MESSAGES.wholeNumber, abort: true }),
            z.minimum(0, { error: CAMPAIGN_MESSAGES.minimumViewsRange }),
            z.maximum(PAY_PER_VIEW_MINIMUM_VIEWS_MAX, { error: CAMPAIGN_MESSAGES.minimumViewsRange }),
          ),
        capPerEntry: amount(),
        capPerCreator: amount(),
      }),
    ],
    { error: REQUIRED_MESSAGE },
  ),
);

/** A reward as stored and sent: the contract's shape of RewardConfig. */
export type CampaignReward = z.infer<typeof rewardConfigSchema>;

const tagList = (pattern: RegExp, max: number, shape: string, tooMany: string) =>
  z
    .array(
      z
        .string({ error: shape })
        .check(
          z.trim(),
          z.maxLength(CAMPAIGN_TAG_MAX_LENGTH, { error: maxLengthMessage(CAMPAIGN_TAG_MAX_LENGTH) }),
          z.regex(pattern, { error: shape }),
        ),
    )
    .check(z.maxLength(max, { error: tooMany }));

export const campaignRequirementsSchema = schema(() =>
  z.object({
    hashtags: tagList(
      HASHTAG,
      CAMPAIGN_HASHTAGS_MAX,
      CAMPAIGN_MESSAGES.hashtagShape,
      CAMPAIGN_MESSAGES.tooManyHashtags,
    ),
    mentions: tagList(
      MENTION,
      CAMPAIGN_MENTIONS_MAX,
      CAMPAIGN_MESSAGES.mentionShape,
      CAMPAIGN_MESSAGES.tooManyMentions,
    ),
    minimumLengthSeconds: z.nullable(
      wholeNumber(CAMPAIGN_MIN_LENGTH_SECONDS_MAX, CAMPAIGN_MESSAGES.minimumLengthRange),
    ),
  }),
);
export type CampaignRequirements = z.infer<typeof campaignRequirementsSchema>;

const instant = () => z.iso.datetime({ offset: true, error: 'Choose a date and time' });

const uuid = (message: string) => z.string({ error: message }).check(z.refine(isUuid, { error: message }));

type Issue = { path: (string | number)[]; message: string };

/** The rules that look at more than one field: the dates in order, and rewards that fit the budget. */
export function campaignIssues(campaign: {
  startsAt: string;
  endsAt: string;
  currency: string;
  budget: number;
  reward: RewardConfig;
}): Issue[] {
  const issues: Issue[] = [];
  if (new Date(campaign.endsAt).getTime() <= new Date(campaign.startsAt).getTime()) {
    issues.push({ path: ['endsAt'], message: CAMPAIGN_MESSAGES.endBeforeStart });
    return issues;
  }
  if (campaign.reward.type === 'PAY_PER_VIEW') {
    if (campaign.reward.capPerEntry > campaign.reward.capPerCreator) {
      issues.push({ path: ['reward', 'capPerEntry'], message: CAMPAIGN_MESSAGES.entryCapAboveCreatorCap });
    }
    if (campaign.reward.capPerCreator > campaign.budget) {
      issues.push({ path: ['reward', 'capPerCreator'], message: CAMPAIGN_MESSAGES.creatorCapAboveBudget });
    }
    return issues;
  }
  const ceiling = maxPayout(campaign.reward, campaign.currency, campaign.startsAt, campaign.endsAt);
  if (ceiling && ceiling.total > campaign.budget) {
    issues.push({
      path: ['budget'],
      message: CAMPAIGN_MESSAGES.budgetExceeded(
        formatMoney(ceiling.total, campaign.currency),
        formatMoney(campaign.budget, campaign.currency),
      ),
    });
  }
  return issues;
}

/**
 * A campaign as its editor sends it, whole, to create or change it. The brief is HTML; the server keeps
 * only links and line breaks of it (SPEC §5).
 */
export const campaignBodySchema = schema(() =>
  z
    .object({
      name: plainLine(CAMPAIGN_NAME_MAX_LENGTH),
      brandOrArtist: plainLine(CAMPAIGN_BRAND_MAX_LENGTH),
      brief: z
        .string({ error: REQUIRED_MESSAGE })
        .check(
          z.trim(),
          z.minLength(1, { error: REQUIRED_MESSAGE }),
          z.maxLength(CAMPAIGN_BRIEF_MAX_LENGTH, { error: maxLengthMessage(CAMPAIGN_BRIEF_MAX_LENGTH) }),
        ),
      platform: z.enum(MARKETING_PLATFORMS, { error: REQUIRED_MESSAGE }),
      type: z.enum(CAMPAIGN_TYPES, { error: REQUIRED_MESSAGE }),
      teamId: uuid(CAMPAIGN_MESSAGES.teamUnknown),
      territoryIds: z
        .array(uuid(CAMPAIGN_MESSAGES.territoryUnknown), { error: CAMPAIGN_MESSAGES.territoriesRequired })
        .check(
          z.minLength(1, { error: CAMPAIGN_MESSAGES.territoriesRequired }),
          z.maxLength(CAMPAIGN_TERRITORIES_MAX, { error: CAMPAIGN_MESSAGES.tooManyTerritories }),
        ),
      currency: z.enum(MARKETING_CURRENCIES, { error: REQUIRED_MESSAGE }),
      budget: amount(),
      startsAt: instant(),
      endsAt: instant(),
      reward: rewardConfigSchema,
      requirements: campaignRequirementsSchema,
      validation: z.optional(campaignValidationSchema),
      coverAssetId: z.nullable(uuid(CAMPAIGN_MESSAGES.assetUnknown)),
    })
    .check(
      z.superRefine((campaign, ctx) => {
        for (const issue of campaignIssues(campaign)) {
          ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path, input: campaign });
        }
      }),
    ),
);
export type CampaignBody = z.input<typeof campaignBodySchema>;

export const campaignRejectBodySchema = schema(() =>
  z.object({
    reason: z.string({ error: CAMPAIGN_MESSAGES.rejectionReasonRequired }).check(
      z.trim(),
      z.minLength(1, { error: CAMPAIGN_MESSAGES.rejectionReasonRequired }),
      z.maxLength(CAMPAIGN_REJECTION_REASON_MAX_LENGTH, {
        error: maxLengthMessage(CAMPAIGN_REJECTION_REASON_MAX_LENGTH),
      }),
    ),
  }),
);
export type CampaignRejectBody = z.infer<typeof campaignRejectBodySchema>;

/** POST …/campaigns/{id}/pause: why, in words creators read on the campaign (ADR 038). */
export const campaignPauseBodySchema = schema(() =>
  z.object({
    reason: z.string({ error: CAMPAIGN_MESSAGES.pauseReasonRequired }).check(
      z.trim(),
      z.minLength(1, { error: CAMPAIGN_MESSAGES.pauseReasonRequired }),
      z.maxLength(CAMPAIGN_PAUSE_REASON_MAX_LENGTH, {
        error: maxLengthMessage(CAMPAIGN_PAUSE_REASON_MAX_LENGTH),
      }),
      z.refine((value) => !hasControlCharacters(value), { error: CONTROL_CHARACTERS_MESSAGE }),
      z.refine((value) => !hasUnpairedSurrogates(value), { error: UNPAIRED_SURROGATES_MESSAGE }),
    ),
  }),
);
export type CampaignPauseBody = z.infer<typeof campaignPauseBodySchema>;

export const campaignAssetSchema = schema(() =>
  z.object({
    id: z.string(),
    fileType: z.enum(ASSET_FILE_TYPES),
    fileName: z.string(),
    contentType: z.string(),
    size: z.number(),
    /** Whether a virus scanner looked at the file; false when none is configured (it is not called clean). */
    scanned: z.boolean(),
    scanStatus: z.enum(ASSET_SCAN_STATUSES),
    /** Where the file is served from (`/server-api/{path}`), once it may be; null until then. */
    path: z.nullable(z.string()),
    thumbnailPath: z.nullable(z.string()),
    /**
     * Where this reader can fetch the file (and its thumbnail): the public path of a published
     * campaign's file for a creator, an expiring signed URL for staff, who also see drafts. Null until
     * the file may be served.
     */
    url: z.nullable(z.string()),
    thumbnailUrl: z.nullable(z.string()),
  }),
);
export type CampaignAsset = z.infer<typeof campaignAssetSchema>;

const moneyShape = () => z.object({ amount: z.number(), currency: z.enum(MARKETING_CURRENCIES) });

/**
 * The cover image's served path (`/server-api/{path}`) and its thumbnail's, for lists; null while no
 * scanned cover is chosen (and the thumbnail null when none could be made).
 */
const coverFields = () => ({
  coverImagePath: z.nullable(z.string()),
  coverThumbnailPath: z.nullable(z.string()),
});

const campaignCommonFields = () => ({
  id: z.string(),
  name: z.string(),
  brandOrArtist: z.string(),
  platform: z.enum(MARKETING_PLATFORMS),
  type: z.enum(CAMPAIGN_TYPES),
  status: z.enum(CAMPAIGN_STATUSES),
  startsAt: z.string(),
  endsAt: z.string(),
  currency: z.enum(MARKETING_CURRENCIES),
  budget: z.number(),
  ...coverFields(),
});

export const campaignSummarySchema = schema(() =>
  z.object({
    ...campaignCommonFields(),
    rewardType: z.enum(REWARD_TYPES),
    team: z.object({ id: z.string(), name: z.string() }),
    archived: z.boolean(),
    updatedAt: z.string(),
  }),
);
export type CampaignSummary = z.infer<typeof campaignSummarySchema>;

export const campaignHistoryEntrySchema = schema(() =>
  z.object({
    at: z.string(),
    from: z.nullable(z.enum(CAMPAIGN_STATUSES)),
    to: z.enum(CAMPAIGN_STATUSES),
    /** Null for the scheduler's own moves (going live, ending). */
    by: z.nullable(z.object({ id: z.string(), email: z.string() })),
    reason: z.nullable(z.string()),
  }),
);
export type CampaignHistoryEntry = z.infer<typeof campaignHistoryEntrySchema>;

/** The console's view of a campaign: everything its editor holds, its files, and who moved it when. */
export const campaignDetailSchema = schema(() =>
  z.object({
    ...campaignCommonFields(),
    brief: z.string(),
    team: z.object({ id: z.string(), name: z.string() }),
    territories: z.array(z.object({ id: z.string(), name: z.string() })),
    reward: rewardConfigSchema,
    requirements: campaignRequirementsSchema,
    validation: campaignValidationSchema,
    coverAssetId: z.nullable(z.string()),
    assets: z.array(campaignAssetSchema),
    rejectionReason: z.nullable(z.string()),
    /** Why it is PAUSED, as staff gave it (or that its budget is spent); null in any other status. */
    pausedReason: z.nullable(z.string()),
    archived: z.boolean(),
    history: z.array(campaignHistoryEntrySchema),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
);
export type CampaignDetail = z.infer<typeof campaignDetailSchema>;

export const campaignListQuerySchema = schema(() =>
  z.object({
    ...pageQueryFields,
    status: z.optional(z.enum(CAMPAIGN_STATUSES, { error: 'Choose a campaign status' })),
    teamId: z.optional(uuid(CAMPAIGN_MESSAGES.teamUnknown)),
    platform: z.optional(z.enum(MARKETING_PLATFORMS, { error: 'Choose a platform' })),
    /** Campaigns running at any moment of [from, to]. */
    from: z.optional(instant()),
    to: z.optional(instant()),
    includeArchived: z.optional(
      z.enum(['true', 'false'], { error: 'includeArchived must be true or false.' }),
    ),
  }),
);
export type CampaignListQuery = z.infer<typeof campaignListQuerySchema>;

export const campaignListResponseSchema = schema(() => pagedResponseSchema(campaignSummarySchema));

/** GET /server-api/campaigns?sorted=&onlyEnded= (SPEC §7). */
export const creatorCampaignListQuerySchema = schema(() =>
  z.object({
    sorted: z.optional(z.enum(['true', 'false', ''], { error: 'sorted must be true or false.' })),
    onlyEnded: z.optional(z.enum(['true', 'false', ''], { error: 'onlyEnded must be true or false.' })),
  }),
);

const creatorCampaignCardFields = () => ({
  id: z.string(),
  name: z.string(),
  brandOrArtist: z.string(),
  platform: z.enum(MARKETING_PLATFORMS),
  type: z.enum(CAMPAIGN_TYPES),
  status: z.enum(CREATOR_VISIBLE_CAMPAIGN_STATUSES),
  startsAt: z.string(),
  endsAt: z.string(),
  rewardType: z.enum(REWARD_TYPES),
  /** The most the campaign pays, so a creator can weigh it up at a glance (a pay-per-view one: its budget). */
  maxPayout: moneyShape(),
  /** What is left of the budget to win: the budget less what its rewards have reserved. */
  budgetLeft: moneyShape(),
  /** PAY_PER_VIEW only: what each 1,000 validated views pay, in minor units. */
  ratePerThousand: z.nullable(z.number()),
  /** Why it is PAUSED, in staff's words; null in any other status. */
  pausedReason: z.nullable(z.string()),
  ...coverFields(),
  campaignEntriesCount: z.number(),
});

export const creatorCampaignCardSchema = schema(() => z.object(creatorCampaignCardFields()));
export type CreatorCampaignCard = z.infer<typeof creatorCampaignCardSchema>;

export const creatorCampaignListResponseSchema = schema(() => z.array(creatorCampaignCardSchema));

/** What a creator reads before joining: the brief, the rules and exactly what is paid for what. */
export const creatorCampaignDetailSchema = schema(() =>
  z.object({
    ...creatorCampaignCardFields(),
    brief: z.string(),
    currency: z.enum(MARKETING_CURRENCIES),
    reward: rewardConfigSchema,
    requirements: campaignRequirementsSchema,
    validation: campaignValidationSchema,
    assets: z.array(campaignAssetSchema),
  }),
);
export type CreatorCampaignDetail = z.infer<typeof creatorCampaignDetailSchema>;
