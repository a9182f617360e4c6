import type {
  CampaignAsset,
  CampaignDetail,
  CampaignEntry,
  CampaignHistoryEntry,
  CampaignSummary,
  CreatorCampaignCard,
  CreatorCampaignDetail,
  Entry,
  Leaderboard,
  LeaderboardPlace,
  MetricsImportReport,
  MetricsImportRow,
  Paged,
} from '@platform/shared';
import { DEFAULT_CAMPAIGN_VALIDATION } from '@platform/shared';
import { CREATOR_ID } from './creator-info';

// The campaigns the console's campaign screens are tested with, as the server answers them.

export const CAMPAIGNS_PATH = '/server-api/marketing/campaigns';
export const campaignPath = (id: string, rest = '') => `${CAMPAIGNS_PATH}/${id}${rest}`;

export const MUSIC_TEAM = { id: '8c5e3f0a-1b2c-4d3e-8f4a-000000000001', name: 'Music' };
export const SPORTS_TEAM = { id: '8c5e3f0a-1b2c-4d3e-8f4a-000000000002', name: 'Sports' };
export const BRITAIN = { id: '7d2f0c1a-3b4e-4f5a-8b6c-0000000000b1', name: 'Britain' };
export const IRELAND = { id: '7d2f0c1a-3b4e-4f5a-8b6c-0000000000b2', name: 'Ireland' };

export const SUMMER_ID = '3f1c2b4a-5d6e-4f70-8a9b-00000000c001';

const marketer = { id: '5b0a4c1e-7c1b-4e0f-9a39-2f4f3c1d2e11', email: 'marketer@example.com' };
const manager = { id: '5b0a4c1e-7c1b-4e0f-9a39-2f4f3c1d2e12', email: 'manager@example.com' };

export const historyEntry = (overrides: Partial<CampaignHistoryEntry> = {}): CampaignHistoryEntry => ({
  at: '2030-04-01T09:00:00.000Z',
  from: null,
  to: 'DRAFT',
  by: marketer,
  reason: null,
  ...overrides,
});

export const asset = (overrides: Partial<CampaignAsset> = {}): CampaignAsset => ({
  id: '9e8d7c6b-0000-4000-8000-0000000000a1',
  fileType: 'image',
  fileName: 'poster.png',
  contentType: 'image/png',
  size: 204_800,
  scanned: true,
  scanStatus: 'SUCCESS',
  path: `campaign-assets/${SUMMER_ID}/9e8d7c6b-0000-4000-8000-0000000000a1.png`,
  thumbnailPath: `campaign-assets/${SUMMER_ID}/9e8d7c6b-0000-4000-8000-0000000000a1.png.thumbnail.webp`,
  url: '/server-api/files/campaign-assets/poster.png?expires=1900000000&signature=s1',
  thumbnailUrl: '/server-api/files/campaign-assets/poster.png.thumbnail.webp?expires=1900000000&signature=s2',
  ...overrides,
});

/** A draft of the Music team: £10 for each of 50 approved entries, within a £1,000 budget. */
export const campaign = (overrides: Partial<CampaignDetail> = {}): CampaignDetail => ({
  id: SUMMER_ID,
  name: 'Summer Sound',
  brandOrArtist: 'The Band',
  platform: 'TikTok',
  type: 'CHALLENGE',
  status: 'DRAFT',
  startsAt: '2030-06-01T09:00:00.000Z',
  endsAt: '2030-06-29T09:00:00.000Z',
  currency: 'GBP',
  budget: 100_000,
  coverImagePath: null,
  coverThumbnailPath: null,
  brief: 'Dance to the new single.\nSee <a href="https://example.com/brief">the brief</a>.',
  team: MUSIC_TEAM,
  territories: [BRITAIN],
  reward: { type: 'FIRST_COME_FIRST_SERVE', amountPerEntry: 1000, slots: 50 },
  requirements: { hashtags: ['#summersound'], mentions: ['@theband'], minimumLengthSeconds: 15 },
  validation: DEFAULT_CAMPAIGN_VALIDATION,
  coverAssetId: null,
  assets: [],
  rejectionReason: null,
  pausedReason: null,
  archived: false,
  history: [historyEntry()],
  createdAt: '2030-04-01T09:00:00.000Z',
  updatedAt: '2030-04-02T10:30:00.000Z',
  ...overrides,
});

export const summaryOf = (detail: CampaignDetail): CampaignSummary => ({
  id: detail.id,
  name: detail.name,
  brandOrArtist: detail.brandOrArtist,
  platform: detail.platform,
  type: detail.type,
  status: detail.status,
  startsAt: detail.startsAt,
  endsAt: detail.endsAt,
  currency: detail.currency,
  budget: detail.budget,
  coverImagePath: detail.coverImagePath,
  coverThumbnailPath: detail.coverThumbnailPath,
  rewardType: detail.reward.type,
  team: detail.team,
  archived: detail.archived,
  updatedAt: detail.updatedAt,
});

