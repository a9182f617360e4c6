import { Badge, Skeleton, Stack, Text } from '@mantine/core';
import { formatDateTime, type AuditEntry } from '@platform/shared';
import { humanize } from '../../../lib/format';
import { DataTable } from '../../../components/display/DataTable';
import classes from './AuditLogTable.module.css';
import { ChangeSummary } from './ChangeSummary';

/** The columns stay readable: a narrower window scrolls the table sideways. */
const TABLE_MIN_WIDTH = 960;

const COLUMNS = ['When', 'Who', 'Action', 'Target', 'Changes'] as const;

function HeaderRow() {
  return (
    <thead>
      <tr>
        {COLUMNS.map((column) => (
          <th key={column} scope="col">
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}

export function AuditLogTableSkeleton({ rows = 8 }: { rows?: number }) {
  return (
    <DataTable minWidth={TABLE_MIN_WIDTH} aria-label="Loading the audit log" data-loading="true">
      <HeaderRow />
      <tbody>
        {Array.from({ length: rows }, (_, row) => (
          <tr key={row}>
            {COLUMNS.map((column) => (
              <td key={column}>
                <Skeleton height={16} radius="sm" />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}

export interface AuditLogTableProps {
  entries: AuditEntry[];
  /** Another page or filter is loading: the rows shown are the previous ones. */
  stale: boolean;
}

export function AuditLogTable({ entries, stale }: AuditLogTableProps) {
  return (
    <DataTable minWidth={TABLE_MIN_WIDTH} aria-label="Audit log" aria-busy={stale || undefined}>
      <HeaderRow />
      <tbody>
        {entries.map((entry) => (
          <tr key={entry.id}>
            <td className={classes.nowrap}>
              <time dateTime={entry.at}>{formatDateTime(entry.at, 'long')}</time>
            </td>
            <td>
              <Stack gap={2} align="flex-start">
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {entry.actorEmail}
                </Text>
                <Badge size="sm" variant="light" color="gray" miw="max-content">
                  {humanize(entry.actorRole)}
                </Badge>
              </Stack>
            </td>
            <td>
              <Text size="sm" ff="monospace">
                {entry.action}
              </Text>
            </td>
            <td>
              <Stack gap={2}>
                <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {entry.targetLabel}
                </Text>
                <Text size="xs" c="dimmed">
                  {humanize(entry.targetType)} · {entry.targetId}
                </Text>
              </Stack>
            </td>
            <td>
              <ChangeSummary before={entry.before} after={entry.after} />
            </td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
