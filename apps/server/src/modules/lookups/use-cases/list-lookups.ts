import { sortByName, type LookupKind, type LookupListQuery, type LookupListResponse } from '@platform/shared';
import type { LookupsContext } from '../lookups.context';
import { lookupsRepository as repository } from '../lookups.repository';
import { toLookup } from '../lookup-records';

/** A page of one kind's lookups, sorted by name (SPEC §9), searched by name. */
export async function listLookups(
  { db }: LookupsContext,
  kind: LookupKind,
  query: LookupListQuery,
): Promise<LookupListResponse> {
  const search = query.search?.trim();
  // Sorted here rather than in SQL: the shared collation orders numbers by value ('Top 9' before
  // 'Top 10'), which PostgreSQL does only with an ICU collation that PGlite lacks. Only ids and
  // names are read for the sort; whole rows only for the page.
  const matches = sortByName(
    await repository.matchingNames(db, {
      kind,
      parentId: kind === 'answer' ? query.questionId : undefined,
      search: search ? search : undefined,
      includeArchived: query.includeArchived === 'true',
    }),
  );
  const start = (query.page - 1) * query.pageSize;
  const pageIds = matches.slice(start, start + query.pageSize).map((match) => match.id);
  const rows = new Map((await repository.byIds(db, pageIds)).map((row) => [row.id, row]));
  return {
    items: pageIds.flatMap((id) => {
      const row = rows.get(id);
      return row ? [toLookup(row)] : [];
    }),
    total: matches.length,
    page: query.page,
    pageSize: query.pageSize,
  };
}
