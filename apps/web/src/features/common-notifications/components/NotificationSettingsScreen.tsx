import { Alert, Button, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import {
  DEFAULT_NOTIFICATION_CHOICE,
  NOTIFICATION_CHANNELS_OF,
  NOTIFICATION_EVENT_LABELS,
  notificationEventsFor,
  type NotificationChannel,
  type NotificationChoice,
  type NotificationEvent,
  type NotificationPreferences,
} from '@platform/shared';
import { useId, useState } from 'react';
import { BackButton } from '../../../components/display/BackButton';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { CHECK_CONNECTION, failureText, LoadFailure } from '../../../components/feedback/failure';
import { showSuccessToast } from '../../../components/feedback/toasts';
import { FieldError } from '../../../components/form/FieldError';
import { paths } from '../../../lib/paths';
import { useNotificationPreferences, useSaveNotificationPreferences } from '../api/preferences';
import classes from './NotificationSettingsScreen.module.css';

type Choices = Partial<Record<NotificationEvent, Record<NotificationChannel, boolean>>>;

const CHANNEL_NAMES: Record<NotificationChannel, string> = { email: 'Email', push: 'Push' };

/**
 * Every event of the person's audience with its channels, in the shared list's order; an event the server
 * did not name keeps the default.
 */
function choicesByEvent(events: readonly NotificationEvent[], saved: readonly NotificationChoice[]): Choices {
  const known = new Map(saved.map((choice) => [choice.event, choice]));
  return Object.fromEntries(
    events.map((event) => {
      const choice = known.get(event);
      return [
        event,
        choice ? { email: choice.email, push: choice.push } : { ...DEFAULT_NOTIFICATION_CHOICE },
      ];
    }),
  );
}

const choiceOf = (choices: Choices, event: NotificationEvent) =>
  choices[event] ?? { ...DEFAULT_NOTIFICATION_CHOICE };

function ChoicesForm({ preferences }: { preferences: NotificationPreferences }) {
  const { pushAvailable, audience } = preferences;
  const events = notificationEventsFor(audience);
  const channels = NOTIFICATION_CHANNELS_OF[audience];
  const [choices, setChoices] = useState(() => choicesByEvent(events, preferences.choices));
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveNotificationPreferences();
  const pushNoteId = useId();

  const choose = (event: NotificationEvent, channel: NotificationChannel, on: boolean) =>
    setChoices((current) => ({ ...current, [event]: { ...choiceOf(current, event), [channel]: on } }));

  const submit = () => {
    setProblem(null);
    save.mutate(
      { choices: events.map((event) => ({ event, ...choiceOf(choices, event) })) },
      {
        onSuccess: (saved) => {
          setChoices(choicesByEvent(events, saved.choices));
          showSuccessToast('Your notification choices are saved.');
        },
        onError: (error) => setProblem(failureText(error)),
      },
    );
  };

  const channelSwitch = (event: NotificationEvent, channel: NotificationChannel) => {
    const unavailable = channel === 'push' && !pushAvailable;
    return (
      <td key={channel} className={classes.channel}>
        <Switch
          className={classes.switch}
          aria-label={`${CHANNEL_NAMES[channel]}: ${NOTIFICATION_EVENT_LABELS[event]}`}
          aria-describedby={unavailable ? pushNoteId : undefined}
          checked={choiceOf(choices, event)[channel]}
          disabled={unavailable || save.isPending}
          onChange={(change) => choose(event, channel, change.currentTarget.checked)}
        />
      </td>
    );
  };

  return (
    <Stack gap="md">
      <Text size="sm">
        {audience === 'staff'
          ? 'Every notification shows in the console. Choose which also reach you by email.'
          : 'Every notification shows here in the app. Choose which also reach you by email and by push.'}
      </Text>
      {channels.includes('push') && !pushAvailable && (
        <Text size="sm" c="dimmed" id={pushNoteId}>
          Push notifications are not set up on this platform yet. Your push choices are kept for when they
          are.
        </Text>
      )}
      <table className={classes.table}>
        <thead>
          <tr>
            <th scope="col">Tell me when</th>
            {channels.map((channel) => (
              <th key={channel} scope="col" className={classes.channel}>
                {CHANNEL_NAMES[channel]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {events.map((event) => (
            <tr key={event}>
              <th scope="row">{NOTIFICATION_EVENT_LABELS[event]}</th>
              {channels.map((channel) => channelSwitch(event, channel))}
            </tr>
          ))}
        </tbody>
      </table>
      {problem && (
        <Alert color="red" variant="light" role="alert" title="We could not save your choices">
          <FieldError message={problem} />
        </Alert>
      )}
      <Button fullWidth={audience === 'creator'} loading={save.isPending} onClick={submit}>
        Save my choices
      </Button>
    </Stack>
  );
}

/**
 * Which notifications also reach the person by email (and, for a creator, by push): a creator's kinds in
 * the app, a staff member's in the console (`backPath` is then the console's feed).
 */
export function NotificationSettingsScreen({ backPath = paths.notifications }: { backPath?: string }) {
  const preferences = useNotificationPreferences();

  let body;
  if (preferences.isPending) {
    body = (
      <Stack gap="sm" role="status" aria-busy="true" aria-label="Loading your notification choices">
        <Skeleton height={14} radius="sm" />
        <Skeleton height={280} radius="md" />
      </Stack>
    );
  } else if (preferences.isError) {
    body = (
      <LoadFailure
        title="We could not load your notification choices"
        message={CHECK_CONNECTION}
        retrying={preferences.isFetching}
        onRetry={() => void preferences.refetch()}
      />
    );
  } else {
    body = <ChoicesForm preferences={preferences.data} />;
  }

  return (
    <Stack gap="lg">
      <DocumentTitle title="Notification settings" />
      <Stack gap="xs">
        <BackButton fallbackPath={backPath} label="Back to notifications" />
        <Title order={1} size="h2">
          Notification settings
        </Title>
      </Stack>
      {body}
    </Stack>
  );
}
