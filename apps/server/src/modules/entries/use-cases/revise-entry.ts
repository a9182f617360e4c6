import {
  ENTRY_MESSAGES,
  entryReviewDueAt,
  isRevisableEntryStatus,
  isUuid,
  type CampaignValidation,
  type Entry,
  type EntryReviseBody,
} from '@platform/shared';
import { isUniqueViolation } from '../../../db/unique-violation';
import { errors } from '../../../errors';
import type { RequestUser } from '../../../principal';
import type { EntriesContext } from '../entries.context';
import { POST_IDENTITY_INDEX } from '../entries.repository';
import { entryContent, type EntryContent } from '../entry-content';
import { enterable, gated, moveEntry, toEntry } from '../entry-moves';

/**
 * What a revision changes: the post (and who posted it) or the video, back to a fresh submission with a
 * fresh review deadline, the rejection or the change asked for cleared.
 */
const revisionPatch = (content: EntryContent, now: Date, validation: CampaignValidation) => ({
  ...(content.kind === 'POST'
    ? {
        postLink: content.url,
        postIdentity: content.identity,
        postAccount: content.account?.handle ?? null,
        postAccountNamedBy: content.account?.namedBy ?? null,
        postPublishedAt: content.facts?.publishedAt ?? null,
        postAuthorAccountId: content.facts?.authorAccountId ?? null,
        postFactsSource: content.facts?.source ?? null,
      }
    : { videoKey: content.key }),
  rejectionReason: null,
  rejectionNote: null,
  changeRequest: null,
  submittedAt: now,
  reviewDueAt: entryReviewDueAt(now, validation),
  autoApproved: false,
  reviewedAt: null,
  reviewedBy: null,
});

/**
 * PATCH /server-api/campaigns/entry/{id}: a new post link (or, for a video, another upload) for an entry
 * rejected or asked to change, back in the review queue.
 */
export function reviseEntry(
  context: EntriesContext,
  user: RequestUser,
  id: string,
  body: EntryReviseBody,
): Promise<Entry> {
  const { db, repository, storage } = context;
  return gated(context, async () => {
    const found = isUuid(id) ? await repository.findById(db, id) : undefined;
    if (!found || found.creatorId !== user.accountId) throw errors.notFound();
    const campaign = await enterable(context, user, found.campaignId);
    if (!isRevisableEntryStatus(found.status)) throw errors.conflict(ENTRY_MESSAGES.notRevisable);
    const sentAs = body.videoKey !== undefined ? 'VIDEO' : 'POST';
    if (sentAs !== found.kind) {
      throw errors.validation([
        { field: sentAs === 'VIDEO' ? 'videoKey' : 'postLink', message: ENTRY_MESSAGES.sameKind },
      ]);
    }
    const content = await entryContent(context, user, campaign, body);
    try {
      const revised = await db.transaction(async (tx) => {
        const current = await repository.lockById(tx, id);
        if (!current) throw errors.notFound();
        const patch = revisionPatch(content, context.clock.now(), campaign.validation);
        return toEntry(
          await moveEntry(context, tx, { row: current, event: 'revise', actor: user, patch }, campaign),
        );
      });
      // The video it replaced is nobody's entry any more.
      if (content.kind === 'VIDEO' && found.videoKey) await storage.delete(found.videoKey);
      return revised;
    } catch (error) {
      if (content.kind === 'VIDEO') await storage.delete(content.key);
      if (isUniqueViolation(error, POST_IDENTITY_INDEX))
        throw errors.conflict(ENTRY_MESSAGES.postAlreadyEntered);
      throw error;
    }
  });
}