export const campaignPage = (
  items: CampaignSummary[],
  total = items.length,
  page = 1,
): Paged<CampaignSummary> => ({ items, total, page, pageSize: 25 });

/** A campaign waiting for review, sent by the marketer. */
export const pendingCampaign = (overrides: Partial<CampaignDetail> = {}) =>
  campaign({
    status: 'PENDING',
    history: [historyEntry(), historyEntry({ at: '2030-04-03T11:00:00.000Z', from: 'DRAFT', to: 'PENDING' })],
    ...overrides,
  });

/** A campaign the manager sent back, with the reason. */
export const rejectedCampaign = (reason = 'Add the brand’s mention and a longer brief.') =>
  campaign({
    status: 'REJECTED',
    rejectionReason: reason,
    history: [
      historyEntry(),
      historyEntry({ at: '2030-04-03T11:00:00.000Z', from: 'DRAFT', to: 'PENDING' }),
      historyEntry({ at: '2030-04-04T15:30:00.000Z', from: 'PENDING', to: 'REJECTED', by: manager, reason }),
    ],
  });

/** The territories every role may read (`PATCH /server-api/territory`). */
export const TERRITORY_LOOKUP = [
  { id: BRITAIN.id, name: BRITAIN.name, countryCodeISO2: ['GB'], links: [] },
  { id: IRELAND.id, name: IRELAND.name, countryCodeISO2: ['IE'], links: [] },
];

export const TEAM_PAGE = { items: [MUSIC_TEAM, SPORTS_TEAM], total: 2, page: 1, pageSize: 50 };

/** A live TOP_PRIZES campaign as a creator of Britain reads it: £500 and £250 for the top two. */
export const creatorCampaign = (overrides: Partial<CreatorCampaignDetail> = {}): CreatorCampaignDetail => ({
  id: SUMMER_ID,
  name: 'Summer Sound',
  brandOrArtist: 'The Band',
  platform: 'TikTok',
  type: 'CHALLENGE',
  status: 'LIVE',
  startsAt: '2030-06-01T09:00:00.000Z',
  endsAt: '2030-06-29T09:00:00.000Z',
  rewardType: 'TOP_PRIZES',
  maxPayout: { amount: 75_000, currency: 'GBP' },
  budgetLeft: { amount: 75_000, currency: 'GBP' },
  ratePerThousand: null,
  pausedReason: null,
  coverImagePath: null,
  coverThumbnailPath: null,
  campaignEntriesCount: 1520,
  brief: 'Dance to the new single.\nSee <a href="https://example.com/brief">the brief</a>.',
  currency: 'GBP',
  reward: { type: 'TOP_PRIZES', prizes: [50_000, 25_000] },
  requirements: { hashtags: ['#summersound'], mentions: ['@theband'], minimumLengthSeconds: 15 },
  validation: DEFAULT_CAMPAIGN_VALIDATION,
  assets: [],
  ...overrides,
});

/** The card the creator's list shows for a campaign. */
export const creatorCardOf = ({
  brief: _brief,
  currency: _currency,
  reward: _reward,
  requirements: _requirements,
  assets: _assets,
  ...card
}: CreatorCampaignDetail): CreatorCampaignCard => card;

export const TIKTOK_POST = 'https://www.tiktok.com/@casey/video/7234567890123456789';

/** The creator's entry to Summer Sound, waiting for review. */
export const creatorEntry = (overrides: Partial<Entry> = {}): Entry => ({
  id: '2b7e1c4d-0000-4000-8000-0000000000e1',
  campaignId: SUMMER_ID,
  creatorId: CREATOR_ID,
  platform: 'TikTok',
  kind: 'POST',
  postLink: TIKTOK_POST,
  videoKey: null,
  status: 'SUBMITTED',
  rejection: null,
  submittedAt: '2030-06-03T10:00:00.000Z',
  reviewDueAt: '2030-06-10T10:00:00.000Z',
  changeRequest: null,
  autoApproved: false,
  reviewedAt: null,
  ...overrides,
});

const ADA_IN_QUEUE: CampaignEntry['creator'] = {
  id: '5b0a4c1e-7c1b-4e0f-9a39-2f4f3c1d2e21',
  name: 'Ada Lovelace',
  handle: 'ada_dances',
};

/**
 * An entry in Summer Sound's review queue as the console lists it: Ada's TikTok post, waiting for review,
 * its link naming its creator's handle.
 */
