/** A dropdown entry (SPEC §3 dropdown item). */
export interface DropdownItem {
  id: string;
  name: string;
  /** A short caption shown beside the name, such as the kind of entry. */
  label?: string;
  /** Extra information shown under the name. */
  infoContent?: string;
}

/** An entry as the lookup calls return parties (SPEC §3: party items carry partyId and name). */
export interface PartyItem {
  partyId: string;
  name: string;
}

export function fromPartyItems(items: readonly PartyItem[]): DropdownItem[] {
  return items.map(({ partyId, name }) => ({ id: partyId, name }));
}

const byNameCollator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** Lists (genres, agencies, audience bibles, vertical contents, clusters) are sorted by name (SPEC §9). */
export function sortByName<Item extends { name: string }>(items: readonly Item[]): Item[] {
  return [...items].sort((a, b) => byNameCollator.compare(a.name, b.name));
}
