import { Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { SearchableSelect } from '../../../components/inputs/SearchableSelect';
import type { SearchableItem } from '../../../components/inputs/searchable-items';
import type { LookupPermissions } from '../hooks/lookup-permissions';
import { useLookupDeletion } from '../hooks/use-lookup-deletion';
import { useLookupEntries } from '../hooks/use-lookup-entries';
import { DeleteLookupSheet } from './DeleteLookupSheet';
import { LookupKindPanel } from './LookupKindPanel';

/** Answers belong to a fun question: pick the question (or add one right here), then manage its answers. */
export function AnswersPanel({ permissions }: { permissions: LookupPermissions }) {
  const [question, setQuestion] = useState<SearchableItem | null>(null);
  const questionDeletion = useLookupDeletion('question');
  const questions = useLookupEntries('question', permissions, questionDeletion);
  return (
    <Stack gap="lg">
      <div style={{ maxWidth: 480 }}>
        <SearchableSelect
          label="Fun question"
          placeholder="Find a fun question"
          description="The answers below are this question’s."
          value={question}
          onChange={setQuestion}
          {...questions}
        />
      </div>
      {questionDeletion.shown && <DeleteLookupSheet kind="question" deletion={questionDeletion} />}
      {question ? (
        <LookupKindPanel key={question.id} kind="answer" permissions={permissions} questionId={question.id} />
      ) : (
        <Text c="dimmed">Choose a fun question to see and manage its answers.</Text>
      )}
    </Stack>
  );
}
