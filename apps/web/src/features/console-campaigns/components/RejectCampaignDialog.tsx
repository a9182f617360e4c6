import { CAMPAIGN_REJECTION_REASON_MAX_LENGTH, campaignRejectBodySchema } from '@platform/shared';
import { RejectWithReasonDialog } from '../../../components/form/RejectWithReasonDialog';

export interface RejectCampaignDialogProps {
  campaignName: string;
  onReject: (reason: string) => Promise<void>;
  onClose: () => void;
}

/** Sends a campaign back to its marketer with the reason they will read. */
export function RejectCampaignDialog({ campaignName, onReject, onClose }: RejectCampaignDialogProps) {
  return (
    <RejectWithReasonDialog
      title={`Reject ${campaignName}`}
      schema={campaignRejectBodySchema}
      label="What should change"
      description={`The marketer reads this on the campaign and changes it before sending it again. Up to ${CAMPAIGN_REJECTION_REASON_MAX_LENGTH} characters.`}
      rows={5}
      onReject={onReject}
      onClose={onClose}
    />
  );
}
