import { Box, Button, Group, Skeleton, Stack } from '@mantine/core';
import { IconHome, IconReceipt } from '@tabler/icons-react';
import { usePrefetchQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { DocumentTitle } from '../../components/DocumentTitle';
import { NOTIFICATION_BELL_SIZE } from '../../features/common-notifications/components/bell-size';
import { creatorCampaignsQueryOptions, shelfOf } from '../../features/creator-campaigns/api/list-campaigns';
import { useProfile } from '../../features/common-profile/api/get-profile';
import { paths } from '../../lib/paths';

// `/campaigns` and `/campaigns/:id` share this one route module, so the route table stays small; each
// loads only its own screen (ADR 009).
const CampaignBrowser = lazy(() =>
  import('../../features/creator-campaigns/components/CampaignBrowser').then((module) => ({
    default: module.CampaignBrowser,
  })),
);
const CampaignReader = lazy(() =>
  import('../../features/creator-campaigns/components/CampaignReader').then((module) => ({
    default: module.CampaignReader,
  })),
);
// How the views of the creator's entries count, and any hold on their earnings, load after the campaign.
const CampaignViewChecks = lazy(
  () => import('../../features/creator-view-checks/components/CampaignViewChecks'),
);
// The bell polls for the unread count: it loads after the page, so the page's first load stays light.
const NotificationBell = lazy(() =>
  import('../../features/common-notifications/components/NotificationBell').then((module) => ({
    default: module.NotificationBell,
  })),
);

/** The shelf of campaigns the list shows, asked for while the list's code loads, not after. */
function PrefetchCampaigns() {
  const [searchParams] = useSearchParams();
  usePrefetchQuery(creatorCampaignsQueryOptions(shelfOf(searchParams)));
  return null;
}

const loadingScreen = (
  <Stack gap="md" aria-busy="true">
    <Skeleton height={28} width="60%" radius="sm" />
    <Skeleton role="status" height={220} radius="md" aria-label="Loading" />
  </Stack>
);

export function Component() {
  const { id } = useParams();
  // Whose RSVP the campaign's page reads and writes: the signed-in creator's.
  const creatorId = useProfile().data?.id ?? null;
  return (
    <Suspense fallback={loadingScreen}>
      {id ? (
        <CampaignReader key={id} id={id} creatorId={creatorId} />
      ) : (
        <Stack gap={0}>
          <DocumentTitle title="Campaigns" />
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Group gap={4} wrap="nowrap">
              <Button
                component={Link}
                to={paths.home}
                variant="subtle"
                leftSection={<IconHome size={18} aria-hidden="true" />}
              >
                Home
              </Button>
              <Button
                component={Link}
                to={paths.payments}
                variant="subtle"
                leftSection={<IconReceipt size={18} aria-hidden="true" />}
              >
                Payments
              </Button>
            </Group>
            <Suspense fallback={<Box w={NOTIFICATION_BELL_SIZE} h={NOTIFICATION_BELL_SIZE} />}>
              <NotificationBell />
            </Suspense>
          </Group>
          <PrefetchCampaigns />
          <CampaignBrowser />
        </Stack>
      )}
      {id && creatorId && (
        <Suspense fallback={null}>
          <CampaignViewChecks key={id} campaignId={id} />
        </Suspense>
      )}
    </Suspense>
  );
}
