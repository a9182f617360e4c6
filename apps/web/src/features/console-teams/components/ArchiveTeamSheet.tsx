import { Stack, Text } from '@mantine/core';
import type { TeamListItem } from '@platform/shared';
import { useState } from 'react';
import { ConfirmationSheet } from '../../../components/display/ConfirmationSheet';
import { showSuccessToast } from '../../../components/feedback/toasts';
import { FieldError } from '../../../components/form/FieldError';
import { failureText } from '../../../components/feedback/failure';
import { useArchiveTeam } from '../api/archive-team';

export interface ArchiveTeamSheetProps {
  /** The team to archive; null closes the sheet. */
  team: Pick<TeamListItem, 'id' | 'name'> | null;
  onClose: () => void;
}

/** Asks before archiving a team; what the server refuses shows in the sheet, which stays open. */
export function ArchiveTeamSheet({ team, onClose }: ArchiveTeamSheetProps) {
  const archive = useArchiveTeam();
  // The last team stays named while the sheet slides away.
  const [shown, setShown] = useState(team);
  if (team && team !== shown) setShown(team);
  const [failure, setFailure] = useState<{ teamId: string; message: string } | null>(null);

  const confirm = async () => {
    if (!team) return;
    setFailure(null);
    try {
      await archive.mutateAsync(team.id);
      showSuccessToast(`“${team.name}” is archived.`, 'Team archived');
      onClose();
    } catch (error) {
      setFailure({
        teamId: team.id,
        message: failureText(error),
      });
    }
  };

  return (
    <ConfirmationSheet
      opened={team !== null}
      title="Archive this team?"
      message={
        <Stack gap="xs">
          <Text inherit>
            “{shown?.name}” will no longer be renamed or given members, and its members stop seeing it.
          </Text>
          {failure && failure.teamId === team?.id && (
            <Text c="red" size="sm" role="alert" component="div">
              <FieldError message={failure.message} />
            </Text>
          )}
        </Stack>
      }
      confirmLabel="Archive team"
      confirmColor="red"
      onConfirm={confirm}
      onCancel={onClose}
    />
  );
}
