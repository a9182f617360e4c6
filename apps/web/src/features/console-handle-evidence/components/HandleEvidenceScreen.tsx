import { Button, Tabs, Text } from '@mantine/core';
import { formatDateTime, PLATFORM_LABELS, type HandleEvidenceReview } from '@platform/shared';
import { Link, useSearchParams } from 'react-router';
import { PagedTable } from '../../../components/display/PagedTable';
import { CHECK_CONNECTION } from '../../../components/feedback/failure';
import { useHandleEvidenceQueue } from '../api/handle-evidence';
import { consoleEvidenceDetailPath } from '../api/paths';
import { creatorName, isQueueTab, QUEUE_TABS, STATUS_VIEW, type QueueTab } from './evidence-words';

const EMPTY_MESSAGES: Readonly<Record<QueueTab, string>> = {
  PENDING: 'No evidence is waiting. Recordings creators send to prove a handle show here, oldest first.',
  VERIFIED: 'No handle has been verified from evidence yet.',
  REFUSED: 'No evidence has been refused.',
};

/** Creators' recordings that a handle is theirs, in one status, oldest first; each opens for a decision. */
export function HandleEvidenceScreen() {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('status');
  const status: QueueTab = isQueueTab(requested) ? requested : 'PENDING';
  const queue = useHandleEvidenceQueue(status);
  const decided = status !== 'PENDING';
  const items = queue.data?.items;

  const row = (evidence: HandleEvidenceReview) => (
    <tr key={evidence.id}>
      <td>
        <Text size="sm" fw={500}>
          {creatorName(evidence)}
        </Text>
        {evidence.creator.name && (
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {evidence.creator.email}
          </Text>
        )}
      </td>
      <td style={{ overflowWrap: 'anywhere' }}>
        @{evidence.handle} on {PLATFORM_LABELS[evidence.platform]}
      </td>
      <td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(evidence.createdAt, 'short')}</td>
      {decided && (
        <td>
          {evidence.decidedAt ? formatDateTime(evidence.decidedAt, 'short') : '—'}
          {evidence.decidedBy && (
            <Text size="xs" c="dimmed">
              by {evidence.decidedBy}
            </Text>
          )}
        </td>
      )}
      <td>
        <Button
          component={Link}
          to={consoleEvidenceDetailPath(evidence.id)}
          size="compact-sm"
          variant={decided ? 'subtle' : 'light'}
          aria-label={`${decided ? 'View' : 'Review'} the evidence of ${creatorName(evidence)}`}
        >
          {decided ? 'View' : 'Review'}
        </Button>
      </td>
    </tr>
  );

  const table = (
    <PagedTable
      aria-label={STATUS_VIEW[status].label}
      columns={['Creator', 'Handle', 'Sent', ...(decided ? ['Decided'] : []), 'Actions']}
      minWidth={640}
      data={items && { items, total: items.length, pageSize: Math.max(items.length, 1) }}
      fetching={queue.isFetching}
      failure={
        queue.isError && !queue.data
          ? {
              title: 'We could not load the evidence',
              message: CHECK_CONNECTION,
              onRetry: () => void queue.refetch(),
              retrying: queue.isFetching,
            }
          : null
      }
      emptyMessage={EMPTY_MESSAGES[status]}
      renderRow={row}
      page={1}
      noun="recording"
      onPageChange={() => undefined}
    />
  );

  return (
    <Tabs
      value={status}
      onChange={(next) => setSearchParams(next && next !== 'PENDING' ? { status: next } : {})}
      keepMounted={false}
    >
      <Tabs.List mb="md">
        {QUEUE_TABS.map((tab) => (
          <Tabs.Tab key={tab} value={tab}>
            {STATUS_VIEW[tab].label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {QUEUE_TABS.map((tab) => (
        <Tabs.Panel key={tab} value={tab}>
          {table}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
