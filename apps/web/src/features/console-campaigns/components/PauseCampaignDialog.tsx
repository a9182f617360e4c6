import { CAMPAIGN_PAUSE_REASON_MAX_LENGTH, campaignPauseBodySchema } from '@platform/shared';
import { RejectWithReasonDialog } from '../../../components/form/RejectWithReasonDialog';

export interface PauseCampaignDialogProps {
  campaignName: string;
  onPause: (reason: string) => Promise<void>;
  onClose: () => void;
}

/** Pauses a live campaign with the reason creators read on it. */
export function PauseCampaignDialog({ campaignName, onPause, onClose }: PauseCampaignDialogProps) {
  return (
    <RejectWithReasonDialog
      title={`Pause ${campaignName}`}
      schema={campaignPauseBodySchema}
      consequence="While it is paused, creators cannot join it or send entries; figures are still read, and it still ends on its end date."
      label="Why it is paused"
      description={`Creators read this on the campaign. Up to ${CAMPAIGN_PAUSE_REASON_MAX_LENGTH} characters.`}
      rows={4}
      submitLabel="Pause"
      onReject={onPause}
      onClose={onClose}
    />
  );
}
