import { Badge, Button, Group, Paper, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  campaignStatusAllows,
  ENTRY_REJECTION_LABELS,
  formatDateTime,
  isRevisableEntryStatus,
  type CreatorCampaignDetail,
  type Entry,
  type EntryStatus,
} from '@platform/shared';
import { useId, useState } from 'react';
import { PostLinkCard } from '../../../components/display/PostLinkCard';
import { RemoteImage } from '../../../components/display/RemoteImage';
import { LoadFailure } from '../../../components/feedback/failure';
import { showSuccessToast } from '../../../components/feedback/toasts';
import {
  useEntryPosters,
  useMyEntries,
  usePostPreview,
  useReviseEntry,
  useSubmitEntry,
  useVideoUrl,
} from '../api/entries';
import { useMyRsvp } from '../api/rsvp';
import { PostLinkForm, VideoEntryForm } from './EntryForms';

const STATUS_BADGES: Record<EntryStatus, { label: string; color: string }> = {
  SUBMITTED: { label: 'Waiting for review', color: 'blue' },
  CHANGES_REQUESTED: { label: 'Changes requested', color: 'orange' },
  APPROVED: { label: 'Approved', color: 'teal' },
  REJECTED: { label: 'Rejected', color: 'red' },
  ARCHIVED: { label: 'Archived', color: 'gray' },
};

function NewEntry({ campaign }: { campaign: CreatorCampaignDetail }) {
  const submit = useSubmitEntry();
  const [way, setWay] = useState<'link' | 'video'>('link');
  return (
    <Stack gap="sm">
      <SegmentedControl
        fullWidth
        aria-label="How to enter"
        value={way}
        onChange={(value) => setWay(value === 'video' ? 'video' : 'link')}
        data={[
          { value: 'link', label: 'Post link' },
          { value: 'video', label: 'Upload video' },
        ]}
      />
      {way === 'link' ? (
        <PostLinkForm
          platform={campaign.platform}
          label="Link to your post"
          submitLabel="Send entry"
          onSave={async (postLink) => {
            await submit.mutateAsync({ campaignId: campaign.id, postLink, platform: campaign.platform });
            showSuccessToast('It is waiting for review.', 'Entry sent');
          }}
        />
      ) : (
        <VideoEntryForm
          campaignId={campaign.id}
          label="Your video"
          submitLabel="Send video"
          onSave={async (videoKey) => {
            await submit.mutateAsync({ campaignId: campaign.id, videoKey, platform: campaign.platform });
            showSuccessToast('It is waiting for review.', 'Video sent');
          }}
        />
      )}
    </Stack>
  );
}

/** The creator's own video, to watch in the page. */
function SentVideo({ campaignId, entryId }: { campaignId: string; entryId: string }) {
  const link = useVideoUrl(campaignId, entryId);
  const poster = useEntryPosters(campaignId).data?.get(entryId);
  if (link.isPending)
    return <Skeleton role="status" height={180} radius="md" aria-label="Loading your video" />;
  if (!link.data) {
    return (
      <Text size="sm" c="dimmed">
        Your video cannot be shown right now.
      </Text>
    );
  }
  return (
    <video
      controls
      preload="metadata"
      src={link.data}
      poster={poster}
      aria-label="Your video"
      style={{ width: '100%', maxHeight: 360, borderRadius: 'var(--mantine-radius-md)', background: 'black' }}
    />
  );
}

/** The post's card, under its picture when the platform gives one. */
function PostedLink({ link }: { link: string }) {
  const preview = usePostPreview(link);
  return (
    <Stack gap={6}>
      {preview.data && <RemoteImage src={preview.data} alt="Preview of your post" height={180} />}
      <PostLinkCard url={link} />
    </Stack>
  );
}

