import { Button, Group, Select, SimpleGrid } from '@mantine/core';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';
import { renderFieldError } from '../../../components/form/FieldError';
import { TextField } from '../../../components/form/TextField';
import { humanize } from '../../../lib/format';
import { DateField } from '../../../components/inputs/DateField';
import { SearchableSelect } from '../../../components/inputs/SearchableSelect';
import { useAuditActorSearch } from '../api/get-audit-actors';
import { useAuditTargetTypes } from '../api/get-audit-target-types';
import {
  hasAuditFilters,
  NO_AUDIT_FILTERS,
  type AuditFilterField,
  type AuditFilterValues,
} from './audit-filter-values';

export interface AuditLogFiltersProps {
  value: AuditFilterValues;
  onChange: (value: AuditFilterValues) => void;
  /** The server's message for each filter it refused, such as an end date before the start. */
  errors: Partial<Record<AuditFilterField, string>>;
}

/** The audit log's filters: search, person, target type and a date range. */
export function AuditLogFilters({ value, onChange, errors }: AuditLogFiltersProps) {
  const searchActors = useAuditActorSearch();
  const targetTypes = useAuditTargetTypes();
  const set = (changes: Partial<AuditFilterValues>) => onChange({ ...value, ...changes });

  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} spacing="md" verticalSpacing="sm">
      <TextField
        size="md"
        label="Search"
        placeholder="Action, target or email"
        leftSection={<IconSearch size={18} aria-hidden="true" />}
        value={value.search}
        error={errors.search}
        onChange={(event) => set({ search: event.currentTarget.value })}
      />
      <SearchableSelect
        label="Person"
        placeholder="Anyone"
        value={value.actor}
        onChange={(actor) => set({ actor })}
        search={searchActors}
        error={errors.actor}
      />
      <Select
        size="md"
        label="Target type"
        placeholder="Any type"
        data={(targetTypes.data?.items ?? []).map((type) => ({ value: type, label: humanize(type) }))}
        value={value.targetType}
        onChange={(targetType) => set({ targetType })}
        error={renderFieldError(errors.targetType)}
        clearable
        clearButtonProps={{ 'aria-label': 'Clear Target type' }}
        searchable
        nothingFoundMessage={targetTypes.isError ? 'We could not load the types' : 'Nothing recorded yet'}
        disabled={targetTypes.isPending && !targetTypes.isError}
      />
      <DateField label="From" value={value.from} onChange={(from) => set({ from })} error={errors.from} />
      <DateField
        label="To"
        value={value.to}
        onChange={(to) => set({ to })}
        error={errors.to}
        {...(value.from ? { minDate: value.from } : {})}
      />
      {hasAuditFilters(value) && (
        <Group>
          <Button
            variant="subtle"
            leftSection={<IconFilterOff size={18} aria-hidden="true" />}
            onClick={() => onChange(NO_AUDIT_FILTERS)}
          >
            Clear filters
          </Button>
        </Group>
      )}
    </SimpleGrid>
  );
}