export const campaignEntry = (overrides: Partial<CampaignEntry> = {}): CampaignEntry => {
  const { handle } = overrides.creator ?? ADA_IN_QUEUE;
  return {
    id: '7c1d2e3f-0000-4000-8000-0000000000e1',
    campaignId: SUMMER_ID,
    creatorId: '5b0a4c1e-7c1b-4e0f-9a39-2f4f3c1d2e21',
    platform: 'TikTok',
    kind: 'POST',
    postLink: 'https://www.tiktok.com/@ada_dances/video/7301234567890123456',
    videoKey: null,
    videoUrl: null,
    status: 'SUBMITTED',
    rejection: null,
    submittedAt: '2030-06-03T10:00:00.000Z',
    reviewDueAt: '2030-06-10T10:00:00.000Z',
    changeRequest: null,
    autoApproved: false,
    reviewedAt: null,
    creator: ADA_IN_QUEUE,
    postAccount: handle === null ? null : { handle, namedBy: 'LINK' },
    ...overrides,
  };
};

/** One page of a review queue holding `items`. */
export const entryPage = (items: CampaignEntry[]): Paged<CampaignEntry> => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 25,
});

/**
 * A place on Summer Sound's board as staff read it: Ada Lovelace first, her views read from TikTok, still
 * provisional until they lock a week after she entered.
 */
export const staffPlace = (overrides: Partial<LeaderboardPlace> = {}): LeaderboardPlace => ({
  rank: 1,
  entryId: '7c1d2e3f-0000-4000-8000-0000000000e1',
  creator: { id: '5b0a4c1e-7c1b-4e0f-9a39-2f4f3c1d2e21', name: 'Ada Lovelace', handle: 'ada_dances' },
  postLink: 'https://www.tiktok.com/@ada_dances/video/7301234567890123456',
  submittedAt: '2030-06-03T10:00:00.000Z',
  views: 98_000,
  likes: 4_100,
  comments: 210,
  shares: null,
  source: 'tiktok-business',
  readAt: '2030-06-10T09:00:00.000Z',
  figureState: 'PROVISIONAL',
  validatedAt: '2030-06-10T10:00:00.000Z',
  ...overrides,
});

/** Summer Sound's live board as staff read it: Ada's entry alone. */
export const staffLeaderboard = (overrides: Partial<Leaderboard> = {}): Leaderboard => ({
  campaignId: SUMMER_ID,
  campaignStatus: 'LIVE',
  metric: 'views',
  period: null,
  closesAt: '2030-06-29T09:00:00.000Z',
  frozen: false,
  final: false,
  asOf: '2030-06-10T09:00:00.000Z',
  totalEntries: 1,
  places: [staffPlace()],
  mine: [],
  ...overrides,
});

/** What the server read of an imported file: `rows`, none recorded. */
export const importReport = (
  rows: MetricsImportRow[],
  overrides: Partial<MetricsImportReport> = {},
): MetricsImportReport => ({
  preview: true,
  imported: false,
  rowCount: rows.length,
  errorCount: rows.filter((row) => row.errors.length > 0).length,
  recorded: 0,
  alreadyRecorded: 0,
  ignoredColumns: [],
  rows,
  ...overrides,
});

/** A row of an imported file naming Ada's entry, read without error. */
export const importRow = (overrides: Partial<MetricsImportRow> = {}): MetricsImportRow => ({
  row: 2,
  entryId: '7c1d2e3f-0000-4000-8000-0000000000e1',
  postLink: 'https://www.tiktok.com/@ada_dances/video/7301234567890123456',
  views: 120_000,
  likes: 5_000,
  comments: null,
  shares: null,
  readAt: '2030-06-11T09:00:00.000Z',
  errors: [],
  ...overrides,
});

/**
 * A live PAY_PER_VIEW campaign: £3.00 for every 1,000 validated views from 1,000 views, at most £50.00 an
 * entry and £200.00 a creator, out of a budget of £2,000.00 with £1,200.00 left.
 */
export const payPerViewCampaign = (overrides: Partial<CreatorCampaignDetail> = {}): CreatorCampaignDetail =>
  creatorCampaign({
    rewardType: 'PAY_PER_VIEW',
    reward: {
      type: 'PAY_PER_VIEW',
      ratePerThousand: 300,
      minimumViews: 1000,
      capPerEntry: 5000,
      capPerCreator: 20_000,
    },
    maxPayout: { amount: 200_000, currency: 'GBP' },
    budgetLeft: { amount: 120_000, currency: 'GBP' },
    ratePerThousand: 300,
    ...overrides,
  });

/** Summer Sound paused by its campaign manager, with the reason creators read. */
export const pausedCampaign = (
  reason = 'The brand is reviewing the entries so far. We expect to resume on Monday.',
  overrides: Partial<CreatorCampaignDetail> = {},
): CreatorCampaignDetail => creatorCampaign({ status: 'PAUSED', pausedReason: reason, ...overrides });
