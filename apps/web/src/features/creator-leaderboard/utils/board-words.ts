import type { LeaderboardPlace } from '@platform/shared';

/** A handle as people write it: '@ada_dances'. */
export function handleText(handle: string): string {
  return handle.startsWith('@') ? handle : `@${handle}`;
}

/** Who holds a place: the public name (first name and initial), the handle without one, or neither. */
export function placeHolderName({ creator }: Pick<LeaderboardPlace, 'creator'>): string {
  return creator.name ?? (creator.handle ? handleText(creator.handle) : 'A creator');
}

/** The creator's best ranked place, if any of their entries has one. */
export function bestPlace(mine: readonly LeaderboardPlace[]): LeaderboardPlace | null {
  let best: LeaderboardPlace | null = null;
  let bestRank = Infinity;
  for (const place of mine) {
    if (place.rank !== null && place.rank < bestRank) {
      best = place;
      bestRank = place.rank;
    }
  }
  return best;
}
