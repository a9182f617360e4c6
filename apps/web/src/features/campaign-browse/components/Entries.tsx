import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  ENTRY_ERROR_CODES,
  ENTRY_REJECTION_LABELS,
  entryFailureMessage,
  formatDateTime,
  PLATFORM_LABELS,
  type CreatorCampaignDetail,
  type Entry,
  type EntryStatus,
  type MarketingPlatform,
} from '@platform/shared';
import { IconVideo } from '@tabler/icons-react';
import { useId, useMemo, useState } from 'react';
import { PostLinkCard } from '../../../components/display/PostLinkCard';
import { RemoteImage } from '../../../components/display/RemoteImage';
import { LoadFailure } from '../../../components/feedback/failure';
import { showSuccessToast } from '../../../components/feedback/toasts';
import { FieldError } from '../../../components/form/FieldError';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { TextField } from '../../../components/form/TextField';
import { placeServerErrors, useZodForm, type ServerErrorTarget } from '../../../components/form/use-zod-form';
import { TextLink } from '../../../components/TextLink';
import { isApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useMyEntries, usePostPreview, useReviseEntry, useSubmitEntry } from '../api/entries';
import { useMyRsvp } from '../api/rsvp';
import { entryLinkFormSchema, type EntryLinkForm } from '../utils/entry-link';

const STATUS_BADGES: Record<EntryStatus, { label: string; color: string }> = {
  SUBMITTED: { label: 'Waiting for review', color: 'blue' },
  APPROVED: { label: 'Approved', color: 'teal' },
  REJECTED: { label: 'Rejected', color: 'red' },
  ARCHIVED: { label: 'Archived', color: 'gray' },
};

const LINK_EXAMPLES: Record<MarketingPlatform, string> = {
  TikTok: 'https://www.tiktok.com/@you/video/…',
  Instagram: 'https://www.instagram.com/reel/…',
  Youtube: 'https://www.youtube.com/watch?v=…',
};

/** The codes whose words the spec gives (SPEC §8): they replace whatever the server said about the field. */
const SPEC_WORDED_CODES = new Set<string>(Object.values(ENTRY_ERROR_CODES));

interface EntryFailure {
  message: string;
  handleNotMapped: boolean;
}

/**
 * After a refused entry write: the server's messages about the link go under the field; anything else,
 * and codes 8 and 16 always, is said above it in the spec's words.
 */
function entryFailure(form: ServerErrorTarget<EntryLinkForm>, error: unknown): EntryFailure | null {
  const failure = isApiError(error) ? error : null;
  if (failure && !SPEC_WORDED_CODES.has(failure.code)) {
    const { placed, unplaced } = placeServerErrors(form, failure, { shownFields: ['postLink'] });
    if (unplaced.length > 0) return { message: unplaced.join('\n'), handleNotMapped: false };
    if (placed > 0) return null;
  }
  return {
    message: entryFailureMessage(failure),
    handleNotMapped: failure?.code === ENTRY_ERROR_CODES.handleNotMapped,
  };
}

function EntryFailureAlert({ failure }: { failure: EntryFailure }) {
  return (
    <Alert color="red" variant="light" role="alert">
      <Stack gap={4}>
        <FieldError message={failure.message} />
        {failure.handleNotMapped && (
          <TextLink to={paths.account} size="sm">
            Check your handles in your account
          </TextLink>
        )}
      </Stack>
    </Alert>
  );
}

interface PostLinkFormProps {
  platform: MarketingPlatform;
  label: string;
  submitLabel: string;
  initialLink?: string;
  /** Resolves once the server took the link; the field empties then. */
  onSave: (postLink: string) => Promise<unknown>;
  onCancel?: () => void;
}

