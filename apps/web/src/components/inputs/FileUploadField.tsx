import '@mantine/dropzone/styles.css';
import {
  ActionIcon,
  Button,
  Group,
  Image,
  Input,
  Loader,
  Paper,
  Progress,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { useId } from '@mantine/hooks';
import {
  FILE_ACCEPT,
  FILE_KINDS,
  FILE_UPLOAD_MESSAGES,
  UPLOAD_MAX_BYTES,
  acceptAttribute,
  canRemoveUpload,
  fileKindOf,
  fileUploadMessage,
  type FileKind,
  type UploadProgressState,
} from '@platform/shared';
import {
  IconCircleCheck,
  IconFile,
  IconFileTypePdf,
  IconMusic,
  IconPhoto,
  IconTrash,
  IconUpload,
  IconVideo,
} from '@tabler/icons-react';
import { useEffect, useRef, useState, type FocusEvent, type ReactNode, type Ref } from 'react';
import type { FieldValues } from 'react-hook-form';
import { renderFieldError } from '../form/FieldError';
import { useControlledField, type ControlledProps } from './controlled';
import { formatFileSize } from './file-size';

/** A finished upload: where it went (the upload response, SPEC §3) and what was sent. */
export interface UploadedFile {
  url: string;
  key: string;
  name: string;
  size: number;
  type: string;
}

/**
 * Sends the file and resolves with the upload response. It reports progress as a percent (0–100). To
 * show one of the spec's failures, reject with an Error whose message is FILE_UPLOAD_MESSAGES.uploadUrlFailed
 * ('Failed to generate upload url.') or .uploadFailed ('File upload failed.'); any other rejection shows
 * 'File upload failed.'. The signal aborts when the field goes away mid-upload.
 */
export type UploadFile = (
  file: File,
  onProgress: (percent: number) => void,
  signal: AbortSignal,
) => Promise<{ url: string; key: string }>;

export interface FileUploadFieldProps {
  label: string;
  value: UploadedFile | null;
  onChange: (value: UploadedFile | null) => void;
  upload: UploadFile;
  /** What the field accepts (SPEC §5 accept lists). @default every kind */
  kinds?: readonly FileKind[];
  /** The largest file the field takes, when it is less than the spec's 250 MB. */
  maxBytes?: number;
  description?: ReactNode;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  /** Lets a form hold its submit button while a file is on its way. */
  onUploadingChange?: (uploading: boolean) => void;
  id?: string;
  onBlur?: () => void;
  /** Goes to the 'Choose file' button. */
  ref?: Ref<HTMLButtonElement>;
}

interface ChosenFile {
  file: File;
  previewUrl: string | null;
}

const SPEC_UPLOAD_FAILURES: readonly string[] = [
  FILE_UPLOAD_MESSAGES.uploadUrlFailed,
  FILE_UPLOAD_MESSAGES.uploadFailed,
];

function uploadFailureMessage(error: unknown): string {
  return error instanceof Error && SPEC_UPLOAD_FAILURES.includes(error.message)
    ? error.message
    : FILE_UPLOAD_MESSAGES.uploadFailed;
}

const KIND_ICONS: Record<FileKind, typeof IconFile> = {
  image: IconPhoto,
  video: IconVideo,
  audio: IconMusic,
  pdf: IconFileTypePdf,
};

function FileKindIcon({ name, type }: { name: string; type: string }) {
  const kind = fileKindOf({ name, type });
  const Icon = kind ? KIND_ICONS[kind] : IconFile;
  return (
    <ThemeIcon size={56} radius="sm" variant="light" aria-hidden="true">
      <Icon size={28} stroke={1.5} />
    </ThemeIcon>
  );
}

const dropzoneAccept = (kinds: readonly FileKind[]) =>
  Object.fromEntries(
    kinds.flatMap((kind) =>
      FILE_ACCEPT[kind].mimeTypes.map((mimeType) => [
        mimeType,
        FILE_ACCEPT[kind].extensions.map((extension) => `.${extension}`),
      ]),
    ),
  );

const acceptedSummary = (kinds: readonly FileKind[]) =>
  kinds
    .flatMap((kind) => FILE_ACCEPT[kind].extensions.map((extension) => extension.toUpperCase()))
    .join(', ');

export interface UploadPreviewProps {
  /** The field's label: names the preview group. */
  label: string;
  name: string;
  size: number;
  type: string;
  /** An object URL of a chosen image; other files show an icon for their kind. */
  previewUrl?: string | null;
  status: UploadProgressState;
  percent: number;
  disabled?: boolean;
  /** Not called while the upload runs (SPEC §4). */
  onRemove: () => void;
  onRetry?: () => void;
}

/** The chosen or uploaded file: thumbnail or file-type icon, name, size and upload progress. */
export function UploadPreview({
  label,
  name,
  size,
  type,
  previewUrl,
  status,
  percent,
  disabled,
  onRemove,
  onRetry,
}: UploadPreviewProps) {
  const uploading = status === 'IN_PROGRESS';
  const removable = canRemoveUpload(status);
  return (
    <Paper withBorder radius="md" p="sm" role="group" aria-label={label}>
      <Group wrap="nowrap" gap="sm" align="center">
        {previewUrl ? (
          <Image src={previewUrl} alt={`Preview of ${name}`} w={56} h={56} radius="sm" fit="cover" />
        ) : (
          <FileKindIcon name={name} type={type} />
        )}
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={500} size="sm" truncate>
            {name}
          </Text>
          <Text size="xs" c="dimmed">
            {formatFileSize(size)}
          </Text>
          {uploading && (
            <>
              <Group gap={6} wrap="nowrap" role="status">
                <Loader size={14} aria-hidden="true" />
                <Text size="xs">Uploading… {percent}%</Text>
              </Group>
              <Progress value={percent} size="sm" animated aria-label={`Uploading ${name}`} />
            </>
          )}
          {status === 'COMPLETED' && (
            <Group gap={4} wrap="nowrap" c="teal" role="status">
              <IconCircleCheck size={14} aria-hidden="true" />
              <Text size="xs">Uploaded</Text>
            </Group>
          )}
        </Stack>
        {onRetry && (
          <Button variant="subtle" size="xs" onClick={onRetry} disabled={disabled}>
            Try again
          </Button>
        )}
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={`Remove ${name}`}
          // Stays focusable and announced while the upload runs; the click is ignored (SPEC §4).
          aria-disabled={!removable || undefined}
          data-disabled={!removable || undefined}
          disabled={disabled}
          onClick={() => {
            if (removable) onRemove();
          }}
        >
          <IconTrash size={18} aria-hidden="true" />
        </ActionIcon>
      </Group>
    </Paper>
  );
}

/**
 * Choose or drop one file (SPEC §2 file upload with preview). It is checked against the accept lists and
 * the 250 MB limit (SPEC §5), then uploaded at once; while it uploads the field shows a spinner,
 * 'Uploading… n%' and a progress bar, and the remove action is ignored (SPEC §4). `value` is the
 * finished upload, so a form only ever holds files that reached storage.
 */
export function FileUploadField({
  label,
  value,
  onChange,
  upload,
  kinds = FILE_KINDS,
  maxBytes = UPLOAD_MAX_BYTES,
  description,
  error,
  required,
  disabled,
  onUploadingChange,
  id,
  onBlur,
  ref,
}: FileUploadFieldProps) {
  const baseId = useId(id);
  const inputId = `${baseId}-input`;
  const errorId = `${baseId}-error`;
  const descriptionId = `${baseId}-description`;

  const [chosen, setChosen] = useState<ChosenFile | null>(null);
  const [status, setStatus] = useState<UploadProgressState>('UPLOAD');
  const [percent, setPercent] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const openRef = useRef<() => void>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const controllerRef = useRef<AbortController | null>(null);

  const previewUrl = chosen?.previewUrl;
  useEffect(
    () => () => {
      if (previewUrl) URL.revokeObjectURL(previewUrl);
    },
    [previewUrl],
  );
  useEffect(() => () => controllerRef.current?.abort(), []);

  const uploading = status === 'IN_PROGRESS';

  const start = async (file: File) => {
    const controller = new AbortController();
    controllerRef.current = controller;
    setStatus('IN_PROGRESS');
    setPercent(0);
    setProblem(null);
    onUploadingChange?.(true);
    const onProgress = (reported: number) => {
      if (!controller.signal.aborted) setPercent(Math.min(100, Math.max(0, Math.round(reported))));
    };
    try {
      const { url, key } = await upload(file, onProgress, controller.signal);
      if (controller.signal.aborted) return;
      setStatus('COMPLETED');
      onChange({ url, key, name: file.name, size: file.size, type: file.type });
    } catch (failure) {
      if (controller.signal.aborted) return;
      setStatus('FAILED');
      setProblem(uploadFailureMessage(failure));
    } finally {
      if (!controller.signal.aborted) onUploadingChange?.(false);
    }
  };

  const choose = (files: readonly File[]) => {
    if (uploading) return;
    const file = files[0];
    const message = fileUploadMessage(file, kinds, maxBytes);
    if (!file || message) {
      setProblem(message);
      return;
    }
    const isImage = fileKindOf(file) === 'image';
    setChosen({ file, previewUrl: isImage ? URL.createObjectURL(file) : null });
    void start(file);
  };

  const remove = () => {
    setChosen(null);
    setStatus('UPLOAD');
    setPercent(0);
    setProblem(null);
    onChange(null);
  };

  const onFocusOut = (event: FocusEvent<HTMLDivElement>) => {
    if (!rootRef.current?.contains(event.relatedTarget)) onBlur?.();
  };

  const shownError = problem ?? error;
  const describedBy = [description ? descriptionId : null, shownError ? errorId : null]
    .filter(Boolean)
    .join(' ');
  const shown = chosen
    ? { name: chosen.file.name, size: chosen.file.size, type: chosen.file.type }
    : value && { name: value.name, size: value.size, type: value.type };

  return (
    <div ref={rootRef} onBlur={onFocusOut}>
      <Input.Wrapper
        size="md"
        label={label}
        labelProps={{ htmlFor: shown ? undefined : inputId }}
        labelElement={shown ? 'div' : 'label'}
        description={description}
        descriptionProps={{ id: descriptionId }}
        error={renderFieldError(shownError ?? undefined)}
        errorProps={{ id: errorId }}
        withAsterisk={required}
      >
        <div style={{ marginTop: 'var(--mantine-spacing-xs)' }}>
          {shown ? (
            <UploadPreview
              label={label}
              name={shown.name}
              size={shown.size}
              type={shown.type}
              previewUrl={chosen?.previewUrl ?? null}
              status={status}
              percent={percent}
              disabled={disabled}
              onRemove={remove}
              onRetry={chosen && status === 'FAILED' ? () => void start(chosen.file) : undefined}
            />
          ) : (
            <Dropzone
              onDrop={choose}
              onReject={(rejections) => choose(rejections.map((rejection) => rejection.file))}
              onFileDialogCancel={() => {
                if (required && !value) setProblem(FILE_UPLOAD_MESSAGES.missing);
              }}
              accept={dropzoneAccept(kinds)}
              multiple={false}
              disabled={disabled}
              openRef={openRef}
              activateOnClick={false}
              activateOnKeyboard={false}
              tabIndex={-1}
              inputProps={{
                id: inputId,
                // react-dropzone names its input 'file upload'; the field's label is the right name.
                'aria-label': label,
                accept: acceptAttribute(kinds),
                'aria-describedby': describedBy || undefined,
                'aria-invalid': shownError ? true : undefined,
              }}
              radius="md"
              p="md"
            >
              <Stack align="center" gap="xs">
                <IconUpload size={28} stroke={1.5} aria-hidden="true" />
                <Text size="sm" ta="center">
                  Drag a file here or
                </Text>
                <Button
                  ref={ref}
                  variant="light"
                  onClick={() => openRef.current?.()}
                  disabled={disabled}
                  aria-describedby={describedBy || undefined}
                  aria-invalid={shownError ? true : undefined}
                >
                  Choose file
                </Button>
                <Text size="xs" c="dimmed" ta="center">
                  {acceptedSummary(kinds)} · up to {Math.floor(maxBytes / (1024 * 1024))} MB
                </Text>
              </Stack>
            </Dropzone>
          )}
        </div>
      </Input.Wrapper>
    </div>
  );
}

export type ControlledFileUploadFieldProps<
  Values extends FieldValues,
  Output extends FieldValues = Values,
> = Omit<FileUploadFieldProps, 'value' | 'onChange' | 'onBlur' | 'error' | 'ref'> &
  ControlledProps<Values, UploadedFile | null, Output>;

/** FileUploadField bound to a react-hook-form field that holds an UploadedFile or null. */
export function ControlledFileUploadField<Values extends FieldValues, Output extends FieldValues = Values>({
  control,
  name,
  disabled,
  ...props
}: ControlledFileUploadFieldProps<Values, Output>) {
  const { name: _name, ...field } = useControlledField<Values, UploadedFile | null, Output>({
    control,
    name,
  });
  return (
    <FileUploadField
      {...props}
      {...field}
      value={field.value ?? null}
      disabled={disabled || field.disabled}
    />
  );
}
