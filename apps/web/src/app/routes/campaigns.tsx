import { Skeleton, Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { DocumentTitle } from '../../components/DocumentTitle';
import { useProfile } from '../../features/profile/api/get-profile';

// `/campaigns` and `/campaigns/:id` share this one route module, so the route table stays small; each
// loads only its own screen (ADR 009).
const CampaignBrowser = lazy(() =>
  import('../../features/campaign-browse/components/CampaignBrowser').then((module) => ({
    default: module.CampaignBrowser,
  })),
);
const CampaignReader = lazy(() =>
  import('../../features/campaign-browse/components/CampaignReader').then((module) => ({
    default: module.CampaignReader,
  })),
);

const loadingScreen = (
  <Stack gap="md" aria-busy="true">
    <Skeleton height={28} width="60%" radius="sm" />
    <Skeleton height={220} radius="md" aria-label="Loading" />
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
        <>
          <DocumentTitle title="Campaigns" />
          <CampaignBrowser />
        </>
      )}
    </Suspense>
  );
}
