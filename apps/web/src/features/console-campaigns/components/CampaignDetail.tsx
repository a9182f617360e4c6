import {
  Alert,
  Badge,
  Box,
  Button,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconArchive,
  IconArrowLeft,
  IconChartBar,
  IconPlayerPause,
} from '@tabler/icons-react';
import {
  can,
  FUNDING_MESSAGES,
  formatDateTime,
  formatMoney,
  type AccountRole,
  type CampaignDetail as Campaign,
} from '@platform/shared';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ButtonLink } from '../../../components/ButtonLink';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { PageHeading } from '../../../components/PageHeading';
import { TextLink } from '../../../components/TextLink';
import { CHECK_CONNECTION, LoadFailure } from '../../../components/feedback/failure';
import { ResultPanel } from '../../../components/feedback/ResultPanel';
import { isApiError } from '../../../lib/api-client';
import { consoleReportPath } from '../../../lib/report-paths';
import { useCampaign } from '../api/get-campaign';
import { AssetCard } from './AssetCard';
import { CampaignActions } from './CampaignActions';
import { platformLabel, TYPE_DESCRIPTIONS, TYPE_LABELS } from './campaign-labels';
import { CampaignStatusBadge } from './CampaignStatusBadge';
import { campaignListPath } from './links';
import { RewardSummary } from './RewardSummary';
import { StatusHistory } from './StatusHistory';
import { ValidationSummary } from './ValidationSummary';

// The sanitiser is large: the brief loads it beside the rest of the page.
const BriefText = lazy(() => import('../../../components/display/BriefText'));
export interface CampaignDetailProps {
  id: string;
  /** The signed-in person's role: it decides which actions show. */
  role: AccountRole;
  /** What other parts of the console show of the campaign (entries, figures, payments…), above its history. */
  sections?: (campaign: Campaign) => ReactNode;
}

function Detail({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <Box style={wide ? { gridColumn: '1 / -1' } : undefined}>
      <Text component="dt" size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} mt={2} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Box>
  );
}

/** One section of a campaign's page: a titled panel, named by its title. */
export function CampaignPanel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function DetailSkeleton() {
  return (
    <Stack gap="lg" role="status" aria-busy="true" aria-label="Loading the campaign">
      <Skeleton height={34} width={320} radius="sm" />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Skeleton height={220} radius="md" />
        <Skeleton height={220} radius="md" />
      </SimpleGrid>
      <Skeleton height={160} radius="md" />
    </Stack>
  );
}

const none = (
  <Text span c="dimmed" size="sm">
    None
  </Text>
);

function Overview({ campaign }: { campaign: Campaign }) {
  return (
    <Box
      component="dl"
      m={0}
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
        gap: 'var(--mantine-spacing-md)',
      }}
    >
      <Detail label="Brand or artist">{campaign.brandOrArtist}</Detail>
      <Detail label="Platform">{platformLabel(campaign.platform)}</Detail>
      <Detail label="Team">{campaign.team.name}</Detail>
      <Detail label="Budget">{formatMoney(campaign.budget, campaign.currency)}</Detail>
      <Detail label="Starts">{formatDateTime(campaign.startsAt, 'long')}</Detail>
      <Detail label="Ends">{formatDateTime(campaign.endsAt, 'long')}</Detail>
      <Detail label="Type" wide>
        {TYPE_LABELS[campaign.type]}: {TYPE_DESCRIPTIONS[campaign.type]}
      </Detail>
      <Detail label="Territories" wide>
        {campaign.territories.length > 0
          ? campaign.territories.map((territory) => territory.name).join(', ')
          : none}
      </Detail>
      <Detail label="Created">{formatDateTime(campaign.createdAt, 'long')}</Detail>
      <Detail label="Last changed">{formatDateTime(campaign.updatedAt, 'long')}</Detail>
    </Box>
  );
}

function Requirements({ campaign }: { campaign: Campaign }) {
  const { hashtags, mentions, minimumLengthSeconds } = campaign.requirements;
  const tags = (list: readonly string[]) =>
    list.length > 0 ? (
      <Group gap={4} component="span">
        {list.map((tag) => (
          <Badge key={tag} variant="outline" color="gray" tt="none">
            {tag}
          </Badge>
        ))}
      </Group>
    ) : (
      none
    );
  return (
    <Box component="dl" m={0} style={{ display: 'grid', gap: 'var(--mantine-spacing-sm)' }}>
      <Detail label="Hashtags">{tags(hashtags)}</Detail>
      <Detail label="Mentions">{tags(mentions)}</Detail>
      <Detail label="Minimum length">
        {minimumLengthSeconds === null ? none : `${minimumLengthSeconds} seconds`}
      </Detail>
    </Box>
  );
}

