import { Stack, Text } from '@mantine/core';
import {
  changeStaffRoleFormSchema,
  isMarketingRole,
  roleMemberships,
  STAFF_ROLE_LABELS,
  type StaffMember,
  type UpdateStaffBody,
} from '@platform/shared';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { ModalDialog } from '../../../components/display/ModalDialog';
import { FormFailure, formFailureMessage } from '../../../components/form/FormFailure';
import { showSuccessToast } from '../../../components/feedback/toasts';
import { TextField } from '../../../components/form/TextField';
import { useZodForm } from '../../../components/form/use-zod-form';
import { ControlledSearchableMultiSelect } from '../../../components/inputs/SearchableMultiSelect';
import { searchTeams } from '../api/search-teams';
import { searchManagedTerritories } from '../../../lib/territory-search';
import { useUpdateStaff } from '../api/update-staff';
import { RoleField } from './RoleField';

export interface ChangeRoleDialogProps {
  member: StaffMember;
  onClose: () => void;
}

const SHOWN_FIELDS = ['displayName', 'role', 'teams', 'territories'];
const FIELD_ALIASES = { teamIds: 'teams', territoryIds: 'territories' };

/** Changes a staff member's name, role, and teams or territories; the role applies from their next click. */
export function ChangeRoleDialog({ member, onClose }: ChangeRoleDialogProps) {
  const form = useZodForm(changeStaffRoleFormSchema, {
    defaultValues: {
      displayName: member.displayName ?? '',
      role: member.role,
      teams: member.teams,
      territories: member.territories,
    },
  });
  const { errors } = form.formState;
  const role = useWatch({ control: form.control, name: 'role' });
  const takes = isMarketingRole(role) ? roleMemberships(role) : 'none';
  const update = useUpdateStaff();
  const [failure, setFailure] = useState<string | null>(null);
  const name = member.displayName ?? member.email;

  const roleField = form.register('role', {
    // Switching to a role that takes no teams drops them (as the server will); switching back brings
    // back the ones the person has now.
    onChange: (event: { target: { value: string } }) => {
      const next = event.target.value;
      const nextTakes = isMarketingRole(next) ? roleMemberships(next) : 'none';
      const { teams, territories } = form.getValues();
      if (nextTakes !== 'teams') form.setValue('teams', []);
      else if (teams.length === 0) form.setValue('teams', member.teams);
      if (nextTakes !== 'territories') form.setValue('territories', []);
      else if (territories.length === 0) form.setValue('territories', member.territories);
    },
  });

  const save = form.handleSubmit(async ({ displayName, role: newRole, teams, territories }) => {
    setFailure(null);
    const body: UpdateStaffBody = { displayName, role: newRole };
    const newTakes = roleMemberships(newRole);
    if (newTakes === 'teams') body.teamIds = teams.map((team) => team.id);
    if (newTakes === 'territories') body.territoryIds = territories.map((territory) => territory.id);
    try {
      const saved = await update.mutateAsync({ id: member.id, body });
      showSuccessToast(
        saved.role === member.role
          ? `${saved.displayName ?? saved.email} is saved.`
          : `${saved.displayName ?? saved.email} is now ${STAFF_ROLE_LABELS[saved.role]}, from their next click.`,
        'Staff member updated',
      );
      onClose();
    } catch (error) {
      setFailure(
        formFailureMessage(form, error, {
          shownFields: SHOWN_FIELDS,
          fieldAliases: FIELD_ALIASES,
        }),
      );
    }
  });

  return (
    <ModalDialog
      opened
      title={`Change role: ${name}`}
      submitLabel="Save changes"
      onSubmit={() => save()}
      onClose={onClose}
    >
      <Stack gap="md">
        <FormFailure message={failure} />
        <Text size="sm" c="dimmed">
          {member.email}
        </Text>
        <TextField
          label="Name"
          required
          autoComplete="off"
          {...form.register('displayName')}
          error={errors.displayName?.message}
        />
        <RoleField data-autofocus {...roleField} error={errors.role?.message} />
        {takes === 'teams' && (
          <ControlledSearchableMultiSelect
            control={form.control}
            name="teams"
            label="Teams"
            required
            placeholder="Search teams"
            description="They work on the campaigns of these teams."
            search={searchTeams}
          />
        )}
        {takes === 'territories' && (
          <ControlledSearchableMultiSelect
            control={form.control}
            name="territories"
            label="Territories"
            required
            placeholder="Search territories"
            description="They look after the creators and campaigns of these territories."
            search={searchManagedTerritories}
          />
        )}
      </Stack>
    </ModalDialog>
  );
}
