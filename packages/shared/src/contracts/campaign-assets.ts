// zod/mini, as every contract a console screen loads (DESIGN §3, ADR 009).
import { z } from 'zod/mini';
import { UPLOAD_MAX_BYTES } from '../rules/constants';
import { fileExtension } from '../rules/files';
import { FILE_UPLOAD_MESSAGES, REQUIRED_MESSAGE, maxLengthMessage } from '../rules/messages';
import type { AssetFileType } from '../vocabulary/assets';
import { campaignAssetSchema } from './campaign';
import { schema } from './build-schema';

/** What each kind of campaign asset (SPEC §3) may be, by extension and declared MIME type. */
export const CAMPAIGN_ASSET_ACCEPT = {
  audio: {
    extensions: ['mp3', 'wav', 'ogg'],
    mimeTypes: ['audio/mpeg', 'audio/wav', 'audio/x-wav', 'audio/wave', 'audio/ogg'],
  },
  font: {
    extensions: ['ttf', 'otf', 'woff', 'woff2'],
    mimeTypes: ['font/ttf', 'font/otf', 'font/woff', 'font/woff2', 'application/font-woff'],
  },
  gif: { extensions: ['gif'], mimeTypes: ['image/gif'] },
  icon: { extensions: ['ico'], mimeTypes: ['image/x-icon', 'image/vnd.microsoft.icon'] },
  image: { extensions: ['jpg', 'jpeg', 'png', 'webp'], mimeTypes: ['image/jpeg', 'image/png', 'image/webp'] },
  pdf: { extensions: ['pdf'], mimeTypes: ['application/pdf'] },
  svg: { extensions: ['svg'], mimeTypes: ['image/svg+xml'] },
  video: { extensions: ['mp4', 'mov'], mimeTypes: ['video/mp4', 'video/quicktime'] },
} as const satisfies Record<AssetFileType, { extensions: readonly string[]; mimeTypes: readonly string[] }>;

const ASSET_TYPES = Object.keys(CAMPAIGN_ASSET_ACCEPT) as AssetFileType[];

/** The asset kind a file is by its name, when its declared type (if any) agrees; null otherwise. */
export function campaignAssetTypeOf(file: { name: string; type?: string }): AssetFileType | null {
  const extension = fileExtension(file.name);
  const declared = (file.type ?? '').toLowerCase().split(';')[0]?.trim() ?? '';
  const kind = ASSET_TYPES.find((candidate) =>
    (CAMPAIGN_ASSET_ACCEPT[candidate].extensions as readonly string[]).includes(extension),
  );
  if (!kind) return null;
  if (declared !== '' && !(CAMPAIGN_ASSET_ACCEPT[kind].mimeTypes as readonly string[]).includes(declared)) {
    return null;
  }
  return kind;
}

/** The `accept` attribute of the campaign editor's file field. */
export const CAMPAIGN_ASSET_ACCEPT_ATTRIBUTE = ASSET_TYPES.flatMap((kind) => [
  ...CAMPAIGN_ASSET_ACCEPT[kind].extensions.map((extension) => `.${extension}`),
  ...CAMPAIGN_ASSET_ACCEPT[kind].mimeTypes,
]).join(',');

export const CAMPAIGN_ASSET_NAME_MAX_LENGTH = 200;

// Not in the spec: what the asset screens say beyond the upload widget's messages (SPEC §5).
export const CAMPAIGN_ASSET_MESSAGES = {
  contentMismatch: 'This file’s content does not match its type. Please upload the original file.',
  threatsFound: 'A virus scan found a threat in this file, so it was removed.',
  scanFailed: 'This file could not be scanned. Please upload it again.',
  notScanned: 'Not scanned: no virus scanner is configured on this server.',
  notUploaded: 'This file has not been uploaded yet.',
  notReady: 'This file is not ready yet.',
} as const;

/** Asks for a signed URL to upload one campaign asset to, before any byte is sent. */
export const campaignAssetUploadBodySchema = schema(() =>
  z
    .object({
      fileName: z.string({ error: FILE_UPLOAD_MESSAGES.missing }).check(
        z.trim(),
        z.minLength(1, { error: FILE_UPLOAD_MESSAGES.missing }),
        z.maxLength(CAMPAIGN_ASSET_NAME_MAX_LENGTH, {
          error: maxLengthMessage(CAMPAIGN_ASSET_NAME_MAX_LENGTH),
        }),
      ),
      contentType: z.string({ error: REQUIRED_MESSAGE }).check(z.maxLength(100)),
      size: z
        .number({ error: FILE_UPLOAD_MESSAGES.missing })
        .check(
          z.refine(Number.isInteger, { error: FILE_UPLOAD_MESSAGES.missing, abort: true }),
          z.minimum(1, { error: FILE_UPLOAD_MESSAGES.missing }),
          z.maximum(UPLOAD_MAX_BYTES, { error: FILE_UPLOAD_MESSAGES.tooLarge }),
        ),
    })
    .check(
      z.superRefine((file, ctx) => {
        if (file.fileName === '') return;
        if (campaignAssetTypeOf({ name: file.fileName, type: file.contentType }) === null) {
          ctx.addIssue({
            code: 'custom',
            message: FILE_UPLOAD_MESSAGES.typeNotAllowed,
            path: ['fileName'],
            input: file,
          });
        }
      }),
    ),
);
export type CampaignAssetUploadBody = z.infer<typeof campaignAssetUploadBodySchema>;

export const campaignAssetUploadResponseSchema = schema(() =>
  z.object({
    asset: campaignAssetSchema,
    /** PUT the file's bytes here, with its content type (and, on S3, exactly its declared length). */
    url: z.string(),
    key: z.string(),
    expiresAt: z.string(),
  }),
);
export type CampaignAssetUploadResponse = z.infer<typeof campaignAssetUploadResponseSchema>;

export const campaignAssetParamsSchema = schema(() =>
  z.object({ id: z.string().check(z.maxLength(100)), assetId: z.string().check(z.maxLength(100)) }),
);
