import { beforeAll, describe, expect, it } from 'vitest';
import { signedIn, staffProfile } from '../../../test/console';
import { mockApi } from '../../../test/api-mock';
import { renderApp, screen } from '../../../test/render';

const teams = {
  items: [
    {
      id: '8c5e3f0a-1b2c-4d3e-8f4a-000000000001',
      name: 'Music',
      archived: false,
      memberCount: 3,
      createdAt: '2026-11-01T09:00:00.000Z',
    },
  ],
  total: 1,
  page: 1,
  pageSize: 25,
};

// The screen loads its dialogs once the page is idle; loaded here first, so none is still loading when
// the file's environment is torn down.
beforeAll(async () => {
  await Promise.all([
    import('../../../features/console-teams/components/TeamNameDialog'),
    import('../../../features/console-teams/components/TeamMembersDialog'),
    import('../../../features/console-teams/components/ArchiveTeamSheet'),
  ]);
});

describe('console teams page', () => {
  it('shows an Admin the teams with “New team”', async () => {
    mockApi({
      'GET /server-api/creator/profile': { body: staffProfile('Admin') },
      'GET /server-api/marketing/teams': { body: teams },
    });
    signedIn();
    renderApp('/console/teams');

    expect(await screen.findByRole('heading', { name: 'Teams' })).toBeInTheDocument();
    expect(await screen.findByText('Music')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New team' })).toBeInTheDocument();
  });

  it('shows a CampaignManager their teams to manage, without “New team”', async () => {
    mockApi({
      'GET /server-api/creator/profile': { body: staffProfile('CampaignManager') },
      'GET /server-api/marketing/teams': { body: teams },
    });
    signedIn();
    renderApp('/console/teams');

    expect(await screen.findByText('Music')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Rename Music' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New team' })).not.toBeInTheDocument();
  });
});
