import { bindUseCases } from '../use-cases';
import { entriesContext, type EntriesDependencies, type EntryReviewedListener } from './entries.context';
import { creatorEntries, creatorEntryCount, creatorVideoUrl } from './use-cases/creator-entries';
import { entriesOfCreator } from './use-cases/entries-of-creator';
import { listEntries } from './use-cases/list-entries';
import { measuredEntries } from './use-cases/measured-entries';
import { postPreviewUrl } from './use-cases/preview-url';
import { reviewEntries } from './use-cases/review-entries';
import { reviewEntry } from './use-cases/review-entry';
import { reviseEntry } from './use-cases/revise-entry';
import { signUploadUrl } from './use-cases/sign-upload-url';
import { submitEntry } from './use-cases/submit-entry';
import { waitingForReview } from './use-cases/waiting-for-review';

export type { MeasuredEntry } from './entries.repository';
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
 * reject with a reason, or archive; a rejected entry is revised by its creator and reviewed again.
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
      ...measuredEntries,
      /** How many entries count in each campaign, for the creator's campaign cards. */
      countOf: (entries: typeof context, campaignId: string) =>
        entries.repository.countOf(entries.db, campaignId),
      waitingForReview,
      previewUrl: postPreviewUrl,
      list: listEntries,
      review: reviewEntry,
      reviewMany: reviewEntries,
      ofCreatorForStaff: entriesOfCreator,
    }),
    /** Plugs in what a higher module does in the transaction of each review, before the entry moves. */
    onReviewed(listener: EntryReviewedListener): void {
      context.reviewedListeners.push(listener);
    },
  };
}

export type EntriesService = ReturnType<typeof createEntriesService>;
