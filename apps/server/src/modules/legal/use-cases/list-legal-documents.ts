import {
  EVERY_TERRITORY,
  type LegalDocumentListQuery,
  type LegalDocumentListResponse,
} from '@platform/shared';
import type { LegalContext } from '../legal.context';
import { legalRepository as repository } from '../legal.repository';
import { asListed, territoryNames } from '../legal-documents';
import { placeholdersInUse } from './documents-in-force';

/** GET /server-api/marketing/legal-documents: every version published, newest first, by territory and type. */
export async function listLegalDocuments(
  context: LegalContext,
  query: LegalDocumentListQuery,
): Promise<LegalDocumentListResponse> {
  const { db } = context;
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
  const names = await territoryNames(context);
  return {
    items: rows.map((row) => asListed(row, names, current.has(row.document.id))),
    total,
    page: query.page,
    pageSize: query.pageSize,
    placeholdersInUse: await placeholdersInUse(context),
  };
}
