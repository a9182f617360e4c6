import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  campaignStatusAllows,
  ENTRY_ERROR_CODES,
  ENTRY_MESSAGES,
  ENTRY_REJECTION_LABELS,
  entryFailureMessage,
  FILE_UPLOAD_MESSAGES,
  formatDateTime,
  VIDEO_THREAT_CODE,
  PLATFORM_LABELS,
  type CreatorCampaignDetail,
  type Entry,
  type EntryStatus,
  type MarketingPlatform,
} from '@platform/shared';
import { IconShieldX } from '@tabler/icons-react';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { PostLinkCard } from '../../../components/display/PostLinkCard';
import { RemoteImage } from '../../../components/display/RemoteImage';
import { LoadFailure } from '../../../components/feedback/failure';
import { showSuccessToast } from '../../../components/feedback/toasts';
import { FieldError } from '../../../components/form/FieldError';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { TextField } from '../../../components/form/TextField';
import { FileUploadField, type UploadedFile } from '../../../components/inputs/FileUploadField';
import { placeServerErrors, useZodForm, type ServerErrorTarget } from '../../../components/form/use-zod-form';
import { TextLink } from '../../../components/TextLink';
import { isApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import {
  uploadVideo,
  useMyEntries,
  usePostPreview,
  useReviseEntry,
  useSubmitEntry,
  useVideoUrl,
} from '../api/entries';
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

type VideoStage = 'CHOOSING' | 'SCANNING' | 'THREATHS_FOUND';

interface VideoEntryFormProps {
  campaignId: string;
  label: string;
  submitLabel: string;
  /** Resolves once the server took the video in (scanned and checked); the field empties then. */
  onSave: (videoKey: string) => Promise<unknown>;
  onCancel?: () => void;
}

/**
 * A video sent as the entry itself: uploaded with its progress shown, then checked by the server (a virus
 * scan and that it really is a video) while the creator waits. A video the scan refuses is gone, and the
 * creator is told why (THREATHS_FOUND, as SPEC §4 spells it).
 */
function VideoEntryForm({ campaignId, label, submitLabel, onSave, onCancel }: VideoEntryFormProps) {
  const [uploaded, setUploaded] = useState<UploadedFile | null>(null);
  const [uploading, setUploading] = useState(false);
  const [stage, setStage] = useState<VideoStage>('CHOOSING');
  const [missing, setMissing] = useState<string | null>(null);
  const [failure, setFailure] = useState<EntryFailure | null>(null);
  // A new key gives a fresh field once the file it held is gone (sent, or refused by the server).
  const [fieldKey, setFieldKey] = useState(0);
  const clearFile = () => {
    setUploaded(null);
    setFieldKey((key) => key + 1);
  };

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (!uploaded) {
      setMissing(FILE_UPLOAD_MESSAGES.missing);
      return;
    }
    setFailure(null);
    setStage('SCANNING');
    try {
      await onSave(uploaded.key);
      clearFile();
      setStage('CHOOSING');
    } catch (error) {
      const refused = isApiError(error) ? error : null;
      if (refused?.code === VIDEO_THREAT_CODE) {
        clearFile();
        setStage('THREATHS_FOUND');
        return;
      }
      setStage('CHOOSING');
      const aboutFile = refused?.details.find((detail) => detail.field === 'videoKey')?.message;
      if (aboutFile) clearFile();
      setFailure({ message: aboutFile ?? entryFailureMessage(refused), handleNotMapped: false });
    }
  };

  const scanning = stage === 'SCANNING';
  return (
    <form onSubmit={(event) => void send(event)} noValidate>
      <Stack gap="sm">
        {failure && <EntryFailureAlert failure={failure} />}
        {stage === 'THREATHS_FOUND' && (
          <Alert color="red" variant="light" role="alert" icon={<IconShieldX aria-hidden="true" />}>
            {ENTRY_MESSAGES.videoThreat} Please choose another file.
          </Alert>
        )}
        <FileUploadField
          key={fieldKey}
          label={label}
          description="An MP4 or MOV video, up to 250 MB."
          kinds={['video']}
          required
          value={uploaded}
          disabled={scanning}
          onChange={(file) => {
            setUploaded(file);
            if (file) {
              setMissing(null);
              setStage('CHOOSING');
            }
          }}
          onUploadingChange={setUploading}
          upload={(file, onProgress, signal) => uploadVideo(campaignId, file, onProgress, signal)}
          error={missing ?? undefined}
        />
        {scanning && (
          <Group gap="xs" wrap="nowrap" role="status">
            <Loader size="xs" aria-hidden="true" />
            <Text size="sm">Checking your video… this can take a minute for a large file.</Text>
          </Group>
        )}
        <Group grow gap="sm">
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={scanning}>
              Cancel
            </Button>
          )}
          <SubmitButton loading={scanning} disabled={uploading}>
            {submitLabel}
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}

/** How the creator enters a live campaign: the link to a post they made, or the video itself. */
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

function EntryItem({ entry, campaign }: { entry: Entry; campaign: CreatorCampaignDetail }) {
  const revise = useReviseEntry();
  const [revising, setRevising] = useState(false);
  const badge = STATUS_BADGES[entry.status];
  const revisable = campaignStatusAllows(campaign.status, 'acceptsEntries') && entry.status === 'REJECTED';

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
      {entry.status === 'REJECTED' && entry.rejection && <Rejection rejection={entry.rejection} />}
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

  if (rsvp.data?.status !== 'ACCEPT' || !(open || campaignStatusAllows(campaign.status, 'finished')))
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
