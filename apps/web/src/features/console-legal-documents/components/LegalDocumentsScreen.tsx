import { Badge, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { formatDateTime, type LegalDocument, type LegalLinkType } from '@platform/shared';
import { lazy, Suspense, useEffect, useState } from 'react';
import { PagedTable } from '../../../components/display/PagedTable';
import { CHECK_CONNECTION } from '../../../components/feedback/failure';
import { formatFileSize } from '../../../components/inputs/file-size';
import { whenIdle } from '../../../lib/idle';
import { useLegalDocumentList } from '../api/list-legal-documents';
import { useDocumentTitles } from '../hooks/use-document-titles';
import {
  hasLegalDocumentFilters,
  NO_LEGAL_DOCUMENT_FILTERS,
  type LegalDocumentFilterValues,
} from './filter-values';

// The filters bring the searchable select, the notice the legal contracts (and zod under them), and the
// dialog its form, schema and preview: the filters and the notice load beside the first page of versions,
// the dialog when the browser is idle or at the latest when opened.
const loadPublishDialog = () => import('./PublishLegalDocumentDialog');
const PlaceholderNotice = lazy(() =>
  import('./PlaceholderNotice').then((module) => ({ default: module.PlaceholderNotice })),
);
const LegalDocumentFilters = lazy(() =>
  import('./LegalDocumentFilters').then((module) => ({ default: module.LegalDocumentFilters })),
);
const PublishLegalDocumentDialog = lazy(() =>
  loadPublishDialog().then((module) => ({ default: module.PublishLegalDocumentDialog })),
);

/** The server's page size when none is asked for (contracts/lists.ts), kept here to leave zod out of the page. */
const PAGE_SIZE = 25;

const COLUMNS = ['Document', 'Territory', 'Version', 'Published', 'Size'];

function FiltersSkeleton() {
  return (
    <Group gap="md" aria-hidden="true">
      {[240, 220].map((width) => (
        <Stack key={width} gap={6} w={width}>
          <Skeleton height={14} width="40%" radius="sm" />
          <Skeleton height={42} radius="md" />
        </Stack>
      ))}
    </Group>
  );
}

function VersionRow({
  document,
  titles,
}: {
  document: LegalDocument;
  titles: Readonly<Record<LegalLinkType, string>>;
}) {
  return (
    <tr>
      <td>
        <Text size="sm" fw={500}>
          {titles[document.type]}
        </Text>
      </td>
      <td>
        {document.territory ? (
          document.territory.name
        ) : (
          <Text span size="sm" fs="italic">
            Every territory
          </Text>
        )}
      </td>
      <td>
        <Group gap={6} wrap="wrap">
          <Text span size="sm" style={{ overflowWrap: 'anywhere' }}>
            {document.version}
          </Text>
          {document.current && (
            <Badge color="teal" variant="light" miw="max-content">
              Current
            </Badge>
          )}
          {document.placeholder && (
            <Badge color="yellow" variant="light" miw="max-content">
              Placeholder
            </Badge>
          )}
        </Group>
      </td>
      <td>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(document.publishedAt, 'short')}
        </Text>
        <Text size="xs" c="dimmed">
          {document.publishedBy
            ? `by ${document.publishedBy}`
            : document.placeholder
              ? 'installed with the platform'
              : 'by a former staff member'}
        </Text>
      </td>
      <td style={{ whiteSpace: 'nowrap' }}>{formatFileSize(document.size)}</td>
    </tr>
  );
}

/** The legal documents creators accept: every published version, filters, and publishing a new one. */
export function LegalDocumentsScreen() {
  const [filters, setFilters] = useState<LegalDocumentFilterValues>(NO_LEGAL_DOCUMENT_FILTERS);
  const territoryId = filters.territory?.id ?? null;
  // A new filter starts again from page 1.
  const filterKey = `${territoryId ?? ''}\n${filters.type ?? ''}`;
  const [paging, setPaging] = useState({ filterKey, page: 1 });
  const page = paging.filterKey === filterKey ? paging.page : 1;
  const list = useLegalDocumentList({ page, pageSize: PAGE_SIZE, territoryId, type: filters.type });
  const [publishing, setPublishing] = useState(false);
  useEffect(() => whenIdle(() => void loadPublishDialog()), []);

  const titles = useDocumentTitles();
  // Rows show once the documents can be named, so they never change under the reader's eyes.
  const data = titles ? list.data : undefined;
  const filtered = hasLegalDocumentFilters(filters);

  return (
    <Stack gap="md">
      {data?.placeholdersInUse && (
        <Suspense fallback={null}>
          <PlaceholderNotice onPublish={() => setPublishing(true)} />
        </Suspense>
      )}

      <Group align="flex-end" justify="space-between" gap="md" wrap="nowrap">
        <Suspense fallback={<FiltersSkeleton />}>
          <LegalDocumentFilters value={filters} onChange={setFilters} />
        </Suspense>
        <Button leftSection={<IconUpload size={16} aria-hidden="true" />} onClick={() => setPublishing(true)}>
          Publish a new version
        </Button>
      </Group>

      <PagedTable
        aria-label="Legal document versions"
        columns={COLUMNS}
        minWidth={760}
        data={data}
        fetching={list.isFetching}
        failure={
          list.isError && !data
            ? {
                title: 'We could not load the legal documents',
                message: CHECK_CONNECTION,
                onRetry: () => void list.refetch(),
                retrying: list.isFetching,
              }
            : null
        }
        emptyMessage={
          filtered
            ? 'No version matches these filters. Choose another territory or document, or clear the filters.'
            : 'Nothing has been published yet. Publish the first version with “Publish a new version”.'
        }
        renderRow={(document) =>
          titles && <VersionRow key={document.id} document={document} titles={titles} />
        }
        page={page}
        noun="version"
        onPageChange={(next) => setPaging({ filterKey, page: next })}
      />

      {publishing && (
        <Suspense fallback={null}>
          <PublishLegalDocumentDialog onClose={() => setPublishing(false)} />
        </Suspense>
      )}
    </Stack>
  );
}
