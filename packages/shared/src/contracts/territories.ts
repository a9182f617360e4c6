// zod/mini: the territories screen's form loads these schemas, and every page downloads the zod code that
// any page uses, so the full zod would push the sign-in page past its budget (DESIGN §3, ADR 009).
import { z } from 'zod/mini';
import { isValidUrl, requiredString } from '../rules/common-mini';
import { URL_MAX_LENGTH } from '../rules/constants';
import { maxLengthMessage, URL_MESSAGE } from '../rules/messages';
import {
  COUNTRIES,
  countryName,
  isCountryCode,
  SPECIAL_COUNTRY_CODES,
  type SpecialCountryCode,
} from '../vocabulary/countries';
import { LEGAL_LINK_TYPES } from '../vocabulary/legal';
import { schema } from './build-schema';
import { isUuid, pagedResponseSchema, pageQueryFields } from './lists';

export const TERRITORY_NAME_MAX_LENGTH = 100;
export const TERRITORY_MAX_MANAGERS = 500;

// Not in the spec: the territories screen's own messages.
export const TERRITORY_MESSAGES = {
  duplicateName: 'A territory with this name already exists',
  archived: 'This territory is archived and can no longer be changed.',
  alreadyArchived: 'This territory is already archived.',
  countriesRequired: 'Choose at least one country',
  countryUnknown: 'Choose countries from the list',
  countryRepeated: 'Each country can be chosen only once',
  tooManyCountries: `Choose at most ${COUNTRIES.length} countries`,
  // A global entry already covers (nearly) every country, so listing others beside it says nothing more.
  globalAlone: 'A global entry covers every country: choose it on its own, without other countries',
  linkScheme: 'The link must start with https:// or http://',
  managerNotAllowed: 'Only active Territory Managers and Admins can manage a territory',
  managerUnknown: 'Choose managers from the list',
  tooManyManagers: `A territory can have at most ${TERRITORY_MAX_MANAGERS} managers`,
  activeOnly: 'Send active: YES to list the active territories',
  // Which countries a territory covers decides whose details its managers read, so a manager's own grant
  // may not change it.
  countriesAdminOnly: 'Only an Admin can change which countries a territory covers',
} as const;

/**
 * A country (or a global entry) already in another live territory: each belongs to at most one, so that a
 * creator has one territory and one set of managers.
 */
export function countryHeldMessage(code: string, territoryName: string): string {
  const named = SPECIAL_COUNTRY_CODES.includes(code as SpecialCountryCode)
    ? 'A global entry'
    : (countryName(code) ?? code);
  return `${named} is already in the territory “${territoryName}”`;
}

const specialCodes = new Set<string>(SPECIAL_COUNTRY_CODES);

/** The first problem with a territory's country list, or null: one message is enough to fix it. */
export function countriesProblem(codes: readonly string[]): string | null {
  if (codes.length === 0) return TERRITORY_MESSAGES.countriesRequired;
  if (!codes.every(isCountryCode)) return TERRITORY_MESSAGES.countryUnknown;
  if (new Set(codes).size !== codes.length) return TERRITORY_MESSAGES.countryRepeated;
  if (codes.length > 1 && codes.some((code) => specialCodes.has(code))) return TERRITORY_MESSAGES.globalAlone;
  return null;
}

