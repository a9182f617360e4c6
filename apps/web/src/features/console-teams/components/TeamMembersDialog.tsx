import { Stack, Text } from '@mantine/core';
import type { TeamDetail, TeamListItem } from '@platform/shared';
import { useState } from 'react';
import { ModalDialog } from '../../../components/display/ModalDialog';
import { failureText, LoadFailure } from '../../../components/feedback/failure';
import { LoadingState } from '../../../components/feedback/LoadingState';
import { showSuccessToast } from '../../../components/feedback/toasts';
import { FormFailure } from '../../../components/form/FormFailure';
import { SearchableMultiSelect } from '../../../components/inputs/SearchableMultiSelect';
import type { SearchableItem } from '../../../components/inputs/searchable-items';
import { isApiError } from '../../../lib/api-client';
import { humanize } from '../../../lib/format';
import { useTeam } from '../api/get-team';
import { useReplaceTeamMembers } from '../api/replace-team-members';
import { searchStaff } from '../api/search-staff';

export interface TeamMembersDialogProps {
  team: Pick<TeamListItem, 'id' | 'name'>;
  onClose: () => void;
}

/** A member as an entry of the picker: a disabled account says so, since it must be removed to save. */
const toItem = (member: TeamDetail['members'][number]): SearchableItem => ({
  id: member.id,
  name: member.name,
  label: member.active ? humanize(member.role) : 'Disabled',
  infoContent: member.email,
});

/** Loads a team's members, then lets the person replace them with active staff. */
export function TeamMembersDialog({ team, onClose }: TeamMembersDialogProps) {
  const detail = useTeam(team.id);
  // The picker starts from the members the server lists, once; after that it holds the person's choice.
  const [members, setMembers] = useState<SearchableItem[] | null>(null);
  if (members === null && detail.data) setMembers(detail.data.members.map(toItem));
  const [fieldError, setFieldError] = useState<string | undefined>(undefined);
  const [failure, setFailure] = useState<string | null>(null);
  const replace = useReplaceTeamMembers();

  const save = async () => {
    if (members === null) return;
    setFieldError(undefined);
    setFailure(null);
    try {
      const saved = await replace.mutateAsync({
        id: team.id,
        body: { accountIds: members.map((member) => member.id) },
      });
      showSuccessToast(
        `“${saved.name}” has ${saved.memberCount} ${saved.memberCount === 1 ? 'member' : 'members'}.`,
        'Members saved',
      );
      onClose();
    } catch (error) {
      const detail = isApiError(error)
        ? error.details.find((item) => item.field.startsWith('accountIds'))
        : undefined;
      if (detail) setFieldError(detail.message);
      else setFailure(failureText(error));
    }
  };

  return (
    <ModalDialog
      opened
      title={`Members of ${team.name}`}
      submitLabel="Save members"
      submitDisabled={members === null}
      onSubmit={save}
      onClose={onClose}
    >
      {members !== null ? (
        <Stack gap="md">
          <FormFailure message={failure} />
          <SearchableMultiSelect
            label="Members"
            placeholder="Search staff by name or email"
            description="Active staff only. Members see the team’s campaigns."
            value={members}
            onChange={(next) => {
              setMembers(next);
              setFieldError(undefined);
            }}
            search={searchStaff}
            error={fieldError}
          />
          {members.length === 0 && (
            <Text size="sm" c="dimmed">
              No members: nobody sees this team’s campaigns until you add someone.
            </Text>
          )}
        </Stack>
      ) : detail.isError ? (
        <LoadFailure title="We could not load the members" onRetry={() => void detail.refetch()} />
      ) : (
        <LoadingState label="Loading members…" />
      )}
    </ModalDialog>
  );
}
