import { Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { formatDateTime, type StaffInvitation } from '@platform/shared';
import { useState } from 'react';
import { PagedTable } from '../../../components/display/PagedTable';
import { showSuccessToast } from '../../../components/feedback/toasts';
import { FieldError } from '../../../components/form/FieldError';
import { humanize } from '../../../lib/format';
import { useCancelInvitation } from '../api/cancel-invitation';
import { useInvitationList } from '../api/list-invitations';
import { useResendInvitation } from '../api/resend-invitation';
import { usePagedSearch } from '../hooks/use-paged-search';
import { failureText } from '../../../components/feedback/failure';
import { LazyConfirmationSheet } from './LazyConfirmationSheet';

export interface InvitationsTableProps {
  /** Shows re-send and cancel (INVITE USER). */
  canInvite: boolean;
}

const COLUMNS = ['Email', 'Name', 'Role', 'Sent', 'Expires', 'Status'];

/** Invitations waiting to be accepted, or expired, with re-send and cancel for those who may invite. */
export function InvitationsTable({ canInvite }: InvitationsTableProps) {
  const paged = usePagedSearch();
  const list = useInvitationList(paged.params);
  const resend = useResendInvitation();
  const cancel = useCancelInvitation();
  const [resending, setResending] = useState<string | null>(null);
  const [rowFailure, setRowFailure] = useState<{ id: string; message: string } | null>(null);
  const [cancelling, setCancelling] = useState<StaffInvitation | null>(null);
  const [cancelFailure, setCancelFailure] = useState<string | null>(null);
  const columns = canInvite ? [...COLUMNS, 'Actions'] : COLUMNS;

  const resendTo = async (invitation: StaffInvitation) => {
    setRowFailure(null);
    setResending(invitation.id);
    try {
      await resend.mutateAsync(invitation.id);
      showSuccessToast(`A new link is on its way to ${invitation.email}.`, 'Invitation sent again');
    } catch (error) {
      setRowFailure({ id: invitation.id, message: failureText(error) });
    } finally {
      setResending(null);
    }
  };

  const confirmCancel = async () => {
    if (!cancelling) return;
    setCancelFailure(null);
    try {
      await cancel.mutateAsync(cancelling.id);
      showSuccessToast(`The link sent to ${cancelling.email} no longer works.`, 'Invitation cancelled');
      setCancelling(null);
    } catch (error) {
      setCancelFailure(failureText(error));
    }
  };

  const data = list.data;

  return (
    <Stack gap="md">
      <TextInput
        label="Search invitations"
        placeholder="Name or email"
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        value={paged.search}
        onChange={(event) => paged.setSearch(event.currentTarget.value)}
        w={280}
      />

      <PagedTable
        aria-label="Invitations"
        columns={columns}
        data={data}
        fetching={list.isFetching}
        failure={
          list.isError && !data
            ? { title: 'We could not load the invitations', onRetry: () => void list.refetch() }
            : null
        }
        emptyMessage={
          paged.debouncedSearch !== ''
            ? `No invitation matches “${paged.debouncedSearch}”. Try another name or email.`
            : canInvite
              ? 'No invitation is waiting. Invite colleagues with “Invite staff”.'
              : 'No invitation is waiting.'
        }
        renderRow={(invitation) => (
          <tr key={invitation.id}>
            <td style={{ overflowWrap: 'anywhere' }}>{invitation.email}</td>
            <td>{invitation.displayName}</td>
            <td>{humanize(invitation.role)}</td>
            <td>
              <Text size="sm">{formatDateTime(invitation.sentAt, 'short')}</Text>
              {invitation.invitedBy && (
                <Text size="xs" c="dimmed">
                  by {invitation.invitedBy}
                </Text>
              )}
            </td>
            <td>{formatDateTime(invitation.expiresAt, 'short')}</td>
            <td>
              {invitation.status === 'pending' ? (
                <Badge color="indigo" variant="light" miw="max-content">
                  Pending
                </Badge>
              ) : (
                <Badge color="orange" variant="light" miw="max-content">
                  Expired
                </Badge>
              )}
            </td>
            {canInvite && (
              <td>
                <Group gap={4} wrap="nowrap">
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    aria-label={`Re-send the invitation to ${invitation.email}`}
                    loading={resending === invitation.id}
                    disabled={resending !== null && resending !== invitation.id}
                    onClick={() => void resendTo(invitation)}
                  >
                    Re-send
                  </Button>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    aria-label={`Cancel the invitation to ${invitation.email}`}
                    onClick={() => {
                      setCancelFailure(null);
                      setCancelling(invitation);
                    }}
                  >
                    Cancel
                  </Button>
                </Group>
                {rowFailure?.id === invitation.id && (
                  <Text c="red" size="sm" role="alert" component="div" mt={4}>
                    <FieldError message={rowFailure.message} />
                  </Text>
                )}
              </td>
            )}
          </tr>
        )}
        page={paged.page}
        noun="invitation"
        onPageChange={paged.setPage}
      />

      <LazyConfirmationSheet
        opened={cancelling !== null}
        title="Cancel this invitation?"
        message={
          <Stack gap="xs">
            <Text inherit>
              The link sent to {cancelling?.email} stops working. You can invite them again later.
            </Text>
            {cancelFailure && (
              <Text c="red" size="sm" role="alert" component="div">
                <FieldError message={cancelFailure} />
              </Text>
            )}
          </Stack>
        }
        confirmLabel="Cancel invitation"
        cancelLabel="Keep it"
        confirmColor="red"
        onConfirm={confirmCancel}
        onCancel={() => setCancelling(null)}
      />
    </Stack>
  );
}
