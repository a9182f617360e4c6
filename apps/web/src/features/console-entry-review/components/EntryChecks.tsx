import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { CampaignEntry, EntryCheck } from '@platform/shared';
import { useState } from 'react';
import { showSuccessToast } from '../../../components/feedback/toasts';
import { failureText } from '../../../components/feedback/failure';
import { useClearOriginality } from '../api/entry-checks';
import { accountText, publishedText, resemblesText } from './check-words';
import { CompareVideosDialog } from './CompareVideosDialog';

function Originality({
  campaignId,
  entry,
  check,
  creatorName,
  mayClear,
}: {
  campaignId: string;
  entry: CampaignEntry;
  check: NonNullable<EntryCheck['originality']>;
  creatorName: string;
  mayClear: boolean;
}) {
  const [comparing, setComparing] = useState(false);
  const clear = useClearOriginality(campaignId);
  if (check.status === 'UNIQUE') {
    return (
      <Badge color="teal" variant="light" size="sm">
        Original
      </Badge>
    );
  }
  if (check.status === 'PENDING') return <Text size="xs">Being compared…</Text>;
  if (check.status === 'UNAVAILABLE') {
    return (
      <Stack gap={2}>
        <Badge color="gray" variant="light" size="sm">
          Could not be compared
        </Badge>
        {check.reason && (
          <Text size="xs" c="dimmed">
            {check.reason}
          </Text>
        )}
      </Stack>
    );
  }
  const summary = check.closest ? resemblesText(check.closest, check.distance) : 'Resembles another video';
  return (
    <Stack gap={4}>
      <Text size="xs" c="red.8" fw={500}>
        {summary}
      </Text>
      {check.clearedBy ? (
        <Text size="xs" c="dimmed">
          Cleared by {check.clearedBy}
        </Text>
      ) : null}
      <Group gap={6}>
        {check.closest && (
          <Button
            size="compact-xs"
            variant="light"
            aria-label={`Compare the video of ${creatorName}`}
            onClick={() => setComparing(true)}
          >
            Compare
          </Button>
        )}
        {mayClear && !check.clearedBy && (
          <Button
            size="compact-xs"
            variant="light"
            color="gray"
            loading={clear.isPending}
            aria-label={`Clear the video of ${creatorName}`}
            onClick={() =>
              clear.mutate(entry.id, {
                onSuccess: () =>
                  showSuccessToast(`The video of ${creatorName} is cleared: it can be approved.`),
              })
            }
          >
            Clear
          </Button>
        )}
      </Group>
      {clear.error && (
        <Text size="xs" c="red" role="alert">
          {failureText(clear.error)}
        </Text>
      )}
      {check.closest && (
        <CompareVideosDialog
          opened={comparing}
          onClose={() => setComparing(false)}
          summary={summary}
          entry={{ title: `This entry, by ${creatorName}`, url: entry.videoUrl }}
          other={{
            title:
              check.closest.kind === 'CAMPAIGN_FOOTAGE'
                ? `Footage of ${check.closest.campaignName}`
                : `${check.closest.creatorName ?? 'Another creator'}’s entry in ${check.closest.campaignName}`,
            url: check.closest.videoUrl,
          }}
        />
      )}
    </Stack>
  );
}

/** What the platform and the fingerprints say of one entry, so a reviewer decides in one look. */
export function EntryChecksCell({
  campaignId,
  entry,
  check,
  creatorName,
  mayClear,
  failed,
}: {
  campaignId: string;
  entry: CampaignEntry;
  check: EntryCheck | undefined;
  creatorName: string;
  mayClear: boolean;
  /** The checks could not be read. */
  failed: boolean;
}) {
  if (!check) {
    return (
      <Text size="xs" c="dimmed">
        {failed ? 'Checks not available' : 'Checking…'}
      </Text>
    );
  }
  const verified = check.account.verified !== null;
  return (
    <Stack gap={4}>
      {/* Uploads are not posts: their account proves nothing, their originality does (ADR 036). */}
      {entry.kind === 'POST' && (
        <Text size="xs" c={verified ? undefined : 'orange.9'} fw={verified ? undefined : 500}>
          {accountText(check.account)}
        </Text>
      )}
      {(entry.kind === 'POST' || check.post) && (
        <Text size="xs">{publishedText(check.post?.publishedAt ?? null)}</Text>
      )}
      {check.originality && (
        <Originality
          campaignId={campaignId}
          entry={entry}
          check={check.originality}
          creatorName={creatorName}
          mayClear={mayClear}
        />
      )}
    </Stack>
  );
}
