import {
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import {
  can,
  CREATOR_NOTE_MAX_LENGTH,
  formatDateTime,
  type AccountRole,
  type CreatorConsoleDetail,
} from '@platform/shared';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { PageHeading } from '../../../components/PageHeading';
import { TextLink } from '../../../components/TextLink';
import { DataTable } from '../../../components/display/DataTable';
import { CHECK_CONNECTION, failureText, LoadFailure } from '../../../components/feedback/failure';
import { NotFoundPanel } from '../../../components/feedback/NotFoundPanel';
import { showSuccessToast } from '../../../components/feedback/toasts';
import { isApiError } from '../../../lib/api-client';
import { whenIdle } from '../../../lib/idle';
import { paths } from '../../../lib/paths';
import { useCountryNames } from '../../../lib/use-country-names';
import {
  useAddCreatorNote,
  useCreator,
  useEndCreatorSessions,
  useRemindCreator,
  useResendCreatorVerification,
} from '../api/creators';
import { CreatorCampaigns } from './CreatorCampaigns';
import { HandleProof } from './HandleProof';
import { CreatorPayments } from './CreatorPayments';
import { KYC_LABELS, nameOf, ONBOARDING_LABELS, REMINDABLE } from './labels';
import { TaxRegistrationFacts } from './TaxRegistrationFacts';

export interface CreatorDetailProps {
  id: string;
  role: AccountRole;
  listPath: string;
}

const dash = (
  <Text span c="dimmed" size="sm">
    —
  </Text>
);

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children ?? dash}
      </Text>
    </div>
  );
}

const loadActionDialog = () => import('./CreatorActionDialog');
const CreatorActionDialog = lazy(() =>
  loadActionDialog().then((module) => ({ default: module.CreatorActionDialog })),
);
const loadDetailsDialog = () => import('./CreatorDetailsDialog');
const CreatorDetailsDialog = lazy(() =>
  loadDetailsDialog().then((module) => ({ default: module.CreatorDetailsDialog })),
);

type ActionKind = 'remind' | 'end-sessions' | 'resend-verification';

const ACTIONS: Record<ActionKind, { label: string; title: string; message: string; color?: string }> = {
  remind: {
    label: 'Send onboarding reminder',
    title: 'Remind this creator to finish onboarding?',
    message:
      'They get an email, and a push notification on each device their app is registered on, asking them to open the app and finish the step they are in.',
  },
  'resend-verification': {
    label: 'Resend verification email',
    title: 'Send a new verification email?',
    message:
      'They get a new link to verify their email address; earlier links keep working until they expire.',
  },
  'end-sessions': {
    label: 'End sessions',
    title: 'Sign this creator out everywhere?',
    message:
      'Every device they are signed in on is signed out at once; they can sign in again with their password.',
    color: 'red',
  },
};

