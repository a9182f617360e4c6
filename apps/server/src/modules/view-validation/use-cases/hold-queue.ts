import { isUuid, type HeldEntry, type HoldQueue, type HoldQueueQuery } from '@platform/shared';
import { errors } from '../../../errors';
import type { StaffCaller } from '../../../principal';
import { amountsAtStake, toHeldEntries } from '../held-entries';
import type { ViewValidationContext } from '../view-validation.context';
import type { HeldRow } from '../view-validation.repository';

/**
 * GET /server-api/marketing/holds: holds in the caller's scope, of one campaign or all. Open ones come by
 * money at stake, highest first (the oldest first among equals), so the dearest wait least; decided ones
 * newest first.
 */
export async function holdQueue(
  context: ViewValidationContext,
  caller: StaffCaller,
  query: HoldQueueQuery,
): Promise<HoldQueue> {
  if (query.campaignId !== undefined) await context.campaigns.staffCampaignFacts(caller, query.campaignId);
  const open = query.status === 'open';
  const rows = await context.repository.heldInScope(context.db, {
    scope: caller.scope,
    open,
    campaignId: query.campaignId,
  });
  const start = (query.page - 1) * query.pageSize;
  let page: HeldRow[];
  let atStake: Map<string, number>;
  if (open) {
    // Every open hold is priced to sort them; open holds are few, being decided within days.
    atStake = await amountsAtStake(context, caller, rows);
    const ranked = rows
      .map((row, order) => ({ row, order, amount: atStake.get(row.hold.id) ?? 0 }))
      .sort((a, b) => b.amount - a.amount || a.order - b.order);
    page = ranked.slice(start, start + query.pageSize).map(({ row }) => row);
  } else {
    page = rows.slice(start, start + query.pageSize);
    atStake = await amountsAtStake(context, caller, page);
  }
  return {
    items: await toHeldEntries(context, page, atStake),
    total: rows.length,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** A hold whose campaign the staff caller's scope reaches, or 404. */
export async function heldInScope(context: ViewValidationContext, caller: StaffCaller, id: string) {
  const row = isUuid(id) ? await context.repository.heldById(context.db, id) : undefined;
  if (!row) throw errors.notFound();
  await context.campaigns.staffCampaignFacts(caller, row.hold.campaignId);
  return row;
}

/** GET /server-api/marketing/holds/{id}: one hold, as the queue shows it. */
export async function holdDetail(
  context: ViewValidationContext,
  caller: StaffCaller,
  id: string,
): Promise<HeldEntry> {
  const row = await heldInScope(context, caller, id);
  const [item] = await toHeldEntries(context, [row], await amountsAtStake(context, caller, [row]));
  if (!item) throw errors.notFound();
  return item;
}
