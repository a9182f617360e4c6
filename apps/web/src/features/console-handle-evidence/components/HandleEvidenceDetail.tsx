import { Alert, Badge, Box, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { formatDateTime, PLATFORM_LABELS, type HandleEvidenceReview } from '@platform/shared';
import { IconAlertTriangle, IconArrowLeft, IconCheck, IconInfoCircle, IconX } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { ButtonLink } from '../../../components/ButtonLink';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { PageHeading } from '../../../components/PageHeading';
import { TextLink } from '../../../components/TextLink';
import { CHECK_CONNECTION, failureText, LoadFailure } from '../../../components/feedback/failure';
import { ResultPanel } from '../../../components/feedback/ResultPanel';
import { showSuccessToast } from '../../../components/feedback/toasts';
import { DetailItem } from '../../../components/display/DetailItem';
import { isApiError } from '../../../lib/api-client';
import { useDecideHandleEvidence, useHandleEvidence } from '../api/handle-evidence';
import { consoleHandleEvidencePath } from '../api/paths';
import { creatorName, STATUS_VIEW } from './evidence-words';

// The reason form and its rules are needed only once a refusal is asked for.
const RefuseDialog = lazy(() =>
  import('./RefuseDialog').then((module) => ({ default: module.RefuseDialog })),
);

function EvidenceFacts({ evidence }: { evidence: HandleEvidenceReview }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Box
        component="dl"
        m={0}
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))',
          gap: 'var(--mantine-spacing-md)',
        }}
      >
        <DetailItem label="Handle">
          @{evidence.handle} on {PLATFORM_LABELS[evidence.platform]}
        </DetailItem>
        <DetailItem label="Email">{evidence.creator.email}</DetailItem>
        <DetailItem label="Sent">{formatDateTime(evidence.createdAt, 'long')}</DetailItem>
        {evidence.decidedAt && (
          <DetailItem label="Decided">
            {formatDateTime(evidence.decidedAt, 'long')}
            {evidence.decidedBy ? ` by ${evidence.decidedBy}` : ''}
          </DetailItem>
        )}
        {evidence.reason && <DetailItem label="Reason given to the creator">{evidence.reason}</DetailItem>}
      </Box>
    </Paper>
  );
}

function Recording({ evidence }: { evidence: HandleEvidenceReview }) {
  if (!evidence.evidenceUrl) {
    return (
      <Text size="sm" c="dimmed">
        The recording cannot be played: it is no longer stored.
      </Text>
    );
  }
  return (
    <Box component="section" aria-label="Screen recording">
      <video
        controls
        preload="metadata"
        src={evidence.evidenceUrl}
        aria-label={`Screen recording by ${creatorName(evidence)}`}
        style={{
          display: 'block',
          width: '100%',
          maxWidth: 720,
          maxHeight: '70vh',
          background: 'var(--mantine-color-black)',
          borderRadius: 'var(--mantine-radius-sm)',
        }}
      />
    </Box>
  );
}

function NotFound() {
  return (
    <Stack maw={480} mx="auto" mt="xl">
      <DocumentTitle title="Evidence not found" />
      <ResultPanel
        tone="warning"
        title="Evidence not found"
        actions={<ButtonLink to={consoleHandleEvidencePath}>Back to account evidence</ButtonLink>}
      >
        This evidence does not exist.
      </ResultPanel>
    </Stack>
  );
}

/** One creator's recording that a handle is theirs, played in place, and Support's decision on it. */
export function HandleEvidenceDetail({ id }: { id: string }) {
  const navigate = useNavigate();
  const evidence = useHandleEvidence(id);
  const decide = useDecideHandleEvidence();
  const [refusing, setRefusing] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  if (!evidence.data) {
    if (isApiError(evidence.error) && evidence.error.status === 404) return <NotFound />;
    return (
      <>
        <DocumentTitle title="Account evidence" />
        {evidence.isError ? (
          <LoadFailure
            title="We could not load this evidence"
            message={CHECK_CONNECTION}
            onRetry={() => void evidence.refetch()}
            retrying={evidence.isFetching}
          />
        ) : (
          <Skeleton role="status" height={420} radius="md" aria-label="Loading the evidence" />
        )}
      </>
    );
  }
  const data = evidence.data;
  const name = creatorName(data);
  const handle = `@${data.handle} on ${PLATFORM_LABELS[data.platform]}`;

  const verify = () => {
    setNotice(null);
    decide.mutate(
      { id, body: { decision: 'VERIFY' } },
      {
        onSuccess: () => {
          showSuccessToast(`${handle} is verified as ${name}’s.`, 'Handle verified');
          void navigate(consoleHandleEvidencePath);
        },
        onError: (error) => setNotice(failureText(error)),
      },
    );
  };

  const refuse = async (reason: string) => {
    setNotice(null);
    await decide.mutateAsync({ id, body: { decision: 'REFUSE', reason } });
    setRefusing(false);
    showSuccessToast(`${name} will see your reason.`, 'Evidence refused');
    void navigate(consoleHandleEvidencePath);
  };

  const waiting = data.status === 'PENDING';
  return (
    <Stack gap="lg">
      <DocumentTitle title={`Account evidence of ${name}`} />
      <TextLink to={consoleHandleEvidencePath} size="sm" w="fit-content">
        <IconArrowLeft size={14} aria-hidden="true" style={{ marginInlineEnd: 4, verticalAlign: -2 }} />
        Account evidence
      </TextLink>
      <Group justify="space-between" align="flex-start" gap="md">
        <Group gap="sm" align="center">
          <PageHeading title={name} subtitle={handle} />
          <Badge color={STATUS_VIEW[data.status].color} variant="light" size="lg">
            {STATUS_VIEW[data.status].label}
          </Badge>
        </Group>
        {waiting && (
          <Group gap="sm">
            <Button
              color="teal"
              leftSection={<IconCheck size={16} aria-hidden="true" />}
              loading={decide.isPending && decide.variables.body.decision === 'VERIFY'}
              disabled={decide.isPending}
              onClick={verify}
            >
              Verify
            </Button>
            <Button
              variant="light"
              color="red"
              leftSection={<IconX size={16} aria-hidden="true" />}
              disabled={decide.isPending}
              onClick={() => setRefusing(true)}
            >
              Refuse
            </Button>
          </Group>
        )}
      </Group>
      {notice && (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden="true" />}>
          {notice}
        </Alert>
      )}
      {!waiting && (
        <Alert color="gray" variant="light" icon={<IconInfoCircle aria-hidden="true" />}>
          This evidence is not waiting for a decision: it can only be looked at.
        </Alert>
      )}
      <Text size="sm">
        Verify when the recording shows {handle} signed in, on a page only its owner can see (its settings or
        edit profile).
      </Text>
      <EvidenceFacts evidence={data} />
      <Recording evidence={data} />
      <Suspense fallback={null}>
        {refusing && <RefuseDialog creatorName={name} onRefuse={refuse} onClose={() => setRefusing(false)} />}
      </Suspense>
    </Stack>
  );
}
