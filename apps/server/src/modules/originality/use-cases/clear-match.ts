import { isUuid, type EntryCheck } from '@platform/shared';
import { errors } from '../../../errors';
import type { Actor, StaffCaller } from '../../../principal';
import { entryChecksRepository } from '../entry-checks.repository';
import type { OriginalityContext } from '../originality.context';
import { ORIGINALITY_MESSAGES } from '../originality-messages';
import { checksOf } from './entry-checks';

/**
 * POST /server-api/marketing/campaigns/{id}/entries/{entryId}/originality/clear: the reviewer watched the
 * video beside the one it resembles and lets it through to approval; audited. Clearing it again changes
 * nothing; a video not held as a match cannot be cleared (409).
 */
export async function clearMatch(
  context: OriginalityContext,
  caller: StaffCaller & Pick<Actor, 'requestId'>,
  campaignId: string,
  entryId: string,
): Promise<EntryCheck> {
  const campaign = await context.campaignsService.staffCampaignFacts(caller, campaignId);
  if (!isUuid(entryId)) throw errors.notFound();
  await context.db.transaction(async (tx) => {
    const entry = await entryChecksRepository.lockOfCampaign(tx, campaign.id, entryId);
    if (!entry) throw errors.notFound();
    const checked = entry.originality;
    if (checked?.status !== 'MATCHED') throw errors.conflict(ORIGINALITY_MESSAGES.notHeld);
    if (checked.clearedAt) return;
    await context.repository.updateOriginality(tx, entryId, {
      clearedBy: caller.accountId,
      clearedAt: context.clock.now(),
    });
    await context.audit.record(tx, {
      actor: caller,
      action: 'entry.clear-originality',
      target: { type: 'entry', id: entryId, label: campaign.name },
      before: { status: checked.status, distance: checked.distance },
      after: { cleared: true },
    });
  });
  const [item] = (
    await checksOf(context, await entryChecksRepository.ofCampaign(context.db, campaign.id, [entryId]))
  ).items;
  if (!item) throw errors.notFound();
  return item;
}
