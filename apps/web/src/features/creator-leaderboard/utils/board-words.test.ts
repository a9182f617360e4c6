import { describe, expect, it } from 'vitest';
import { leaderboardPlace, myPlace } from '../../../test/leaderboard';
import { bestPlace, handleText, placeHolderName } from './board-words';

describe('handleText', () => {
  it('writes a handle with one @', () => {
    expect(handleText('ada_dances')).toBe('@ada_dances');
    expect(handleText('@ada_dances')).toBe('@ada_dances');
  });
});

describe('placeHolderName', () => {
  it('is the public name, else the handle, else a creator', () => {
    expect(placeHolderName(leaderboardPlace())).toBe('Ada L.');
    expect(placeHolderName({ creator: { id: 'c', name: null, handle: 'ada_dances' } })).toBe('@ada_dances');
    expect(placeHolderName({ creator: { id: 'c', name: null, handle: null } })).toBe('A creator');
  });
});

describe('bestPlace', () => {
  it('is the creator’s best ranked entry, or none while none is ranked', () => {
    const fourth = { ...myPlace(4), entryId: 'a' };
    const second = { ...myPlace(2), entryId: 'b' };
    const unranked = { ...myPlace(null, null), entryId: 'c' };
    expect(bestPlace([unranked, fourth, second])).toBe(second);
    expect(bestPlace([unranked])).toBeNull();
    expect(bestPlace([])).toBeNull();
  });
});