/** A creator's page: who they are, where they are in onboarding, and what the caller's grants let them do. */
export function CreatorDetail({ id, role, listPath }: CreatorDetailProps) {
  const creator = useCreator(id);
  const countryName = useCountryNames();
  const remind = useRemindCreator(id);
  const endSessions = useEndCreatorSessions(id);
  const resend = useResendCreatorVerification(id);
  const addNote = useAddCreatorNote(id);
  const [action, setAction] = useState<ActionKind | null>(null);
  const [editing, setEditing] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  // Ready before the first click, without weighing on the page's first load.
  useEffect(() => whenIdle(() => void loadActionDialog()), []);

  if (creator.isError) {
    if (isApiError(creator.error) && creator.error.status === 404) return <NotFoundPanel />;
    return (
      <LoadFailure
        title="We could not load this creator"
        message={CHECK_CONNECTION}
        onRetry={() => void creator.refetch()}
        retrying={creator.isFetching}
      />
    );
  }
  const data: CreatorConsoleDetail | undefined = creator.data;
  if (!data) return <Skeleton role="status" height={320} radius="sm" aria-label="Loading the creator" />;

  const name = nameOf(data);
  // Those who review identity checks open a check from here to see its files and decide it.
  const canReview = can(role, 'REVIEW', 'CREATOR');
  const canEdit = can(role, 'EDIT', 'CREATOR');
  const allowed: ActionKind[] = [
    ...(REMINDABLE.includes(data.onboardingStatus) && can(role, 'READ', 'CREATOR')
      ? (['remind'] as const)
      : []),
    ...(!data.emailVerified && can(role, 'EDIT', 'CREATOR') ? (['resend-verification'] as const) : []),
    ...(can(role, 'REVOKE', 'USER') ? (['end-sessions'] as const) : []),
  ];

  const run = async (kind: ActionKind) => {
    setActionError(null);
    try {
      if (kind === 'remind') {
        const answer = await remind.mutateAsync();
        showSuccessToast(
          answer.channels.includes('push')
            ? `${name} has been reminded by email and push. ${answer.pushNote}`
            : `${name} has been emailed a reminder. ${answer.pushNote}`,
          'Reminder sent',
        );
      } else if (kind === 'end-sessions') {
        const answer = await endSessions.mutateAsync();
        showSuccessToast(answer.message, 'Sessions ended');
      } else {
        const answer = await resend.mutateAsync();
        showSuccessToast(answer.message, 'Verification email');
      }
      setAction(null);
    } catch (error) {
      setActionError(failureText(error));
    }
  };

  const saveNote = async () => {
    setNoteError(null);
    if (!note.trim()) {
      setNoteError('Write the note.');
      return;
    }
    try {
      await addNote.mutateAsync(note.trim());
      setNote('');
      showSuccessToast('Your note is on the creator’s page.', 'Note saved');
    } catch (error) {
      setNoteError(failureText(error));
    }
  };

  const address = [
    data.address.line1,
    data.address.line2,
    data.address.city,
    data.address.stateProvince,
    data.address.postcode,
    data.address.country ? (countryName?.(data.address.country) ?? data.address.country) : null,
  ].filter(Boolean);

  return (
    <Stack gap="lg">
      <DocumentTitle title={name} />
      <TextLink to={listPath}>Back to creators</TextLink>
      <PageHeading title={name} subtitle={data.email} />
      <Group gap="xs">
        <Badge variant="light">{ONBOARDING_LABELS[data.onboardingStatus]}</Badge>
        <Badge variant="light" color="gray">
          KYC: {KYC_LABELS[data.kycStatus]}
        </Badge>
        <Badge variant="light" color={data.emailVerified ? 'teal' : 'yellow'}>
          {data.emailVerified ? 'Email verified' : 'Email not verified'}
        </Badge>
      </Group>
      {(allowed.length > 0 || canEdit) && (
        <Group gap="sm">
          {canEdit && (
            <Button
              variant="light"
              onMouseEnter={() => void loadDetailsDialog()}
              onClick={() => setEditing(true)}
            >
              Edit details
            </Button>
          )}
          {allowed.map((kind) => (
            <Button
              key={kind}
              variant={kind === 'end-sessions' ? 'outline' : 'light'}
              color={ACTIONS[kind].color}
              onClick={() => {
                setActionError(null);
                setAction(kind);
              }}
            >
              {ACTIONS[kind].label}
            </Button>
          ))}
        </Group>
      )}

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Section title="Profile">
          <SimpleGrid cols={2} spacing="sm">
            <Fact label="Date of birth">{data.dateOfBirth}</Fact>
            <Fact label="Mobile">{data.mobile ? `${data.dialCode ?? ''} ${data.mobile}` : null}</Fact>
            <Fact label="Joined">{formatDateTime(data.createdAt, 'short')}</Fact>
            <Fact label="Last signed in">
              {data.lastSignedInAt ? formatDateTime(data.lastSignedInAt, 'short') : null}
            </Fact>
            <Fact label="Last reminded">
              {data.remindedAt ? formatDateTime(data.remindedAt, 'short') : null}
            </Fact>
          </SimpleGrid>
        </Section>
        <Section title="Handles">
          {data.handles.length === 0 ? (
            <Text size="sm" c="dimmed">
              No handle yet.
            </Text>
          ) : (
            <Stack gap={4}>
              {data.handles.map((handle) => (
                <Text size="sm" key={handle.platform}>
                  {handle.platform}:{' '}
                  <Anchor href={handle.url} target="_blank" rel="noopener noreferrer">
                    {handle.handle}
                  </Anchor>{' '}
                  <HandleProof platform={handle.platform} verifications={data.handleVerifications} />
                </Text>
              ))}
            </Stack>
          )}
        </Section>
        <Section title="Address">
          {address.length === 0 ? (
            <Text size="sm" c="dimmed">
              No address yet.
            </Text>
          ) : (
            address.map((line) => (
              <Text size="sm" key={line}>
                {line}
              </Text>
            ))
          )}
        </Section>
        <Section title="Tax registration">
          <TaxRegistrationFacts
            creator={data}
            name={name}
            role={role}
            fact={(label, children) => <Fact label={label}>{children}</Fact>}
          />
        </Section>
      </SimpleGrid>

      <Section title="Identity checks">
        {data.kycChecks.length === 0 ? (
          <Text size="sm" c="dimmed">
            No identity check yet.
          </Text>
        ) : (
          <DataTable aria-label="Identity checks">
            <thead>
              <tr>
                <th>Status</th>
                <th>Submitted</th>
                <th>Decided</th>
                <th>Reason</th>
              </tr>
            </thead>
            <tbody>
              {data.kycChecks.map((check) => (
                <tr key={check.id}>
                  <td>
                    {canReview ? (
                      <TextLink to={`${paths.consoleIdentityChecks}/${encodeURIComponent(check.id)}`}>
                        {KYC_LABELS[check.status]}
                      </TextLink>
                    ) : (
                      KYC_LABELS[check.status]
                    )}
                  </td>
                  <td>{check.submittedAt ? formatDateTime(check.submittedAt, 'short') : dash}</td>
                  <td>
                    {check.decidedAt
                      ? `${formatDateTime(check.decidedAt, 'short')} ${check.decidedBy ? `by ${check.decidedBy}` : ''}`
                      : dash}
                  </td>
                  <td>{check.reason ?? dash}</td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        )}
      </Section>

      <Section title="Campaigns and entries">
        <CreatorCampaigns campaigns={data.campaigns} />
      </Section>

      <Section title="Earnings and payments">
        <CreatorPayments payments={data.payments} />
      </Section>

      <Section title="Notes">
        <Stack gap="sm">
          {data.notes.map((entry) => (
            <Paper key={entry.id} bg="gray.0" p="sm" radius="sm">
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {entry.body}
              </Text>
              <Text size="xs" c="dimmed">
                {entry.authorName}, {formatDateTime(entry.createdAt, 'short')}
              </Text>
            </Paper>
          ))}
          <Textarea
            label="Add a note for other staff"
            rows={3}
            maxLength={CREATOR_NOTE_MAX_LENGTH}
            value={note}
            error={noteError}
            onChange={(event) => setNote(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button loading={addNote.isPending} onClick={() => void saveNote()}>
              Save note
            </Button>
          </Group>
        </Stack>
      </Section>

      {editing && (
        <Suspense fallback={null}>
          <CreatorDetailsDialog creator={data} name={name} onClose={() => setEditing(false)} />
        </Suspense>
      )}
      {action && (
        <Suspense fallback={null}>
          <CreatorActionDialog
            title={ACTIONS[action].title}
            message={ACTIONS[action].message}
            submitLabel={ACTIONS[action].label}
            error={actionError}
            onClose={() => setAction(null)}
            onSubmit={() => run(action)}
          />
        </Suspense>
      )}
    </Stack>
  );
}
