import { bindUseCases } from '../use-cases';
import type {
  CampaignResumingListener,
  CampaignScheduler,
  CampaignsContext,
  CampaignsDependencies,
} from './campaigns.context';
import { actOnCampaign } from './use-cases/act-on-campaign';
import { archiveCampaign } from './use-cases/archive-campaign';
import { assetStatus } from './use-cases/asset-status';
import { campaignFactsById } from './use-cases/campaign-facts-by-id';
import { campaignNames } from './use-cases/campaign-names';
import { completeAssetUpload } from './use-cases/complete-asset-upload';
import { copyCampaign } from './use-cases/copy-campaign';
import { createCampaign } from './use-cases/create-campaign';
import { creatorCampaignFacts } from './use-cases/creator-campaign-facts';
import { creatorCoverage } from './use-cases/creator-coverage';
import { fundingOf } from './use-cases/funding-of';
import { getCampaign } from './use-cases/get-campaign';
import { getCreatorCampaign } from './use-cases/get-creator-campaign';
import { listCampaignFundings } from './use-cases/list-campaign-fundings';
import { listCampaigns } from './use-cases/list-campaigns';
import { listCreatorCampaigns } from './use-cases/list-creator-campaigns';
import { lockRewardTerms } from './use-cases/lock-reward-terms';
import { pauseForSpentBudget } from './use-cases/pause-for-spent-budget';
import { prizeCampaignsBegunBy } from './use-cases/prize-campaigns-begun-by';
import { reachOfCampaigns } from './use-cases/reach-of-campaigns';
import { recordTransfer } from './use-cases/record-transfer';
import { removeAsset } from './use-cases/remove-asset';
import { requestAssetUpload } from './use-cases/request-asset-upload';
import { rewardTerms } from './use-cases/reward-terms';
import { runSchedule } from './use-cases/run-schedule';
import { runScheduleFor } from './use-cases/run-schedule-for';
import { settlePendingTopUps } from './use-cases/settle-pending-top-ups';
import { staffCampaignFacts } from './use-cases/staff-campaign-facts';
import { topUpCampaign } from './use-cases/top-up-campaign';
import { updateCampaign } from './use-cases/update-campaign';

export type { CampaignScheduler, PlannedCampaign } from './campaigns.context';
export type { CampaignAction, CampaignsCaller } from './campaign-access';
export type { CampaignFacts, RewardTerms } from './campaign-views';

export type CampaignsService = ReturnType<typeof createCampaignsService>;

/** Campaigns from a marketer's first draft to their end, and the creator's view of them. */
export function createCampaignsService(dependencies: CampaignsDependencies) {
  const context: CampaignsContext = {
    ...dependencies,
    scheduler: undefined,
    resumingListeners: [],
  };
  return {
    ...bindUseCases(context, {
      list: listCampaigns,
      get: getCampaign,
      create: createCampaign,
      update: updateCampaign,
      act: actOnCampaign,
      copy: copyCampaign,
      archive: archiveCampaign,
      requestAssetUpload,
      completeAssetUpload,
      removeAsset,
      assetStatus,
      reachOf: reachOfCampaigns,
      runSchedule,
      runScheduleFor,
      creatorList: listCreatorCampaigns,
      creatorCampaignFacts,
      staffCampaignFacts,
      campaignNames,
      rewardTerms,
      prizeCampaignsBegunBy,
      lockRewardTerms,
      fundingOf,
      pauseForSpentBudget,
      fundings: listCampaignFundings,
      recordTransfer,
      topUp: topUpCampaign,
      settlePendingTopUps,
      creatorCoverage,
      creatorGet: getCreatorCampaign,
      campaignFactsById,
    }),

    /** Plugs in what a higher module checks in the transaction of a resume, before the campaign moves. */
    onResuming(listener: CampaignResumingListener): void {
      context.resumingListeners.push(listener);
    },

    /** Where published campaigns' starts and ends are queued from now on (the process's job queue). */
    useScheduler(next: CampaignScheduler): void {
      context.scheduler = next;
    },
  };
}
