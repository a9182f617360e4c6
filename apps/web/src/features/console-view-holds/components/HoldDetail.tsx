import { Alert, Badge, Button, Group, Skeleton, Stack } from '@mantine/core';
import { can, isOpenHold, type AccountRole, type HeldEntry } from '@platform/shared';
import {
  IconAlertTriangle,
  IconArrowLeft,
  IconCheck,
  IconInfoCircle,
  IconScissors,
  IconX,
} from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { ButtonLink } from '../../../components/ButtonLink';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { PageHeading } from '../../../components/PageHeading';
import { TextLink } from '../../../components/TextLink';
import { CHECK_CONNECTION, LoadFailure } from '../../../components/feedback/failure';
import { ResultPanel } from '../../../components/feedback/ResultPanel';
import { showSuccessToast } from '../../../components/feedback/toasts';
import { isApiError } from '../../../lib/api-client';
import { useDecideHold, useHold, type HoldDecision } from '../api/holds';
import { consoleHoldsPath } from '../api/paths';
import { HoldAppeal, HoldFigures, HoldSignals } from './HoldFacts';
import { creatorName, HOLD_STATUS_VIEW } from './hold-words';

// The decisions' forms and their rules load once a decision is asked for.
const AcceptHoldDialog = lazy(() =>
  import('./AcceptHoldDialog').then((module) => ({ default: module.AcceptHoldDialog })),
);
const ExcludeViewsDialog = lazy(() =>
  import('./ExcludeViewsDialog').then((module) => ({ default: module.ExcludeViewsDialog })),
);
// A decision names its rejection reason from the entry rules, which only a decided hold needs.
const HoldDecisionSummary = lazy(() =>
  import('./HoldDecisionSummary').then((module) => ({ default: module.HoldDecisionSummary })),
);
const RejectHoldDialog = lazy(() =>
  import('./RejectHoldDialog').then((module) => ({ default: module.RejectHoldDialog })),
);

type Move = HoldDecision['move'];

const DONE: Readonly<Record<Move, { title: string; message: (name: string) => string }>> = {
  accept: { title: 'Figures accepted', message: (name) => `${name}’s earnings are no longer held.` },
  exclude: { title: 'Views excluded', message: (name) => `${name} is told which views no longer count.` },
  reject: { title: 'Entry rejected', message: (name) => `${name} will see your reason.` },
};

function NotFound() {
  return (
    <Stack maw={480} mx="auto" mt="xl">
      <DocumentTitle title="Hold not found" />
      <ResultPanel
        tone="warning"
        title="Hold not found"
        actions={<ButtonLink to={consoleHoldsPath}>Back to held earnings</ButtonLink>}
      >
        This hold does not exist, or its campaign is outside your teams.
      </ResultPanel>
    </Stack>
  );
}

function DecisionButtons({ busy, onChoose }: { busy: boolean; onChoose: (move: Move) => void }) {
  return (
    <Group gap="sm">
      <Button
        color="teal"
        leftSection={<IconCheck size={16} aria-hidden="true" />}
        disabled={busy}
        onClick={() => onChoose('accept')}
      >
        Accept
      </Button>
      <Button
        variant="light"
        leftSection={<IconScissors size={16} aria-hidden="true" />}
        disabled={busy}
        onClick={() => onChoose('exclude')}
      >
        Exclude views
      </Button>
      <Button
        variant="light"
        color="red"
        leftSection={<IconX size={16} aria-hidden="true" />}
        disabled={busy}
        onClick={() => onChoose('reject')}
      >
        Reject
      </Button>
    </Group>
  );
}

function HoldPage({ hold, role }: { hold: HeldEntry; role: AccountRole }) {
  const navigate = useNavigate();
  const decide = useDecideHold(hold.id);
  const [deciding, setDeciding] = useState<Move | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const name = creatorName(hold);
  const open = isOpenHold(hold.status);
  const mayDecide = open && can(role, 'REVIEW', 'CAMPAIGN_SUBMISSION');

  // A hold someone else decided meanwhile is said on the page, which then shows their decision.
  const send = async (decision: HoldDecision) => {
    setNotice(null);
    try {
      await decide.mutateAsync(decision);
    } catch (error) {
      if (!isApiError(error) || error.status !== 409) throw error;
      setDeciding(null);
      setNotice(error.message);
      return;
    }
    setDeciding(null);
    showSuccessToast(DONE[decision.move].message(name), DONE[decision.move].title);
    void navigate(consoleHoldsPath);
  };
  const close = () => setDeciding(null);
  const dialogProps = { creatorName: name, onClose: close };

  return (
    <Stack gap="lg">
      <DocumentTitle title={`Held earnings of ${name}`} />
      <TextLink to={consoleHoldsPath} size="sm" w="fit-content">
        <IconArrowLeft size={14} aria-hidden="true" style={{ marginInlineEnd: 4, verticalAlign: -2 }} />
        Held earnings
      </TextLink>
      <Group justify="space-between" align="flex-start" gap="md">
        <Group gap="sm" align="center">
          <PageHeading
            title={name}
            subtitle={`${hold.creator.handle ? `@${hold.creator.handle} · ` : ''}${hold.campaign.name}`}
          />
          <Badge color={HOLD_STATUS_VIEW[hold.status].color} variant="light" size="lg">
            {HOLD_STATUS_VIEW[hold.status].label}
          </Badge>
        </Group>
        {mayDecide && <DecisionButtons busy={decide.isPending} onChoose={setDeciding} />}
      </Group>
      {notice && (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden="true" />}>
          {notice}
        </Alert>
      )}
      {!open && (
        <Alert color="gray" variant="light" icon={<IconInfoCircle aria-hidden="true" />}>
          This hold has been decided: it can only be looked at.
        </Alert>
      )}
      {hold.decision && (
        <Suspense fallback={null}>
          <HoldDecisionSummary decision={hold.decision} />
        </Suspense>
      )}
      <HoldSignals hold={hold} />
      <HoldFigures hold={hold} />
      <HoldAppeal hold={hold} />
      <Suspense fallback={null}>
        {deciding === 'accept' && (
          <AcceptHoldDialog {...dialogProps} onDecide={(body) => send({ move: 'accept', body })} />
        )}
        {deciding === 'exclude' && (
          <ExcludeViewsDialog
            {...dialogProps}
            hold={hold}
            onDecide={(body) => send({ move: 'exclude', body })}
          />
        )}
        {deciding === 'reject' && (
          <RejectHoldDialog {...dialogProps} onDecide={(body) => send({ move: 'reject', body })} />
        )}
      </Suspense>
    </Stack>
  );
}

/** One held entry: why it was held, its figures, the creator's appeal, and staff's decision on it. */
export function HoldDetail({ id, role }: { id: string; role: AccountRole }) {
  const hold = useHold(id);
  if (hold.data) return <HoldPage hold={hold.data} role={role} />;
  if (isApiError(hold.error) && hold.error.status === 404) return <NotFound />;
  return (
    <>
      <DocumentTitle title="Held earnings" />
      {hold.isError ? (
        <LoadFailure
          title="We could not load this hold"
          message={CHECK_CONNECTION}
          onRetry={() => void hold.refetch()}
          retrying={hold.isFetching}
        />
      ) : (
        <Skeleton role="status" height={420} radius="md" aria-label="Loading the hold" />
      )}
    </>
  );
}
