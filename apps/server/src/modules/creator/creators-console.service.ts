import {
  countryCoverage,
  handleProfileUrl,
  type CountryCoverage,
  type CreatorConsoleItem,
  type CreatorConsoleListQuery,
  type CreatorConsoleListResponse,
  type CreatorHandleLink,
} from '@platform/shared';
import type { Database } from '../../db/client';
import type { StaffCaller } from '../../principal';
import type { TerritoriesService } from '../territories/territories.service';
import {
  creatorsConsoleRepository as repository,
  type CreatorConsoleRow,
} from './creators-console.repository';

export type CreatorsConsoleService = ReturnType<typeof createCreatorsConsoleService>;

const toItem = (row: CreatorConsoleRow, handles: CreatorHandleLink[]): CreatorConsoleItem => ({
  id: row.id,
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  country: row.country,
  onboardingStatus: row.onboardingStatus,
  handles,
  genreIds: row.genreIds,
  agencyId: row.agencyId,
  kycStatus: row.kycStatus,
  taxStatus: row.taxStatus,
  remindedAt: row.remindedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/** The console's view of creators (issue 13): staff find them, read them and act on them by grant. */
export function createCreatorsConsoleService(dependencies: {
  db: Database;
  territoriesService: Pick<TerritoriesService, 'activeForCreators'>;
}) {
  const { db, territoriesService } = dependencies;

  /**
   * The countries whose creators the caller reaches: a TerritoryManager those their live territories cover
   * (DESIGN §6), everyone else every country. A creator who has not said where they live is in no
   * territory yet.
   */
  async function coverageOf(caller: StaffCaller): Promise<CountryCoverage> {
    if (caller.scope.kind !== 'territory') return { kind: 'all' };
    const reach = new Set(caller.scope.territoryIds);
    const territories = await territoriesService.activeForCreators();
    return countryCoverage(
      territories
        .filter((territory) => reach.has(territory.id))
        .map((territory) => territory.countryCodeISO2),
    );
  }

  async function handlesBy(creatorIds: readonly string[]): Promise<Map<string, CreatorHandleLink[]>> {
    const byCreator = new Map<string, CreatorHandleLink[]>();
    for (const { creatorId, platform, handle } of await repository.handlesOf(db, creatorIds)) {
      const list = byCreator.get(creatorId) ?? [];
      list.push({ platform, handle, url: handleProfileUrl(platform, handle) });
      byCreator.set(creatorId, list);
    }
    return byCreator;
  }

  return {
    coverageOf,

    /** GET /server-api/marketing/creators. */
    async list(caller: StaffCaller, query: CreatorConsoleListQuery): Promise<CreatorConsoleListResponse> {
      const { rows, total } = await repository.list(db, query, await coverageOf(caller));
      const handles = await handlesBy(rows.map((row) => row.id));
      return {
        items: rows.map((row) => toItem(row, handles.get(row.id) ?? [])),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },
  };
}
