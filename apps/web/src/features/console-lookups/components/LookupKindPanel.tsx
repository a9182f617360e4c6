import { Alert, Badge, Button, Group, Pagination, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import {
  formatDateTime,
  LOOKUP_KIND_NAMES,
  SEARCH_DEBOUNCE_MS,
  type Lookup,
  type LookupKind,
} from '@platform/shared';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { failureText, LoadFailure } from '../../../components/feedback/failure';
import { showSuccessToast } from '../../../components/feedback/toasts';
import { FieldError } from '../../../components/form/FieldError';
import { Toggle } from '../../../components/inputs/Toggle';
import { useLookupList } from '../api/list-lookups';
import { useRestoreLookup } from '../api/restore-lookup';
import type { LookupPermissions } from '../hooks/lookup-permissions';
import { useLookupDeletion } from '../hooks/use-lookup-deletion';

const LookupFormDialog = lazy(() =>
  import('./LookupEditing').then((module) => ({ default: module.LookupFormDialog })),
);
const LookupQuickEditor = lazy(() =>
  import('./LookupEditing').then((module) => ({ default: module.LookupQuickEditor })),
);
const DeleteLookupSheet = lazy(() =>
  import('./LookupEditing').then((module) => ({ default: module.DeleteLookupSheet })),
);

export interface LookupKindPanelProps {
  kind: LookupKind;
  permissions: LookupPermissions;
  /** Answers: the question whose answers are managed here. */
  questionId?: string | undefined;
}

const PAGE_CONTROLS = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
} as const;

const COLUMNS = ['Name', 'Label', 'Status', 'Updated', 'Actions'];

// A plain table: Mantine's Table brings its scroll container (and the scroll area and positioning code
// behind it) along, about 15 KB gz this page does not need.
const BORDER = '1px solid var(--mantine-color-gray-3)';
const HEADER_CELL = { textAlign: 'start', padding: '8px 12px', borderBottom: BORDER, fontSize: 14 } as const;
const CELL = { padding: '10px 12px', borderBottom: BORDER, fontSize: 14, verticalAlign: 'top' } as const;

function Row({ index, children }: { index: number; children: ReactNode }) {
  return (
    <tr style={index % 2 === 1 ? { background: 'var(--mantine-color-gray-0)' } : undefined}>{children}</tr>
  );
}

function SkeletonRows() {
  return [0, 1, 2, 3, 4].map((row) => (
    <Row key={row} index={row}>
      {COLUMNS.map((column) => (
        <td key={column} style={CELL}>
          <Skeleton height={16} radius="sm" />
        </td>
      ))}
    </Row>
  ));
}

