import { Accordion, Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { PLATFORM_LABELS, type HandleVerification } from '@platform/shared';
import { IconAlertTriangle, IconHourglass, IconExternalLink, IconX } from '@tabler/icons-react';
import { useStartOAuth } from '../api/oauth';
import { BioCodePanel } from './BioCodePanel';
import { EvidencePanel } from './EvidencePanel';
import { formatDay, serverMessage, verifiedText } from './words';

/** What came of the latest try, when it is still worth saying on a handle not yet verified. */
function LatestAttempt({ item }: { item: HandleVerification }) {
  const attempt = item.latestAttempt;
  if (!attempt || attempt.method !== 'EVIDENCE') return null;
  if (attempt.status === 'PENDING') {
    return (
      <Alert
        color="blue"
        variant="light"
        icon={<IconHourglass aria-hidden="true" />}
        title="Pending with Support"
      >
        You sent a screen recording on {formatDay(attempt.createdAt)}. Support will verify the handle or tell
        you why not.
      </Alert>
    );
  }
  if (attempt.status === 'REFUSED') {
    return (
      <Alert color="red" variant="light" icon={<IconX aria-hidden="true" />} title="Refused by Support">
        {attempt.reason ?? 'Your recording did not show the account is yours.'} You can send another
        recording.
      </Alert>
    );
  }
  return null;
}

function ConnectAccount({ item }: { item: HandleVerification }) {
  const start = useStartOAuth();
  const connect = () =>
    start.mutate(item.platform, {
      onSuccess: ({ authorizationUrl }) => window.location.assign(authorizationUrl),
    });
  return (
    <Stack gap="xs">
      <Button
        w="fit-content"
        loading={start.isPending || start.isSuccess}
        onClick={connect}
        rightSection={<IconExternalLink size={16} aria-hidden="true" />}
      >
        Connect account
      </Button>
      <Text size="xs" c="dimmed">
        Sign in to {PLATFORM_LABELS[item.platform]} as @{item.handle} and allow the connection: the handle is
        verified at once.
      </Text>
      {start.error && (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden="true" />}>
          {serverMessage(start.error)}
        </Alert>
      )}
    </Stack>
  );
}

function Ways({ item }: { item: HandleVerification }) {
  const { ways, latestAttempt: attempt } = item;
  const waitingForSupport = attempt?.method === 'EVIDENCE' && attempt.status === 'PENDING';
  const codeOut = attempt?.method === 'BIO_CODE' && attempt.status === 'PENDING';
  const panels = [
    ...(ways.bioCode ? ['bio-code'] : []),
    ...(ways.evidence && !waitingForSupport ? ['evidence'] : []),
  ];
  if (!ways.oauth && panels.length === 0) {
    if (waitingForSupport) return null;
    return (
      <Text size="sm" c="dimmed">
        No way to verify this handle is open yet. Contact Support if you need it verified.
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      {ways.oauth && <ConnectAccount item={item} />}
      {panels.length > 0 && (
        <Accordion variant="separated" defaultValue={codeOut ? 'bio-code' : null}>
          {ways.bioCode && (
            <Accordion.Item value="bio-code">
              <Accordion.Control>Use a code in your bio</Accordion.Control>
              <Accordion.Panel>
                <BioCodePanel item={item} />
              </Accordion.Panel>
            </Accordion.Item>
          )}
          {ways.evidence && !waitingForSupport && (
            <Accordion.Item value="evidence">
              <Accordion.Control>Send a screen recording</Accordion.Control>
              <Accordion.Panel>
                <EvidencePanel item={item} />
              </Accordion.Panel>
            </Accordion.Item>
          )}
        </Accordion>
      )}
    </Stack>
  );
}

/** One of the creator's handles: verified (how and when), or the ways open to verify it. */
export function HandleCard({ item }: { item: HandleVerification }) {
  const title = `@${item.handle} on ${PLATFORM_LABELS[item.platform]}`;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={2} size="h5" style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Title>
          {item.verified ? (
            <Badge color="teal" variant="light">
              Verified
            </Badge>
          ) : (
            <Badge color="yellow" variant="light">
              Not verified
            </Badge>
          )}
        </Group>
        {item.verified ? (
          <Text size="sm">Verified: {verifiedText(item.verified)}</Text>
        ) : (
          <>
            <LatestAttempt item={item} />
            <Ways item={item} />
          </>
        )}
      </Stack>
    </Paper>
  );
}
