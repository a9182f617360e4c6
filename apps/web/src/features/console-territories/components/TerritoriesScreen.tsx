import { Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { can, grantScope, SEARCH_DEBOUNCE_MS, type AccountRole, type Territory } from '@platform/shared';
import { lazy, Suspense, useEffect, useState } from 'react';
import { PagedTable } from '../../../components/display/PagedTable';
import { Toggle } from '../../../components/inputs/Toggle';
import { whenIdle } from '../../../lib/idle';
import { useTerritoryList } from '../api/list-territories';
import { useCountryNames } from '../../../lib/use-country-names';
import { LEGAL_LINK_LABELS } from './legal-link-labels';

// The form and the archive sheet (with the zod, form and overlay code under them) are not needed to show
// the table: they load when the browser is idle, or at the latest when first opened, so the page stays
// within its budget.
const loadFormDialog = () => import('./TerritoryFormDialog');
const loadArchiveSheet = () => import('./ArchiveTerritorySheet');
const TerritoryFormDialog = lazy(() =>
  loadFormDialog().then((module) => ({ default: module.TerritoryFormDialog })),
);
const ArchiveTerritorySheet = lazy(() =>
  loadArchiveSheet().then((module) => ({ default: module.ArchiveTerritorySheet })),
);

/** The server's page size when none is asked for (contracts/lists.ts), kept here to leave zod out of the page. */
const PAGE_SIZE = 25;

export interface TerritoriesScreenProps {
  /** The signed-in person's role: it decides which actions show. */
  role: AccountRole;
}

const COLUMNS = ['Name', 'Countries', 'Legal documents', 'Managers', 'Status', 'Actions'];
const COUNTRIES_SHOWN = 3;

/** The first few countries by name, and how many more there are; all of them on hover. */
function CountryNames({ codes, nameOf }: { codes: readonly string[]; nameOf: (code: string) => string }) {
  const names = codes.map(nameOf);
  const more = names.length - COUNTRIES_SHOWN;
  return (
    <Text size="sm" title={names.join(', ')}>
      {names.slice(0, COUNTRIES_SHOWN).join(', ')}
      {more > 0 && (
        <Text span c="dimmed" size="sm">
          {` and ${more} more`}
        </Text>
      )}
    </Text>
  );
}

const dash = (
  <Text span c="dimmed">
    —
  </Text>
);

/** Territories: a table paged and searched on the server, with create, edit, managers and archive by role. */
export function TerritoriesScreen({ role }: TerritoriesScreenProps) {
  // Creating a territory reaches beyond the caller's own territories: an unscoped grant (an Admin's).
  const canCreate = grantScope(role, 'CREATE', 'TM') === 'all';
  const canEdit = can(role, 'EDIT', 'TM');
  const canArchive = can(role, 'ARCHIVE', 'TM');
  const canAssignManagers = can(role, 'ASSIGN', 'TM_USER');
  const canChangeCountries = grantScope(role, 'EDIT', 'TM') === 'all';

  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [includeArchived, setIncludeArchived] = useState(false);
  // A new search or filter starts again from page 1.
  const filterKey = `${debouncedSearch}\n${String(includeArchived)}`;
  const [paging, setPaging] = useState({ filterKey, page: 1 });
  const page = paging.filterKey === filterKey ? paging.page : 1;

  const list = useTerritoryList({
    page,
    pageSize: PAGE_SIZE,
    search: debouncedSearch,
    includeArchived,
  });
  const [dialog, setDialog] = useState<{ territory: Territory | null } | null>(null);
  const [archiving, setArchiving] = useState<Territory | null>(null);
  // Once asked for, the sheet stays mounted so that it can slide away when closed.
  const [archiveAsked, setArchiveAsked] = useState(false);
  useEffect(() => whenIdle(() => void Promise.all([loadFormDialog(), loadArchiveSheet()])), []);

  const nameOf = useCountryNames();
  // Rows show once the countries can be named, so they never change under the reader's eyes.
  const data = nameOf ? list.data : undefined;
  const emptyMessage =
    debouncedSearch !== ''
      ? `No territory matches “${debouncedSearch}”. Try another name.`
      : canCreate
        ? 'No territories yet. Create the first one with “New territory”.'
        : 'You do not manage any territory yet. An Admin assigns them.';

  return (
    <Stack gap="md">
      <Group align="flex-end" justify="space-between" gap="md">
        <Group align="flex-end" gap="lg">
          <TextInput
            label="Search territories"
            placeholder="Territory name"
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
            onClick={() => setDialog({ territory: null })}
          >
            New territory
          </Button>
        )}
      </Group>

      <PagedTable
        aria-label="Territories"
        columns={COLUMNS}
        data={data}
        fetching={list.isFetching}
        failure={
          list.isError && !data
            ? { title: 'We could not load the territories', onRetry: () => void list.refetch() }
            : null
        }
        emptyMessage={emptyMessage}
        page={page}
        noun="territory"
        plural="territories"
        onPageChange={(next) => setPaging({ filterKey, page: next })}
        renderRow={(territory) => (
          <tr key={territory.id}>
            <td>
              <Text size="sm" fw={500}>
                {territory.name}
              </Text>
            </td>
            <td>
              <CountryNames codes={territory.countries} nameOf={nameOf ?? ((code) => code)} />
            </td>
            <td>
              {territory.links.length === 0 ? (
                dash
              ) : (
                <Group gap={4}>
                  {territory.links.map((link) => (
                    <Badge key={link.type} variant="light" color="indigo" tt="none">
                      {LEGAL_LINK_LABELS[link.type]}
                    </Badge>
                  ))}
                </Group>
              )}
            </td>
            <td>
              {territory.managers.length === 0 ? (
                dash
              ) : (
                <Text size="sm">{territory.managers.map((manager) => manager.name).join(', ')}</Text>
              )}
            </td>
            <td>
              {territory.active ? (
                <Badge color="teal" variant="light">
                  Active
                </Badge>
              ) : (
                <Badge color="gray" variant="light">
                  Archived
                </Badge>
              )}
            </td>
            <td>
              {territory.active && (
                <Group gap={4} wrap="nowrap">
                  {canEdit && (
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      aria-label={`Edit ${territory.name}`}
                      onClick={() => setDialog({ territory })}
                    >
                      Edit
                    </Button>
                  )}
                  {canArchive && (
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      color="red"
                      aria-label={`Archive ${territory.name}`}
                      onClick={() => {
                        setArchiveAsked(true);
                        setArchiving(territory);
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
        {dialog && (
          <TerritoryFormDialog
            territory={dialog.territory}
            canAssignManagers={canAssignManagers}
            canChangeCountries={canChangeCountries}
            onClose={() => setDialog(null)}
          />
        )}
        {archiveAsked && <ArchiveTerritorySheet territory={archiving} onClose={() => setArchiving(null)} />}
      </Suspense>
    </Stack>
  );
}
