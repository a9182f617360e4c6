import { randomUUID } from 'node:crypto';
import {
  DEFAULT_LEGAL_COUNTRY,
  ERROR_CODES,
  EVERY_TERRITORY,
  LEGAL_LINK_TYPES,
  LEGAL_MESSAGES,
  isUuid,
  normalizeCountryCode,
  territoryCoverage,
  type CurrentLegalDocument,
  type CurrentLegalDocumentsResponse,
  type LegalDocument,
  type LegalDocumentListQuery,
  type LegalDocumentListResponse,
  type LegalLinkType,
  type PresignedUrlResponse,
  type PublishLegalDocumentBody,
} from '@platform/shared';
import type { FileStorage } from '../../adapters/storage/file-storage';
import type { Clock } from '../../clock';
import type { Database, Executor } from '../../db/client';
import { AppError, errors } from '../../errors';
import type { Actor } from '../../principal';
import type { AuditService } from '../audit/audit.service';
import type { TerritoriesService } from '../territories/territories.service';
import { PLACEHOLDER_TEXTS } from './legal.placeholders';
import { legalRepository as repository, type LegalDocumentRow } from './legal.repository';
import { isUniqueViolation } from '../../db/unique-violation';

export type LegalService = ReturnType<typeof createLegalService>;

/** How long a document's presigned URL works: long enough to open it, short enough not to be passed on. */
const DOCUMENT_URL_SECONDS = 10 * 60;

const versionTaken = () =>
  new AppError(409, ERROR_CODES.conflict, LEGAL_MESSAGES.versionTaken, [
    { field: 'version', message: LEGAL_MESSAGES.versionTaken },
  ]);

const asCurrent = (row: LegalDocumentRow): CurrentLegalDocument => ({
  id: row.id,
  type: row.type,
  version: row.version,
  publishedAt: row.publishedAt.toISOString(),
  placeholder: row.placeholder,
});

/** The text as it is stored and served: HTML as written, anything else with its line breaks kept. */
const contentTypeOf = (content: string) =>
  /<\/?[a-z][^>]*>/i.test(content) ? 'text/html; charset=utf-8' : 'text/plain; charset=utf-8';

type ListedRow = { document: LegalDocumentRow; publishedBy: string | null };

