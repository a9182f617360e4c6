import { LOOKUP_KIND_NAMES, type LookupKind } from '@platform/shared';
import { useState } from 'react';
import { SearchableSelect } from '../../../components/inputs/SearchableSelect';
import type { SearchableItem } from '../../../components/inputs/searchable-items';
import type { LookupPermissions } from '../hooks/lookup-permissions';
import type { LookupDeletion } from '../hooks/use-lookup-deletion';
import { useLookupEntries } from '../hooks/use-lookup-entries';

export interface LookupQuickEditorProps {
  kind: LookupKind;
  permissions: LookupPermissions;
  deletion: LookupDeletion;
  questionId?: string | undefined;
  /** An entry was chosen: the table shows it. */
  onPick: (item: SearchableItem) => void;
}

const withArticle = (noun: string) => `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;

/** Finds a lookup by name and, for those who may, adds, renames or deletes it without leaving the list. */
export function LookupQuickEditor({
  kind,
  permissions,
  deletion,
  questionId,
  onPick,
}: LookupQuickEditorProps) {
  const { singular } = LOOKUP_KIND_NAMES[kind];
  const [value, setValue] = useState<SearchableItem | null>(null);
  const entries = useLookupEntries(kind, permissions, deletion, questionId);
  const manages = permissions.canCreate || permissions.canEdit || permissions.canDelete;
  return (
    <SearchableSelect
      label={`Find ${withArticle(singular)}`}
      placeholder="Type a name"
      description={
        manages
          ? 'Choose one to show it in the table, or add, rename or delete it right here.'
          : 'Choose one to show it in the table.'
      }
      value={value}
      onChange={(item) => {
        setValue(item);
        if (item) onPick(item);
      }}
      {...entries}
    />
  );
}
