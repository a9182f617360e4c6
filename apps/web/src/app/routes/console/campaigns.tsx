import { Skeleton, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { can } from '@platform/shared';
import { lazy, Suspense, useEffect } from 'react';
import { useLocation, useParams } from 'react-router';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { PageHeading } from '../../../components/PageHeading';
import { campaignQueryOptions } from '../../../features/console-campaigns/api/get-campaign';
import {
  ConsoleLoading,
  ConsoleSectionNotFound,
} from '../../../features/console-shell/components/ConsoleStates';
import { paths } from '../../../lib/paths';
import { StaffRole } from '../../StaffRole';

// The list, a campaign's page, its editor and a new campaign are one small module, so that the router's
// table, which the entry carries for every page, lists its chunks once; each screen loads when opened
// (a campaign is read meanwhile), and no screen brings another's code.
const CampaignsScreen = lazy(() =>
  import('../../../features/console-campaigns/components/CampaignsScreen').then((module) => ({
    default: module.CampaignsScreen,
  })),
);
const CampaignDetail = lazy(() =>
  import('../../ConsoleCampaignPage').then((module) => ({
    default: module.ConsoleCampaignPage,
  })),
);
const loadEditor = () => import('../../../features/console-campaigns/components/CampaignEditorScreen');
const NewCampaignScreen = lazy(() => loadEditor().then((module) => ({ default: module.NewCampaignScreen })));
const EditCampaignScreen = lazy(() =>
  loadEditor().then((module) => ({ default: module.EditCampaignScreen })),
);

function CampaignList() {
  return (
    <Stack gap="lg">
      <DocumentTitle title="Campaigns" />
      <PageHeading
        title="Campaigns"
        subtitle="Your teams’ campaigns, with their status, platform and dates, and the tools to create, review and publish them."
      />
      <StaffRole loadingLabel="Loading campaigns">
        {(role) => (
          <Suspense
            fallback={<Skeleton role="status" height={320} radius="sm" aria-label="Loading campaigns" />}
          >
            <CampaignsScreen role={role} />
          </Suspense>
        )}
      </StaffRole>
    </Stack>
  );
}

/** Reads the campaign while its screen's code loads. */
function PrefetchCampaign({ id }: { id: string }) {
  const queryClient = useQueryClient();
  useEffect(() => void queryClient.prefetchQuery(campaignQueryOptions(id)), [id, queryClient]);
  return null;
}

/** `/console/campaigns`, `…/new`, `…/:id` and `…/:id/edit`. */
export function Component() {
  const { id } = useParams();
  const { pathname } = useLocation();
  const path = pathname.replace(/\/$/, '');
  if (path === paths.consoleCampaigns) return <CampaignList />;

  // A page the person's role cannot use reads as one that does not exist, as the sections do.
  const notFound = <ConsoleSectionNotFound homePath={paths.consoleCampaigns} />;
  if (id === undefined) {
    return (
      <StaffRole loadingLabel="Loading the campaign editor">
        {(role) =>
          can(role, 'CREATE', 'CAMPAIGN') ? (
            <Suspense fallback={<ConsoleLoading />}>
              <NewCampaignScreen role={role} />
            </Suspense>
          ) : (
            notFound
          )
        }
      </StaffRole>
    );
  }
  const editing = path.endsWith('/edit');
  return (
    <>
      <PrefetchCampaign id={id} />
      <StaffRole loadingLabel="Loading the campaign">
        {(role) =>
          editing && !can(role, 'EDIT', 'CAMPAIGN') ? (
            notFound
          ) : (
            <Suspense fallback={<ConsoleLoading />}>
              {/* Keyed by campaign, so that moving to another campaign starts from a clean page. */}
              {editing ? (
                <EditCampaignScreen key={id} id={id} role={role} />
              ) : (
                <CampaignDetail key={id} id={id} role={role} />
              )}
            </Suspense>
          )
        }
      </StaffRole>
    </>
  );
}
