// zod/mini, and nothing imported from modules that build full-zod schemas when they load (rules/common):
// the console's lookups page loads these schemas, and every page downloads the zod code that any page
// uses, so the full zod here would push the sign-in page past its budget (DESIGN §3, ADR 009).
import { z } from 'zod/mini';
import { requiredString } from '../rules/common-mini';
import { hasControlCharacters } from '../rules/control-characters';
import { maxLengthMessage } from '../rules/messages';
import { schema } from './build-schema';
import { isUuid, pageQueryFields, type Paged } from './lists';

/** The lists staff manage and creators choose from (SPEC §3 lookup data). */
export const LOOKUP_KINDS = [
  'genre',
  'agency',
  'audience-bible',
  'vertical-content',
  'question',
  'answer',
  'audience-cluster',
  'artist',
] as const;
export type LookupKind = (typeof LOOKUP_KINDS)[number];

/** The console's path segment for each kind: `/server-api/marketing/lookups/{slug}`. */
export const LOOKUP_KIND_SLUGS: Readonly<Record<LookupKind, string>> = {
  genre: 'genres',
  agency: 'agencies',
  'audience-bible': 'audience-bibles',
  'vertical-content': 'vertical-contents',
  question: 'questions',
  answer: 'answers',
  'audience-cluster': 'audience-clusters',
  artist: 'artists',
};

/** The creator's path segment for each kind, exactly as SPEC §7 spells them: `/server-api/creator/lookup/{segment}`. */
export const CREATOR_LOOKUP_SEGMENTS: Readonly<Record<LookupKind, string>> = {
  genre: 'genre',
  agency: 'agency',
  'audience-bible': 'audience-bible',
  'vertical-content': 'vertical-content',
  question: 'questions',
  answer: 'answers',
  'audience-cluster': 'audience-cluster',
  // Not in SPEC §7's list: the artists a creator picks at ARTIST_SELECTION come from the same catalogue.
  artist: 'artist',
};

/** The kind a console path segment names, or null for one that names none. */
export function lookupKindOfSlug(slug: string): LookupKind | null {
  return LOOKUP_KINDS.find((kind) => LOOKUP_KIND_SLUGS[kind] === slug) ?? null;
}

/** How screens and messages name each kind. */
export const LOOKUP_KIND_NAMES: Readonly<Record<LookupKind, { singular: string; plural: string }>> = {
  genre: { singular: 'genre', plural: 'Genres' },
  agency: { singular: 'agency', plural: 'Agencies' },
  'audience-bible': { singular: 'audience bible', plural: 'Audience bibles' },
  'vertical-content': { singular: 'vertical content', plural: 'Vertical contents' },
  question: { singular: 'fun question', plural: 'Fun questions' },
  answer: { singular: 'answer', plural: 'Answers' },
  'audience-cluster': { singular: 'audience cluster', plural: 'Audience clusters' },
  artist: { singular: 'artist', plural: 'Artists' },
};

export const LOOKUP_NAME_MAX_LENGTH = 100;
export const LOOKUP_LABEL_MAX_LENGTH = 50;
export const LOOKUP_INFO_CONTENT_MAX_LENGTH = 500;

const withArticle = (noun: string) => `${/^[aeiou]/i.test(noun) ? 'An' : 'A'} ${noun}`;

export const LOOKUP_MESSAGES = {
  duplicateName: (kind: LookupKind) =>
    kind === 'answer'
      ? 'This question already has an answer with this name.'
      : `${withArticle(LOOKUP_KIND_NAMES[kind].singular)} with this name already exists.`,
  questionRequired: 'Choose the question this answer belongs to.',
  questionUnknown: 'This question no longer exists. Please choose another.',
  questionOnlyForAnswers: 'Only answers belong to a question.',
  notText: 'This must be text.',
  nameOnOneLine: 'Write the name on one line.',
  editArchived: 'This entry is archived. Restore it before editing it.',
  restoreQuestionFirst: 'The question of this answer is archived. Restore the question first.',
  includeArchived: 'includeArchived must be true or false.',
} as const;

const nameSchema = schema(() =>
  requiredString().check(
    z.maxLength(LOOKUP_NAME_MAX_LENGTH, { error: maxLengthMessage(LOOKUP_NAME_MAX_LENGTH), abort: true }),
    // Catalogue names carry punctuation (Hip-hop, R&B, "What's your go-to song?"): the spec's plain-text
    // rule for creators' own fields would refuse them. A name is one line of text.
    z.refine((name) => !/[\t\n\r]/.test(name) && !hasControlCharacters(name), {
      error: LOOKUP_MESSAGES.nameOnOneLine,
    }),
  ),
);

const optionalText = (max: number) =>
  z.optional(
    z
      .string({ error: LOOKUP_MESSAGES.notText })
      .check(z.trim(), z.maxLength(max, { error: maxLengthMessage(max) })),
  );

const questionIdSchema = schema(() =>
  z
    .string({ error: LOOKUP_MESSAGES.questionRequired })
    .check(
      z.minLength(1, { error: LOOKUP_MESSAGES.questionRequired, abort: true }),
      z.refine(isUuid, { error: LOOKUP_MESSAGES.questionUnknown }),
    ),
);

