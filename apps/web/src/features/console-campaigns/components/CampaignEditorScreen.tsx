import { Paper, Skeleton, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { AccountRole, CampaignDetail } from '@platform/shared';
import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router';
import { ButtonLink } from '../../../components/ButtonLink';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { PageHeading } from '../../../components/PageHeading';
import { TextLink } from '../../../components/TextLink';
import { CHECK_CONNECTION, LoadFailure } from '../../../components/feedback/failure';
import { ResultPanel } from '../../../components/feedback/ResultPanel';
import { showSuccessToast } from '../../../components/feedback/toasts';
import { isApiError } from '../../../lib/api-client';
import { useCampaign } from '../api/get-campaign';
import { campaignDetailPath, campaignEditPath, campaignListPath } from './links';

// The form brings react-hook-form, the campaign schema (and zod under it) and its many fields: it loads
// beside the page, with the outline of its sections meanwhile, so the page itself stays within budget.
const loadForm = () => import('./CampaignForm');
const CampaignForm = lazy(() => loadForm().then((module) => ({ default: module.CampaignForm })));
const CampaignFormOrNotice = lazy(() =>
  loadForm().then((module) => ({ default: module.CampaignFormOrNotice })),
);

export function CampaignFormSkeleton() {
  return (
    <Stack gap="lg" role="status" aria-busy="true" aria-label="Loading the campaign editor">
      {[180, 260, 120, 320].map((height, index) => (
        <Paper key={index} withBorder radius="md" p="lg">
          <Skeleton height={20} width={160} radius="sm" mb="md" />
          <Skeleton height={height} radius="sm" />
        </Paper>
      ))}
    </Stack>
  );
}

function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <TextLink to={to} size="sm" w="fit-content">
      <IconArrowLeft size={14} aria-hidden="true" style={{ marginInlineEnd: 4, verticalAlign: -2 }} />
      {label}
    </TextLink>
  );
}

/** A new campaign: a draft in one of the person's teams. */
export function NewCampaignScreen({ role }: { role: AccountRole }) {
  const navigate = useNavigate();
  const saved = (campaign: CampaignDetail) => {
    showSuccessToast(
      `“${campaign.name}” is saved as a draft. Add its files below, then send it for review.`,
      'Draft saved',
    );
    // The files can be added once the campaign exists: its editor carries on from here.
    void navigate(campaignEditPath(campaign.id), { replace: true });
  };
  return (
    <Stack gap="lg">
      <DocumentTitle title="New campaign" />
      <BackLink to={campaignListPath} label="Campaigns" />
      <PageHeading
        title="New campaign"
        subtitle="It is saved as a draft: nobody outside your team sees it until it is approved."
      />
      <Suspense fallback={<CampaignFormSkeleton />}>
        <CampaignForm campaign={null} role={role} onSaved={saved} />
      </Suspense>
    </Stack>
  );
}

const SAVED_MESSAGES = {
  draftAgain: 'It is a draft again: send it for review when it is ready.',
  backToReview: 'The new reward, budget or dates go to review before creators see them.',
  saved: 'Your changes are saved.',
};

/** Changing a campaign, when its status lets it change. */
export function EditCampaignScreen({ id, role }: { id: string; role: AccountRole }) {
  const navigate = useNavigate();
  const campaign = useCampaign(id);

  if (!campaign.data) {
    if (isApiError(campaign.error) && campaign.error.status === 404) {
      return (
        <Stack maw={480} mx="auto" mt="xl">
          <DocumentTitle title="Campaign not found" />
          <ResultPanel
            tone="warning"
            title="Campaign not found"
            actions={<ButtonLink to={campaignListPath}>Back to campaigns</ButtonLink>}
          >
            This campaign does not exist, or it is not one of your teams’.
          </ResultPanel>
        </Stack>
      );
    }
    return (
      <Stack gap="lg">
        <DocumentTitle title="Edit campaign" />
        {campaign.isError ? (
          <LoadFailure
            title="We could not load this campaign"
            message={CHECK_CONNECTION}
            onRetry={() => void campaign.refetch()}
            retrying={campaign.isFetching}
          />
        ) : (
          <>
            <Skeleton height={34} width={320} radius="sm" />
            <CampaignFormSkeleton />
          </>
        )}
      </Stack>
    );
  }

  const data = campaign.data;
  const saved = (after: CampaignDetail) => {
    const message =
      data.status === 'REJECTED' && after.status === 'DRAFT'
        ? SAVED_MESSAGES.draftAgain
        : after.status === 'PENDING' && data.status !== 'PENDING'
          ? SAVED_MESSAGES.backToReview
          : SAVED_MESSAGES.saved;
    showSuccessToast(message, 'Campaign saved');
    void navigate(campaignDetailPath(after.id));
  };

  return (
    <Stack gap="lg">
      <DocumentTitle title={`Edit ${data.name}`} />
      <BackLink to={campaignDetailPath(data.id)} label={data.name} />
      <PageHeading title={`Edit ${data.name}`} />
      <Suspense fallback={<CampaignFormSkeleton />}>
        <CampaignFormOrNotice campaign={data} role={role} onSaved={saved} />
      </Suspense>
    </Stack>
  );
}
