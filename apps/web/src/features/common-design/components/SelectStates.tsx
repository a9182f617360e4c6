import { REQUIRED_MESSAGE } from '@platform/shared';
import { useState } from 'react';
import { SearchableMultiSelect } from '../../../components/inputs/SearchableMultiSelect';
import { SearchableSelect } from '../../../components/inputs/SearchableSelect';
import { type SearchableItem } from '../../../components/inputs/searchable-items';
import {
  GENRES,
  AGENCIES,
  searchGenres,
  searchAgencies,
  searchForever,
  useFakeDirectory,
} from './gallery-fakes';
import { StateGrid, StateCard } from './FormGalleryLayout';

export function SingleSelectStates() {
  const genres = useFakeDirectory(GENRES);
  const [genre, setGenre] = useState<SearchableItem | null>(null);
  const [agency, setAgency] = useState<SearchableItem | null>(AGENCIES[1] ?? null);
  const [required, setRequired] = useState<SearchableItem | null>(null);
  return (
    <StateGrid>
      <StateCard label="Empty">
        <SearchableSelect
          label="Genre"
          placeholder="Search genres"
          description="Type to search; add, rename or delete genres from the list."
          value={genre}
          onChange={setGenre}
          {...genres}
        />
      </StateCard>
      <StateCard label="Filled">
        <SearchableSelect label="Agency" value={agency} onChange={setAgency} search={searchAgencies} />
      </StateCard>
      <StateCard label="Error">
        <SearchableSelect
          label="Main genre"
          required
          value={required}
          onChange={setRequired}
          search={searchGenres}
          error={required ? undefined : REQUIRED_MESSAGE}
        />
      </StateCard>
      <StateCard label="Loading">
        <SearchableSelect label="Agency" value={null} onChange={() => {}} search={searchForever} loading />
      </StateCard>
      <StateCard label="Disabled">
        <SearchableSelect
          label="Agency"
          value={AGENCIES[0] ?? null}
          onChange={() => {}}
          search={searchAgencies}
          disabled
        />
      </StateCard>
    </StateGrid>
  );
}

export function MultiSelectStates() {
  const genres = useFakeDirectory(GENRES);
  const [chosenGenres, setChosenGenres] = useState<SearchableItem[]>([]);
  const [agencies, setAgencies] = useState<SearchableItem[]>(AGENCIES.slice(0, 2));
  const [required, setRequired] = useState<SearchableItem[]>([]);
  return (
    <StateGrid>
      <StateCard label="Empty">
        <SearchableMultiSelect
          label="Genres"
          placeholder="Search genres"
          description="Pick several, or all of them with 'Select all'."
          withSelectAll
          value={chosenGenres}
          onChange={setChosenGenres}
          {...genres}
        />
      </StateCard>
      <StateCard label="Filled">
        <SearchableMultiSelect
          label="Agencies"
          withSelectAll
          value={agencies}
          onChange={setAgencies}
          search={searchAgencies}
        />
      </StateCard>
      <StateCard label="Error">
        <SearchableMultiSelect
          label="Favourite genres"
          required
          value={required}
          onChange={setRequired}
          search={searchGenres}
          error={required.length > 0 ? undefined : REQUIRED_MESSAGE}
        />
      </StateCard>
      <StateCard label="Loading">
        <SearchableMultiSelect
          label="Agencies"
          value={[]}
          onChange={() => {}}
          search={searchForever}
          loading
        />
      </StateCard>
      <StateCard label="Disabled">
        <SearchableMultiSelect
          label="Agencies"
          value={AGENCIES.slice(2, 4)}
          onChange={() => {}}
          search={searchAgencies}
          disabled
        />
      </StateCard>
    </StateGrid>
  );
}
