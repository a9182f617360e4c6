import {
  AGENCY_SEARCH_LIMIT,
  sortByName,
  type AnswerItem,
  type DropdownItem,
  type LookupKind,
  type PartyItem,
} from '@platform/shared';
import type { LookupsContext } from '../lookups.context';
import { lookupsRepository as repository } from '../lookups.repository';
import { toDropdownItem } from '../lookup-records';

/** The live lookups of a kind as dropdown items (SPEC §3), sorted by name, for creators. */
export async function dropdownItems(
  { db }: LookupsContext,
  kind: Exclude<LookupKind, 'agency' | 'answer'>,
): Promise<DropdownItem[]> {
  return sortByName(await repository.live(db, kind)).map(toDropdownItem);
}

/** The live answers of live questions, each with its question. */
export async function answerItems({ db }: LookupsContext): Promise<AnswerItem[]> {
  return sortByName(await repository.live(db, 'answer')).map((row) => ({
    ...toDropdownItem(row),
    questionId: row.parentId ?? '',
  }));
}

/** The live agencies as party items (SPEC §3); with a search, those whose name holds it. */
export async function agencyParties({ db }: LookupsContext, search?: string): Promise<PartyItem[]> {
  const text = search?.trim();
  const rows = text
    ? await repository.matchingNames(db, { kind: 'agency', search: text, includeArchived: false })
    : await repository.live(db, 'agency');
  return sortByName(rows)
    .slice(0, text ? AGENCY_SEARCH_LIMIT : undefined)
    .map((row) => ({ partyId: row.id, name: row.name }));
}
