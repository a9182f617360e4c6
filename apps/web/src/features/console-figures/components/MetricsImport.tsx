import {
  Alert,
  Badge,
  Button,
  FileInput,
  Group,
  List,
  Loader,
  SegmentedControl,
  Stack,
  Text,
} from '@mantine/core';
import {
  fileExtension,
  fileTooLargeMessage,
  METRICS_IMPORT_MAX_BYTES,
  METRICS_IMPORT_MAX_ROWS,
  type CampaignDetail,
  type MetricsImportReport,
  type MetricsImportRow,
} from '@platform/shared';
import { IconAlertTriangle, IconCircleCheck, IconFileSpreadsheet } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { DataTable } from '../../../components/display/DataTable';
import { Pager } from '../../../components/display/PagedTable';
import { FieldError, renderFieldError } from '../../../components/form/FieldError';
import { failureText } from '../../../components/feedback/failure';
import { showSuccessToast } from '../../../components/feedback/toasts';
import { isApiError } from '../../../lib/api-client';
import { formatCount } from '../../../lib/metrics-words';
import { useMetricsImport } from '../api/metrics-import';
import { FIGURE_LABELS, FIGURES, figureText, readAtText } from '../../../lib/figure-labels';

const ROWS_PER_PAGE = 50;

/** Browsers name a CSV's type differently (Windows says a spreadsheet's), so its extension decides. */
const CSV_TYPES = ['text/csv', 'application/csv', 'application/vnd.ms-excel', 'text/plain', ''];

export const IMPORT_WORDS = {
  notCsv: 'Choose a CSV file (.csv).',
  empty: 'The file is empty: choose a CSV with its header row and a row per entry.',
} as const;

/** Why a chosen file is not sent, or null when it can be. */
function fileProblem(file: File): string | null {
  if (fileExtension(file.name) !== 'csv' || !CSV_TYPES.includes(file.type)) return IMPORT_WORDS.notCsv;
  if (file.size > METRICS_IMPORT_MAX_BYTES) return fileTooLargeMessage(METRICS_IMPORT_MAX_BYTES);
  if (file.size === 0) return IMPORT_WORDS.empty;
  return null;
}

/** What the server said of a file it could not read whole: its words for the file, or the failure. */
function readingFailure(error: unknown): string {
  const onFile = isApiError(error) ? error.details.find((detail) => detail.field === 'body') : undefined;
  return onFile?.message ?? failureText(error);
}

const readingsText = (count: number) => (count === 1 ? '1 reading' : `${formatCount(count)} readings`);
const rowsText = (count: number) => (count === 1 ? '1 row' : `${formatCount(count)} rows`);

/** The columns of the file a table cell shows: a cell's errors show in it, the others in the last. */
const CELL_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  entry: ['entry_id', 'post_link'],
  views: ['views'],
  likes: ['likes'],
  comments: ['comments'],
  shares: ['shares'],
  read_at: ['read_at'],
};
const SHOWN_COLUMNS = new Set(Object.values(CELL_COLUMNS).flat());

function CellErrors({ errors }: { errors: MetricsImportRow['errors'] }) {
  return (
    <Stack gap={2}>
      {errors.map((error) => (
        <Text key={`${error.column}:${error.message}`} size="xs" c="red">
          <FieldError
            message={SHOWN_COLUMNS.has(error.column) ? error.message : `${error.column}: ${error.message}`}
          />
        </Text>
      ))}
    </Stack>
  );
}

/** One cell: what was read, or, where the file is wrong, the server's words in its place. */
function Cell({ row, cell, children }: { row: MetricsImportRow; cell: string; children: ReactNode }) {
  const errors = row.errors.filter((error) => CELL_COLUMNS[cell]?.includes(error.column));
  return <td>{errors.length > 0 ? <CellErrors errors={errors} /> : children}</td>;
}

function PreviewRow({ row }: { row: MetricsImportRow }) {
  const elsewhere = row.errors.filter((error) => !SHOWN_COLUMNS.has(error.column));
  return (
    <tr>
      <td>{row.row}</td>
      <Cell row={row} cell="entry">
        <Text size="sm" ff={row.entryId ? 'monospace' : undefined} style={{ overflowWrap: 'anywhere' }}>
          {row.entryId ? row.entryId.slice(0, 8) : (row.postLink ?? '—')}
        </Text>
      </Cell>
      {FIGURES.map((name) => (
        <Cell key={name} row={row} cell={name}>
          {figureText(row[name])}
        </Cell>
      ))}
      <Cell row={row} cell="read_at">
        {row.readAt ? readAtText(row.readAt) : 'When imported'}
      </Cell>
      <td>
        {row.errors.length === 0 ? (
          <Badge color="teal" variant="light">
            OK
          </Badge>
        ) : (
          <Stack gap={4}>
            <Badge color="red" variant="light">
              {row.errors.length === 1 ? '1 error' : `${row.errors.length} errors`}
            </Badge>
            {elsewhere.length > 0 && <CellErrors errors={elsewhere} />}
          </Stack>
        )}
      </td>
    </tr>
  );
}