/** Why a paused campaign is paused, as creators read it; a spent budget is topped up before resuming. */
function PausedNotice({ reason }: { reason: string | null }) {
  const spent = reason === FUNDING_MESSAGES.budgetSpent;
  return (
    <Alert
      color="grape"
      variant="light"
      title="Paused: creators cannot join it or send entries"
      icon={<IconPlayerPause aria-hidden="true" />}
    >
      <Text size="sm" fw={500} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
        {reason ?? 'No reason was given.'}
      </Text>
      <Text size="sm" mt="xs">
        {spent
          ? 'Top up the budget before resuming it: a campaign whose budget is spent cannot resume.'
          : 'Creators read this reason on the campaign. It still ends on its end date.'}
      </Text>
    </Alert>
  );
}

/**
 * One campaign, read-only: its status and history, the reason it was sent back, everything its editor
 * holds, and the actions the person's role and the campaign's status allow.
 */
export function CampaignDetail({ id, role, sections }: CampaignDetailProps) {
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
        <DocumentTitle title="Campaign" />
        {campaign.isError ? (
          <LoadFailure
            title="We could not load this campaign"
            message={CHECK_CONNECTION}
            onRetry={() => void campaign.refetch()}
            retrying={campaign.isFetching}
          />
        ) : (
          <DetailSkeleton />
        )}
      </Stack>
    );
  }

  const data = campaign.data;
  const mayEdit = can(role, 'EDIT', 'CAMPAIGN');

  return (
    <Stack gap="lg">
      <DocumentTitle title={data.name} />
      <TextLink to={campaignListPath} size="sm" w="fit-content">
        <IconArrowLeft size={14} aria-hidden="true" style={{ marginInlineEnd: 4, verticalAlign: -2 }} />
        Campaigns
      </TextLink>
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={6}>
          <PageHeading title={data.name} />
          <div role="group" aria-label="Status">
            <CampaignStatusBadge status={data.status} archived={data.archived} size="lg" />
          </div>
          {can(role, 'VIEW', 'CAMPAIGN_REPORT') && (
            <Button
              component={Link}
              to={consoleReportPath(data.id)}
              variant="light"
              size="xs"
              w="fit-content"
              leftSection={<IconChartBar size={14} aria-hidden="true" />}
            >
              Report
            </Button>
          )}
        </Stack>
        <CampaignActions campaign={data} role={role} />
      </Group>

      {data.status === 'REJECTED' && (
        <Alert
          color="red"
          variant="light"
          title="Sent back for changes"
          icon={<IconAlertTriangle aria-hidden="true" />}
          role="alert"
        >
          <Text size="sm" fw={500} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {data.rejectionReason ?? 'The reviewer gave no reason.'}
          </Text>
          {mayEdit && !data.archived && (
            <Text size="sm" mt="xs">
              Edit the campaign to make these changes; it then becomes a draft to send for review again.
            </Text>
          )}
        </Alert>
      )}
      {data.status === 'PAUSED' && <PausedNotice reason={data.pausedReason} />}
      {data.archived && (
        <Alert color="gray" variant="light" icon={<IconArchive aria-hidden="true" />}>
          This campaign is archived: it can be looked at and copied, but not changed.
        </Alert>
      )}

      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <CampaignPanel title="Overview">
          <Overview campaign={data} />
        </CampaignPanel>
        <CampaignPanel title="Reward">
          <RewardSummary campaign={data} />
        </CampaignPanel>
      </SimpleGrid>

      <CampaignPanel title="Brief">
        <Suspense fallback={<Loader role="status" size="sm" aria-label="Loading the brief" />}>
          <BriefText html={data.brief} />
        </Suspense>
      </CampaignPanel>

      <CampaignPanel title="Entry requirements">
        <Requirements campaign={data} />
      </CampaignPanel>

      <CampaignPanel title="Checking views and entries">
        <ValidationSummary validation={data.validation} />
      </CampaignPanel>

      <CampaignPanel title="Files">
        {data.assets.length === 0 ? (
          <Text size="sm" c="dimmed">
            No files.
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="sm">
            {data.assets.map((asset) => (
              <AssetCard key={asset.id} asset={asset} isCover={asset.id === data.coverAssetId} />
            ))}
          </SimpleGrid>
        )}
      </CampaignPanel>

      {sections?.(data)}

      <CampaignPanel title="Status history">
        <StatusHistory history={data.history} />
      </CampaignPanel>
    </Stack>
  );
}
