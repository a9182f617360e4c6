import {
  LEGAL_LINK_TYPES,
  territoryCoverage,
  type CurrentLegalDocument,
  type LegalDocument,
} from '@platform/shared';
import type { LegalContext } from './legal.context';
import { legalRepository as repository, type LegalDocumentRow } from './legal.repository';

export const asCurrent = (row: LegalDocumentRow): CurrentLegalDocument => ({
  id: row.id,
  type: row.type,
  version: row.version,
  publishedAt: row.publishedAt.toISOString(),
  placeholder: row.placeholder,
});

/** The text as it is stored and served: HTML as written, anything else with its line breaks kept. */
export const contentTypeOf = (content: string) =>
  /<\/?[a-z][^>]*>/i.test(content) ? 'text/html; charset=utf-8' : 'text/plain; charset=utf-8';

type ListedRow = { document: LegalDocumentRow; publishedBy: string | null };

export const asListed = (
  { document, publishedBy }: ListedRow,
  territoryNames: ReadonlyMap<string, string>,
  current: boolean,
): LegalDocument => ({
  id: document.id,
  territory: document.territoryId
    ? { id: document.territoryId, name: territoryNames.get(document.territoryId) ?? 'Archived territory' }
    : null,
  type: document.type,
  version: document.version,
  publishedAt: document.publishedAt.toISOString(),
  publishedBy,
  placeholder: document.placeholder,
  current,
  size: document.size,
});

/** The territory a country belongs to: the one naming it, else a global one covering it. */
export async function territoryOf(
  { territoriesService }: LegalContext,
  country: string,
): Promise<{ id: string; name: string } | null> {
  const candidates = await territoriesService.activeForCreators();
  let best: { id: string; name: string } | null = null;
  let bestCoverage = 0;
  for (const territory of candidates) {
    const coverage = territoryCoverage(territory.countryCodeISO2, country);
    if (coverage > bestCoverage) {
      best = { id: territory.id, name: territory.name };
      bestCoverage = coverage;
    }
  }
  return best;
}

export const territoryNames = async ({ territoriesService }: LegalContext) =>
  new Map((await territoriesService.activeForCreators()).map((territory) => [territory.id, territory.name]));

/** Of each type, the territory's own current version, else the one published for every territory. */
export async function currentDocuments(
  { db }: LegalContext,
  territoryId: string | null,
): Promise<LegalDocumentRow[]> {
  const own = territoryId ? await repository.currentOf(db, territoryId) : [];
  const everywhere = await repository.currentOf(db, null);
  return LEGAL_LINK_TYPES.flatMap((type) => {
    const document = own.find((row) => row.type === type) ?? everywhere.find((row) => row.type === type);
    return document ? [document] : [];
  });
}
