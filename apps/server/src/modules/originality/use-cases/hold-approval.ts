import { HANDLE_VERIFICATION_MESSAGES } from '@platform/shared';
import type { Executor } from '../../../db/client';
import { errors } from '../../../errors';
import type { EntryReviewed } from '../../entries/entries.service';
import { entryChecksRepository } from '../entry-checks.repository';
import type { OriginalityContext } from '../originality.context';
import { ORIGINALITY_MESSAGES } from '../originality-messages';

/**
 * Heard in the transaction of every review: an uploaded video is approved only once it was compared
 * with the others, and, when it resembles another creator's entry or the campaign's footage, only after
 * a reviewer looked at both and cleared it. A check that could not be made (no ffmpeg) holds nothing:
 * the review screen says so and the reviewer decides.
 */
export async function holdUnclearedApproval(
  _context: OriginalityContext,
  tx: Executor,
  reviewed: EntryReviewed,
): Promise<void> {
  if (reviewed.move !== 'approve') return;
  const state = await entryChecksRepository.reviewState(tx, reviewed.entry.id);
  if (!state || state.kind !== 'VIDEO' || !state.videoKey) return;
  const checked = state.originality;
  // A video replaced after its check (a rejected entry revised) waits for its own.
  const replaced = checked?.checkedAt ? state.updatedAt > checked.checkedAt : false;
  if (!checked || checked.status === 'PENDING' || replaced) {
    throw errors.conflict(ORIGINALITY_MESSAGES.stillComparing);
  }
  if (checked.status === 'MATCHED' && !checked.clearedAt) {
    throw errors.conflict(HANDLE_VERIFICATION_MESSAGES.entryVideoMatched);
  }
}
