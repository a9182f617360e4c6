import type { CreatorConsoleListQuery, CreatorConsoleListResponse } from '@platform/shared';
import type { StaffCaller } from '../../../principal';
import { coverageOf, handlesBy, territoryCoverage, toItem } from '../creator-views';
import type { CreatorsConsoleContext } from '../creators-console.context';
import { creatorsConsoleRepository as repository } from '../creators-console.repository';

/** GET /server-api/marketing/creators. */
export async function listCreators(
  context: CreatorsConsoleContext,
  caller: StaffCaller,
  query: CreatorConsoleListQuery,
): Promise<CreatorConsoleListResponse> {
  const { rows, total } = await repository.list(
    context.db,
    query,
    await coverageOf(context, caller),
    query.territoryId ? await territoryCoverage(context, query.territoryId) : undefined,
  );
  const handles = await handlesBy(
    context,
    rows.map((row) => row.id),
  );
  return {
    items: rows.map((row) => toItem(row, handles.get(row.id) ?? [])),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}
