import { Button, Group, NativeSelect } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { LEGAL_LINK_TYPES, type LegalLinkType } from '@platform/shared';
import { LEGAL_DOCUMENT_TITLES } from '../../../components/display/LegalPanel';
import { SearchableSelect } from '../../../components/inputs/SearchableSelect';
import { searchTerritoriesOrEvery } from '../api/every-territory';
import {
  hasLegalDocumentFilters,
  NO_LEGAL_DOCUMENT_FILTERS,
  type LegalDocumentFilterValues,
} from './filter-values';

const TYPE_OPTIONS = [
  { value: '', label: 'Every document' },
  ...LEGAL_LINK_TYPES.map((type) => ({ value: type, label: LEGAL_DOCUMENT_TITLES[type] })),
];

const isLegalLinkType = (value: string): value is LegalLinkType =>
  (LEGAL_LINK_TYPES as readonly string[]).includes(value);

export interface LegalDocumentFiltersProps {
  value: LegalDocumentFilterValues;
  onChange: (value: LegalDocumentFilterValues) => void;
}

/** The versions list's filters: the territory (or every territory) and the document. */
export function LegalDocumentFilters({ value, onChange }: LegalDocumentFiltersProps) {
  return (
    <Group align="flex-end" gap="md">
      <div style={{ width: 240 }}>
        <SearchableSelect
          label="Territory"
          placeholder="All territories"
          value={value.territory}
          onChange={(territory) => onChange({ ...value, territory })}
          search={searchTerritoriesOrEvery}
        />
      </div>
      <NativeSelect
        size="md"
        label="Document"
        data={TYPE_OPTIONS}
        value={value.type ?? ''}
        onChange={(event) => {
          const type = event.currentTarget.value;
          onChange({ ...value, type: isLegalLinkType(type) ? type : null });
        }}
        w={220}
      />
      {hasLegalDocumentFilters(value) && (
        <Button
          variant="subtle"
          size="md"
          leftSection={<IconFilterOff size={18} aria-hidden="true" />}
          onClick={() => onChange(NO_LEGAL_DOCUMENT_FILTERS)}
        >
          Clear filters
        </Button>
      )}
    </Group>
  );
}
