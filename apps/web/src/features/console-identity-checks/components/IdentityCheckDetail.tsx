import { Alert, Badge, Box, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowLeft,
  IconCheck,
  IconInfoCircle,
  IconRefresh,
  IconX,
} from '@tabler/icons-react';
import { formatDateTime, type KycDecisionBody, type KycReviewDetail } from '@platform/shared';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { PageHeading } from '../../../components/PageHeading';
import { TextLink } from '../../../components/TextLink';
import { ButtonLink } from '../../../components/ButtonLink';
import { CHECK_CONNECTION, failureText, LoadFailure } from '../../../components/feedback/failure';
import { showSuccessToast } from '../../../components/feedback/toasts';
import { ResultPanel } from '../../../components/feedback/ResultPanel';
import { FieldError } from '../../../components/form/FieldError';
import { DetailItem } from '../../../components/display/DetailItem';
import { isApiError } from '../../../lib/api-client';
import { whenIdle } from '../../../lib/idle';
import { useDecideIdentityCheck } from '../api/decide-identity-check';
import { useIdentityCheck } from '../api/get-identity-check';
import { useCountryNames } from '../../../lib/use-country-names';
import { decisionsFor, PROVIDER_LABELS, STATUS_COLORS, STATUS_LABELS } from './check-status';
import { isNoLongerWaiting, type ReasonedDecision } from './decision-outcome';
import { formatDateOfBirth } from './format';
import { IdentityFile } from './IdentityFile';

// The reason form (with its zod and form code) and the confirmation sheet are needed only once a decision
// is asked for: they load when the browser is idle, or at the latest when first opened.
const loadReasonDialog = () => import('./ReasonDialog');
const loadConfirmationSheet = () => import('../../../components/display/ConfirmationSheet');
const ReasonDialog = lazy(() => loadReasonDialog().then((module) => ({ default: module.ReasonDialog })));
const ConfirmationSheet = lazy(() =>
  loadConfirmationSheet().then((module) => ({ default: module.ConfirmationSheet })),
);

export interface IdentityCheckDetailProps {
  id: string;
  /** The list the check was opened from, where the way back and a decision lead. */
  listPath: string;
}

const TOASTS: Readonly<
  Record<KycDecisionBody['decision'], { title: string; message: (name: string) => string }>
> = {
  approve: { title: 'Identity check approved', message: (name) => `${name} can carry on with onboarding.` },
  reject: { title: 'Identity check rejected', message: (name) => `${name} will see your reason.` },
  reverify: {
    title: 'Asked to verify again',
    message: (name) => `${name} will see your reason and can send a new document and selfie.`,
  },
};

const notGiven = (
  <Text span c="dimmed" size="sm">
    Not given
  </Text>
);

function DetailSkeleton() {
  return (
    <Stack gap="lg" role="status" aria-busy="true" aria-label="Loading the identity check">
      <Skeleton height={34} width={280} radius="sm" />
      <Skeleton height={96} radius="md" />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Skeleton height={440} radius="md" />
        <Skeleton height={440} radius="md" />
      </SimpleGrid>
    </Stack>
  );
}

function CheckDetails({ check }: { check: KycReviewDetail }) {
  const nameOf = useCountryNames();
  const country = check.country ? (nameOf?.(check.country) ?? check.country) : null;
  const decided = check.decidedAt !== null;
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
        <DetailItem label="Email">{check.email}</DetailItem>
        <DetailItem label="Country">{country ?? notGiven}</DetailItem>
        <DetailItem label="Date of birth">
          {check.dateOfBirth ? formatDateOfBirth(check.dateOfBirth) : notGiven}
        </DetailItem>
        <DetailItem label="Provider">{PROVIDER_LABELS[check.provider]}</DetailItem>
        <DetailItem label="Submitted">
          {check.submittedAt ? formatDateTime(check.submittedAt, 'long') : 'Not submitted'}
        </DetailItem>
        {decided && check.decidedAt && (
          <DetailItem label="Decided">
            {formatDateTime(check.decidedAt, 'long')}
            {check.decidedBy ? ` by ${check.decidedBy}` : ' by the provider'}
          </DetailItem>
        )}
        {check.reason && (
          <DetailItem label="Reason given to the creator" wide>
            {check.reason}
          </DetailItem>
        )}
      </Box>
    </Paper>
  );
}

