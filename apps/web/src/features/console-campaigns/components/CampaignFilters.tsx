import { Button, Group, NativeSelect, SimpleGrid } from '@mantine/core';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';
import { MARKETING_PLATFORMS, type CampaignStatus, type MarketingPlatform } from '@platform/shared';
import { renderFieldError } from '../../../components/form/FieldError';
import { TextField } from '../../../components/form/TextField';
import { DateField } from '../../../components/inputs/DateField';
import { SearchableSelect } from '../../../components/inputs/SearchableSelect';
import { Toggle } from '../../../components/inputs/Toggle';
import { searchTeams } from '../api/search-teams';
import { platformLabel, STATUS_LABELS, STATUS_ORDER } from './campaign-labels';
import {
  hasCampaignFilters,
  NO_CAMPAIGN_FILTERS,
  type CampaignFilterField,
  type CampaignFilterValues,
} from './campaign-filter-values';

const STATUS_OPTIONS = [
  { value: '', label: 'Any status' },
  ...STATUS_ORDER.map((status) => ({ value: status, label: STATUS_LABELS[status] })),
];

const PLATFORM_OPTIONS = [
  { value: '', label: 'Any platform' },
  ...MARKETING_PLATFORMS.map((platform) => ({ value: platform, label: platformLabel(platform) })),
];

const isStatus = (value: string): value is CampaignStatus =>
  (STATUS_ORDER as readonly string[]).includes(value);
const isPlatform = (value: string): value is MarketingPlatform =>
  (MARKETING_PLATFORMS as readonly string[]).includes(value);

export interface CampaignFiltersProps {
  value: CampaignFilterValues;
  onChange: (value: CampaignFilterValues) => void;
  /** The team filter lists teams, which only roles that may read teams can. */
  withTeam: boolean;
  /** The server's message for each filter it refused, such as an end date before the start. */
  errors: Partial<Record<CampaignFilterField, string>>;
}

/** The campaign list's filters: search, status, team, platform, the dates it runs and archived ones. */
export function CampaignFilters({ value, onChange, withTeam, errors }: CampaignFiltersProps) {
  const set = (changes: Partial<CampaignFilterValues>) => onChange({ ...value, ...changes });

  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: withTeam ? 6 : 5 }} spacing="md" verticalSpacing="sm">
      <TextField
        size="md"
        label="Search"
        placeholder="Name or brand"
        leftSection={<IconSearch size={18} aria-hidden="true" />}
        value={value.search}
        error={errors.search}
        onChange={(event) => set({ search: event.currentTarget.value })}
      />
      <NativeSelect
        size="md"
        label="Status"
        data={STATUS_OPTIONS}
        value={value.status ?? ''}
        error={renderFieldError(errors.status)}
        onChange={(event) => {
          const status = event.currentTarget.value;
          set({ status: isStatus(status) ? status : null });
        }}
      />
      {withTeam && (
        <SearchableSelect
          label="Team"
          placeholder="Any team"
          value={value.team}
          onChange={(team) => set({ team })}
          search={searchTeams}
          error={errors.team}
        />
      )}
      <NativeSelect
        size="md"
        label="Platform"
        data={PLATFORM_OPTIONS}
        value={value.platform ?? ''}
        error={renderFieldError(errors.platform)}
        onChange={(event) => {
          const platform = event.currentTarget.value;
          set({ platform: isPlatform(platform) ? platform : null });
        }}
      />
      <DateField
        label="Running from"
        value={value.from}
        onChange={(from) => set({ from })}
        error={errors.from}
        {...(value.to ? { maxDate: value.to } : {})}
      />
      <DateField
        label="Running to"
        value={value.to}
        onChange={(to) => set({ to })}
        error={errors.to}
        {...(value.from ? { minDate: value.from } : {})}
      />
      <Group gap="lg" style={{ gridColumn: '1 / -1' }}>
        <Toggle
          label="Show archived"
          checked={value.includeArchived}
          onChange={(event) => set({ includeArchived: event.currentTarget.checked })}
        />
        {hasCampaignFilters(value) && (
          <Button
            variant="subtle"
            leftSection={<IconFilterOff size={18} aria-hidden="true" />}
            onClick={() => onChange({ ...NO_CAMPAIGN_FILTERS, includeArchived: value.includeArchived })}
          >
            Clear filters
          </Button>
        )}
      </Group>
    </SimpleGrid>
  );
}
