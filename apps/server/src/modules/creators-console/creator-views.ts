import {
  countryCoverage,
  handleProfileUrl,
  isUuid,
  type CountryCoverage,
  type CreatorConsoleItem,
  type CreatorHandleLink,
  type CreatorNote,
} from '@platform/shared';
import type { Database } from '../../db/client';
import { errors } from '../../errors';
import type { StaffCaller } from '../../principal';
import type { CreatorsConsoleContext } from './creators-console.context';
import {
  creatorsConsoleRepository as repository,
  type CreatorConsoleRow,
  type CreatorNoteRow,
} from './creators-console.repository';

export const iso = (value: Date | null) => value?.toISOString() ?? null;

export const toItem = (row: CreatorConsoleRow, handles: CreatorHandleLink[]): CreatorConsoleItem => ({
  id: row.id,
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  country: row.country,
  onboardingStatus: row.onboardingStatus,
  handles,
  genreIds: row.genreIds,
  agencyId: row.agencyId,
  audienceClusterId: row.audienceClusterId,
  kycStatus: row.kycStatus,
  taxStatus: row.taxStatus,
  remindedAt: row.remindedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

export const toNote = (row: CreatorNoteRow): CreatorNote => ({
  id: row.id,
  authorName: row.authorName,
  body: row.body,
  createdAt: row.createdAt.toISOString(),
});

const labelOf = (row: CreatorConsoleRow) =>
  [row.firstName, row.lastName].filter(Boolean).join(' ') || row.email;

/** The creator as the audit log names them. */
export const targetOf = (row: CreatorConsoleRow) => ({ type: 'creator', id: row.id, label: labelOf(row) });

/**
 * The countries whose creators the caller reaches: a TerritoryManager those their live territories cover
 * (DESIGN §6), everyone else every country. A creator who has not said where they live is in no
 * territory yet.
 */
export async function coverageOf(
  { territoriesService }: CreatorsConsoleContext,
  caller: StaffCaller,
): Promise<CountryCoverage> {
  if (caller.scope.kind !== 'territory') return { kind: 'all' };
  const reach = new Set(caller.scope.territoryIds);
  const territories = await territoriesService.activeForCreators();
  return countryCoverage(
    territories.filter((territory) => reach.has(territory.id)).map((territory) => territory.countryCodeISO2),
  );
}

/** The countries of one live territory; an archived or unknown one covers none. */
export async function territoryCoverage(
  { territoriesService }: CreatorsConsoleContext,
  territoryId: string,
): Promise<CountryCoverage> {
  const territory = (await territoriesService.activeForCreators()).find(
    (candidate) => candidate.id === territoryId.toLowerCase(),
  );
  return territory ? countryCoverage([territory.countryCodeISO2]) : { kind: 'only', countries: [] };
}

export async function handlesBy(
  { db }: CreatorsConsoleContext,
  creatorIds: readonly string[],
): Promise<Map<string, CreatorHandleLink[]>> {
  const byCreator = new Map<string, CreatorHandleLink[]>();
  for (const { creatorId, platform, handle } of await repository.handlesOf(db, creatorIds)) {
    const list = byCreator.get(creatorId) ?? [];
    list.push({ platform, handle, url: handleProfileUrl(platform, handle) });
    byCreator.set(creatorId, list);
  }
  return byCreator;
}

/** The creator, if the caller's scope reaches them; anyone else is missing (404), as DESIGN §6 says. */
export async function reachable(
  context: CreatorsConsoleContext,
  executor: Database,
  caller: StaffCaller,
  id: string,
): Promise<CreatorConsoleRow> {
  const row = isUuid(id) ? await repository.find(executor, id, await coverageOf(context, caller)) : undefined;
  if (!row) throw errors.notFound();
  return row;
}

/** A deactivated account is written to no more. */
export const deactivated = () =>
  errors.conflict('This creator’s account is deactivated: their details can no longer be changed.');
