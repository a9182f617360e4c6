import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Group,
  List,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  campaignStatusAllows,
  formatDateTime,
  PLATFORM_LABELS,
  type CampaignAsset,
  type CreatorCampaignDetail,
} from '@platform/shared';
import { IconAlertTriangle, IconFile, IconPlayerPause } from '@tabler/icons-react';
import { lazy, Suspense, useId, type ReactNode } from 'react';
import { ButtonLink } from '../../../components/ButtonLink';
import { ASSET_KIND_ICONS } from '../../../components/display/asset-kind-icons';
import { AssetImage } from '../../../components/display/AssetImage';
import { BackButton } from '../../../components/display/BackButton';
import { RemoteImage } from '../../../components/display/RemoteImage';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { ResultPanel } from '../../../components/feedback/ResultPanel';
import { isApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useCreatorCampaign } from '../api/get-campaign';
import {
  campaignTiming,
  entriesCount,
  entryRules,
  rewardTerms,
  TAKING_PART,
  validationTerms,
} from '../utils/campaign-terms';
import { useNow } from '../../../lib/use-now';
import { BudgetLeft } from './BudgetLeft';

// The sanitiser behind the brief is large: it loads once a brief is on screen (ADR 009).
const BriefText = lazy(() => import('../../../components/display/BriefText'));
// Joining and answering bring their dialogs and toasts: they load once the campaign is on screen.
const TakingPart = lazy(() => import('./TakingPart'));
// Only a creator taking part sees their entries, and the form and its link rules load with them.
const Entries = lazy(() => import('./Entries'));

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function Rewards({ campaign }: { campaign: CreatorCampaignDetail }) {
  const terms = rewardTerms(campaign);
  return (
    <Stack gap="xs">
      <Text fw={600}>{terms.headline}</Text>
      {terms.prizes.length > 0 && (
        <Table withTableBorder verticalSpacing={4} aria-label="Prizes by place">
          <Table.Tbody>
            {terms.prizes.map((prize) => (
              <Table.Tr key={prize.place}>
                <Table.Th scope="row" fw={500}>
                  {prize.place}
                </Table.Th>
                <Table.Td ta="right">{prize.amount}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {terms.details.map((line) => (
        <Text key={line} size="sm">
          {line}
        </Text>
      ))}
      <Text size="sm" c="dimmed">
        {validationTerms(campaign)}
      </Text>
    </Stack>
  );
}

/** A file of the campaign to use in an entry: its thumbnail or kind, opening the file itself. */
function AssetTile({ asset }: { asset: CampaignAsset & { url: string } }) {
  const KindIcon = ASSET_KIND_ICONS[asset.fileType] ?? IconFile;
  return (
    <Anchor href={asset.url} target="_blank" rel="noopener noreferrer" underline="never" c="inherit">
      <Paper withBorder radius="md" p={6}>
        <Stack gap={4}>
          {asset.thumbnailUrl !== null ? (
            <RemoteImage
              src={asset.thumbnailUrl}
              alt={`Preview of ${asset.fileName}`}
              height={96}
              radius="sm"
            />
          ) : (
            <Center
              h={96}
              bg="var(--mantine-color-gray-0)"
              style={{ borderRadius: 'var(--mantine-radius-sm)' }}
            >
              <ThemeIcon size={48} radius="md" variant="light" color="gray" aria-hidden="true">
                <KindIcon size={26} stroke={1.5} />
              </ThemeIcon>
            </Center>
          )}
          <Text size="xs" fw={500} lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
            {asset.fileName}
          </Text>
        </Stack>
      </Paper>
    </Anchor>
  );
}

/** Why staff paused the campaign, and what pausing stops, said before anything asks the creator to act. */
function PausedNotice({ reason }: { reason: string | null }) {
  return (
    <Alert
      color="orange"
      variant="light"
      title="This campaign is paused"
      icon={<IconPlayerPause aria-hidden="true" />}
    >
      <Stack gap={4}>
        {reason && (
          <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {reason}
          </Text>
        )}
        <Text size="sm">
          While it is paused it takes no new entries and no one can join. Entries already sent still have
          their views read and validated, and it still ends on its end date.
        </Text>
      </Stack>
    </Alert>
  );
}

const hasUrl = (asset: CampaignAsset): asset is CampaignAsset & { url: string } => asset.url !== null;

function CampaignPage({
  campaign,
  creatorId,
}: {
  campaign: CreatorCampaignDetail;
  creatorId: string | null;
}) {
  const now = useNow();
  const timing = campaignTiming(campaign, now);
  const files = campaign.assets.filter(hasUrl);
  return (
    <Stack gap="lg">
      <DocumentTitle title={campaign.name} />
      <Group gap="xs" wrap="nowrap">
        <BackButton fallbackPath={paths.campaigns} label="Back to campaigns" ml={-8} />
        {/* The badges wrap onto a second line rather than cut their words short on a phone. */}
        <Group gap={6} miw={0} style={{ flex: 1 }}>
          <Badge color={timing.color} variant="light">
            {timing.label}
          </Badge>
          <Badge color="gray" variant="outline">
            {PLATFORM_LABELS[campaign.platform]}
          </Badge>
          <Badge color="gray" variant="outline">
            {TAKING_PART[campaign.type]}
          </Badge>
        </Group>
      </Group>
      {campaign.coverImagePath !== null && (
        <AssetImage assetKey={campaign.coverImagePath} alt={`Cover of ${campaign.name}`} height={200} />
      )}
      <Stack gap={4}>
        <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
          {campaign.name}
        </Title>
        <Text c="dimmed">{campaign.brandOrArtist}</Text>
      </Stack>
      <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-gray-0)">
        <Stack gap={2}>
          <Text fw={600}>{timing.when}</Text>
          <Text size="sm">
            Runs from {formatDateTime(campaign.startsAt, 'long')} to {formatDateTime(campaign.endsAt, 'long')}
          </Text>
          <Text size="sm" c="dimmed">
            {entriesCount(campaign.campaignEntriesCount)} so far
          </Text>
          <BudgetLeft campaign={campaign} size="sm" />
        </Stack>
      </Paper>
      {campaign.status === 'PAUSED' && <PausedNotice reason={campaign.pausedReason} />}
      {creatorId !== null && (
        <Suspense fallback={<Skeleton height={72} radius="md" />}>
          <TakingPart campaign={campaign} creatorId={creatorId} />
        </Suspense>
      )}
      {creatorId !== null && (
        <Suspense fallback={null}>
          <Entries campaign={campaign} creatorId={creatorId} />
        </Suspense>
      )}
      <Section title="What you can earn">
        <Rewards campaign={campaign} />
      </Section>
      <Section
        title={
          campaignStatusAllows(campaign.status, 'finished') ? 'What entries needed' : 'What your entry needs'
        }
      >
        <List size="sm" spacing={4}>
          {entryRules(campaign).map((rule) => (
            <List.Item key={rule}>{rule}</List.Item>
          ))}
        </List>
      </Section>
      <Section title="Brief">
        <Suspense fallback={<Skeleton height={64} radius="sm" />}>
          <BriefText html={campaign.brief} />
        </Suspense>
      </Section>
      {files.length > 0 && (
        <Section title="Files">
          <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="xs">
            {files.map((asset) => (
              <AssetTile key={asset.id} asset={asset} />
            ))}
          </SimpleGrid>
        </Section>
      )}
    </Stack>
  );
}

/**
 * One campaign as a creator reads it before taking part: what it is, what exactly it pays for what and
 * until when, what an entry must be, the brief and the files to use. A campaign they may not see is a 404.
 */
export function CampaignReader({ id, creatorId }: { id: string; creatorId: string | null }) {
  const campaign = useCreatorCampaign(id);

  if (campaign.isPending) {
    return (
      <Stack gap="md" role="status" aria-busy="true" aria-label="Loading the campaign">
        <Skeleton height={200} radius="md" />
        <Skeleton height={28} width="70%" radius="sm" />
        <Skeleton height={120} radius="md" />
      </Stack>
    );
  }

  if (campaign.isError) {
    if (isApiError(campaign.error) && campaign.error.status === 404) {
      return (
        <>
          <DocumentTitle title="Campaign not found" />
          <ResultPanel
            tone="warning"
            title="Campaign not found"
            actions={<ButtonLink to={paths.campaigns}>See your campaigns</ButtonLink>}
          >
            It may have been taken down, or it is not open to creators where you live.
          </ResultPanel>
        </>
      );
    }
    return (
      <Stack gap="md">
        <BackButton fallbackPath={paths.campaigns} label="Back to campaigns" />
        <Alert
          color="red"
          variant="light"
          title="We could not load the campaign"
          icon={<IconAlertTriangle />}
        >
          <Button size="xs" variant="light" color="red" mt="xs" onClick={() => void campaign.refetch()}>
            Try again
          </Button>
        </Alert>
      </Stack>
    );
  }

  return <CampaignPage campaign={campaign.data} creatorId={creatorId} />;
}
