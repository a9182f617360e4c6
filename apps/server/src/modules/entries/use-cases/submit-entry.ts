import { randomUUID } from 'node:crypto';
import {
  campaignPlatformMessage,
  ENTRY_MESSAGES,
  entryReviewDueAt,
  PLATFORM_LABELS,
  type Entry,
  type EntryBody,
} from '@platform/shared';
import type { Executor } from '../../../db/client';
import { errors } from '../../../errors';
import type { RequestUser } from '../../../principal';
import type { CampaignFacts } from '../../campaigns/campaigns.service';
import type { EntriesContext } from '../entries.context';
import { entryContent, type EntryContent } from '../entry-content';
import { enterable, gated, tellCreator, toEntry } from '../entry-moves';

/** The new entry, audited, and its creator told, in one transaction. */
async function insertEntry(
  context: EntriesContext,
  tx: Executor,
  entered: { user: RequestUser; campaign: CampaignFacts; content: EntryContent },
): Promise<Entry> {
  const { user, campaign, content } = entered;
  const now = context.clock.now();
  const row = await context.repository.insertNew(tx, {
    id: randomUUID(),
    campaignId: campaign.id,
    creatorId: user.accountId,
    platform: campaign.platform,
    kind: content.kind,
    postLink: content.kind === 'POST' ? content.url : null,
    postIdentity: content.kind === 'POST' ? content.identity : null,
    postAccount: content.kind === 'POST' ? (content.account?.handle ?? null) : null,
    postAccountNamedBy: content.kind === 'POST' ? (content.account?.namedBy ?? null) : null,
    postPublishedAt: content.kind === 'POST' ? (content.facts?.publishedAt ?? null) : null,
    postAuthorAccountId: content.kind === 'POST' ? (content.facts?.authorAccountId ?? null) : null,
    postFactsSource: content.kind === 'POST' ? (content.facts?.source ?? null) : null,
    videoKey: content.kind === 'VIDEO' ? content.key : null,
    status: 'SUBMITTED',
    rejectionReason: null,
    rejectionNote: null,
    submittedAt: now,
    reviewDueAt: entryReviewDueAt(now, campaign.validation),
    changeRequest: null,
    autoApproved: false,
    reviewedAt: null,
    reviewedBy: null,
    updatedAt: now,
  });
  if (!row) throw errors.conflict(ENTRY_MESSAGES.postAlreadyEntered);
  await context.audit.record(tx, {
    actor: user,
    action: 'entry.submit',
    target: { type: 'entry', id: row.id, label: campaign.name },
    after: {
      status: row.status,
      ...(content.kind === 'POST'
        ? { postLink: row.postLink, postAccount: row.postAccount }
        : { video: row.videoKey, scanned: content.scanned }),
    },
  });
  await tellCreator(context, tx, row, campaign);
  return toEntry(row);
}

/**
 * POST /server-api/campaigns/entry: a post link, or a video uploaded to the URL `uploadUrl` signed,
 * entered to a live campaign the creator takes part in.
 */
export function submitEntry(context: EntriesContext, user: RequestUser, body: EntryBody): Promise<Entry> {
  return gated(context, async () => {
    const campaign = await enterable(context, user, body.campaignId);
    if (body.platform !== campaign.platform) {
      throw errors.validation([
        { field: 'platform', message: campaignPlatformMessage(PLATFORM_LABELS[campaign.platform]) },
      ]);
    }
    const content = await entryContent(context, user, campaign, body);
    try {
      return await context.db.transaction((tx) => insertEntry(context, tx, { user, campaign, content }));
    } catch (error) {
      if (content.kind === 'VIDEO') await context.storage.delete(content.key);
      throw error;
    }
  });
}
