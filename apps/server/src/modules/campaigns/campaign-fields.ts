import { randomUUID } from 'node:crypto';
import {
  CAMPAIGN_MESSAGES,
  isServableScanStatus,
  REQUIRED_MESSAGE,
  sanitizeRichText,
  type CampaignBody,
} from '@platform/shared';
import type { Executor } from '../../db/client';
import { errors } from '../../errors';
import type { StaffCaller } from '../../principal';
import type { CampaignsContext } from './campaigns.context';
import { campaignsRepository as repository, type CampaignRow } from './campaigns.repository';

/** Whether a change touches what was approved: the reward, the budget or the dates (DESIGN §7). */
export function isMaterialChange(row: CampaignRow, body: CampaignBody): boolean {
  return (
    row.currency !== body.currency ||
    row.budget !== body.budget ||
    row.startsAt.getTime() !== new Date(body.startsAt).getTime() ||
    row.endsAt.getTime() !== new Date(body.endsAt).getTime() ||
    JSON.stringify(row.reward) !== JSON.stringify(body.reward)
  );
}

/** Read before a write's transaction opens: on the embedded database, one connection serves both. */
export const activeTerritoryIds = async (context: CampaignsContext) =>
  new Set((await context.territoriesService.activeForCreators()).map((territory) => territory.id));

/**
 * The body's references, checked in the transaction: a live team the caller's grant reaches, live
 * territories, a cover that is an image of this campaign. Field errors are 400s, as the schema's are.
 */
export async function checkReferences(
  context: CampaignsContext,
  tx: Executor,
  request: { caller: StaffCaller; body: CampaignBody; campaignId: string | null },
  activeTerritoryIds: ReadonlySet<string>,
) {
  const { caller, body, campaignId } = request;
  const problems: { field: string; message: string }[] = [];
  const [team] = await context.teamsService.liveTeams([body.teamId], tx);
  const teamReachable =
    caller.scope.kind === 'all' ||
    (caller.scope.kind === 'team' && caller.scope.teamIds.includes(body.teamId));
  if (!team || !teamReachable) problems.push({ field: 'teamId', message: CAMPAIGN_MESSAGES.teamUnknown });
  const territoryIds = [...new Set(body.territoryIds)];
  if (!territoryIds.every((id) => activeTerritoryIds.has(id))) {
    problems.push({ field: 'territoryIds', message: CAMPAIGN_MESSAGES.territoryUnknown });
  }
  if (body.coverAssetId !== null) {
    const assets = campaignId ? await repository.assetsOf(tx, campaignId) : [];
    const cover = assets.find((asset) => asset.id === body.coverAssetId);
    if (!cover || cover.uploadedAt === null) {
      problems.push({ field: 'coverAssetId', message: CAMPAIGN_MESSAGES.assetUnknown });
    } else if (cover.fileType !== 'image' || !isServableScanStatus(cover.scanStatus)) {
      problems.push({ field: 'coverAssetId', message: CAMPAIGN_MESSAGES.coverNotImage });
    }
  }
  const brief = sanitizeRichText(body.brief).trim();
  if (brief === '') problems.push({ field: 'brief', message: REQUIRED_MESSAGE });
  if (problems.length > 0) throw errors.validation(problems);
  return { territoryIds, brief };
}

export const fieldsOf = (body: CampaignBody, brief: string) => ({
  teamId: body.teamId,
  name: body.name,
  brandOrArtist: body.brandOrArtist,
  brief,
  platform: body.platform,
  type: body.type,
  currency: body.currency,
  budget: body.budget,
  startsAt: new Date(body.startsAt),
  endsAt: new Date(body.endsAt),
  reward: body.reward,
  requirements: body.requirements,
  // Left out, a new campaign takes the defaults and a changed one keeps its own.
  ...(body.validation ? { validation: body.validation } : {}),
  coverAssetId: body.coverAssetId,
});

export const auditedFields = (
  row: Pick<CampaignRow, 'status' | 'name' | 'budget' | 'currency' | 'startsAt' | 'endsAt' | 'reward'>,
) => ({
  status: row.status,
  name: row.name,
  budget: row.budget,
  currency: row.currency,
  startsAt: row.startsAt.toISOString(),
  endsAt: row.endsAt.toISOString(),
  reward: row.reward,
});

/** A new campaign's first line of history: a draft, by whoever made it. */
export const recordDraftStarted = (tx: Executor, campaignId: string, byAccountId: string, at: Date) =>
  repository.recordStatus(tx, {
    id: randomUUID(),
    campaignId,
    fromStatus: null,
    toStatus: 'DRAFT',
    byAccountId,
    reason: null,
    at,
  });
