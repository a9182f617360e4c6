import { Button, Stack, Text } from '@mantine/core';
import { AUTH_MESSAGES, type CreatorInfo } from '@platform/shared';
import { useState } from 'react';
import { SearchableSelect } from '../../../components/inputs/SearchableSelect';
import type { SearchableItem } from '../../../components/inputs/searchable-items';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/api-errors';
import { searchAgencies, useAgenciesOffered } from '../api/choice-lists';
import { useUpdateUserInfo } from '../api/update-user-info';

const CHOOSE_AN_AGENCY = 'Choose your agency, or tell us you do not have one.';

/** The server's word on the agency when it refuses it (one no longer on the list), else the flow's. */
function refusalOf(error: unknown): string {
  const detail = isApiError(error) ? error.details.find((entry) => entry.field === 'agencyId') : undefined;
  return detail?.message ?? errorMessage(error, { fallback: AUTH_MESSAGES.unknownError });
}

export interface AgencyStepProps {
  info: CreatorInfo;
  /** The account page's confirmation; in the wizard the saved status moves it on by itself. */
  onSaved?: () => void;
}

/** AGENCY_CAPTURE (and later changes): the agency that represents the creator, picked by searching, or none. */
export function AgencyStep({ info, onSaved }: AgencyStepProps) {
  const [agency, setAgency] = useState<SearchableItem | null>(
    info.agency.id && info.agency.name ? { id: info.agency.id, name: info.agency.name } : null,
  );
  const [problem, setProblem] = useState<string | null>(null);
  const update = useUpdateUserInfo();
  const offered = useAgenciesOffered();
  const pendingChoice = update.isPending ? (update.variables.skipAgencyForm ? 'skip' : 'agency') : null;

  const save = (skipAgencyForm: boolean) => {
    if (!skipAgencyForm && !agency) {
      setProblem(CHOOSE_AN_AGENCY);
      return;
    }
    setProblem(null);
    update.mutate(
      { creatorId: info.id, body: skipAgencyForm ? {} : { agencyId: agency?.id ?? null }, skipAgencyForm },
      {
        onSuccess: () => {
          if (skipAgencyForm) setAgency(null);
          onSaved?.();
        },
        onError: (error) => setProblem(refusalOf(error)),
      },
    );
  };

  if (offered.data === false && !agency) {
    return (
      <Stack gap="lg">
        <Text>
          No agencies have been added yet, so there is none to choose. If an agency manages your work with
          brands, you can choose it from your account once it is listed.
        </Text>
        {problem && (
          <Text size="sm" c="red" role="alert">
            {problem}
          </Text>
        )}
        <Button onClick={() => save(true)} loading={pendingChoice === 'skip'}>
          {onSaved ? 'Save: no agency' : 'Continue'}
        </Button>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Text>If an agency manages your work with brands, choose it so that we can keep them in the loop.</Text>
      <SearchableSelect
        label="Your agency"
        placeholder="Type your agency’s name"
        value={agency}
        onChange={(item) => {
          setAgency(item);
          setProblem(null);
        }}
        search={searchAgencies}
        error={problem ?? undefined}
      />
      <Stack gap="xs">
        <Button onClick={() => save(false)} loading={pendingChoice === 'agency'} disabled={update.isPending}>
          {onSaved ? 'Save my agency' : 'Continue with this agency'}
        </Button>
        <Button
          variant="default"
          onClick={() => save(true)}
          loading={pendingChoice === 'skip'}
          disabled={update.isPending}
        >
          I don’t have an agency
        </Button>
      </Stack>
    </Stack>
  );
}
