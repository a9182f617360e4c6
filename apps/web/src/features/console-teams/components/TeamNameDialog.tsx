import { Stack } from '@mantine/core';
import { TEAM_NAME_MAX_LENGTH, teamBodySchema, type TeamListItem } from '@platform/shared';
import { useState } from 'react';
import { ModalDialog } from '../../../components/display/ModalDialog';
import { FormFailure, formFailureMessage } from '../../../components/form/FormFailure';
import { showSuccessToast } from '../../../components/feedback/toasts';
import { TextField } from '../../../components/form/TextField';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useCreateTeam } from '../api/create-team';
import { useRenameTeam } from '../api/rename-team';

export interface TeamNameDialogProps {
  /** The team to rename; null creates one. */
  team: Pick<TeamListItem, 'id' | 'name'> | null;
  onClose: () => void;
}

/** Creates or renames a team with the server's own rules; a name already taken shows under the field. */
export function TeamNameDialog({ team, onClose }: TeamNameDialogProps) {
  const form = useZodForm(teamBodySchema, { defaultValues: { name: team?.name ?? '' } });
  const { errors } = form.formState;
  const create = useCreateTeam();
  const rename = useRenameTeam();
  const [failure, setFailure] = useState<string | null>(null);

  const save = form.handleSubmit(async (body) => {
    setFailure(null);
    try {
      const saved = team ? await rename.mutateAsync({ id: team.id, body }) : await create.mutateAsync(body);
      showSuccessToast(
        team ? `The team is now called “${saved.name}”.` : `“${saved.name}” is ready for members.`,
        team ? 'Team renamed' : 'Team created',
      );
      onClose();
    } catch (error) {
      setFailure(formFailureMessage(form, error, { shownFields: ['name'] }));
    }
  });

  return (
    <ModalDialog
      opened
      title={team ? `Rename ${team.name}` : 'New team'}
      submitLabel={team ? 'Rename' : 'Create team'}
      onSubmit={() => save()}
      onClose={onClose}
    >
      <Stack gap="md">
        <FormFailure message={failure} />
        <TextField
          label="Team name"
          required
          description={`Unique among live teams, up to ${TEAM_NAME_MAX_LENGTH} characters.`}
          data-autofocus
          {...form.register('name')}
          error={errors.name?.message}
        />
      </Stack>
    </ModalDialog>
  );
}
