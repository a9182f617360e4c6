import { Button, Paper, Stack, Text } from '@mantine/core';
import { formatDateTime, isOpenHold, type CreatorHold } from '@platform/shared';
import { IconHourglass } from '@tabler/icons-react';
import { lazy, Suspense, useId, useState } from 'react';
import { outcomeWords } from './check-words';

// The appeal's form and upload load once the creator chooses to appeal.
const AppealForm = lazy(() => import('./AppealForm').then((module) => ({ default: module.AppealForm })));

function Reasons({ reasons }: { reasons: readonly string[] }) {
  if (reasons.length === 0) return null;
  return (
    <Stack component="ul" gap={4} m={0} pl="md">
      {reasons.map((reason) => (
        <Text component="li" size="sm" key={reason}>
          {reason}
        </Text>
      ))}
    </Stack>
  );
}

function Note({ label, text }: { label: string; text: string }) {
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
        {text}
      </Text>
    </Stack>
  );
}

/** A hold still open: why the earnings wait, and the one appeal while it can be made. */
function OpenHold({ hold, campaignId }: { hold: CreatorHold; campaignId: string }) {
  const [appealing, setAppealing] = useState(false);
  const headingId = useId();
  return (
    <Paper
      radius="md"
      p="sm"
      bg="var(--mantine-color-yellow-0)"
      component="section"
      aria-labelledby={headingId}
    >
      <Stack gap="xs">
        <Text id={headingId} size="sm" fw={600}>
          <IconHourglass size={16} aria-hidden="true" style={{ marginInlineEnd: 6, verticalAlign: -3 }} />
          Earnings held while we check this entry’s views
        </Text>
        <Text size="sm">Here is what we noticed:</Text>
        <Reasons reasons={hold.reasons} />
        {hold.appeal ? (
          <>
            <Text size="sm" fw={600}>
              Appeal sent on {formatDateTime(hold.appeal.appealedAt, 'long')}
            </Text>
            <Text size="sm">We will look at your recording and tell you what we decide.</Text>
            <Note label="What you told us" text={hold.appeal.note} />
          </>
        ) : hold.canAppeal && appealing ? (
          <Suspense fallback={null}>
            <AppealForm holdId={hold.id} campaignId={campaignId} onCancel={() => setAppealing(false)} />
          </Suspense>
        ) : (
          hold.canAppeal && (
            <>
              <Text size="sm">
                If your views are real, you can appeal once: tell us why and send a screen recording of the
                post’s own insights. Otherwise we will decide without it.
              </Text>
              <Button variant="light" fullWidth onClick={() => setAppealing(true)}>
                Appeal
              </Button>
            </>
          )
        )}
      </Stack>
    </Paper>
  );
}

/** A hold decided: what became of the entry's views, in plain words, and the team's note. */
function DecidedHold({ hold }: { hold: CreatorHold }) {
  const decision = hold.decision;
  if (!decision) return null;
  const rejected = decision.outcome === 'REJECTED';
  return (
    <Paper radius="md" p="sm" bg={`var(--mantine-color-${rejected ? 'red' : 'gray'}-0)`}>
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          Check of this entry’s views finished on {formatDateTime(decision.decidedAt, 'long')}
        </Text>
        <Text size="sm">{outcomeWords(decision)}</Text>
        {decision.note && <Note label="From the team" text={decision.note} />}
      </Stack>
    </Paper>
  );
}

/** A hold on one of the creator's entries, as they read it: never its score or its weights. */
export function HoldPanel({ hold, campaignId }: { hold: CreatorHold; campaignId: string }) {
  return isOpenHold(hold.status) ? (
    <OpenHold hold={hold} campaignId={campaignId} />
  ) : (
    <DecidedHold hold={hold} />
  );
}
