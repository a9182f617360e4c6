import { Alert, Button, FileButton, Stack, Text } from '@mantine/core';
import {
  fileTooLargeMessage,
  FILE_UPLOAD_MESSAGES,
  HANDLE_EVIDENCE_MAX_BYTES,
  HANDLE_EVIDENCE_TYPES,
  HANDLE_VERIFICATION_MESSAGES,
  PLATFORM_LABELS,
  type HandleVerification,
  type UploadProgressState,
} from '@platform/shared';
import { IconAlertTriangle, IconUpload } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { showSuccessToast } from '../../../components/feedback/toasts';
import { UploadPreview } from '../../../components/inputs/FileUploadField';
import { isApiError } from '../../../lib/api-client';
import { uploadEvidence, useSubmitEvidence } from '../api/evidence';
import { handleName, serverMessage } from './words';

type EvidenceType = (typeof HANDLE_EVIDENCE_TYPES)[number];

/** Browsers leave the type of some recordings empty (a MOV, often): the extension then says it. */
const TYPE_BY_EXTENSION: Record<string, EvidenceType> = {
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
};

const ACCEPT = [...HANDLE_EVIDENCE_TYPES, ...Object.keys(TYPE_BY_EXTENSION).map((ext) => `.${ext}`)].join(
  ',',
);

/** The recording with the type the server is told, or null when it is not one of the accepted videos. */
function asEvidence(file: File): File | null {
  const declared = file.type.toLowerCase();
  if ((HANDLE_EVIDENCE_TYPES as readonly string[]).includes(declared)) return file;
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  const type = declared === '' ? TYPE_BY_EXTENSION[extension] : undefined;
  return type ? new File([file], file.name, { type }) : null;
}

function choiceProblem(file: File): string | null {
  if (!asEvidence(file)) return HANDLE_VERIFICATION_MESSAGES.evidenceWrongType;
  if (file.size > HANDLE_EVIDENCE_MAX_BYTES) return fileTooLargeMessage(HANDLE_EVIDENCE_MAX_BYTES);
  return null;
}

/** The upload's failure: the server's words for a refused URL, the spec's for a PUT that failed. */
const uploadProblem = (error: unknown) =>
  isApiError(error) ? serverMessage(error) : FILE_UPLOAD_MESSAGES.uploadFailed;

/**
 * A screen recording of the logged-in profile, uploaded with its progress shown, then sent to Support, who
 * verify the handle or refuse it with a reason.
 */
export function EvidencePanel({ item }: { item: HandleVerification }) {
  const [file, setFile] = useState<File | null>(null);
  const [status, setStatus] = useState<UploadProgressState>('UPLOAD');
  const [percent, setPercent] = useState(0);
  const [attemptId, setAttemptId] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const controllerRef = useRef<AbortController | null>(null);
  const submit = useSubmitEvidence();
  useEffect(() => () => controllerRef.current?.abort(), []);

  const start = async (chosen: File) => {
    const controller = new AbortController();
    controllerRef.current = controller;
    setStatus('IN_PROGRESS');
    setPercent(0);
    setProblem(null);
    try {
      const id = await uploadEvidence(
        item.platform,
        chosen,
        (reported) => setPercent(Math.min(100, Math.max(0, Math.round(reported)))),
        controller.signal,
      );
      setAttemptId(id);
      setStatus('COMPLETED');
    } catch (error) {
      if (controller.signal.aborted) return;
      setStatus('FAILED');
      setProblem(uploadProblem(error));
    }
  };

  const choose = (chosen: File | null) => {
    if (!chosen) return;
    submit.reset();
    setAttemptId(null);
    const refused = choiceProblem(chosen);
    const evidence = asEvidence(chosen);
    if (refused || !evidence) {
      setFile(null);
      setStatus('UPLOAD');
      setProblem(refused);
      return;
    }
    setFile(evidence);
    void start(evidence);
  };

  const remove = () => {
    controllerRef.current?.abort();
    setFile(null);
    setAttemptId(null);
    setStatus('UPLOAD');
    setProblem(null);
  };

  const send = () => {
    if (!attemptId) return;
    submit.mutate(
      { platform: item.platform, attemptId },
      {
        onSuccess: () => {
          remove();
          showSuccessToast(`Support will look at your recording of ${handleName(item)}.`, 'Recording sent');
        },
      },
    );
  };

  const label = `Screen recording of @${item.handle}`;
  return (
    <Stack gap="sm">
      <Text size="sm">
        Record your screen while you are signed in to {PLATFORM_LABELS[item.platform]}: open your profile @
        {item.handle} and show its settings or edit page, which only its owner can see. An MP4, MOV or WebM
        video, up to {Math.floor(HANDLE_EVIDENCE_MAX_BYTES / (1024 * 1024))} MB.
      </Text>
      {problem && (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden="true" />}>
          {problem}
        </Alert>
      )}
      {submit.error && (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden="true" />}>
          {serverMessage(submit.error)}
        </Alert>
      )}
      {file ? (
        <UploadPreview
          label={label}
          name={file.name}
          size={file.size}
          type={file.type}
          status={status}
          percent={percent}
          disabled={submit.isPending}
          onRemove={remove}
          onRetry={status === 'FAILED' ? () => void start(file) : undefined}
        />
      ) : (
        <FileButton onChange={choose} accept={ACCEPT} inputProps={{ 'aria-label': label }}>
          {(props) => (
            <Button
              {...props}
              variant="light"
              w="fit-content"
              leftSection={<IconUpload size={16} aria-hidden="true" />}
            >
              Choose a recording
            </Button>
          )}
        </FileButton>
      )}
      {file && (
        <Button w="fit-content" disabled={status !== 'COMPLETED'} loading={submit.isPending} onClick={send}>
          Send to Support
        </Button>
      )}
    </Stack>
  );
}
