import { useActiveTerritoryOptions } from '../../../lib/territory-search';
import { Badge, Button, Group, NativeSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import {
  CREATOR_PLATFORMS,
  formatDateTime,
  ISO_COUNTRIES,
  KYC_STATUSES,
  ONBOARDING_STATUSES,
  TAX_VALIDATION_STATUSES,
  type CreatorConsoleItem,
} from '@platform/shared';
import { useEffect, useState } from 'react';
import { Link, useNavigation, useSearchParams } from 'react-router';
import { PagedTable } from '../../../components/display/PagedTable';
import { CHECK_CONNECTION } from '../../../components/feedback/failure';
import { showSuccessToast } from '../../../components/feedback/toasts';
import { TextField } from '../../../components/form/TextField';
import { saveFile } from '../../../lib/downloads';
import { paths } from '../../../lib/paths';
import { useCountryNames } from '../../../lib/use-country-names';
import { CREATOR_FILTER_KEYS, useCreatorList, useLookupOptions, type CreatorFilters } from '../api/creators';
import { exportCreators } from './creators-csv';
import { KYC_LABELS, nameOf, ONBOARDING_LABELS, TAX_LABELS } from './labels';
import { pageFromParam } from '../../../lib/page-param';

/** The server's page size when none is asked for (contracts/lists.ts). */
const PAGE_SIZE = 25;
const SEARCH_DEBOUNCE_MS = 300;
const COLUMNS = ['Creator', 'Country', 'Handles', 'Onboarding', 'KYC', 'Tax', 'Joined'];

const options = (any: string, values: readonly string[], label: (value: string) => string) => [
  { value: '', label: any },
  ...values.map((value) => ({ value, label: label(value) })),
];

const COUNTRY_OPTIONS = options(
  'Any country',
  ISO_COUNTRIES.map((country) => country.code),
  (code) => ISO_COUNTRIES.find((country) => country.code === code)?.name ?? code,
);
const ONBOARDING_OPTIONS = options(
  'Any step',
  ONBOARDING_STATUSES.filter((status) => status !== 'PING_ONBOARDING'),
  (status) => ONBOARDING_LABELS[status as keyof typeof ONBOARDING_LABELS],
);
const PLATFORM_OPTIONS = options('Any platform', CREATOR_PLATFORMS, (platform) => platform);
const KYC_OPTIONS = options(
  'Any KYC status',
  KYC_STATUSES,
  (status) => KYC_LABELS[status as keyof typeof KYC_LABELS],
);
const TAX_OPTIONS = options(
  'Any tax status',
  TAX_VALIDATION_STATUSES,
  (status) => TAX_LABELS[status as keyof typeof TAX_LABELS],
);

type SelectFilter = Exclude<(typeof CREATOR_FILTER_KEYS)[number], 'search'>;

const SELECTS: { key: SelectFilter; label: string; data: { value: string; label: string }[] }[] = [
  { key: 'country', label: 'Country', data: COUNTRY_OPTIONS },
  { key: 'onboardingStatus', label: 'Onboarding', data: ONBOARDING_OPTIONS },
  { key: 'platform', label: 'Platform', data: PLATFORM_OPTIONS },
  { key: 'kycStatus', label: 'KYC', data: KYC_OPTIONS },
  { key: 'taxStatus', label: 'Tax', data: TAX_OPTIONS },
];

const dash = (
  <Text span c="dimmed" size="sm">
    —
  </Text>
);

/** Every creator the caller may read, found and filtered on the server, a page at a time. */
export function CreatorsScreen() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters: CreatorFilters = {};
  for (const key of CREATOR_FILTER_KEYS) {
    const value = searchParams.get(key);
    if (value) filters[key] = value;
  }
  const page = pageFromParam(searchParams.get('page'));
  const [search, setSearch] = useState(filters.search ?? '');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const navigation = useNavigation();
  const list = useCreatorList(filters, page, PAGE_SIZE);
  const countryName = useCountryNames();
  const [exporting, setExporting] = useState(false);
  const [exportFailed, setExportFailed] = useState(false);
  const genres = useLookupOptions('genres');
  const agencies = useLookupOptions('agencies');
  const clusters = useLookupOptions('audience-clusters');
  const territories = useActiveTerritoryOptions();
  const selects = [
    {
      key: 'territoryId' as const,
      label: 'Territory',
      data: [{ value: '', label: 'Any territory' }, ...(territories.data ?? [])],
    },
    ...SELECTS.slice(0, 3),
    {
      key: 'genreId' as const,
      label: 'Genre',
      data: [{ value: '', label: 'Any genre' }, ...(genres.data ?? [])],
    },
    {
      key: 'agencyId' as const,
      label: 'Agency',
      data: [{ value: '', label: 'Any agency' }, ...(agencies.data ?? [])],
    },
    {
      key: 'audienceClusterId' as const,
      label: 'Audience cluster',
      data: [{ value: '', label: 'Any cluster' }, ...(clusters.data ?? [])],
    },
    ...SELECTS.slice(3),
  ];

  const show = (next: CreatorFilters, nextPage: number) => {
    const params = new URLSearchParams();
    for (const key of CREATOR_FILTER_KEYS) {
      const value = next[key];
      if (value) params.set(key, value);
    }
    if (nextPage > 1) params.set('page', String(nextPage));
    setSearchParams(params, { replace: true });
  };

  useEffect(() => {
    // A search settling while a link's page loads would replace that navigation with this page's own.
    if (navigation.state !== 'idle') return;
    if ((filters.search ?? '') !== debouncedSearch) show({ ...filters, search: debouncedSearch }, 1);
    // Only a settled search moves the list; the filters are read as they are then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debouncedSearch]);

  const download = async () => {
    setExporting(true);
    setExportFailed(false);
    try {
      const csv = await exportCreators(filters);
      saveFile(new Blob([csv], { type: 'text/csv;charset=utf-8' }), 'creators.csv');
      showSuccessToast('The creators the filters find are in creators.csv.', 'Download ready');
    } catch {
      setExportFailed(true);
    } finally {
      setExporting(false);
    }
  };

  const row = (creator: CreatorConsoleItem) => (
    <tr key={creator.id}>
      <td>
        <Text
          size="sm"
          fw={500}
          component={Link}
          to={`${paths.consoleCreators}/${encodeURIComponent(creator.id)}`}
          state={{ listSearch: searchParams.toString() }}
        >
          {nameOf(creator)}
        </Text>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {creator.email}
        </Text>
      </td>
      <td>{creator.country ? (countryName?.(creator.country) ?? creator.country) : dash}</td>
      <td>
        {creator.handles.length === 0
          ? dash
          : creator.handles.map((handle) => (
              <Text key={handle.platform} size="xs">
                {handle.platform}: {handle.handle}
              </Text>
            ))}
      </td>
      <td>
        <Badge variant="light" color={creator.onboardingStatus === 'ACTIVE' ? 'teal' : 'gray'}>
          {ONBOARDING_LABELS[creator.onboardingStatus]}
        </Badge>
      </td>
      <td>{KYC_LABELS[creator.kycStatus]}</td>
      <td>{creator.taxStatus ? TAX_LABELS[creator.taxStatus] : dash}</td>
      <td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(creator.createdAt, 'short')}</td>
    </tr>
  );

  const filtered = CREATOR_FILTER_KEYS.some((key) => filters[key]);

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 3, lg: 6 }} spacing="md" verticalSpacing="sm">
        <TextField
          label="Search"
          placeholder="Name, email or handle"
          leftSection={<IconSearch size={18} aria-hidden="true" />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        {selects.map((select) => (
          <NativeSelect
            key={select.key}
            label={select.label}
            data={select.data}
            value={filters[select.key] ?? ''}
            onChange={(event) => show({ ...filters, [select.key]: event.currentTarget.value }, 1)}
          />
        ))}
      </SimpleGrid>
      <Group justify="flex-end" gap="sm">
        {exportFailed && (
          <Text size="sm" c="red" role="alert">
            The file could not be made. {CHECK_CONNECTION}
          </Text>
        )}
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden="true" />}
          loading={exporting}
          onClick={() => void download()}
        >
          Download CSV
        </Button>
      </Group>
      <PagedTable
        aria-label="Creators"
        columns={COLUMNS}
        minWidth={900}
        data={list.data}
        fetching={list.isFetching}
        failure={
          list.isError && !list.data
            ? {
                title: 'We could not load the creators',
                message: CHECK_CONNECTION,
                onRetry: () => void list.refetch(),
                retrying: list.isFetching,
              }
            : null
        }
        emptyMessage={
          filtered
            ? 'No creator matches these filters. Clear a filter or search for something else.'
            : 'No creator has signed up yet.'
        }
        renderRow={row}
        page={page}
        noun="creator"
        onPageChange={(next) => show(filters, next)}
      />
    </Stack>
  );
}
