import { Badge, Button, Tabs, Text } from '@mantine/core';
import { formatDateTime, formatMoney, type HeldEntry } from '@platform/shared';
import { Link, useSearchParams } from 'react-router';
import { PagedTable } from '../../../components/display/PagedTable';
import { CHECK_CONNECTION } from '../../../components/feedback/failure';
import { pageFromParam } from '../../../lib/page-param';
import { useHoldQueue } from '../api/holds';
import { consoleHoldPath } from '../api/paths';
import {
  creatorName,
  HOLD_STATUS_VIEW,
  isQueueTab,
  QUEUE_TAB_LABELS,
  QUEUE_TABS,
  type QueueTab,
} from './hold-words';

const EMPTY_MESSAGES: Readonly<Record<QueueTab, string>> = {
  open: 'No earnings are held. Entries whose views look bought are held here, the most money at stake first.',
  decided: 'No hold has been decided yet.',
};

function HoldRow({ hold, decided }: { hold: HeldEntry; decided: boolean }) {
  const name = creatorName(hold);
  const firstSignal = hold.signals[0];
  return (
    <tr>
      <td>
        <Text size="sm" fw={500}>
          {name}
        </Text>
        {hold.creator.handle && hold.creator.name && (
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            @{hold.creator.handle}
          </Text>
        )}
      </td>
      <td style={{ overflowWrap: 'anywhere' }}>{hold.campaign.name}</td>
      <td style={{ whiteSpace: 'nowrap' }}>{formatMoney(hold.atStake.amountMinor, hold.atStake.currency)}</td>
      <td>{hold.score}</td>
      <td>
        <Text size="sm" lineClamp={3}>
          {firstSignal?.sentence ?? '—'}
        </Text>
      </td>
      <td>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(decided && hold.decision ? hold.decision.decidedAt : hold.heldAt, 'short')}
        </Text>
        {(hold.status === 'APPEALED' || hold.appeal !== null) && (
          <Badge color="blue" variant="light" mt={4}>
            Appealed
          </Badge>
        )}
      </td>
      {decided && (
        <td>
          <Badge color={HOLD_STATUS_VIEW[hold.status].color} variant="light">
            {HOLD_STATUS_VIEW[hold.status].label}
          </Badge>
        </td>
      )}
      <td>
        <Button
          component={Link}
          to={consoleHoldPath(hold.id)}
          size="compact-sm"
          variant={decided ? 'subtle' : 'light'}
          aria-label={`${decided ? 'View' : 'Review'} the hold on ${name}’s entry`}
        >
          {decided ? 'View' : 'Review'}
        </Button>
      </td>
    </tr>
  );
}

/** Entries whose earnings are held for a check of their views, the most money at stake first. */
export function HoldQueueScreen() {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('status');
  const status: QueueTab = isQueueTab(requested) ? requested : 'open';
  const page = pageFromParam(searchParams.get('page'));
  const queue = useHoldQueue(status, page);
  const decided = status === 'decided';

  const show = (next: { status: QueueTab; page: number }) =>
    setSearchParams({
      ...(next.status === 'open' ? {} : { status: next.status }),
      ...(next.page > 1 ? { page: String(next.page) } : {}),
    });

  const table = (
    <PagedTable
      aria-label={QUEUE_TAB_LABELS[status]}
      columns={[
        'Creator',
        'Campaign',
        'At stake',
        'Score',
        'Why',
        decided ? 'Decided' : 'Held since',
        ...(decided ? ['Outcome'] : []),
        'Actions',
      ]}
      minWidth={860}
      data={queue.data}
      fetching={queue.isFetching}
      failure={
        queue.isError && !queue.data
          ? {
              title: 'We could not load the held earnings',
              message: CHECK_CONNECTION,
              onRetry: () => void queue.refetch(),
              retrying: queue.isFetching,
            }
          : null
      }
      emptyMessage={EMPTY_MESSAGES[status]}
      renderRow={(hold) => <HoldRow key={hold.id} hold={hold} decided={decided} />}
      page={page}
      noun="hold"
      onPageChange={(next) => show({ status, page: next })}
    />
  );

  return (
    <Tabs
      value={status}
      onChange={(next) => show({ status: isQueueTab(next) ? next : 'open', page: 1 })}
      keepMounted={false}
    >
      <Tabs.List mb="md">
        {QUEUE_TABS.map((tab) => (
          <Tabs.Tab key={tab} value={tab}>
            {QUEUE_TAB_LABELS[tab]}
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