/** One identity check: who the creator says they are, their document and selfie, and the decision. */
export function IdentityCheckDetail({ id, listPath }: IdentityCheckDetailProps) {
  const navigate = useNavigate();
  const check = useIdentityCheck(id);
  const decide = useDecideIdentityCheck();
  const [asking, setAsking] = useState<ReasonedDecision | null>(null);
  const [approving, setApproving] = useState(false);
  // Once asked for, the sheet stays mounted so that it can slide away when closed.
  const [approveAsked, setApproveAsked] = useState(false);
  const [approveFailure, setApproveFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => whenIdle(() => void Promise.all([loadReasonDialog(), loadConfirmationSheet()])), []);

  if (!check.data) {
    if (isApiError(check.error) && check.error.status === 404) {
      return (
        <Stack maw={480} mx="auto" mt="xl">
          <DocumentTitle title="Identity check not found" />
          <ResultPanel
            tone="warning"
            title="Identity check not found"
            actions={<ButtonLink to={listPath}>Back to identity checks</ButtonLink>}
          >
            This identity check does not exist.
          </ResultPanel>
        </Stack>
      );
    }
    return (
      <>
        <DocumentTitle title="Identity check" />
        {check.isError ? (
          <LoadFailure
            title="We could not load this identity check"
            message={CHECK_CONNECTION}
            onRetry={() => void check.refetch()}
            retrying={check.isFetching}
          />
        ) : (
          <DetailSkeleton />
        )}
      </>
    );
  }

  const data = check.data;
  const decisions = decisionsFor(data.status);

  /** Fresh file URLs: the ones in hand expire five minutes after the check was read. */
  const renew = async () => (await check.refetch()).data?.files ?? null;

  /**
   * Sends a decision. A check decided elsewhere meanwhile (409) is no failure of the form: the form closes,
   * the page says so and shows the check as it now stands.
   */
  const send = async (body: KycDecisionBody): Promise<void> => {
    setNotice(null);
    try {
      await decide.mutateAsync({ id, body });
    } catch (error) {
      if (!isNoLongerWaiting(error)) throw error;
      setNotice(failureText(error));
      setAsking(null);
      setApproving(false);
      void check.refetch();
      return;
    }
    const toast = TOASTS[body.decision];
    showSuccessToast(toast.message(data.name), toast.title);
    void navigate(listPath);
  };

  const approve = async () => {
    setApproveFailure(null);
    try {
      await send({ decision: 'approve' });
    } catch (error) {
      setApproveFailure(failureText(error));
    }
  };

  return (
    <Stack gap="lg">
      <DocumentTitle title={`Identity check of ${data.name}`} />
      <TextLink to={listPath} size="sm" w="fit-content">
        <IconArrowLeft size={14} aria-hidden="true" style={{ marginInlineEnd: 4, verticalAlign: -2 }} />
        Identity checks
      </TextLink>
      <Group justify="space-between" align="flex-start" gap="md">
        <Group gap="sm" align="center">
          <PageHeading title={data.name} />
          <Badge color={STATUS_COLORS[data.status]} variant="light" size="lg">
            {STATUS_LABELS[data.status]}
          </Badge>
        </Group>
        {decisions.length > 0 && (
          <Group gap="sm">
            {decisions.includes('approve') && (
              <Button
                color="teal"
                leftSection={<IconCheck size={16} aria-hidden="true" />}
                onClick={() => {
                  setApproveFailure(null);
                  setApproveAsked(true);
                  setApproving(true);
                }}
              >
                Approve
              </Button>
            )}
            {decisions.includes('reverify') && (
              <Button
                variant="light"
                leftSection={<IconRefresh size={16} aria-hidden="true" />}
                onClick={() => setAsking('reverify')}
              >
                Ask to verify again
              </Button>
            )}
            {decisions.includes('reject') && (
              <Button
                variant="light"
                color="red"
                leftSection={<IconX size={16} aria-hidden="true" />}
                onClick={() => setAsking('reject')}
              >
                Reject
              </Button>
            )}
          </Group>
        )}
      </Group>

      {notice && (
        <Alert
          color="yellow"
          variant="light"
          role="alert"
          title={notice}
          icon={<IconAlertTriangle aria-hidden="true" />}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setNotice(null)}
        >
          It was decided meanwhile: it now shows as it stands.
        </Alert>
      )}
      {decisions.length === 0 && !notice && (
        <Alert color="gray" variant="light" icon={<IconInfoCircle aria-hidden="true" />}>
          This check is not waiting for a decision: it can only be looked at.
        </Alert>
      )}

      <CheckDetails check={data} />

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <IdentityFile
          title="Identity document"
          alt={`Identity document of ${data.name}`}
          file={data.files.document}
          fetchedAt={check.dataUpdatedAt}
          renewing={check.isFetching}
          renew={async () => (await renew())?.document ?? null}
        />
        <IdentityFile
          title="Selfie"
          alt={`Selfie of ${data.name}`}
          file={data.files.selfie}
          fetchedAt={check.dataUpdatedAt}
          renewing={check.isFetching}
          renew={async () => (await renew())?.selfie ?? null}
        />
      </SimpleGrid>

      <Suspense fallback={null}>
        {asking && (
          <ReasonDialog
            decision={asking}
            creatorName={data.name}
            onDecide={(reason) => send({ decision: asking, reason })}
            onClose={() => setAsking(null)}
          />
        )}
        {approveAsked && (
          <ConfirmationSheet
            opened={approving}
            title="Approve this identity check?"
            message={
              <Stack gap="xs">
                <Text inherit>
                  You confirm that the document and the selfie show {data.name}. They can then carry on with
                  onboarding.
                </Text>
                {approveFailure && (
                  <Text c="red" size="sm" role="alert" component="div">
                    <FieldError message={approveFailure} />
                  </Text>
                )}
              </Stack>
            }
            confirmLabel="Approve"
            confirmColor="teal"
            onConfirm={approve}
            onCancel={() => setApproving(false)}
          />
        )}
      </Suspense>
    </Stack>
  );
}
