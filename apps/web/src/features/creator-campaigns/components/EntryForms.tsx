import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import {
  ENTRY_ERROR_CODES,
  ENTRY_MESSAGES,
  entryFailureMessage,
  FILE_UPLOAD_MESSAGES,
  VIDEO_THREAT_CODE,
  PLATFORM_LABELS,
  type MarketingPlatform,
} from '@platform/shared';
import { IconShieldX } from '@tabler/icons-react';
import { useMemo, useState, type FormEvent } from 'react';
import { FieldError } from '../../../components/form/FieldError';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { TextField } from '../../../components/form/TextField';
import { FileUploadField, type UploadedFile } from '../../../components/inputs/FileUploadField';
import { placeServerErrors, useZodForm, type ServerErrorTarget } from '../../../components/form/use-zod-form';
import { TextLink } from '../../../components/TextLink';
import { isApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { uploadVideo } from '../api/entries';
import { entryLinkFormSchema, type EntryLinkForm } from '../utils/entry-link';

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
export function PostLinkForm({
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
export function VideoEntryForm({ campaignId, label, submitLabel, onSave, onCancel }: VideoEntryFormProps) {
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
