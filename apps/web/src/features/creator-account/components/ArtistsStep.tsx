import { Stack, Text } from '@mantine/core';
import { AUTH_MESSAGES, choiceMissing, CREATOR_MESSAGES, type CreatorInfo } from '@platform/shared';
import { useMemo, useState } from 'react';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { SearchableMultiSelect } from '../../../components/inputs/SearchableMultiSelect';
import type { SearchableItem } from '../../../components/inputs/searchable-items';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/api-errors';
import { useLookup } from '../api/choice-lists';
import { useSelectArtists } from '../api/select-artists';

export interface ArtistsStepProps {
  info: CreatorInfo;
  submitLabel?: string;
  onSaved?: (info: CreatorInfo) => void;
}

/** ARTIST_SELECTION: the artists the creator makes content for, from the list staff keep. */
export function ArtistsStep({ info, submitLabel = 'Finish', onSaved }: ArtistsStepProps) {
  const artists = useLookup('artist');
  const byId = useMemo(
    () => new Map((artists.data ?? []).map((artist) => [artist.id, artist])),
    [artists.data],
  );
  const [chosenIds, setChosenIds] = useState<string[]>(info.artistIds);
  const [problem, setProblem] = useState<string | null>(null);
  const select = useSelectArtists();
  const noneOffered = artists.data?.length === 0 && chosenIds.length === 0;

  const value = chosenIds.flatMap((id) => {
    const artist = byId.get(id);
    return artist ? [artist] : [];
  });
  const search = async (query: string): Promise<SearchableItem[]> => {
    const all = artists.data ?? (await artists.refetch()).data ?? [];
    const text = query.trim().toLowerCase();
    return text ? all.filter((artist) => artist.name.toLowerCase().includes(text)) : all;
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    // Until the list has loaded an artist is asked for; with none added yet, none can be (ADR 033).
    if (choiceMissing(chosenIds, artists.data ? artists.data.length > 0 : true)) {
      setProblem(CREATOR_MESSAGES.artistsRequired);
      return;
    }
    setProblem(null);
    select.mutate(
      { artistIds: chosenIds },
      {
        onSuccess: (saved) => onSaved?.(saved),
        onError: (error) => {
          const detail = isApiError(error)
            ? error.details.find((entry) => entry.field === 'artistIds')
            : undefined;
          setProblem(detail?.message ?? errorMessage(error, { fallback: AUTH_MESSAGES.unknownError }));
          // Artists added since the list was read: show them.
          void artists.refetch();
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        {noneOffered ? (
          <>
            <Text>
              No artists have been added yet, so there is nothing to choose here. Once there are, you can
              choose the artists whose campaigns you want to hear about from your account.
            </Text>
            {problem && (
              <Text size="sm" c="red" role="alert">
                {problem}
              </Text>
            )}
          </>
        ) : (
          <>
            <Text>Choose the artists whose campaigns you want to hear about.</Text>
            <SearchableMultiSelect
              label="Artists"
              placeholder="Search artists"
              value={value}
              loading={artists.isPending}
              search={search}
              onChange={(items) => {
                setChosenIds(items.map((item) => item.id));
                setProblem(null);
              }}
              error={problem ?? undefined}
            />
          </>
        )}
        <SubmitButton loading={select.isPending}>{submitLabel}</SubmitButton>
      </Stack>
    </form>
  );
}
