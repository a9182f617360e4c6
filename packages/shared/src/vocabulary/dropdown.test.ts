import { describe, expect, it } from 'vitest';
import { fromPartyItems, sortByName } from './dropdown';

describe('dropdown items', () => {
  it('maps party items to id and name', () => {
    expect(fromPartyItems([{ partyId: 'p-1', name: 'Nova Agency' }])).toEqual([
      { id: 'p-1', name: 'Nova Agency' },
    ]);
  });

  it('sorts by name, ignoring case and accents, with numbers in numeric order', () => {
    const names = ['rock', 'Électro', 'Afrobeats', 'electronic', 'Genre 10', 'Genre 9', 'Ambient'];
    expect(
      sortByName(names.map((name, index) => ({ id: String(index), name }))).map((item) => item.name),
    ).toEqual(['Afrobeats', 'Ambient', 'Électro', 'electronic', 'Genre 9', 'Genre 10', 'rock']);
  });

  it('leaves the given list untouched', () => {
    const items = [{ name: 'b' }, { name: 'a' }];
    sortByName(items);
    expect(items.map((item) => item.name)).toEqual(['b', 'a']);
  });
});
