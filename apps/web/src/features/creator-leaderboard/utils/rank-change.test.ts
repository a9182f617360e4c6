import { describe, expect, it } from 'vitest';
import { leaderboard, myPlace, sprintPeriod } from '../../../test/leaderboard';
import {
  placeChangeText,
  placeText,
  rankChangeAnnouncement,
  rankChanges,
  standingOf,
  type Standing,
} from './rank-change';

const standing = (ranks: Record<string, number | null>, period = 0): Standing => ({
  period,
  ranks: new Map(Object.entries(ranks)),
});

describe('standingOf', () => {
  it('keeps the creator’s places by entry, and the board’s period', () => {
    expect(standingOf(leaderboard())).toEqual(standing({ [myPlace(4).entryId]: 4 }));
    expect(standingOf(leaderboard({ period: sprintPeriod(2), mine: [] }))).toEqual(standing({}, 2));
  });
});

describe('rankChanges', () => {
  it('finds nothing on the first board', () => {
    expect(rankChanges(null, standing({ a: 4 }))).toEqual([]);
  });

  it('lists each entry whose place changed, best place first', () => {
    expect(rankChanges(standing({ a: 7, b: 12, c: 3 }), standing({ a: 4, b: 13, c: 3 }))).toEqual([
      { entryId: 'a', from: 7, to: 4 },
      { entryId: 'b', from: 12, to: 13 },
    ]);
  });

  it('counts an entry ranked for the first time, not one that appeared or lost its place', () => {
    expect(rankChanges(standing({ a: null, b: 5 }), standing({ a: 9, b: null, c: 2 }))).toEqual([
      { entryId: 'a', from: null, to: 9 },
    ]);
  });

  it('does not compare two periods of a sprint', () => {
    expect(rankChanges(standing({ a: 7 }, 1), standing({ a: 2 }, 2))).toEqual([]);
  });
});

describe('placeChangeText', () => {
  it('says how many places, in the singular for one', () => {
    expect(placeChangeText({ entryId: 'a', from: 7, to: 4 })).toBe('Up 3 places');
    expect(placeChangeText({ entryId: 'a', from: 2, to: 1 })).toBe('Up 1 place');
    expect(placeChangeText({ entryId: 'a', from: 4, to: 5 })).toBe('Down 1 place');
    expect(placeChangeText({ entryId: 'a', from: 4, to: 10 })).toBe('Down 6 places');
    expect(placeChangeText({ entryId: 'a', from: null, to: 10 })).toBe('Now ranked');
  });
});

describe('placeText', () => {
  it('gives the place as an ordinal of the entries on the board', () => {
    expect(placeText(4, 37)).toBe('You are 4th of 37');
    expect(placeText(1, 1)).toBe('You are 1st of 1');
    expect(placeText(22, 100)).toBe('You are 22nd of 100');
  });
});

describe('rankChangeAnnouncement', () => {
  it('says the move and the new place of a single entry', () => {
    expect(rankChangeAnnouncement([{ entryId: 'a', from: 7, to: 4 }], 1, 37)).toBe(
      'Up 3 places: you are now 4th of 37.',
    );
    expect(rankChangeAnnouncement([{ entryId: 'a', from: 4, to: 5 }], 1, 37)).toBe(
      'Down 1 place: you are now 5th of 37.',
    );
  });

  it('says each move of a creator with several entries', () => {
    expect(
      rankChangeAnnouncement(
        [
          { entryId: 'a', from: 3, to: 2 },
          { entryId: 'b', from: null, to: 30 },
        ],
        2,
        37,
      ),
    ).toBe(
      'One of your entries: up 1 place, now 2nd of 37. One of your entries: now ranked, now 30th of 37.',
    );
  });
});