/** One kind's lookups: a table paged and searched on the server, with add, edit, delete and restore. */
export function LookupKindPanel({ kind, permissions, questionId }: LookupKindPanelProps) {
  const names = LOOKUP_KIND_NAMES[kind];
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [includeArchived, setIncludeArchived] = useState(false);
  // A new search or filter starts again from page 1.
  const filterKey = `${debouncedSearch}\n${String(includeArchived)}`;
  const [paging, setPaging] = useState({ filterKey, page: 1 });
  const page = paging.filterKey === filterKey ? paging.page : 1;

  const list = useLookupList(kind, {
    page,
    search: debouncedSearch,
    includeArchived,
    questionId,
  });
  const deletion = useLookupDeletion(kind);
  const restore = useRestoreLookup(kind);
  // Mounted from the first time it opens, so that it closes as a dialog does; a new key per opening starts
  // its form afresh.
  const [dialog, setDialog] = useState<{ lookup: Lookup | null; opened: boolean; key: number } | null>(null);
  const openDialog = (lookup: Lookup | null) =>
    setDialog((current) => ({ lookup, opened: true, key: (current?.key ?? 0) + 1 }));
  const [actionFailure, setActionFailure] = useState<string | null>(null);

  const restoreLookup = (lookup: Lookup) => {
    setActionFailure(null);
    restore.mutate(lookup.id, {
      onSuccess: (restored) =>
        showSuccessToast(`“${restored.name}” is live again: creators can choose it.`, 'Restored'),
      onError: (error) => setActionFailure(failureText(error)),
    });
  };

  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const searching = debouncedSearch !== '';

  const emptyMessage = searching
    ? `No ${names.plural.toLowerCase()} match “${debouncedSearch}”. Try another search${permissions.canCreate ? `, or add it with “Add ${names.singular}”` : ''}.`
    : permissions.canCreate
      ? `No ${names.plural.toLowerCase()} yet. Add the first one with “Add ${names.singular}”.`
      : `No ${names.plural.toLowerCase()} yet. An Admin adds them.`;

  return (
    <Stack gap="md">
      <Group align="flex-end" justify="space-between" gap="md" wrap="nowrap">
        <Group align="flex-end" gap="md" wrap="nowrap" style={{ flex: 1 }}>
          <TextInput
            label={`Search ${names.plural.toLowerCase()}`}
            placeholder="Name"
            leftSection={<IconSearch size={16} aria-hidden="true" />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            w={280}
          />
          <div style={{ width: 320 }}>
            <Suspense fallback={<Skeleton height={58} radius="sm" />}>
              <LookupQuickEditor
                kind={kind}
                permissions={permissions}
                deletion={deletion}
                questionId={questionId}
                onPick={(item) => setSearch(item.name)}
              />
            </Suspense>
          </div>
        </Group>
        {permissions.canCreate && (
          <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => openDialog(null)}>
            Add {names.singular}
          </Button>
        )}
      </Group>
      <Toggle
        label="Show archived"
        checked={includeArchived}
        onChange={(event) => setIncludeArchived(event.currentTarget.checked)}
      />

      {actionFailure && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          withCloseButton
          onClose={() => setActionFailure(null)}
          closeButtonLabel="Dismiss"
        >
          <FieldError message={actionFailure} />
        </Alert>
      )}

      {list.isError && !data ? (
        <LoadFailure
          title={`We could not load the ${names.plural.toLowerCase()}`}
          onRetry={() => void list.refetch()}
        />
      ) : (
        <table
          style={{ width: '100%', borderCollapse: 'collapse' }}
          aria-label={names.plural}
          aria-busy={list.isFetching || undefined}
        >
          <thead>
            <tr>
              {COLUMNS.map((column) => (
                <th key={column} scope="col" style={HEADER_CELL}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {!data ? (
              <SkeletonRows />
            ) : data.items.length === 0 ? (
              <tr>
                <td colSpan={COLUMNS.length} style={CELL}>
                  <Text c="dimmed" ta="center" py="lg">
                    {emptyMessage}
                  </Text>
                </td>
              </tr>
            ) : (
              data.items.map((lookup, index) => (
                <Row key={lookup.id} index={index}>
                  <td style={CELL}>
                    <Text size="sm" fw={500}>
                      {lookup.name}
                    </Text>
                    {lookup.infoContent && (
                      <Text size="xs" c="dimmed" lineClamp={2}>
                        {lookup.infoContent}
                      </Text>
                    )}
                  </td>
                  <td style={CELL}>
                    {lookup.label ?? (
                      <Text span c="dimmed">
                        —
                      </Text>
                    )}
                  </td>
                  <td style={CELL}>
                    {lookup.archived ? (
                      <Badge color="gray" variant="light">
                        Archived
                      </Badge>
                    ) : (
                      <Badge color="teal" variant="light">
                        Live
                      </Badge>
                    )}
                  </td>
                  <td style={CELL}>{formatDateTime(lookup.updatedAt, 'short')}</td>
                  <td style={CELL}>
                    <Group gap={4} wrap="nowrap">
                      {permissions.canEdit && !lookup.archived && (
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          aria-label={`Edit ${lookup.name}`}
                          onClick={() => openDialog(lookup)}
                        >
                          Edit
                        </Button>
                      )}
                      {permissions.canEdit && lookup.archived && (
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          aria-label={`Restore ${lookup.name}`}
                          loading={restore.isPending && restore.variables === lookup.id}
                          onClick={() => restoreLookup(lookup)}
                        >
                          Restore
                        </Button>
                      )}
                      {permissions.canDelete && (
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          color="red"
                          aria-label={`Delete ${lookup.name}`}
                          onClick={() => void deletion.ask(lookup)}
                        >
                          Delete
                        </Button>
                      )}
                    </Group>
                  </td>
                </Row>
              ))
            )}
          </tbody>
        </table>
      )}

      {data && data.total > 0 && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {`${(data.page - 1) * data.pageSize + 1}–${Math.min(data.page * data.pageSize, data.total)} of ${data.total}`}
          </Text>
          {pages > 1 && (
            <Pagination
              total={pages}
              value={Math.min(page, pages)}
              onChange={(next) => setPaging({ filterKey, page: next })}
              getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
              getControlProps={(control) => ({ 'aria-label': PAGE_CONTROLS[control] })}
            />
          )}
        </Group>
      )}

      <Suspense fallback={null}>
        {dialog && (
          <LookupFormDialog
            key={dialog.key}
            opened={dialog.opened}
            kind={kind}
            lookup={dialog.lookup}
            questionId={questionId}
            onClose={() => setDialog((current) => current && { ...current, opened: false })}
          />
        )}
        {deletion.shown && <DeleteLookupSheet kind={kind} deletion={deletion} />}
      </Suspense>
    </Stack>
  );
}
