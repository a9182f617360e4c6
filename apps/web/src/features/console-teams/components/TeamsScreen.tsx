import { Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { can, grantScope, SEARCH_DEBOUNCE_MS, type AccountRole, type TeamListItem } from '@platform/shared';
import { lazy, Suspense, useEffect, useState } from 'react';
import { PagedTable } from '../../../components/display/PagedTable';
import { Toggle } from '../../../components/inputs/Toggle';
import { whenIdle } from '../../../lib/idle';
import { useTeamList } from '../api/list-teams';

// The forms and the archive sheet (with the zod, form and overlay code under them) are not needed to show
// the table: they load when the browser is idle, or at the latest when first opened, so the page stays
// within its budget.
const loadNameDialog = () => import('./TeamNameDialog');
const loadMembersDialog = () => import('./TeamMembersDialog');
const loadArchiveSheet = () => import('./ArchiveTeamSheet');
const TeamNameDialog = lazy(() => loadNameDialog().then((module) => ({ default: module.TeamNameDialog })));
const TeamMembersDialog = lazy(() =>
  loadMembersDialog().then((module) => ({ default: module.TeamMembersDialog })),
);
const ArchiveTeamSheet = lazy(() =>
  loadArchiveSheet().then((module) => ({ default: module.ArchiveTeamSheet })),
);

/** The server's page size when none is asked for (contracts/lists.ts), kept here to leave zod out of the page. */
const PAGE_SIZE = 25;

export interface TeamsScreenProps {
  /** The signed-in person's role: it decides which actions show. */
  role: AccountRole;
}

const COLUMNS = ['Name', 'Members', 'Status', 'Actions'];

type Dialog =
  { kind: 'create' } | { kind: 'rename'; team: TeamListItem } | { kind: 'members'; team: TeamListItem };

/** Teams: a table paged and searched on the server, with create, rename, members and archive by role. */
export function TeamsScreen({ role }: TeamsScreenProps) {
  // Creating a team reaches beyond the caller's own teams, so it needs an unscoped grant (an Admin's).
  const canCreate = grantScope(role, 'CREATE', 'TEAM') === 'all';
  const canRename = can(role, 'EDIT', 'TEAM');
  const canArchive = can(role, 'ARCHIVE', 'TEAM');
  const canAssign = can(role, 'ASSIGN', 'TEAM');

  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [includeArchived, setIncludeArchived] = useState(false);
  // A new search or filter starts again from page 1.
  const filterKey = `${debouncedSearch}\n${String(includeArchived)}`;
  const [paging, setPaging] = useState({ filterKey, page: 1 });
  const page = paging.filterKey === filterKey ? paging.page : 1;

  const list = useTeamList({ page, pageSize: PAGE_SIZE, search: debouncedSearch, includeArchived });
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [archiving, setArchiving] = useState<TeamListItem | null>(null);
  // Once asked for, the sheet stays mounted so that it can slide away when closed.
  const [archiveAsked, setArchiveAsked] = useState(false);
  useEffect(
    () => whenIdle(() => void Promise.all([loadNameDialog(), loadMembersDialog(), loadArchiveSheet()])),
    [],
  );

  const data = list.data;
  const emptyMessage =
    debouncedSearch !== ''
      ? `No team matches “${debouncedSearch}”. Try another name.`
      : canCreate
        ? 'No teams yet. Create the first one with “New team”.'
        : 'You are not in any team yet. An Admin adds you to one.';

  return (
    <Stack gap="md">
      <Group align="flex-end" justify="space-between" gap="md">
        <Group align="flex-end" gap="lg">
          <TextInput
            label="Search teams"
            placeholder="Team name"
            leftSection={<IconSearch size={16} aria-hidden="true" />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            w={280}
          />
          <Toggle
            label="Show archived"
            checked={includeArchived}
            onChange={(event) => setIncludeArchived(event.currentTarget.checked)}
          />
        </Group>
        {canCreate && (
          <Button
            leftSection={<IconPlus size={16} aria-hidden="true" />}
            onClick={() => setDialog({ kind: 'create' })}
          >
            New team
          </Button>
        )}
      </Group>

      <PagedTable
        aria-label="Teams"
        columns={COLUMNS}
        data={data}
        fetching={list.isFetching}
        failure={
          list.isError && !data
            ? { title: 'We could not load the teams', onRetry: () => void list.refetch() }
            : null
        }
        emptyMessage={emptyMessage}
        page={page}
        noun="team"
        onPageChange={(next) => setPaging({ filterKey, page: next })}
        renderRow={(team) => (
          <tr key={team.id}>
            <td>
              <Text size="sm" fw={500}>
                {team.name}
              </Text>
            </td>
            <td>{team.memberCount}</td>
            <td>
              {team.archived ? (
                <Badge color="gray" variant="light">
                  Archived
                </Badge>
              ) : (
                <Badge color="teal" variant="light">
                  Live
                </Badge>
              )}
            </td>
            <td>
              {!team.archived && (
                <Group gap={4} wrap="nowrap">
                  {canAssign && (
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      aria-label={`Members of ${team.name}`}
                      onClick={() => setDialog({ kind: 'members', team })}
                    >
                      Members
                    </Button>
                  )}
                  {canRename && (
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      aria-label={`Rename ${team.name}`}
                      onClick={() => setDialog({ kind: 'rename', team })}
                    >
                      Rename
                    </Button>
                  )}
                  {canArchive && (
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      color="red"
                      aria-label={`Archive ${team.name}`}
                      onClick={() => {
                        setArchiveAsked(true);
                        setArchiving(team);
                      }}
                    >
                      Archive
                    </Button>
                  )}
                </Group>
              )}
            </td>
          </tr>
        )}
      />

      <Suspense fallback={null}>
        {dialog?.kind === 'create' && <TeamNameDialog team={null} onClose={() => setDialog(null)} />}
        {dialog?.kind === 'rename' && <TeamNameDialog team={dialog.team} onClose={() => setDialog(null)} />}
        {dialog?.kind === 'members' && (
          <TeamMembersDialog team={dialog.team} onClose={() => setDialog(null)} />
        )}
        {archiveAsked && <ArchiveTeamSheet team={archiving} onClose={() => setArchiving(null)} />}
      </Suspense>
    </Stack>
  );
}
