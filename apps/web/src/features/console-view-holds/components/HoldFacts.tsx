import { Anchor, Box, Paper, Stack, Text, Title } from '@mantine/core';
import { formatDateTime, formatMoney, type HeldEntry } from '@platform/shared';
import { useId, type ReactNode } from 'react';
import { DataTable } from '../../../components/display/DataTable';
import { DetailItem } from '../../../components/display/DetailItem';
import { countText, creatorName, SIGNAL_VIEW } from './hold-words';

export function Facts({ children }: { children: ReactNode }) {
  return (
    <Box
      component="dl"
      m={0}
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))',
        gap: 'var(--mantine-spacing-md)',
      }}
    >
      {children}
    </Box>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** Why the entry was held: each signal's sentence, then what it measured against its threshold. */
export function HoldSignals({ hold }: { hold: HeldEntry }) {
  return (
    <Section title="Why it was held">
      <Stack component="ul" gap={4} m={0} pl="md">
        {hold.signals.map((signal) => (
          <Text component="li" size="sm" key={signal.code}>
            {signal.sentence}
          </Text>
        ))}
      </Stack>
      <DataTable aria-label="Signals measured" minWidth={420}>
        <thead>
          <tr>
            <th scope="col">Signal</th>
            <th scope="col">Measured</th>
            <th scope="col">Holds at</th>
          </tr>
        </thead>
        <tbody>
          {hold.signals.map((signal) => (
            <tr key={signal.code}>
              <th scope="row">{SIGNAL_VIEW[signal.code].label}</th>
              <td>{SIGNAL_VIEW[signal.code].measured(signal.value)}</td>
              <td>{SIGNAL_VIEW[signal.code].threshold(signal.threshold)}</td>
            </tr>
          ))}
        </tbody>
      </DataTable>
      <Text size="sm" c="dimmed">
        Risk score {hold.score} of 100.
      </Text>
    </Section>
  );
}

/** The entry's figure as it counts now, its post and what is at stake. */
export function HoldFigures({ hold }: { hold: HeldEntry }) {
  const { figures } = hold;
  return (
    <Section title="The entry">
      <Facts>
        <DetailItem label="Campaign">{hold.campaign.name}</DetailItem>
        <DetailItem label="At stake">
          {formatMoney(hold.atStake.amountMinor, hold.atStake.currency)}
        </DetailItem>
        <DetailItem label="Held since">{formatDateTime(hold.heldAt, 'long')}</DetailItem>
        {figures ? (
          <>
            <DetailItem label="Views">{countText(figures.views)}</DetailItem>
            <DetailItem label="Likes">{countText(figures.likes)}</DetailItem>
            <DetailItem label="Comments">{countText(figures.comments)}</DetailItem>
            <DetailItem label="Figure">
              {figures.state === 'VALIDATED'
                ? `Validated ${formatDateTime(figures.validatedAt, 'long')}`
                : `Provisional until ${formatDateTime(figures.validatedAt, 'long')}`}
            </DetailItem>
            {figures.excludedViews > 0 && (
              <DetailItem label="Views excluded">{countText(figures.excludedViews)}</DetailItem>
            )}
          </>
        ) : (
          <DetailItem label="Views">Not counted yet</DetailItem>
        )}
      </Facts>
      {hold.entry.postLink ? (
        <Anchor
          href={hold.entry.postLink}
          target="_blank"
          rel="noopener noreferrer"
          size="sm"
          w="fit-content"
        >
          Open the post (opens in a new tab)
        </Anchor>
      ) : (
        <Text size="sm" c="dimmed">
          An uploaded video: it has no post to open.
        </Text>
      )}
    </Section>
  );
}

/** The creator's one appeal: their note and the recording of the platform's own insights. */
export function HoldAppeal({ hold }: { hold: HeldEntry }) {
  const { appeal } = hold;
  if (!appeal) return null;
  const name = creatorName(hold);
  return (
    <Section title="The creator’s appeal">
      <Facts>
        <DetailItem label="Appealed">{formatDateTime(appeal.appealedAt, 'long')}</DetailItem>
        <DetailItem label={`${name} says`}>{appeal.note}</DetailItem>
      </Facts>
      {appeal.recordingUrl ? (
        <video
          controls
          preload="metadata"
          src={appeal.recordingUrl}
          aria-label={`Screen recording by ${name}`}
          style={{
            display: 'block',
            width: '100%',
            maxWidth: 720,
            maxHeight: '70vh',
            background: 'var(--mantine-color-black)',
            borderRadius: 'var(--mantine-radius-sm)',
          }}
        />
      ) : (
        <Text size="sm" c="dimmed">
          The recording cannot be played: it is no longer stored.
        </Text>
      )}
      {appeal.scanStatus === 'NOT_SCANNED' && (
        <Text size="sm" c="dimmed">
          The recording was not scanned for viruses: no scanner is configured on this server.
        </Text>
      )}
    </Section>
  );
}
