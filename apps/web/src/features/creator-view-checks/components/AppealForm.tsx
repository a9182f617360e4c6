import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import {
  holdAppealBodySchema,
  HOLD_MESSAGES,
  HOLD_NOTE_MAX_LENGTH,
  type HoldAppealBody,
} from '@platform/shared';
import { useState, type FormEvent } from 'react';
import { renderFieldError } from '../../../components/form/FieldError';
import { FormFailure, formFailureMessage } from '../../../components/form/FormFailure';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { useZodForm } from '../../../components/form/use-zod-form';
import { FileUploadField, type UploadedFile } from '../../../components/inputs/FileUploadField';
import { showSuccessToast } from '../../../components/feedback/toasts';
import { isApiError } from '../../../lib/api-client';
import { uploadAppealRecording, useAppealHold } from '../api/view-checks';

export interface AppealFormProps {
  holdId: string;
  campaignId: string;
  onCancel: () => void;
}

/**
 * The creator's one appeal of a hold: why the views are real, and a screen recording of the platform's own
 * insights, uploaded with its progress shown and then scanned by the server while they wait.
 */
export function AppealForm({ holdId, campaignId, onCancel }: AppealFormProps) {
  const appeal = useAppealHold(campaignId);
  const form = useZodForm<HoldAppealBody, HoldAppealBody>(holdAppealBodySchema, {
    defaultValues: { note: '', fileKey: '' },
  });
  const { errors } = form.formState;
  const [recording, setRecording] = useState<UploadedFile | null>(null);
  const [uploading, setUploading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // A new key gives a fresh upload field once the server refused the file it held.
  const [fieldKey, setFieldKey] = useState(0);

  const choose = (file: UploadedFile | null) => {
    setRecording(file);
    form.setValue('fileKey', file?.key ?? '');
    if (file) form.clearErrors('fileKey');
  };

  const submit = form.handleSubmit(async (body) => {
    setFailure(null);
    if (!body.fileKey) {
      form.setError('fileKey', { type: 'required', message: HOLD_MESSAGES.recordingNotUploaded });
      return;
    }
    try {
      await appeal.mutateAsync({ holdId, body });
      showSuccessToast('We will look at your recording and tell you what we decide.', 'Appeal sent');
    } catch (error) {
      const message = formFailureMessage(form, error, { shownFields: ['note', 'fileKey'] });
      // A recording the server refused (not a video, a threat) is gone: another must be chosen.
      if (form.getFieldState('fileKey').error) {
        setRecording(null);
        setFieldKey((key) => key + 1);
      }
      // The scan that could not finish is the server's own 503: it says to try again, not a failure.
      const unscanned = isApiError(error) && error.status === 503;
      setFailure(unscanned ? HOLD_MESSAGES.recordingUnscanned : message);
    }
  });

  return (
    <form onSubmit={(event: FormEvent) => void submit(event)} noValidate>
      <Stack gap="sm">
        <FormFailure message={failure} />
        <Textarea
          size="md"
          label="Why your views are real"
          description={`Tell us where your views came from. Up to ${HOLD_NOTE_MAX_LENGTH} characters.`}
          required
          rows={4}
          {...form.register('note')}
          error={renderFieldError(errors.note?.message)}
        />
        <FileUploadField
          key={fieldKey}
          label="Screen recording of the post’s insights"
          description="Open the post’s insights or analytics in the platform’s app and record your screen as you scroll through its views. An MP4 or MOV video, up to 250 MB."
          kinds={['video']}
          required
          value={recording}
          disabled={appeal.isPending}
          onChange={choose}
          onUploadingChange={setUploading}
          upload={(file, onProgress, signal) => uploadAppealRecording(holdId, file, onProgress, signal)}
          error={errors.fileKey?.message}
        />
        {appeal.isPending && (
          <Text size="sm" role="status">
            Checking your recording… this can take a minute for a large file.
          </Text>
        )}
        <Group grow gap="sm">
          <Button variant="default" onClick={onCancel} disabled={appeal.isPending}>
            Cancel
          </Button>
          <SubmitButton loading={appeal.isPending} disabled={uploading}>
            Send appeal
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
