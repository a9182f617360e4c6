import {
  DEFAULT_LEGAL_COUNTRY,
  isUuid,
  normalizeCountryCode,
  type CurrentLegalDocument,
  type CurrentLegalDocumentsResponse,
  type LegalLinkType,
} from '@platform/shared';
import type { LegalContext } from '../legal.context';
import { legalRepository as repository } from '../legal.repository';
import { asCurrent, currentDocuments, territoryOf } from '../legal-documents';

/** Whether a shipped placeholder is still in force where a territory has no document of its own. */
export async function placeholdersInUse(context: LegalContext): Promise<boolean> {
  return (await currentDocuments(context, null)).some((document) => document.placeholder);
}

/** The documents that apply to a country (SPEC §9: the United Kingdom's by default). */
export async function currentForCountry(
  context: LegalContext,
  requested: string = DEFAULT_LEGAL_COUNTRY,
): Promise<CurrentLegalDocumentsResponse> {
  // 'UK' is what people write for the United Kingdom; the territories name it GB.
  const country = normalizeCountryCode(requested);
  const territory = await territoryOf(context, country);
  const documents = await currentDocuments(context, territory?.id ?? null);
  return { country, territory, documents: documents.map(asCurrent) };
}

/** The current terms for a creator in `country` (or the default country when they have given none). */
export async function currentTerms(
  context: LegalContext,
  country: string | null,
): Promise<CurrentLegalDocument | null> {
  const { documents } = await currentForCountry(context, country ?? DEFAULT_LEGAL_COUNTRY);
  return documents.find((document) => document.type === 'TERMS') ?? null;
}

/** A published document's version, or null for an id that names none. */
export async function findDocument(
  { db }: LegalContext,
  id: string,
): Promise<{ id: string; type: LegalLinkType; version: string } | null> {
  if (!isUuid(id)) return null;
  const row = await repository.byId(db, id);
  return row ? { id: row.id, type: row.type, version: row.version } : null;
}

/**
 * The terms a sign-up's `tncVersion` names: a published TERMS document by its id, whichever version the
 * creator was shown, or the version string of the terms in force at sign-up, those the legal-documents
 * call shows without a country (SPEC §3 calls it a version). A version string is unique only within one
 * territory's documents, so it names nothing else for certain: an older one is refused, as is anything
 * that names no terms.
 */
export async function signUpTermsId(context: LegalContext, tncVersion: string): Promise<string | null> {
  const named = await findDocument(context, tncVersion);
  if (named) return named.type === 'TERMS' ? named.id : null;
  const inForce = await currentTerms(context, null);
  // Versions are told apart regardless of case, as the index that keeps them unique does.
  return inForce && inForce.version.toLowerCase() === tncVersion.toLowerCase() ? inForce.id : null;
}