/** The server's reading of the file, row by row, the rows with errors first to hand when there are any. */
function Preview({ report }: { report: MetricsImportReport }) {
  const [shown, setShown] = useState<'errors' | 'all'>(report.errorCount > 0 ? 'errors' : 'all');
  const [page, setPage] = useState(1);
  const rows = shown === 'errors' ? report.rows.filter((row) => row.errors.length > 0) : report.rows;
  const onPage = rows.slice((page - 1) * ROWS_PER_PAGE, page * ROWS_PER_PAGE);
  return (
    <Stack gap="sm">
      <Text size="sm" role="status">
        {report.errorCount === 0
          ? `${rowsText(report.rowCount)} read, every one ready to record.`
          : `${rowsText(report.rowCount)} read; ${rowsText(report.errorCount)} with errors.`}
        {report.ignoredColumns.length > 0 && ` Not read: ${report.ignoredColumns.join(', ')}.`}
      </Text>
      {report.errorCount > 0 && (
        <SegmentedControl
          aria-label="Which rows"
          w="fit-content"
          value={shown}
          data={[
            { value: 'errors', label: 'Rows with errors' },
            { value: 'all', label: 'All rows' },
          ]}
          onChange={(value) => {
            setShown(value);
            setPage(1);
          }}
        />
      )}
      <DataTable aria-label="Rows of the file" minWidth={920}>
        <thead>
          <tr>
            {['Row', 'Entry', ...FIGURES.map((name) => FIGURE_LABELS[name]), 'Read at', 'Check'].map(
              (column) => (
                <th scope="col" key={column}>
                  {column}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>
          {onPage.map((row) => (
            <PreviewRow key={row.row} row={row} />
          ))}
        </tbody>
      </DataTable>
      <Pager total={rows.length} page={page} pageSize={ROWS_PER_PAGE} noun="row" onChange={setPage} />
    </Stack>
  );
}

type Recorded = { recorded: number; alreadyRecorded: number };

/**
 * Figures for the campaign's entries from a CSV: the file is read by the server as soon as it is chosen,
 * every row shown as read or with its errors, and its readings recorded, all or none, once no row fails.
 */
export default function MetricsImport({ campaign }: { campaign: CampaignDetail }) {
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<MetricsImportReport | null>(null);
  const [recorded, setRecorded] = useState<Recorded | null>(null);
  const importer = useMetricsImport(campaign.id);
  const reading = importer.isPending && importer.variables.preview;
  const recording = importer.isPending && !importer.variables.preview;

  const choose = (chosen: File | null) => {
    importer.reset();
    setFile(chosen);
    setPreview(null);
    setRecorded(null);
    setProblem(chosen ? fileProblem(chosen) : null);
    if (!chosen || fileProblem(chosen)) return;
    importer.mutate(
      { file: chosen, preview: true },
      {
        onSuccess: setPreview,
        onError: (error) => setProblem(readingFailure(error)),
      },
    );
  };

  const record = async () => {
    if (!file || !preview) return;
    try {
      const report = await importer.mutateAsync({ file, preview: false });
      setRecorded({ recorded: report.recorded, alreadyRecorded: report.alreadyRecorded });
      setPreview(null);
      setFile(null);
      showSuccessToast(`${readingsText(report.recorded)} recorded from ${file.name}.`);
    } catch {
      // The refusal shows above the preview (importer.error), the file kept for another try.
    }
  };

  const failedRecord = importer.isError && importer.variables.preview === false ? importer.error : null;
  const ready = preview !== null && preview.errorCount === 0 && preview.rowCount > 0;

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        A CSV with a header row naming each row’s entry (entry_id or post_link) and its views; likes,
        comments, shares and read_at (such as 2026-11-21T09:00:00Z; the import’s time when empty) may follow.
        Up to {formatCount(METRICS_IMPORT_MAX_ROWS)} rows. Each reading is kept beside the entry’s others;
        nothing is recorded until every row reads.
      </Text>
      <FileInput
        size="md"
        label="CSV file"
        placeholder="Choose a file"
        accept=".csv,text/csv"
        clearable
        clearButtonProps={{ 'aria-label': 'Remove the file' }}
        leftSection={<IconFileSpreadsheet size={16} aria-hidden="true" />}
        value={file}
        disabled={recording}
        onChange={choose}
        error={renderFieldError(problem ?? undefined)}
        maw={480}
      />
      {reading && (
        <Group gap="xs" role="status">
          <Loader size="sm" aria-hidden="true" />
          <Text size="sm">Reading the file…</Text>
        </Group>
      )}
      {recorded && (
        <Alert
          color="teal"
          variant="light"
          role="status"
          icon={<IconCircleCheck aria-hidden="true" />}
          title="Figures recorded"
        >
          {readingsText(recorded.recorded)} recorded.
          {recorded.alreadyRecorded > 0 &&
            ` ${readingsText(recorded.alreadyRecorded)} ${recorded.alreadyRecorded === 1 ? 'was' : 'were'} recorded before (the same figures imported again) and kept once.`}
        </Alert>
      )}
      {failedRecord && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle aria-hidden="true" />}
          title="Nothing was recorded"
          role="alert"
        >
          {failureText(failedRecord)}
          {isApiError(failedRecord) && failedRecord.details.length > 0 && (
            <List size="sm" mt="xs">
              {failedRecord.details.map((detail) => (
                <List.Item key={detail.field}>{detail.message}</List.Item>
              ))}
            </List>
          )}
        </Alert>
      )}
      {preview && (
        <>
          <Preview key={file ? `${file.name}:${file.lastModified}` : ''} report={preview} />
          <Group gap="sm">
            <Button disabled={!ready} loading={recording} onClick={() => void record()}>
              Record {readingsText(preview.rowCount)}
            </Button>
            {!ready && (
              <Text size="sm" c="dimmed">
                {preview.rowCount === 0
                  ? 'The file has no rows to record.'
                  : 'Correct the rows with errors in the file and choose it again: nothing is recorded while a row fails.'}
              </Text>
            )}
          </Group>
        </>
      )}
    </Stack>
  );
}
