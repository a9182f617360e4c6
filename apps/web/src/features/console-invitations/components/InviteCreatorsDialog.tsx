import { Alert, Badge, Checkbox, Group, Loader, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { SEARCH_DEBOUNCE_MS, type CampaignDetail, type EligibleCreator } from '@platform/shared';
import { IconAlertTriangle, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { ModalDialog } from '../../../components/display/ModalDialog';
import { failureText } from '../../../components/feedback/failure';
import { showSuccessToast } from '../../../components/feedback/toasts';
import { useEligibleCreators, useInviteCreators } from '../api/invite-creators';

const STANDING: Record<NonNullable<EligibleCreator['rsvpStatus']>, string> = {
  ACCEPT: 'Taking part',
  INVITED: 'Invited',
  REINVITED: 'Invited again',
  DECLINE: 'Declined',
  UNINVITED: 'Invitation withdrawn',
  UNSELECTED: 'Not selected',
};

/** An invitation can be sent to a creator with no RSVP yet, or whose invitation was withdrawn. */
const invitable = (creator: EligibleCreator) =>
  creator.rsvpStatus === null || creator.rsvpStatus === 'UNINVITED';

export interface InviteCreatorsDialogProps {
  campaign: CampaignDetail;
  opened: boolean;
  onClose: () => void;
}

/** Finds creators who may take part (ACTIVE, living where the campaign runs) and invites those chosen. */
export function InviteCreatorsDialog({ campaign, opened, onClose }: InviteCreatorsDialogProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [chosen, setChosen] = useState<string[]>([]);
  const creators = useEligibleCreators(campaign.id, debounced, opened);
  const invite = useInviteCreators(campaign.id);

  const close = () => {
    setSearch('');
    setChosen([]);
    invite.reset();
    onClose();
  };
  const toggle = (id: string, on: boolean) =>
    setChosen((current) => (on ? [...current, id] : current.filter((candidate) => candidate !== id)));

  return (
    <ModalDialog
      opened={opened}
      title={`Invite creators to ${campaign.name}`}
      submitLabel={chosen.length > 1 ? `Invite ${chosen.length} creators` : 'Invite'}
      submitDisabled={chosen.length === 0}
      onClose={close}
      onSubmit={async () => {
        try {
          const { invited } = await invite.mutateAsync(chosen);
          showSuccessToast(
            invited.length === 1 ? '1 creator is invited.' : `${invited.length} creators are invited.`,
            'Invitations sent',
          );
          close();
        } catch {
          // The failure shows in the dialog, which stays open for another try.
        }
      }}
    >
      <Stack gap="sm">
        <TextInput
          label="Find creators"
          description="Active creators living where the campaign runs, by name or handle."
          placeholder="Name or handle"
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          rightSection={
            creators.isFetching ? <Loader role="status" size="xs" aria-label="Searching" /> : null
          }
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        {invite.isError && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden="true" />} role="alert">
            {failureText(invite.error)}
          </Alert>
        )}
        {creators.isError && !creators.data ? (
          <Text size="sm" c="red">
            We could not search the creators. Try again.
          </Text>
        ) : creators.data && creators.data.items.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="md">
            {debounced
              ? 'No eligible creator matches that.'
              : 'No creator lives where this campaign runs yet.'}
          </Text>
        ) : (
          <ScrollArea.Autosize mah={320} type="auto">
            <Stack gap="xs" role="group" aria-label="Creators found">
              {(creators.data?.items ?? []).map((creator) => (
                <Group key={creator.id} justify="space-between" wrap="nowrap">
                  <Checkbox
                    label={creator.name ?? creator.handle ?? 'Unnamed creator'}
                    description={[
                      creator.handle ? `@${creator.handle}` : 'No handle on this platform',
                      creator.country,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                    checked={chosen.includes(creator.id)}
                    disabled={!invitable(creator)}
                    onChange={(event) => toggle(creator.id, event.currentTarget.checked)}
                  />
                  {creator.rsvpStatus && (
                    <Badge variant="light" color="gray">
                      {STANDING[creator.rsvpStatus]}
                    </Badge>
                  )}
                </Group>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Stack>
    </ModalDialog>
  );
}
