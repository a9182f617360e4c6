// zod/mini: the creator's footer and the console's legal documents screen load these schemas (DESIGN §3,
// ADR 009).
import { z } from 'zod/mini';
import { DEFAULT_LEGAL_COUNTRY } from '../rules/constants';
import { hasControlCharacters, hasUnpairedSurrogates } from '../rules/control-characters';
import { maxLengthMessage, REQUIRED_MESSAGE, UNPAIRED_SURROGATES_MESSAGE } from '../rules/messages';
import { LEGAL_LINK_TYPES } from '../vocabulary/legal';
import { schema } from './build-schema';
import { isUuid, pageQueryFields, type Paged } from './lists';

export const LEGAL_VERSION_MAX_LENGTH = 40;
/** A legal document is text: a few hundred kilobytes is far more than any terms run to. */
export const LEGAL_DOCUMENT_MAX_BYTES = 512 * 1024;
/** File types an Admin can upload a legal document as: its text, with links and line breaks (SPEC §5). */
export const LEGAL_DOCUMENT_FILE_TYPES = ['text/html', 'text/plain', 'text/markdown'] as const;

// Not in the spec: the legal documents screen's own messages.
export const LEGAL_MESSAGES = {
  versionTaken: 'This version has already been published for this territory. Give the new one another name.',
  territoryUnknown: 'Choose a territory from the list, or publish for every territory.',
  contentRequired: 'Add the document’s text.',
  contentTooLong: `The document is too long: at most ${LEGAL_DOCUMENT_MAX_BYTES / 1024} KB of text.`,
  versionOnOneLine: 'Write the version on one line.',
  placeholdersInUse:
    'Creators are still shown the placeholder Terms and Conditions or Privacy Policy that came with the platform. Publish your own.',
} as const;

/** The size of `text` in UTF-8, as it is stored: an accented letter takes two bytes, an emoji four. */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (const character of text) {
    const codePoint = character.codePointAt(0) ?? 0;
    bytes += codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/** Where a territory has no document of a type, the one published for every territory applies. */
export const EVERY_TERRITORY = 'every';

/** GET /server-api/legal-documents?country=: the documents that apply to a country (the default is the UK's). */
export const legalDocumentsQuerySchema = schema(() =>
  z.object({
    country: z._default(
      z
        .string()
        .check(
          z.trim(),
          z.toUpperCase(),
          z.regex(/^[A-Z]{2}$/, { error: 'Send a two-letter country code.' }),
        ),
      DEFAULT_LEGAL_COUNTRY,
    ),
  }),
);

export const currentLegalDocumentSchema = schema(() =>
  z.object({
    id: z.string(),
    type: z.enum(LEGAL_LINK_TYPES),
    version: z.string(),
    publishedAt: z.string(),
    /** Whether this is the text the platform was installed with, not the operator's own. */
    placeholder: z.boolean(),
  }),
);
export type CurrentLegalDocument = z.infer<typeof currentLegalDocumentSchema>;

export const currentLegalDocumentsResponseSchema = schema(() =>
  z.object({
    country: z.string(),
    territory: z.nullable(z.object({ id: z.string(), name: z.string() })),
    documents: z.array(currentLegalDocumentSchema),
  }),
);
export type CurrentLegalDocumentsResponse = z.infer<typeof currentLegalDocumentsResponseSchema>;

/** GET /server-api/creator/terms-and-conditions/{id}: where to read the document, for a short while. */
export const presignedUrlResponseSchema = schema(() =>
  z.object({ presignedUrl: z.string(), expiresAt: z.string() }),
);
export type PresignedUrlResponse = z.infer<typeof presignedUrlResponseSchema>;

/** POST /server-api/marketing/legal-documents: publishes a new version, which becomes the current one. */
export const publishLegalDocumentBodySchema = schema(() =>
  z.object({
    territoryId: z
      .string({ error: LEGAL_MESSAGES.territoryUnknown })
      .check(
        z.refine((id) => id === EVERY_TERRITORY || isUuid(id), { error: LEGAL_MESSAGES.territoryUnknown }),
      ),
    type: z.enum(LEGAL_LINK_TYPES, { error: REQUIRED_MESSAGE }),
    version: z.string({ error: REQUIRED_MESSAGE }).check(
      z.trim(),
      z.minLength(1, { error: REQUIRED_MESSAGE, abort: true }),
      z.maxLength(LEGAL_VERSION_MAX_LENGTH, {
        error: maxLengthMessage(LEGAL_VERSION_MAX_LENGTH),
        abort: true,
      }),
      z.refine((version) => !/[\r\n\t]/.test(version) && !hasControlCharacters(version), {
        error: LEGAL_MESSAGES.versionOnOneLine,
      }),
      z.refine((value) => !hasUnpairedSurrogates(value), { error: UNPAIRED_SURROGATES_MESSAGE }),
    ),
    content: z.string({ error: LEGAL_MESSAGES.contentRequired }).check(
      z.refine((content) => content.trim() !== '', { error: LEGAL_MESSAGES.contentRequired, abort: true }),
      z.maxLength(LEGAL_DOCUMENT_MAX_BYTES, { error: LEGAL_MESSAGES.contentTooLong, abort: true }),
      z.refine((content) => utf8ByteLength(content) <= LEGAL_DOCUMENT_MAX_BYTES, {
        error: LEGAL_MESSAGES.contentTooLong,
      }),
    ),
  }),
);
export type PublishLegalDocumentBody = z.infer<typeof publishLegalDocumentBodySchema>;

export const legalDocumentListQuerySchema = schema(() =>
  z.object({
    ...pageQueryFields,
    territoryId: z.optional(
      z
        .string()
        .check(
          z.refine((id) => id === EVERY_TERRITORY || isUuid(id), { error: LEGAL_MESSAGES.territoryUnknown }),
        ),
    ),
    type: z.optional(z.enum(LEGAL_LINK_TYPES)),
  }),
);
export type LegalDocumentListQuery = z.infer<typeof legalDocumentListQuerySchema>;

/** A version as the console lists it. */
export const legalDocumentSchema = schema(() =>
  z.object({
    id: z.string(),
    territory: z.nullable(z.object({ id: z.string(), name: z.string() })),
    type: z.enum(LEGAL_LINK_TYPES),
    version: z.string(),
    publishedAt: z.string(),
    publishedBy: z.nullable(z.string()),
    placeholder: z.boolean(),
    /** The newest version of its type for its territory: the one creators are shown. */
    current: z.boolean(),
    size: z.number(),
  }),
);
export type LegalDocument = z.infer<typeof legalDocumentSchema>;

export const legalDocumentListResponseSchema = schema(() =>
  z.object({
    items: z.array(legalDocumentSchema),
    total: z.number(),
    page: z.number(),
    pageSize: z.number(),
    /** Creators are still shown a placeholder that came with the platform. */
    placeholdersInUse: z.boolean(),
  }),
);
export type LegalDocumentListResponse = Paged<LegalDocument> & { placeholdersInUse: boolean };
