import { bindUseCases } from '../use-cases';
import { entriesContext, type EntriesDependencies, type EntryReviewedListener } from './entries.context';
import { approveOverdue } from './use-cases/approve-overdue';
import { approvedPostsOfLiveCampaigns } from './use-cases/approved-posts-of-live-campaigns';
import { countOfCampaign } from './use-cases/count-of-campaign';
import { creatorEntries } from './use-cases/creator-entries';
import { creatorEntryCount } from './use-cases/creator-entry-count';
import { creatorVideoUrl } from './use-cases/creator-video-url';
import { entriesOfCreator } from './use-cases/entries-of-creator';
import { listEntries } from './use-cases/list-entries';
import { measuredEntry } from './use-cases/measured-entry';
import { measuredOfCampaign } from './use-cases/measured-of-campaign';
import { measuredOfPosts } from './use-cases/measured-of-posts';
import { postPreviewUrl } from './use-cases/preview-url';
import { reviewEntries } from './use-cases/review-entries';
import { requestEntryChanges } from './use-cases/request-entry-changes';
import { reviewEntry, reviewEntryIn } from './use-cases/review-entry';
import { reviseEntry } from './use-cases/revise-entry';
import { signUploadUrl } from './use-cases/sign-upload-url';
import { submitEntry } from './use-cases/submit-entry';
import { waitingForReview } from './use-cases/waiting-for-review';

export type { MeasuredEntry } from './entries.repository';
export type { OverdueApproval } from './use-cases/approve-overdue';
export type {
  EntriesDependencies,
  EntryReviewed,
  EntryReviewedListener,
  EntryWriteLimits,
  StaffEntryMove,
} from './entries.context';

/**
 * Entries by post link (DESIGN §7, SPEC §5): a creator taking part in a live campaign enters a post on its
 * platform, once across every campaign (a TikTok short link is followed to its post first); staff approve,
 * reject with a reason, ask for changes, or archive; an entry rejected or asked to change is revised by its
 * creator and reviewed again; one left waiting past its review deadline is approved by the platform.
 */
export function createEntriesService(dependencies: EntriesDependencies) {
  const context = entriesContext(dependencies);
  return {
    ...bindUseCases(context, {
      submit: submitEntry,
      revise: reviseEntry,
      uploadUrl: signUploadUrl,
      videoUrl: creatorVideoUrl,
      mine: creatorEntries,
      count: creatorEntryCount,
      approvedPostsOfLiveCampaigns,
      measuredEntry,
      measuredOfCampaign,
      measuredOfPosts,
      countOf: countOfCampaign,
      waitingForReview,
      previewUrl: postPreviewUrl,
      list: listEntries,
      review: reviewEntry,
      reviewIn: reviewEntryIn,
      reviewMany: reviewEntries,
      requestChanges: requestEntryChanges,
      approveOverdue,
      ofCreatorForStaff: entriesOfCreator,
    }),
    /** Plugs in what a higher module does in the transaction of each review, before the entry moves. */
    onReviewed(listener: EntryReviewedListener): void {
      context.reviewedListeners.push(listener);
    },
  };
}

export type EntriesService = ReturnType<typeof createEntriesService>;
