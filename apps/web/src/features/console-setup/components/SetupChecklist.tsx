import {
  Alert,
  Anchor,
  Badge,
  Button,
  Code,
  Group,
  Paper,
  Progress,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconCircleCheckFilled, IconCircleDashed } from '@tabler/icons-react';
import type { SetupChecklistItem, SetupChecklistItemKey } from '@platform/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LoadingState } from '../../../components/feedback/LoadingState';
import { CHECK_CONNECTION, LoadFailure } from '../../../components/feedback/failure';
import { paths } from '../../../lib/paths';
import { useSetupChecklist } from '../api/get-setup-checklist';
import { useSetupChecklistDismissal } from '../hooks/checklist-dismissal';

type ItemCopy = {
  title: string;
  /** Why it matters and, while undone, what the install does without it. */
  todo: ReactNode;
  done: ReactNode;
  /** The console page where it is done; none for what is set in the server's environment. */
  link?: { to: string; label: string };
};

const lookupsOf = (slug: string) => `${paths.consoleLookups}?kind=${slug}`;

const ITEMS: Record<SetupChecklistItemKey, ItemCopy> = {
  terms: {
    title: 'Publish your terms and privacy notice',
    todo: 'Creators accept your terms when they sign up. The platform still shows the placeholder texts it was installed with.',
    done: 'Your own terms and privacy notice are in force.',
    link: { to: paths.consoleLegalDocuments, label: 'Open legal documents' },
  },
  genres: {
    title: 'Add genres',
    todo: 'Creators choose the genres of their content when they fill in their profile.',
    done: 'Creators can choose their genres.',
    link: { to: lookupsOf('genres'), label: 'Add genres' },
  },
  agencies: {
    title: 'Add agencies',
    todo: 'Creators who have an agency pick it from this list.',
    done: 'Creators can pick their agency.',
    link: { to: lookupsOf('agencies'), label: 'Add agencies' },
  },
  artists: {
    title: 'Add artists',
    todo: 'Creators choose the artists whose campaigns they want to hear about.',
    done: 'Creators can choose their artists.',
    link: { to: lookupsOf('artists'), label: 'Add artists' },
  },
  territory: {
    title: 'Create a territory',
    todo: 'A territory names the countries a campaign runs in, and whose terms apply there.',
    done: 'At least one territory is active.',
    link: { to: paths.consoleTerritories, label: 'Open territories' },
  },
  team: {
    title: 'Create a team',
    todo: 'Every campaign belongs to a team, whose members run it.',
    done: 'At least one team is there to run campaigns.',
    link: { to: paths.consoleTeams, label: 'Open teams' },
  },
  staff: {
    title: 'Invite your staff',
    todo: 'Campaign managers, marketers and support each sign in with an account of their own.',
    done: 'Staff have been invited.',
    link: { to: paths.consoleStaff, label: 'Open staff' },
  },
  email: {
    title: 'Configure email',
    todo: (
      <>
        No SMTP server is set, so emails (sign-up checks, password resets, invitations) are not sent: their
        links are written to the server log. Set <Code>SMTP_URL</Code> (and <Code>MAIL_FROM</Code>) in the
        server’s environment and restart it.
      </>
    ),
    done: 'Emails are sent through your SMTP server.',
  },
  payments: {
    title: 'Connect a payout provider',
    todo: (
      <>
        No payout provider is set: staff pay creators by hand, outside the platform, and record each approved
        payment as paid. To pay through Stripe Connect instead, set <Code>STRIPE_SECRET_KEY</Code> in the
        server’s environment and restart it.
      </>
    ),
    done: 'Creators are paid through Stripe Connect.',
  },
};

function ChecklistEntry({ item }: { item: SetupChecklistItem }) {
  const copy = ITEMS[item.key];
  const Icon = item.done ? IconCircleCheckFilled : IconCircleDashed;
  return (
    <Paper component="li" withBorder p="md" radius="md" aria-label={copy.title}>
      <Group align="flex-start" wrap="nowrap" gap="md">
        <Icon
          size={24}
          aria-hidden="true"
          color={item.done ? 'var(--mantine-color-green-8)' : 'var(--mantine-color-gray-7)'}
          style={{ flexShrink: 0, marginTop: 2 }}
        />
        <Stack gap={6} style={{ flex: 1 }}>
          <Group gap="xs">
            <Title order={3} size="h5">
              {copy.title}
            </Title>
            {item.done ? (
              <Badge color="green" variant="light">
                Done
              </Badge>
            ) : (
              <Badge color={item.optional ? 'gray' : 'orange'} variant="light">
                {item.optional ? 'Optional' : 'To do'}
              </Badge>
            )}
          </Group>
          <Text size="sm">{item.done ? copy.done : copy.todo}</Text>
          {copy.link && !item.done && (
            <Anchor component={Link} to={copy.link.to} size="sm" fw={600}>
              {copy.link.label}
            </Anchor>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}

/**
 * The Admin's list of what a fresh install still needs, each item ticked from the server's reading of the
 * install. Once everything that is not optional is done, the Admin may put it away.
 */
export function SetupChecklist() {
  const checklist = useSetupChecklist();
  const [dismissed, setDismissed] = useSetupChecklistDismissal();

  if (checklist.isPending) return <LoadingState label="Loading the setup checklist…" />;
  if (checklist.isError) {
    return (
      <LoadFailure
        title="We could not load the setup checklist"
        message={CHECK_CONNECTION}
        onRetry={() => void checklist.refetch()}
        retrying={checklist.isFetching}
      />
    );
  }

  const { items, complete } = checklist.data;
  const required = items.filter((item) => !item.optional);
  const requiredDone = required.filter((item) => item.done).length;

  if (complete && dismissed) {
    return (
      <Alert color="green" variant="light" title="Your platform is set up">
        <Text size="sm">You put the checklist away.</Text>
        <Button mt="sm" size="xs" variant="light" color="green" onClick={() => setDismissed(false)}>
          Show the checklist
        </Button>
      </Alert>
    );
  }

  return (
    <Stack gap="md">
      {complete ? (
        <Alert color="green" variant="light" title="Your platform is set up">
          <Text size="sm">Everything creators and staff need is in place.</Text>
          <Button mt="sm" size="xs" variant="light" color="green" onClick={() => setDismissed(true)}>
            Put the checklist away
          </Button>
        </Alert>
      ) : (
        <Stack gap={6}>
          <Text fw={600} id="setup-progress-label">
            {requiredDone} of {required.length} done
          </Text>
          <Progress.Root>
            <Progress.Section
              value={(requiredDone / required.length) * 100}
              aria-labelledby="setup-progress-label"
              color="green"
            />
          </Progress.Root>
        </Stack>
      )}
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
        {items.map((item) => (
          <ChecklistEntry key={item.key} item={item} />
        ))}
      </Stack>
    </Stack>
  );
}
