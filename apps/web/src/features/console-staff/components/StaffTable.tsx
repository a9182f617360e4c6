import { Badge, Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { formatDateTime, ROLE_GRANTS, type StaffMember, type StaffStatus } from '@platform/shared';
import { lazy, Suspense, useState } from 'react';
import { PagedTable } from '../../../components/display/PagedTable';
import { showSuccessToast } from '../../../components/feedback/toasts';
import { FieldError } from '../../../components/form/FieldError';
import { humanize } from '../../../lib/format';
import { useDisableStaff } from '../api/disable-staff';
import { useEnableStaff } from '../api/enable-staff';
import { useStaffList } from '../api/list-staff';
import { usePagedSearch } from '../hooks/use-paged-search';
import { failureText } from '../../../components/feedback/failure';
import { LazyConfirmationSheet } from './LazyConfirmationSheet';

export interface StaffTableProps {
  /** Shows the change-role, disable and enable actions (EDIT USER). */
  canEdit: boolean;
  /** The signed-in person: they cannot disable themselves, so the action is not offered. */
  currentAccountId: string;
}

const COLUMNS = ['Name', 'Email', 'Role', 'Teams and territories', 'Status', 'Last sign-in'];
const STATUS_OPTIONS = [
  { value: '', label: 'All' },
  { value: 'ACTIVE', label: 'Active' },
  { value: 'INACTIVE', label: 'Disabled' },
];

type StatusChange = { member: StaffMember; to: StaffStatus };

// The form, its schema and the dropdowns load when the dialog first opens, not with the list.
const ChangeRoleDialog = lazy(() =>
  import('./ChangeRoleDialog').then((module) => ({ default: module.ChangeRoleDialog })),
);

const nameOf = (member: StaffMember) => member.displayName ?? member.email;

function Memberships({ member }: { member: StaffMember }) {
  const entries = [
    ...member.teams.map((team) => ({ id: team.id, name: team.name, kind: 'Team' })),
    ...member.territories.map((territory) => ({ id: territory.id, name: territory.name, kind: 'Territory' })),
  ];
  if (entries.length === 0) {
    // A role whose grants all reach every record needs no teams; a scoped role left with none reaches nothing.
    return (
      <Text size="sm" c="dimmed">
        {ROLE_GRANTS[member.role].every((grant) => grant.scope === 'all') ? 'All' : 'None'}
      </Text>
    );
  }
  return (
    <Group gap={4}>
      {entries.map((entry) => (
        <Badge key={`${entry.kind}-${entry.id}`} variant="outline" color="gray" tt="none" title={entry.kind}>
          {entry.name}
        </Badge>
      ))}
    </Group>
  );
}

/** Staff accounts, paged and searched on the server, filtered by status, with an Admin's row actions. */
export function StaffTable({ canEdit, currentAccountId }: StaffTableProps) {
  const [status, setStatus] = useState<StaffStatus | null>(null);
  const paged = usePagedSearch(status ?? '');
  const list = useStaffList({ ...paged.params, status });
  const [editing, setEditing] = useState<StaffMember | null>(null);
  const [change, setChange] = useState<StatusChange | null>(null);
  // The sheet keeps showing the change it asked about while it slides away, instead of flipping its words.
  const [shownChange, setShownChange] = useState<StatusChange | null>(null);
  if (change !== null && change !== shownChange) setShownChange(change);
  const [changeFailure, setChangeFailure] = useState<string | null>(null);
  const disable = useDisableStaff();
  const enable = useEnableStaff();
  const columns = canEdit ? [...COLUMNS, 'Actions'] : COLUMNS;

  const confirmChange = async () => {
    if (!change) return;
    setChangeFailure(null);
    try {
      if (change.to === 'INACTIVE') {
        await disable.mutateAsync(change.member.id);
        showSuccessToast(`${nameOf(change.member)} is signed out and cannot sign in.`, 'Account disabled');
      } else {
        await enable.mutateAsync(change.member.id);
        showSuccessToast(`${nameOf(change.member)} can sign in again.`, 'Account enabled');
      }
      setChange(null);
    } catch (error) {
      setChangeFailure(failureText(error));
    }
  };

  const data = list.data;

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="lg">
        <TextInput
          label="Search staff"
          placeholder="Name or email"
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          value={paged.search}
          onChange={(event) => paged.setSearch(event.currentTarget.value)}
          w={280}
        />
        <NativeSelect
          label="Status"
          data={STATUS_OPTIONS}
          value={status ?? ''}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setStatus(value === 'ACTIVE' || value === 'INACTIVE' ? value : null);
          }}
          w={160}
        />
      </Group>

      <PagedTable
        aria-label="Staff"
        columns={columns}
        data={data}
        fetching={list.isFetching}
        failure={
          list.isError && !data
            ? { title: 'We could not load the staff', onRetry: () => void list.refetch() }
            : null
        }
        emptyMessage={
          paged.debouncedSearch !== ''
            ? `No staff member matches “${paged.debouncedSearch}”. Try another name or email.`
            : status === 'INACTIVE'
              ? 'No account is disabled.'
              : 'No staff yet. Invite colleagues with “Invite staff”.'
        }
        renderRow={(member) => (
          <tr key={member.id}>
            <td>
              <Text size="sm" fw={500}>
                {member.displayName ?? '—'}
              </Text>
            </td>
            <td style={{ overflowWrap: 'anywhere' }}>{member.email}</td>
            <td>{humanize(member.role)}</td>
            <td>
              <Memberships member={member} />
            </td>
            <td>
              {member.status === 'ACTIVE' ? (
                <Badge color="teal" variant="light" miw="max-content">
                  Active
                </Badge>
              ) : (
                <Badge color="gray" variant="light" miw="max-content">
                  Disabled
                </Badge>
              )}
            </td>
            <td>
              <Text size="sm" c={member.lastSignedInAt ? undefined : 'dimmed'}>
                {member.lastSignedInAt ? formatDateTime(member.lastSignedInAt, 'short') : 'Never'}
              </Text>
            </td>
            {canEdit && (
              <td>
                <Group gap={4} wrap="nowrap">
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    aria-label={`Change role of ${nameOf(member)}`}
                    onClick={() => setEditing(member)}
                  >
                    Change role
                  </Button>
                  {member.status === 'ACTIVE' && member.id !== currentAccountId && (
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      color="red"
                      aria-label={`Disable ${nameOf(member)}`}
                      onClick={() => {
                        setChangeFailure(null);
                        setChange({ member, to: 'INACTIVE' });
                      }}
                    >
                      Disable
                    </Button>
                  )}
                  {member.status === 'INACTIVE' && (
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      aria-label={`Enable ${nameOf(member)}`}
                      onClick={() => {
                        setChangeFailure(null);
                        setChange({ member, to: 'ACTIVE' });
                      }}
                    >
                      Enable
                    </Button>
                  )}
                </Group>
              </td>
            )}
          </tr>
        )}
        page={paged.page}
        noun="staff member"
        onPageChange={paged.setPage}
      />

      {editing && (
        <Suspense fallback={null}>
          <ChangeRoleDialog member={editing} onClose={() => setEditing(null)} />
        </Suspense>
      )}
      <LazyConfirmationSheet
        opened={change !== null}
        title={shownChange?.to === 'INACTIVE' ? 'Disable this account?' : 'Enable this account?'}
        message={
          <Stack gap="xs">
            <Text inherit>
              {shownChange?.to === 'INACTIVE'
                ? `${shownChange ? nameOf(shownChange.member) : ''} is signed out everywhere at once and cannot sign in until the account is enabled again.`
                : `${shownChange ? nameOf(shownChange.member) : ''} can sign in again with their password.`}
            </Text>
            {changeFailure && (
              <Text c="red" size="sm" role="alert" component="div">
                <FieldError message={changeFailure} />
              </Text>
            )}
          </Stack>
        }
        confirmLabel={shownChange?.to === 'INACTIVE' ? 'Disable account' : 'Enable account'}
        confirmColor={shownChange?.to === 'INACTIVE' ? 'red' : undefined}
        onConfirm={confirmChange}
        onCancel={() => setChange(null)}
      />
    </Stack>
  );
}
