import { Anchor, Box, Paper, Stack, Text, Title } from '@mantine/core';
import type { EntryViewCheck } from '@platform/shared';
import { useId } from 'react';
import { LoadFailure } from '../../../components/feedback/failure';
import { isApiError } from '../../../lib/api-client';
import { useViewChecks } from '../api/view-checks';
import { figureLine } from './check-words';
import { HoldPanel } from './HoldPanel';

/** One entry's figure, and the hold on its earnings when there is one. */
export function EntryViewCheckItem({ check, campaignId }: { check: EntryViewCheck; campaignId: string }) {
  const figure = figureLine(check.figures);
  return (
    <Stack component="li" gap="xs">
      {check.postLink ? (
        <Anchor
          href={check.postLink}
          target="_blank"
          rel="noopener noreferrer"
          size="sm"
          style={{ overflowWrap: 'anywhere' }}
        >
          {check.postLink}
        </Anchor>
      ) : (
        <Text size="sm" fw={500}>
          Your uploaded video
        </Text>
      )}
      {figure && <Text size="sm">{figure}</Text>}
      {check.hold && <HoldPanel hold={check.hold} campaignId={campaignId} />}
    </Stack>
  );
}

const worthShowing = (check: EntryViewCheck) => check.figures !== null || check.hold !== null;

/**
 * How the views of the creator's entries to a campaign count: provisional until their figure is validated,
 * and, for an entry whose earnings are held, why and the one appeal. Nothing shows while no entry has a
 * figure or a hold, nor for a campaign the creator has no entries to.
 */
export default function CampaignViewChecks({ campaignId }: { campaignId: string }) {
  const checks = useViewChecks(campaignId);
  const headingId = useId();
  const shown = checks.data?.items.filter(worthShowing) ?? [];
  // A campaign the creator cannot see (404) has nothing to check; any other failure is said, with a retry.
  if (checks.isError && !(isApiError(checks.error) && checks.error.status === 404)) {
    return (
      <Box mt="lg">
        <LoadFailure
          title="We could not load the views of your entries"
          onRetry={() => void checks.refetch()}
          retrying={checks.isFetching}
        />
      </Box>
    );
  }
  if (shown.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="sm" mt="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} size="h4" id={headingId}>
            Your entries’ views
          </Title>
          <Text size="sm" c="dimmed">
            Views stay provisional until they are validated; earnings are paid on validated views.
          </Text>
        </Stack>
        <Stack
          component="ul"
          gap="lg"
          m={0}
          p={0}
          aria-label="Views of your entries"
          style={{ listStyle: 'none' }}
        >
          {shown.map((check) => (
            <EntryViewCheckItem key={check.entryId} check={check} campaignId={campaignId} />
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}