/** The link to a post, held to the campaign's platform before anything is sent. */
function PostLinkForm({
  platform,
  label,
  submitLabel,
  initialLink = '',
  onSave,
  onCancel,
}: PostLinkFormProps) {
  const schema = useMemo(() => entryLinkFormSchema(platform), [platform]);
  const form = useZodForm(schema, { defaultValues: { postLink: initialLink } });
  const { errors, isSubmitting } = form.formState;
  const [failure, setFailure] = useState<EntryFailure | null>(null);

  const save = form.handleSubmit(async ({ postLink }) => {
    setFailure(null);
    try {
      await onSave(postLink);
      form.reset({ postLink: '' });
    } catch (error) {
      setFailure(entryFailure(form, error));
    }
  });

  return (
    <form onSubmit={(event) => void save(event)} noValidate>
      <Stack gap="sm">
        {failure && <EntryFailureAlert failure={failure} />}
        <TextField
          label={label}
          description={`The link to your ${PLATFORM_LABELS[platform]} post, once it is live.`}
          placeholder={LINK_EXAMPLES[platform]}
          type="url"
          inputMode="url"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          required
          {...form.register('postLink')}
          error={errors.postLink?.message}
        />
        {onCancel ? (
          <Group grow gap="sm">
            <Button variant="default" onClick={onCancel} disabled={isSubmitting}>
              Cancel
            </Button>
            <SubmitButton loading={isSubmitting}>{submitLabel}</SubmitButton>
          </Group>
        ) : (
          <SubmitButton loading={isSubmitting}>{submitLabel}</SubmitButton>
        )}
      </Stack>
    </form>
  );
}

/**
 * How the creator enters a live campaign: the link to a post they made. Uploading the video itself is a
 * second way to enter, to sit beside this form.
 */
function NewEntry({ campaign }: { campaign: CreatorCampaignDetail }) {
  const submit = useSubmitEntry();
  return (
    <PostLinkForm
      platform={campaign.platform}
      label="Link to your post"
      submitLabel="Send entry"
      onSave={async (postLink) => {
        await submit.mutateAsync({ campaignId: campaign.id, postLink, platform: campaign.platform });
        showSuccessToast('It is waiting for review.', 'Entry sent');
      }}
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

function EntryItem({ entry, campaign }: { entry: Entry; campaign: CreatorCampaignDetail }) {
  const revise = useReviseEntry();
  const [revising, setRevising] = useState(false);
  const badge = STATUS_BADGES[entry.status];
  const revisable =
    campaign.status === 'LIVE' &&
    entry.status === 'REJECTED' &&
    entry.kind === 'POST' &&
    entry.postLink !== null;

  return (
    <Stack component="li" gap="xs">
      <Group justify="space-between" gap="xs">
        <Badge color={badge.color} variant="light">
          {badge.label}
        </Badge>
        <Text size="xs" c="dimmed">
          Sent {formatDateTime(entry.submittedAt, 'long')}
        </Text>
      </Group>
      {entry.postLink !== null ? (
        <PostedLink link={entry.postLink} />
      ) : (
        <Paper withBorder radius="md" p="md">
          <Group gap="sm" wrap="nowrap">
            <IconVideo size={24} stroke={1.75} aria-hidden="true" />
            <Text fw={600}>Uploaded video</Text>
          </Group>
        </Paper>
      )}
      {entry.status === 'REJECTED' && entry.rejection && <Rejection rejection={entry.rejection} />}
      {revisable &&
        (revising ? (
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
        ) : (
          <Button variant="light" fullWidth onClick={() => setRevising(true)}>
            Change link
          </Button>
        ))}
    </Stack>
  );
}

function EntryList({ campaign }: { campaign: CreatorCampaignDetail }) {
  const entries = useMyEntries(campaign.id);

  if (entries.isPending) return <Skeleton height={72} radius="md" aria-label="Loading your entries" />;
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
        {campaign.status === 'LIVE'
          ? 'No entries yet: paste the link to your post once it is live'
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
  const open = campaign.status === 'LIVE';

  if (rsvp.data?.status !== 'ACCEPT' || !(open || campaign.status === 'ENDED')) return null;

  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} size="h4" id={headingId}>
            Your entries
          </Title>
          {!open && (
            <Text size="sm" c="dimmed">
              This campaign has ended: entries are closed.
            </Text>
          )}
        </Stack>
        {open && <NewEntry campaign={campaign} />}
        <EntryList campaign={campaign} />
      </Stack>
    </Paper>
  );
}
