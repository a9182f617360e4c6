import { z } from 'zod';
import { UPLOAD_MAX_BYTES } from './constants';
import { FILE_UPLOAD_MESSAGES } from './messages';

/** What each kind of upload field accepts (SPEC §5), as extensions and MIME types. */
export const FILE_ACCEPT = {
  image: { extensions: ['jpg', 'jpeg', 'png', 'webp'], mimeTypes: ['image/jpeg', 'image/png', 'image/webp'] },
  video: { extensions: ['mp4', 'mov'], mimeTypes: ['video/mp4', 'video/quicktime'] },
  audio: {
    extensions: ['mp3', 'wav', 'ogg'],
    mimeTypes: [
      'audio/mpeg',
      'audio/mp3',
      'audio/wav',
      'audio/x-wav',
      'audio/wave',
      'audio/vnd.wave',
      'audio/ogg',
    ],
  },
  pdf: { extensions: ['pdf'], mimeTypes: ['application/pdf'] },
} as const satisfies Record<string, { extensions: readonly string[]; mimeTypes: readonly string[] }>;
export type FileKind = keyof typeof FILE_ACCEPT;
export const FILE_KINDS = Object.keys(FILE_ACCEPT) as FileKind[];

/** The value of an `<input type="file" accept>` for these kinds: extensions and MIME types. */
export function acceptAttribute(kinds: readonly FileKind[] = FILE_KINDS): string {
  return kinds
    .flatMap((kind) => [
      ...FILE_ACCEPT[kind].extensions.map((extension) => `.${extension}`),
      ...FILE_ACCEPT[kind].mimeTypes,
    ])
    .join(',');
}

/** 'File size exceeds the maximum limit of 250 MB.' (SPEC §5), for a field's own limit. */
export function fileTooLargeMessage(maxBytes: number): string {
  if (maxBytes === UPLOAD_MAX_BYTES) return FILE_UPLOAD_MESSAGES.tooLarge;
  return `File size exceeds the maximum limit of ${Math.floor(maxBytes / (1024 * 1024))} MB.`;
}

/** The lower-cased extension without the dot, or '' when the name has none. */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** The file's kind, judged by its extension; a MIME type, when the browser gave one, must agree. */
export function fileKindOf(file: { name: string; type?: string }): FileKind | null {
  const extension = fileExtension(file.name);
  const mimeType = (file.type ?? '').toLowerCase().split(';')[0]?.trim() ?? '';
  const kind = FILE_KINDS.find((candidate) =>
    (FILE_ACCEPT[candidate].extensions as readonly string[]).includes(extension),
  );
  if (!kind) return null;
  if (mimeType !== '' && !(FILE_ACCEPT[kind].mimeTypes as readonly string[]).includes(mimeType)) return null;
  return kind;
}

export function isAcceptedFile(
  file: { name: string; type?: string },
  kinds: readonly FileKind[] = FILE_KINDS,
) {
  const kind = fileKindOf(file);
  return kind !== null && kinds.includes(kind);
}

/** The shape both a browser `File` and a server-side upload description have. */
export interface UploadFile {
  name: string;
  size: number;
  type: string;
}

const isUploadFile = (value: unknown): value is UploadFile =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as UploadFile).name === 'string' &&
  typeof (value as UploadFile).size === 'number' &&
  typeof (value as UploadFile).type === 'string';

/**
 * The file-upload rule's message for a chosen file (or none), or null when it may be uploaded. A field
 * with a lower limit than the spec's 250 MB (an identity photo, say) says its own in the same words.
 */
export function fileUploadMessage(
  file: unknown,
  kinds: readonly FileKind[] = FILE_KINDS,
  maxBytes: number = UPLOAD_MAX_BYTES,
): string | null {
  if (!isUploadFile(file)) return FILE_UPLOAD_MESSAGES.missing;
  if (file.size > maxBytes) return fileTooLargeMessage(maxBytes);
  if (!isAcceptedFile(file, kinds)) return FILE_UPLOAD_MESSAGES.typeNotAllowed;
  return null;
}

/** Validates the chosen file in place (a browser `File` stays a `File`). */
export function fileUploadSchema<File extends UploadFile = UploadFile>(
  kinds: readonly FileKind[] = FILE_KINDS,
) {
  return z.custom<File>(isUploadFile, { error: FILE_UPLOAD_MESSAGES.missing }).superRefine((file, ctx) => {
    const message = fileUploadMessage(file, kinds);
    if (message) ctx.addIssue({ code: 'custom', message });
  });
}
