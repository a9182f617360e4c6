import type { CountryCoverage, CreatorPlatform } from '@platform/shared';
import type { Executor } from '../../../db/client';
import type { CreatorContext } from '../creator.context';
import { creatorRepository as repository, type CreatorRow } from '../creator.repository';

/**
 * The ACTIVE creators who chose the artist of this name at ARTIST_SELECTION, with their country: whom
 * a campaign for that artist may concern (ADR 031).
 */
export async function activeCreatorsOfArtistNamed(
  { db, lookupsService }: CreatorContext,
  name: string,
  executor: Executor = db,
): Promise<{ accountId: string; country: string | null }[]> {
  const artistIds = await lookupsService.liveIdsNamed('artist', name, executor);
  return repository.activeChoosingArtists(executor, artistIds);
}

/** What decides which campaigns a creator may see: their onboarding status and country. */
export async function campaignEligibility(
  { db }: CreatorContext,
  accountId: string,
): Promise<{ onboardingStatus: CreatorRow['onboardingStatus']; country: string | null } | null> {
  const row = await repository.find(db, accountId);
  return row ? { onboardingStatus: row.onboardingStatus, country: row.country } : null;
}

/** The creator's handle on `platform`, or null: taking part in a campaign needs one there. */
export async function handleOn(
  { db }: CreatorContext,
  accountId: string,
  platform: CreatorPlatform,
): Promise<string | null> {
  const handles = await repository.handlesOf(db, accountId);
  return handles.find((handle) => handle.platform === platform)?.handle ?? null;
}

/** Each of `items` with who its creator is, name and handle on `platform`, for the console's lists. */
export async function withCreators<Item extends { creatorId: string }>(
  { db }: CreatorContext,
  items: readonly Item[],
  platform: CreatorPlatform,
): Promise<(Item & { creator: { id: string; name: string | null; handle: string | null } })[]> {
  const rows = await repository.participantsOf(
    db,
    items.map((item) => item.creatorId),
    platform,
  );
  const people = new Map(rows.map((row) => [row.id, row]));
  return items.map((item) => {
    const person = people.get(item.creatorId);
    return {
      ...item,
      creator: {
        id: item.creatorId,
        name: [person?.firstName, person?.lastName].filter(Boolean).join(' ') || null,
        handle: person?.handle ?? null,
      },
    };
  });
}

/** A page of the ACTIVE creators living where `coverage` says, by name or handle on `platform`. */
export async function searchEligible(
  { db }: CreatorContext,
  filter: {
    coverage: CountryCoverage;
    platform: CreatorPlatform;
    search?: string;
    genreId?: string;
    offset: number;
    limit: number;
  },
): Promise<{
  rows: { id: string; name: string | null; country: string | null; handle: string | null }[];
  total: number;
}> {
  const { rows, total } = await repository.searchEligible(db, filter);
  return {
    rows: rows.map((row) => ({
      id: row.id,
      name: [row.firstName, row.lastName].filter(Boolean).join(' ') || null,
      country: row.country,
      handle: row.handle,
    })),
    total,
  };
}