/** ISO2 codes, or one of GLOBAL, GLOBAL_EX_UK, GLOBAL_EX_US on its own (SPEC §3). */
export const territoryCountriesSchema = schema(() =>
  z
    .array(z.string({ error: TERRITORY_MESSAGES.countryUnknown }).check(z.maxLength(20)), {
      error: TERRITORY_MESSAGES.countriesRequired,
    })
    .check(
      z.maxLength(COUNTRIES.length, { error: TERRITORY_MESSAGES.tooManyCountries, abort: true }),
      z.superRefine((codes, ctx) => {
        const problem = countriesProblem(codes);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    ),
);

/**
 * A legal document's address: http or https, at most 255 characters (SPEC §9). Empty means the territory
 * has no document of that type, so a form can send every type's field as it stands.
 */
export const legalLinkUrlSchema = schema(() =>
  z.string({ error: URL_MESSAGE }).check(
    z.trim(),
    z.maxLength(URL_MAX_LENGTH, { error: maxLengthMessage(URL_MAX_LENGTH), abort: true }),
    z.refine((url) => url === '' || isValidUrl(url), { error: URL_MESSAGE, abort: true }),
    z.refine((url) => url === '' || /^https?:\/\//i.test(url), { error: TERRITORY_MESSAGES.linkScheme }),
  ),
);

/**
 * One address per legal link type, keyed by type, so a type can never appear twice. Answers list them as
 * `[{ type, url }]`, as the creator app reads them.
 */
export const territoryLinksInputSchema = schema(() =>
  z.object({
    CCPA: z.optional(legalLinkUrlSchema),
    INFLUENCER_GUIDELINES: z.optional(legalLinkUrlSchema),
    PRIVACY: z.optional(legalLinkUrlSchema),
    TERMS: z.optional(legalLinkUrlSchema),
  }),
);
export type TerritoryLinksInput = z.infer<typeof territoryLinksInputSchema>;

export const territoryNameSchema = schema(() =>
  requiredString().check(
    z.maxLength(TERRITORY_NAME_MAX_LENGTH, { error: maxLengthMessage(TERRITORY_NAME_MAX_LENGTH) }),
  ),
);

export const territoryBodySchema = schema(() =>
  z.object({
    name: territoryNameSchema,
    countries: territoryCountriesSchema,
    /** Types left out, or sent empty, have no document. */
    links: z.optional(territoryLinksInputSchema),
  }),
);
export type TerritoryBody = z.infer<typeof territoryBodySchema>;

/** Only the fields sent change; `links`, when sent, is the territory's whole set of documents. */
export const territoryUpdateBodySchema = schema(() => z.partial(territoryBodySchema));
export type TerritoryUpdateBody = z.infer<typeof territoryUpdateBodySchema>;

export const territoryManagersBodySchema = schema(() =>
  z.object({
    accountIds: z
      .array(
        z
          .string({ error: TERRITORY_MESSAGES.managerUnknown })
          .check(z.maxLength(100, { error: TERRITORY_MESSAGES.managerUnknown })),
        { error: TERRITORY_MESSAGES.managerUnknown },
      )
      .check(
        z.maxLength(TERRITORY_MAX_MANAGERS, { error: TERRITORY_MESSAGES.tooManyManagers, abort: true }),
        z.refine((ids) => ids.every(isUuid), { error: TERRITORY_MESSAGES.managerUnknown }),
      ),
  }),
);
export type TerritoryManagersBody = z.infer<typeof territoryManagersBodySchema>;

export const territoryListQuerySchema = schema(() =>
  z.object({
    ...pageQueryFields,
    includeArchived: z.optional(
      z.enum(['true', 'false'], { error: 'includeArchived must be true or false.' }),
    ),
  }),
);
export type TerritoryListQuery = z.infer<typeof territoryListQuerySchema>;

export const territoryLinkSchema = schema(() =>
  z.object({ type: z.enum(LEGAL_LINK_TYPES), url: z.string() }),
);
export type TerritoryLink = z.infer<typeof territoryLinkSchema>;

/** A manager as the territory shows them: `name` is the display name, or the email without one. */
export const territoryManagerSchema = schema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    /** False for a disabled account or one whose role no longer manages territories. */
    active: z.boolean(),
  }),
);
export type TerritoryManager = z.infer<typeof territoryManagerSchema>;

export const territorySchema = schema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    countries: z.array(z.string()),
    active: z.boolean(),
    /** In the order of LEGAL_LINK_TYPES. */
    links: z.array(territoryLinkSchema),
    managers: z.array(territoryManagerSchema),
  }),
);
export type Territory = z.infer<typeof territorySchema>;

export const territoryListResponseSchema = schema(() => pagedResponseSchema(territorySchema));
export type TerritoryListResponse = z.infer<typeof territoryListResponseSchema>;

/** The creator app's `PATCH /server-api/territory` (SPEC §7): `{ active: 'YES' }`. */
export const creatorTerritoriesBodySchema = schema(() =>
  z.object({ active: z.literal('YES', { error: TERRITORY_MESSAGES.activeOnly }) }),
);
export type CreatorTerritoriesBody = z.infer<typeof creatorTerritoriesBodySchema>;

/** A territory as the creator app's lookup data holds it (SPEC §3). */
export const creatorTerritorySchema = schema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    countryCodeISO2: z.array(z.string()),
    links: z.array(territoryLinkSchema),
  }),
);
export type CreatorTerritory = z.infer<typeof creatorTerritorySchema>;

export const creatorTerritoriesResponseSchema = schema(() => z.array(creatorTerritorySchema));

/**
 * How closely a territory's countries cover `country` (ISO2): 2 when it names the country, 1 when a global
 * entry covers it (GLOBAL_EX_UK leaves out the United Kingdom, GLOBAL_EX_US the United States), 0 when it
 * does not cover it. A country belongs to the territory that covers it most closely.
 */
export function territoryCoverage(codes: readonly string[], country: string): 0 | 1 | 2 {
  if (codes.includes(country)) return 2;
  if (codes.includes('GLOBAL')) return 1;
  if (codes.includes('GLOBAL_EX_UK') && country !== 'GB') return 1;
  if (codes.includes('GLOBAL_EX_US') && country !== 'US') return 1;
  return 0;
}

/**
 * The countries a set of territories covers together, in a form a query can use: every country, every
 * country but one, or a list. A global entry leaving one country out still covers it when another
 * territory names it or leaves out a different one.
 */
export type CountryCoverage =
  { kind: 'all' } | { kind: 'allBut'; country: string } | { kind: 'only'; countries: string[] };

const GLOBAL_EXCLUSIONS: Readonly<Record<string, string>> = { GLOBAL_EX_UK: 'GB', GLOBAL_EX_US: 'US' };

export function countryCoverage(territoryCodes: readonly (readonly string[])[]): CountryCoverage {
  const codes = territoryCodes.flat();
  if (codes.includes('GLOBAL')) return { kind: 'all' };
  const named = codes.filter((code) => code.length === 2);
  const leftOut = [...new Set(codes.flatMap((code) => GLOBAL_EXCLUSIONS[code] ?? []))];
  if (leftOut.length > 1) return { kind: 'all' };
  const [only] = leftOut;
  if (only !== undefined) return named.includes(only) ? { kind: 'all' } : { kind: 'allBut', country: only };
  return { kind: 'only', countries: [...new Set(named)].sort() };
}
