import type { Paged, PaymentListQuery, StaffPayment } from '@platform/shared';
import type { StaffCaller } from '../../../principal';
import { toPayments } from '../payment-views';
import type { PaymentsContext } from '../payments.context';

/** The console's payments of a campaign in the caller's scope, newest first. */
export async function listCampaignPayments(
  context: PaymentsContext,
  caller: StaffCaller,
  campaignId: string,
  query: PaymentListQuery,
): Promise<Paged<StaffPayment>> {
  const { db, repository } = context;
  const campaign = await context.campaignsService.staffCampaignFacts(caller, campaignId);
  const { rows, total } = await repository.ofCampaign(db, {
    campaignId: campaign.id,
    ...(query.status ? { status: query.status } : {}),
    offset: (query.page - 1) * query.pageSize,
    limit: query.pageSize,
  });
  const shown = await context.creatorService.withCreators(await toPayments(context, rows), campaign.platform);
  const links = new Map(
    (await context.entriesService.measuredOfCampaign(campaign.id)).map((entry) => [entry.id, entry.postLink]),
  );
  const masked = await context.payoutDetails.maskedOf(rows.map((row) => row.creatorId));
  // A payment already exported goes where the export said, whatever the creator changed since.
  const exported = await repository.payoutsOf(
    db,
    rows.map((row) => row.id),
  );
  const items = shown.map(({ creator, ...payment }) => ({
    ...payment,
    creator: { name: creator.name, handle: creator.handle },
    postLink: links.get(payment.entryId) ?? null,
    payoutDetails: exported.get(payment.id)?.exportedMasked ?? masked.get(payment.creatorId) ?? null,
  }));
  return { items, total, page: query.page, pageSize: query.pageSize };
}