const asListed = (
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

export function createLegalService(dependencies: {
  db: Database;
  clock: Clock;
  storage: FileStorage;
  audit: AuditService;
  territoriesService: TerritoriesService;
}) {
  const { db, clock, storage, audit, territoriesService } = dependencies;

  /** The territory a country belongs to: the one naming it, else a global one covering it. */
  async function territoryOf(country: string): Promise<{ id: string; name: string } | null> {
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

  const territoryNames = async () =>
    new Map(
      (await territoriesService.activeForCreators()).map((territory) => [territory.id, territory.name]),
    );

  /** Of each type, the territory's own current version, else the one published for every territory. */
  async function currentDocuments(territoryId: string | null): Promise<LegalDocumentRow[]> {
    const own = territoryId ? await repository.currentOf(db, territoryId) : [];
    const everywhere = await repository.currentOf(db, null);
    return LEGAL_LINK_TYPES.flatMap((type) => {
      const document = own.find((row) => row.type === type) ?? everywhere.find((row) => row.type === type);
      return document ? [document] : [];
    });
  }

  return {
    /**
     * Writes the shipped placeholder texts into storage where a placeholder record has no file yet (a fresh
     * install, or storage moved), so every record the migration created can be read.
     */
    async ensurePlaceholderFiles(): Promise<void> {
      for (const row of await repository.placeholders(db)) {
        const text = PLACEHOLDER_TEXTS[row.type];
        if (!text) continue;
        // The placeholders are plain text: served as HTML, their line breaks would run together.
        const contentType = contentTypeOf(text);
        const existing = await storage.head(row.storageKey);
        const readable = existing !== null && (await storage.readStart(row.storageKey, 1)) !== null;
        if (readable && existing.contentType === contentType && row.contentType === contentType) continue;
        const stored = await storage.put(row.storageKey, Buffer.from(text), contentType);
        await repository.setStored(db, row.id, stored);
      }
    },

    /** Whether a shipped placeholder is still in force where a territory has no document of its own. */
    async placeholdersInUse(): Promise<boolean> {
      return (await currentDocuments(null)).some((document) => document.placeholder);
    },

    /** The documents that apply to a country (SPEC §9: the United Kingdom's by default). */
    async currentForCountry(
      requested: string = DEFAULT_LEGAL_COUNTRY,
    ): Promise<CurrentLegalDocumentsResponse> {
      // 'UK' is what people write for the United Kingdom; the territories name it GB.
      const country = normalizeCountryCode(requested);
      const territory = await territoryOf(country);
      const documents = await currentDocuments(territory?.id ?? null);
      return { country, territory, documents: documents.map(asCurrent) };
    },

    /** The current terms for a creator in `country` (or the default country when they have given none). */
    async currentTerms(country: string | null): Promise<CurrentLegalDocument | null> {
      const { documents } = await this.currentForCountry(country ?? DEFAULT_LEGAL_COUNTRY);
      return documents.find((document) => document.type === 'TERMS') ?? null;
    },

    /** A published document's version, or null for an id that names none. */
    async findDocument(id: string): Promise<{ id: string; type: LegalLinkType; version: string } | null> {
      if (!isUuid(id)) return null;
      const row = await repository.byId(db, id);
      return row ? { id: row.id, type: row.type, version: row.version } : null;
    },

    /**
     * The terms a sign-up's `tncVersion` names: a published TERMS document by its id, whichever version the
     * creator was shown, or the version string of the terms in force at sign-up, those the legal-documents
     * call shows without a country (SPEC §3 calls it a version). A version string is unique only within one
     * territory's documents, so it names nothing else for certain: an older one is refused, as is anything
     * that names no terms.
     */
    async signUpTermsId(tncVersion: string): Promise<string | null> {
      const named = await this.findDocument(tncVersion);
      if (named) return named.type === 'TERMS' ? named.id : null;
      const inForce = await this.currentTerms(null);
      // Versions are told apart regardless of case, as the index that keeps them unique does.
      return inForce && inForce.version.toLowerCase() === tncVersion.toLowerCase() ? inForce.id : null;
    },

    /** GET /server-api/creator/terms-and-conditions/{id}: a short-lived URL to read the document. */
    async presignedUrl(id: string): Promise<PresignedUrlResponse> {
      const row = isUuid(id) ? await repository.byId(db, id) : undefined;
      if (!row) throw errors.notFound();
      const { url, expiresAt } = await storage.signedUrl({
        method: 'GET',
        key: row.storageKey,
        expiresInSeconds: DOCUMENT_URL_SECONDS,
        downloadName: `${row.type.toLowerCase()}-${row.version}.${row.contentType.startsWith('text/html') ? 'html' : 'txt'}`,
      });
      return { presignedUrl: url, expiresAt: expiresAt.toISOString() };
    },

    async list(query: LegalDocumentListQuery): Promise<LegalDocumentListResponse> {
      const territoryId = query.territoryId === EVERY_TERRITORY ? null : query.territoryId;
      const { rows, total } = await repository.list(db, {
        territoryId,
        type: query.type,
        offset: (query.page - 1) * query.pageSize,
        limit: query.pageSize,
      });
      const current = await repository.currentIds(
        db,
        rows.map((row) => row.document.id),
      );
      const names = await territoryNames();
      return {
        items: rows.map((row) => asListed(row, names, current.has(row.document.id))),
        total,
        page: query.page,
        pageSize: query.pageSize,
        placeholdersInUse: await this.placeholdersInUse(),
      };
    },

    /**
     * Publishes a new version: its text goes to storage first, then the record, so a record never points
     * at a missing file; a record that cannot be written takes its file away again.
     */
    async publish(actor: Actor, body: PublishLegalDocumentBody): Promise<LegalDocument> {
      const territoryId = body.territoryId === EVERY_TERRITORY ? null : body.territoryId;
      const names = await territoryNames();
      if (territoryId) {
        if (!names.has(territoryId)) {
          throw errors.validation([{ field: 'territoryId', message: LEGAL_MESSAGES.territoryUnknown }]);
        }
      }
      const id = randomUUID();
      const storageKey = `legal/${id}`;
      const contentType = contentTypeOf(body.content);
      const stored = await storage.put(storageKey, Buffer.from(body.content), contentType);
      try {
        await db.transaction(async (tx: Executor) => {
          await repository.insert(tx, {
            id,
            territoryId,
            type: body.type,
            version: body.version,
            storageKey,
            contentType,
            size: stored.size,
            placeholder: false,
            publishedAt: clock.now(),
            publishedBy: actor.accountId,
          });
          await audit.record(tx, {
            actor,
            action: 'legal-document.publish',
            target: { type: 'legal-document', id, label: `${body.type} ${body.version}` },
            after: { territoryId, type: body.type, version: body.version, size: stored.size },
          });
        });
      } catch (error) {
        await storage.delete(storageKey);
        if (isUniqueViolation(error)) throw versionTaken();
        throw error;
      }
      const listed = await repository.listedById(db, id);
      if (!listed) throw new Error(`the legal document ${id} was not stored`);
      return asListed(listed, names, true);
    },
  };
}