function Rejection({ rejection }: { rejection: NonNullable<Entry['rejection']> }) {
  return (
    <Paper radius="md" p="sm" bg="var(--mantine-color-red-0)">
      <Stack gap={2}>
        <Text size="sm" fw={600}>
          {ENTRY_REJECTION_LABELS[rejection.reason]}
        </Text>
        {rejection.note && (
          <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
            {rejection.note}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** The reviewer's words on what to change before the entry can be approved. */
function ChangeRequest({ note }: { note: string }) {
  return (
    <Paper radius="md" p="sm" bg="var(--mantine-color-orange-0)">
      <Stack gap={2}>
        <Text size="sm" fw={600}>
          What to change
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
          {note}
        </Text>
      </Stack>
    </Paper>
  );
}

// A review deadline reads as a day of the year ('6 Dec'), in UTC as every time the product shows.
const DEADLINE_DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

function EntryItem({ entry, campaign }: { entry: Entry; campaign: CreatorCampaignDetail }) {
  const revise = useReviseEntry();
  const [revising, setRevising] = useState(false);
  const badge = STATUS_BADGES[entry.status];
  const revisable =
    campaignStatusAllows(campaign.status, 'acceptsEntries') && isRevisableEntryStatus(entry.status);

  return (
    <Stack component="li" gap="xs">
      <Group justify="space-between" gap="xs">
        <Badge color={badge.color} variant="light" style={{ flexShrink: 0 }}>
          {badge.label}
        </Badge>
        <Text size="xs" c="dimmed">
          Sent {formatDateTime(entry.submittedAt, 'long')}
        </Text>
      </Group>
      {entry.postLink !== null ? (
        <PostedLink link={entry.postLink} />
      ) : (
        <SentVideo campaignId={entry.campaignId} entryId={entry.id} />
      )}
      {entry.status === 'SUBMITTED' && entry.reviewDueAt && (
        <Text size="sm" c="dimmed">
          Reviewed by {DEADLINE_DAY.format(new Date(entry.reviewDueAt))}, or approved automatically
        </Text>
      )}
      {entry.status === 'APPROVED' && entry.autoApproved && (
        <Text size="sm" c="dimmed">
          Approved automatically when its review time ran out
        </Text>
      )}
      {entry.status === 'REJECTED' && entry.rejection && <Rejection rejection={entry.rejection} />}
      {entry.status === 'CHANGES_REQUESTED' && entry.changeRequest && (
        <ChangeRequest note={entry.changeRequest} />
      )}
      {revisable &&
        (revising ? (
          entry.kind === 'VIDEO' ? (
            <VideoEntryForm
              campaignId={entry.campaignId}
              label="Another video"
              submitLabel="Send again"
              onCancel={() => setRevising(false)}
              onSave={async (videoKey) => {
                await revise.mutateAsync({ id: entry.id, videoKey });
                setRevising(false);
                showSuccessToast('Your new video is waiting for review.', 'Entry sent again');
              }}
            />
          ) : (
            <PostLinkForm
              platform={campaign.platform}
              label="New link to your post"
              submitLabel="Send again"
              initialLink={entry.postLink ?? ''}
              onCancel={() => setRevising(false)}
              onSave={async (postLink) => {
                await revise.mutateAsync({ id: entry.id, postLink });
                setRevising(false);
                showSuccessToast('Your new link is waiting for review.', 'Entry sent again');
              }}
            />
          )
        ) : (
          <Button variant="light" fullWidth onClick={() => setRevising(true)}>
            {entry.kind === 'VIDEO' ? 'Send another video' : 'Change link'}
          </Button>
        ))}
    </Stack>
  );
}

function EntryList({ campaign }: { campaign: CreatorCampaignDetail }) {
  const entries = useMyEntries(campaign.id);

  if (entries.isPending)
    return <Skeleton role="status" height={72} radius="md" aria-label="Loading your entries" />;
  if (entries.isError) {
    return (
      <LoadFailure
        title="We could not load your entries"
        onRetry={() => void entries.refetch()}
        retrying={entries.isFetching}
      />
    );
  }
  if (entries.data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {campaignStatusAllows(campaign.status, 'acceptsEntries')
          ? 'No entries yet: paste the link to your post once it is live, or upload your video'
          : 'You sent no entries to this campaign.'}
      </Text>
    );
  }
  return (
    <Stack component="ul" gap="lg" aria-label="Entries sent" m={0} p={0} style={{ listStyle: 'none' }}>
      {entries.data.map((entry) => (
        <EntryItem key={entry.id} entry={entry} campaign={campaign} />
      ))}
    </Stack>
  );
}

/**
 * The creator's entries to a campaign they take part in: a way to enter while it is live, and each entry
 * with where its review stands. Once the campaign has ended the entries stay, to read.
 */
export default function Entries({
  campaign,
  creatorId,
}: {
  campaign: CreatorCampaignDetail;
  creatorId: string;
}) {
  const rsvp = useMyRsvp(campaign.id, creatorId);
  const headingId = useId();
  const open = campaignStatusAllows(campaign.status, 'acceptsEntries');
  // Paused, it takes no entries for now, but those sent are still read and validated (ADR 038).
  const paused = campaign.status === 'PAUSED';

  if (
    rsvp.data?.status !== 'ACCEPT' ||
    !(open || paused || campaignStatusAllows(campaign.status, 'finished'))
  )
    return null;

  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} size="h4" id={headingId}>
            Your entries
          </Title>
          {!open && (
            <Text size="sm" c="dimmed">
              {paused
                ? 'This campaign is paused: it takes no new entries until it resumes.'
                : 'This campaign has ended: entries are closed.'}
            </Text>
          )}
        </Stack>
        {open && <NewEntry campaign={campaign} />}
        <EntryList campaign={campaign} />
      </Stack>
    </Paper>
  );
}
