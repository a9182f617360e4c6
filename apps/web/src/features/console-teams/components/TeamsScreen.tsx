import {
  Alert,
  Badge,
  Button,
  Group,
  Pagination,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle, IconPlus, IconSearch } from '@tabler/icons-react';
import { can, grantScope, SEARCH_DEBOUNCE_MS, type AccountRole, type TeamListItem } from '@platform/shared';
import { lazy, Suspense, useEffect, useState } from 'react';
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
const PAGE_CONTROLS = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
};

type Dialog =
  { kind: 'create' } | { kind: 'rename'; team: TeamListItem } | { kind: 'members'; team: TeamListItem };

function SkeletonRows() {
  return [0, 1, 2, 3, 4].map((row) => (
    <Table.Tr key={row}>
      {COLUMNS.map((column) => (
        <Table.Td key={column}>
          <Skeleton height={16} radius="sm" />
        </Table.Td>
      ))}
    </Table.Tr>
  ));
}

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
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const emptyMessage =
    data && data.total > 0
      ? 'Nothing on this page any more. Choose another page below.'
      : debouncedSearch !== ''
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

      {list.isError && !data ? (
        <Alert
          color="red"
          variant="light"
          title="We could not load the teams"
          icon={<IconAlertTriangle aria-hidden="true" />}
        >
          <Button size="xs" variant="light" color="red" mt="xs" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <Table
          striped
          highlightOnHover
          verticalSpacing="sm"
          aria-label="Teams"
          aria-busy={list.isFetching || undefined}
        >
          <Table.Thead>
            <Table.Tr>
              {COLUMNS.map((column) => (
                <Table.Th key={column}>{column}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {!data ? (
              <SkeletonRows />
            ) : data.items.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={COLUMNS.length}>
                  <Text c="dimmed" ta="center" py="lg">
                    {emptyMessage}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              data.items.map((team) => (
                <Table.Tr key={team.id}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {team.name}
                    </Text>
                  </Table.Td>
                  <Table.Td>{team.memberCount}</Table.Td>
                  <Table.Td>
                    {team.archived ? (
                      <Badge color="gray" variant="light">
                        Archived
                      </Badge>
                    ) : (
                      <Badge color="teal" variant="light">
                        Live
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
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
                  </Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      )}

      {data && data.total > 0 && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {data.total} {data.total === 1 ? 'team' : 'teams'}
          </Text>
          {Math.max(pages, page) > 1 && (
            <Pagination
              total={Math.max(pages, page)}
              value={page}
              onChange={(next) => setPaging({ filterKey, page: next })}
              getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
              getControlProps={(control) => ({ 'aria-label': PAGE_CONTROLS[control] })}
            />
          )}
        </Group>
      )}

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
