import pLimit from 'p-limit';
import type { EntryStatus } from '@platform/shared';
import type { FileScanner } from '../../adapters/scanner/file-scanner';
import type { FileStorage } from '../../adapters/storage/file-storage';
import type { ShortLinkResolver } from '../../adapters/post-links/short-link-resolver';
import type { PostPreviews } from '../../adapters/post-links/post-previews';
import type { PostFactsReader } from '../../adapters/post-facts/post-facts';
import type { Clock } from '../../clock';
import type { Database, Executor } from '../../db/client';
import type { AuditService } from '../audit/audit.service';
import type { CampaignsService } from '../campaigns/campaigns.service';
import type { CreatorService } from '../creator/creator.service';
import type { HandleVerificationService } from '../handle-verification/handle-verification.service';
import type { NotificationsService } from '../notifications/notifications.service';
import type { RsvpsService } from '../rsvps/rsvps.service';
import { entriesRepository } from './entries.repository';

/** How many entry writes run at once, and how many may wait (ENTRY_WRITES_CONCURRENT, ENTRY_WRITES_QUEUED). */
export type EntryWriteLimits = { concurrent: number; queued: number };

export type StaffEntryMove = 'approve' | 'reject' | 'archive';

/** A review about to move an entry, announced in its transaction before the entry moves. */
export type EntryReviewed = {
  entry: { id: string; campaignId: string; creatorId: string };
  move: StaffEntryMove;
  /** The entry's status before the move. */
  from: EntryStatus;
};

/** What a higher module does in the transaction of a review (the rewards: a slot won or given back). */
export type EntryReviewedListener = (tx: Executor, reviewed: EntryReviewed) => Promise<void>;

export type EntriesDependencies = {
  db: Database;
  clock: Clock;
  audit: AuditService;
  campaignsService: Pick<
    CampaignsService,
    'creatorCampaignFacts' | 'staffCampaignFacts' | 'campaignFactsById'
  >;
  rsvpsService: Pick<RsvpsService, 'isTakingPart'>;
  creatorService: Pick<CreatorService, 'withCreators' | 'handleOn'>;
  shortLinks: ShortLinkResolver;
  previews: PostPreviews;
  /** When the platform says a post was published, and by which account (ADR 036). */
  postFacts: PostFactsReader;
  /** Whether a creator's handle is proven theirs, and the connected account's token to ask with. */
  handleVerification: Pick<HandleVerificationService, 'verifiedAccountOn' | 'connectedAccountOn'>;
  storage: FileStorage;
  scanner: FileScanner;
  writeLimits: EntryWriteLimits;
  notifications: Pick<NotificationsService, 'notify'>;
};

/** What every entries use case is given: what the module was built with, its repository and its gates. */
export type EntriesContext = EntriesDependencies & {
  repository: typeof entriesRepository;
  /** The entry writes running and waiting, within `writeLimits`. */
  writes: ReturnType<typeof pLimit>;
  /** What higher modules do in each review's transaction (the rewards: ADR 023). */
  reviewedListeners: EntryReviewedListener[];
};

export function entriesContext(dependencies: EntriesDependencies): EntriesContext {
  return {
    ...dependencies,
    repository: entriesRepository,
    writes: pLimit(dependencies.writeLimits.concurrent),
    reviewedListeners: [],
  };
}
