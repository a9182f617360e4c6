import { Stack } from '@mantine/core';
import {
  inviteStaffFormSchema,
  isMarketingRole,
  roleMemberships,
  STAFF_INVITATION_DAYS,
  STAFF_ROLE_LABELS,
} from '@platform/shared';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { ModalDialog } from '../../../components/display/ModalDialog';
import { FormFailure, formFailureMessage } from '../../../components/form/FormFailure';
import { showSuccessToast } from '../../../components/feedback/toasts';
import { EmailField, TextField } from '../../../components/form/TextField';
import { useZodForm } from '../../../components/form/use-zod-form';
import { ControlledSearchableMultiSelect } from '../../../components/inputs/SearchableMultiSelect';
import { useInviteStaff } from '../api/invite-staff';
import { searchTeams } from '../api/search-teams';
import { searchManagedTerritories } from '../../../lib/territory-search';
import { RoleField } from './RoleField';

export interface InviteStaffDialogProps {
  onClose: () => void;
  /** Called once the invitation is sent, before the dialog closes. */
  onInvited?: () => void;
}

const SHOWN_FIELDS = ['email', 'displayName', 'role', 'teams', 'territories'];
const FIELD_ALIASES = { teamIds: 'teams', territoryIds: 'territories' };

/** Invites a colleague by email with a role, and their teams or territories when the role needs them. */
export function InviteStaffDialog({ onClose, onInvited }: InviteStaffDialogProps) {
  const form = useZodForm(inviteStaffFormSchema, {
    defaultValues: { email: '', displayName: '', role: undefined, teams: [], territories: [] },
  });
  const { errors } = form.formState;
  const role = useWatch({ control: form.control, name: 'role' });
  const takes = isMarketingRole(role) ? roleMemberships(role) : 'none';
  const invite = useInviteStaff();
  const [failure, setFailure] = useState<string | null>(null);

  const roleField = form.register('role', {
    // A role without teams (or territories) must not carry the ones chosen for another role.
    onChange: (event: { target: { value: string } }) => {
      const next = event.target.value;
      const nextTakes = isMarketingRole(next) ? roleMemberships(next) : 'none';
      if (nextTakes !== 'teams') form.setValue('teams', []);
      if (nextTakes !== 'territories') form.setValue('territories', []);
    },
  });

  const send = form.handleSubmit(async ({ teams, territories, ...values }) => {
    setFailure(null);
    try {
      const invitation = await invite.mutateAsync({
        ...values,
        teamIds: teams.map((team) => team.id),
        territoryIds: territories.map((territory) => territory.id),
      });
      showSuccessToast(
        `${invitation.email} can join as ${STAFF_ROLE_LABELS[invitation.role]} for the next ${STAFF_INVITATION_DAYS} days.`,
        'Invitation sent',
      );
      onInvited?.();
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
      title="Invite staff"
      submitLabel="Send invitation"
      onSubmit={() => send()}
      onClose={onClose}
    >
      <Stack gap="md">
        <FormFailure message={failure} />
        <EmailField required data-autofocus {...form.register('email')} error={errors.email?.message} />
        <TextField
          label="Name"
          required
          autoComplete="off"
          description="How colleagues see them in the console."
          {...form.register('displayName')}
          error={errors.displayName?.message}
        />
        <RoleField {...roleField} error={errors.role?.message} />
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
