import {
  campaignStatusesThat,
  CAMPAIGN_MESSAGES,
  ERROR_CODES,
  isUuid,
  territoryCoverage,
  type CampaignEvent,
  type CampaignStatus,
} from '@platform/shared';
import type { Executor } from '../../db/client';
import { AppError, errors } from '../../errors';
import type { Actor, StaffCaller } from '../../principal';
import type { CampaignsContext } from './campaigns.context';
import {
  campaignsRepository as repository,
  type CampaignRow,
  type CampaignWithTeam,
} from './campaigns.repository';

/** A staff caller of a campaign route, with the request id the audit log records. */
export type CampaignsCaller = StaffCaller & { requestId?: string };

/** The people's moves; `start` and `end` are the scheduler's alone. */
export type CampaignAction = Exclude<CampaignEvent, 'start' | 'end' | 'edit' | 'materialChange'>;

export const actorOf = (caller: CampaignsCaller): Actor => ({
  accountId: caller.accountId,
  email: caller.email,
  role: caller.role,
  ...(caller.requestId ? { requestId: caller.requestId } : {}),
});

export const notAllowed = (status: CampaignStatus) =>
  new AppError(409, ERROR_CODES.conflict, CAMPAIGN_MESSAGES.transitionNotAllowed(status));

export const archived = () => new AppError(409, ERROR_CODES.conflict, CAMPAIGN_MESSAGES.archived);

/** Whether the caller's scope reaches the campaign; anything else reads as missing (404). */
export async function inScope(executor: Executor, caller: StaffCaller, row: CampaignRow): Promise<boolean> {
  switch (caller.scope.kind) {
    case 'all':
      return true;
    case 'team':
      return caller.scope.teamIds.includes(row.teamId);
    case 'territory': {
      const reach = new Set(caller.scope.territoryIds);
      return (await repository.territoryIdsOf(executor, row.id)).some((id) => reach.has(id));
    }
  }
}

/** The campaign within the caller's scope, or 404. */
export async function findInScope(
  executor: Executor,
  caller: StaffCaller,
  id: string,
): Promise<CampaignWithTeam> {
  const row = isUuid(id) ? await repository.findById(executor, id) : undefined;
  if (!row || !(await inScope(executor, caller, row))) throw errors.notFound();
  return row;
}

/** The campaign within the caller's scope, its row locked until `tx` ends, or 404. */
export async function lockInScope(tx: Executor, caller: StaffCaller, id: string): Promise<CampaignRow> {
  const row = isUuid(id) ? await repository.lockById(tx, id) : undefined;
  if (!row || !(await inScope(tx, caller, row))) throw errors.notFound();
  return row;
}

/** The territories a creator's country belongs to (the territory naming it, and any global one). */
async function territoriesOfCountry(context: CampaignsContext, country: string | null): Promise<string[]> {
  if (!country) return [];
  return (await context.territoriesService.activeForCreators())
    .filter((territory) => territoryCoverage(territory.countryCodeISO2, country) > 0)
    .map((territory) => territory.id);
}

/**
 * The campaigns a creator may see (one of them when `id` is given): only once ACTIVE, only of their
 * territories, only in a status creators see.
 */
export async function creatorCampaigns(
  context: CampaignsContext,
  accountId: string,
  id?: string,
): Promise<CampaignRow[]> {
  const creator = await context.creatorService.campaignEligibility(accountId);
  if (!creator || creator.onboardingStatus !== 'ACTIVE') return [];
  return repository.forCreator(context.db, {
    territoryIds: await territoriesOfCountry(context, creator.country),
    statuses: campaignStatusesThat('visibleToCreators'),
    ...(id ? { id } : {}),
  });
}
