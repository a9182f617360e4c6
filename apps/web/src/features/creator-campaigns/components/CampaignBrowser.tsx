import {
  Alert,
  Button,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconHourglassEmpty, IconTargetArrow } from '@tabler/icons-react';
import { useDeferredValue } from 'react';
import { useSearchParams } from 'react-router';
import { SHELF_PARAM, shelfOf, useCreatorCampaigns, type CampaignShelf } from '../api/list-campaigns';
import { useNow } from '../../../lib/use-now';
import { CampaignCard } from './CampaignCard';

const SHELVES: { value: CampaignShelf; label: string }[] = [
  { value: 'open', label: 'Live and upcoming' },
  { value: 'ended', label: 'Ended' },
];

const EMPTY: Record<CampaignShelf, { title: string; body: string }> = {
  open: {
    title: 'No campaigns for you right now',
    body: 'Campaigns open to creators in your country appear here as brands publish them.',
  },
  ended: {
    title: 'No ended campaigns yet',
    body: 'Campaigns you could have taken part in stay here once they end.',
  },
};

function EmptyShelf({ shelf }: { shelf: CampaignShelf }) {
  const Icon = shelf === 'open' ? IconTargetArrow : IconHourglassEmpty;
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="xs" align="center" ta="center">
        <ThemeIcon size={48} radius="xl" variant="light">
          <Icon size={26} stroke={1.5} aria-hidden="true" />
        </ThemeIcon>
        <Text fw={600}>{EMPTY[shelf].title}</Text>
        <Text size="sm" c="dimmed">
          {EMPTY[shelf].body}
        </Text>
      </Stack>
    </Paper>
  );
}

/**
 * The campaigns a creator may take part in, live ones first, then those about to start (the server's
 * order); the ended ones on a shelf of their own. The shelf is in the address, so going back returns to it.
 */
export function CampaignBrowser() {
  const [searchParams, setSearchParams] = useSearchParams();
  const shelf = shelfOf(searchParams);
  const campaigns = useCreatorCampaigns(shelf);
  // The list's first render is the screen's heaviest: as a deferred value, React renders it in slices,
  // leaving a phone's main thread free in between.
  const listReady = useDeferredValue(!campaigns.isPending) && !campaigns.isPending;
  const now = useNow();

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Campaigns
      </Title>
      <SegmentedControl
        fullWidth
        aria-label="Which campaigns"
        value={shelf}
        data={SHELVES}
        onChange={(value) =>
          setSearchParams(value === 'ended' ? { [SHELF_PARAM]: 'ended' } : {}, { replace: true })
        }
      />
      {!listReady ? (
        <Stack gap="sm" role="status" aria-busy="true" aria-label="Loading campaigns">
          <Skeleton height={220} radius="md" />
          <Skeleton height={220} radius="md" />
        </Stack>
      ) : campaigns.isError ? (
        <Alert
          color="red"
          variant="light"
          title="We could not load the campaigns"
          icon={<IconAlertTriangle />}
        >
          <Button size="xs" variant="light" color="red" mt="xs" onClick={() => void campaigns.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : campaigns.data.length === 0 ? (
        <EmptyShelf shelf={shelf} />
      ) : (
        <Stack gap="sm" component="section" aria-label={SHELVES.find((item) => item.value === shelf)?.label}>
          {campaigns.data.map((campaign) => (
            <CampaignCard key={campaign.id} campaign={campaign} now={now} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
