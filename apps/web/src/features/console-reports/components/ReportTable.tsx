import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';
import { DataTable } from '../../../components/display/DataTable';
import { showSuccessToast } from '../../../components/feedback/toasts';
import { saveFile } from '../../../lib/downloads';
import classes from './Report.module.css';

export interface ReportTableProps {
  title: string;
  columns: readonly string[];
  /** One `tr` (with its key) per row. */
  rows: ReactNode[];
  emptyMessage: string;
  /** The table as a CSV file, made when asked for. */
  csv: () => string;
  fileName: string;
  minWidth?: number;
}

/** One of the report's breakdowns: a heading, its table, and the same rows as a CSV file. */
export function ReportTable({
  title,
  columns,
  rows,
  emptyMessage,
  csv,
  fileName,
  minWidth,
}: ReportTableProps) {
  const headingId = useId();
  const download = () => {
    saveFile(new Blob([csv()], { type: 'text/csv;charset=utf-8' }), fileName);
    showSuccessToast(`The table is in ${fileName}.`, 'Download ready');
  };
  return (
    <Stack component="section" gap="sm" aria-labelledby={headingId}>
      <Group justify="space-between" align="center" className={classes.card}>
        <Title order={2} size="h4" id={headingId}>
          {title}
        </Title>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconDownload size={14} aria-hidden="true" />}
          onClick={download}
          aria-label={`Download CSV: ${title}`}
        >
          Download CSV
        </Button>
      </Group>
      <DataTable aria-labelledby={headingId} minWidth={minWidth}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th scope="col" key={column}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length > 0 ? (
            rows
          ) : (
            <tr>
              <td colSpan={columns.length}>
                <Text c="dimmed" ta="center" py="md" size="sm">
                  {emptyMessage}
                </Text>
              </td>
            </tr>
          )}
        </tbody>
      </DataTable>
    </Stack>
  );
}