const lookupFieldsShape = schema(() => ({
  name: nameSchema,
  label: optionalText(LOOKUP_LABEL_MAX_LENGTH),
  infoContent: optionalText(LOOKUP_INFO_CONTENT_MAX_LENGTH),
}));

/** The fields a person fills in for any kind; an empty label or info content means none. */
export const lookupFieldsSchema = schema(() => z.object(lookupFieldsShape));
export type LookupFields = z.input<typeof lookupFieldsSchema>;

/** POST /server-api/marketing/lookups/{kind}: an answer also names its question. */
export const createLookupBodySchema = schema(() =>
  z.object({
    ...lookupFieldsShape,
    questionId: z.optional(questionIdSchema),
  }),
);
export type CreateLookupBody = z.infer<typeof createLookupBodySchema>;

/** PATCH /server-api/marketing/lookups/{kind}/{id}: only the fields sent change; an empty text clears one. */
export const updateLookupBodySchema = schema(() =>
  z.object({
    name: z.optional(nameSchema),
    label: optionalText(LOOKUP_LABEL_MAX_LENGTH),
    infoContent: optionalText(LOOKUP_INFO_CONTENT_MAX_LENGTH),
  }),
);
export type UpdateLookupBody = z.infer<typeof updateLookupBodySchema>;

/** `{kind}` of a console path: anything but a known slug answers 404, as an unknown path would. */
const kindParam = schema(() => z.string().check(z.describe(Object.values(LOOKUP_KIND_SLUGS).join(', '))));
export const lookupKindParamsSchema = schema(() => z.object({ kind: kindParam }));
export const lookupParamsSchema = schema(() => z.object({ kind: kindParam, id: z.string() }));

export const lookupListQuerySchema = schema(() =>
  z.object({
    ...pageQueryFields,
    questionId: z.optional(
      z
        .string()
        .check(
          z.refine(isUuid, { error: LOOKUP_MESSAGES.questionUnknown }),
          z.describe('Answers: only those of this question'),
        ),
    ),
    includeArchived: z.optional(
      z
        .enum(['true', 'false'], { error: LOOKUP_MESSAGES.includeArchived })
        .check(z.describe('Lists archived lookups too')),
    ),
  }),
);
export type LookupListQuery = z.output<typeof lookupListQuerySchema>;

/** A lookup as the console sees it. */
export const lookupSchema = schema(() =>
  z.object({
    id: z.string(),
    kind: z.enum(LOOKUP_KINDS),
    name: z.string(),
    label: z.nullable(z.string()),
    infoContent: z.nullable(z.string()),
    /** The question of an answer; null for every other kind. */
    questionId: z.nullable(z.string()),
    archived: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
);
export type Lookup = z.infer<typeof lookupSchema>;

/** A page of lookups, as pagedResponseSchema (contracts/lists.ts) shapes every console list. */
export const lookupListResponseSchema = schema(() =>
  z.object({
    items: z.array(lookupSchema),
    total: z.number(),
    page: z.number(),
    pageSize: z.number(),
  }),
);
export type LookupListResponse = Paged<Lookup>;

/** DELETE answers what happened: a lookup in use is archived, any other is deleted. */
export const LOOKUP_DELETE_OUTCOMES = ['deleted', 'archived'] as const;
export type LookupDeleteOutcome = (typeof LOOKUP_DELETE_OUTCOMES)[number];
export const deleteLookupResponseSchema = schema(() => z.object({ outcome: z.enum(LOOKUP_DELETE_OUTCOMES) }));
export type DeleteLookupResponse = z.infer<typeof deleteLookupResponseSchema>;

/** SPEC §3 dropdown item, as the creator's lookup calls return it. */
const dropdownItemShape = schema(() => ({
  id: z.string(),
  name: z.string(),
  label: z.optional(z.string()),
  infoContent: z.optional(z.string()),
}));
export const dropdownItemSchema = schema(() => z.object(dropdownItemShape));
export const creatorLookupResponseSchema = schema(() => z.array(dropdownItemSchema));

export const answerItemSchema = schema(() => z.object({ ...dropdownItemShape, questionId: z.string() }));
export type AnswerItem = z.infer<typeof answerItemSchema>;
export const creatorAnswersResponseSchema = schema(() => z.array(answerItemSchema));

/** The agency lookup searches on the server (AGENCY_CAPTURE): agencies whose name holds the text. */
export const AGENCY_SEARCH_LIMIT = 50;
export const agencySearchQuerySchema = schema(() =>
  z.object({
    search: z.optional(
      z.string().check(z.maxLength(100, { error: 'Search must be at most 100 characters.' })),
    ),
  }),
);

/** SPEC §3 party item; SPEC §7: the agency lookup's answer reads `data`. */
export const partyItemSchema = schema(() => z.object({ partyId: z.string(), name: z.string() }));
export const creatorAgencyResponseSchema = schema(() => z.object({ data: z.array(partyItemSchema) }));
export type CreatorAgencyResponse = z.infer<typeof creatorAgencyResponseSchema>;
