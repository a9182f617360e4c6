import { Alert, Button, Checkbox, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import {
  can,
  formatDateTime,
  nextEntryStatus,
  type AccountRole,
  type CampaignDetail,
  type CampaignEntry,
  type EntryBulkResult,
  type EntryStatus,
  type PermissionAction,
} from '@platform/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { PagedTable } from '../../../components/display/PagedTable';
import { CHECK_CONNECTION, failureText } from '../../../components/feedback/failure';
import { showSuccessToast } from '../../../components/feedback/toasts';
import {
  useBulkReviewEntries,
  useCampaignEntries,
  useRequestEntryChanges,
  useReviewEntry,
  type EntryBulkMove,
  type EntryBulkReview,
} from '../api/campaign-entries';
import { BulkMoveReport, type BulkMoveFailure } from '../../../components/display/BulkMoveReport';
import { checksByEntry, useEntryChecks } from '../api/entry-checks';
import { EntryChecksCell } from './EntryChecks';
import { EntryPreview } from './EntryPreview';
import { PostAuthor } from './PostAuthor';
import { SelectionBar, type SelectionMove } from '../../../components/display/SelectionBar';
import { EntryStatusCell } from './EntryStatusCell';
import { RejectEntryDialog } from './RejectEntryDialog';
import { RequestChangesDialog } from './RequestChangesDialog';

const FILTERS: { value: EntryStatus | 'ALL'; label: string }[] = [
  { value: 'SUBMITTED', label: 'To review' },
  { value: 'CHANGES_REQUESTED', label: 'Changes requested' },
  { value: 'APPROVED', label: 'Approved' },
  { value: 'REJECTED', label: 'Rejected' },
  { value: 'ARCHIVED', label: 'Archived' },
  { value: 'ALL', label: 'All' },
];

const REVIEW_MOVES: Readonly<
  Record<EntryBulkMove, { label: string; done: string; grant: PermissionAction; color: string }>
> = {
  approve: { label: 'Approve', done: 'approved', grant: 'APPROVE', color: 'teal' },
  reject: { label: 'Reject', done: 'rejected', grant: 'REJECT', color: 'red' },
  archive: { label: 'Archive', done: 'archived', grant: 'REVIEW', color: 'gray' },
};

/** In the order the selection offers them. */
const BULK_MOVES: readonly EntryBulkMove[] = ['approve', 'reject', 'archive'];

/** Made from the entry's row at once; rejecting asks for a reason first. */
const QUICK_MOVES = ['approve', 'archive'] as const;

const countOf = (count: number) => (count === 1 ? '1 entry' : `${count} entries`);

/** The success toast after a move of several entries, `moved` of them having moved. */
function movedText(move: EntryBulkMove, moved: number): string {
  const done = `${countOf(moved)} ${moved === 1 ? 'is' : 'are'} ${REVIEW_MOVES[move].done}`;
  if (move !== 'reject') return `${done}.`;
  return moved === 1
    ? `${done}; its creator can change it and send it again.`
    : `${done}; their creators can change them and send them again.`;
}

/** What is being rejected: one entry from its row (its own route), or the selection's entries. */
type Rejecting = { entry: CampaignEntry } | { selection: readonly CampaignEntry[] };

/**
 * A campaign's review queue: each entry with who sent it and its post or video, approved, rejected with a
 * reason or archived as the entry machine and the person's role allow, one by one or a selection at once;
 * where the campaign allows it, one entry at a time is sent back to its creator with what to change.
 */
export function CampaignEntries({ campaign, role }: { campaign: CampaignDetail; role: AccountRole }) {
  const [filter, setFilter] = useState<EntryStatus | 'ALL'>('SUBMITTED');
  const [page, setPage] = useState(1);
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<string>>(new Set());
  const [rejecting, setRejecting] = useState<Rejecting | null>(null);
  const [askingChanges, setAskingChanges] = useState<CampaignEntry | null>(null);
  const [report, setReport] = useState<{ done: string; failures: BulkMoveFailure[] } | null>(null);
  const selectionBar = useRef<HTMLDivElement>(null);
  const reportAlert = useRef<HTMLDivElement>(null);
  const entries = useCampaignEntries(campaign.id, filter === 'ALL' ? null : filter, page);
  const review = useReviewEntry(campaign.id);
  const requestChanges = useRequestEntryChanges(campaign.id);
  const bulk = useBulkReviewEntries(campaign.id);
  const checks = useEntryChecks(campaign.id);
  const checkOf = checksByEntry(checks.data);

  const who = (entry: CampaignEntry) => entry.creator.name ?? entry.creator.handle ?? 'this creator';
  const allowed = (entry: CampaignEntry, move: EntryBulkMove) =>
    can(role, REVIEW_MOVES[move].grant, 'CAMPAIGN_SUBMISSION') &&
    nextEntryStatus(entry.status, move) !== null;
  const mayAskChanges = (entry: CampaignEntry) =>
    campaign.validation.changeRequests &&
    can(role, 'REJECT', 'CAMPAIGN_SUBMISSION') &&
    nextEntryStatus(entry.status, 'request-changes') !== null;
  const mayReview = BULK_MOVES.some((move) => can(role, REVIEW_MOVES[move].grant, 'CAMPAIGN_SUBMISSION'));

  // Selection is of the page on show: entries that moved or left the page meanwhile drop out of it.
  const selectable = (entries.data?.items ?? []).filter((entry) =>
    BULK_MOVES.some((move) => allowed(entry, move)),
  );
  const selectableIds = new Set(selectable.map((entry) => entry.id));
  const selected = selectable.filter((entry) => selectedIds.has(entry.id));
  // A move that suits only part of the selection says how many it moves; rejecting asks for a reason first.
  const selectionMoves: SelectionMove<EntryBulkMove>[] = BULK_MOVES.flatMap((move) => {
    const count = selected.filter((entry) => allowed(entry, move)).length;
    if (count === 0) return [];
    const label =
      count === selected.length ? REVIEW_MOVES[move].label : `${REVIEW_MOVES[move].label} ${count}`;
    return [{ move, label: move === 'reject' ? `${label}…` : label, color: REVIEW_MOVES[move].color }];
  });
  const pending = review.isPending || bulk.isPending || requestChanges.isPending;

  const select = (entry: CampaignEntry, chosen: boolean) =>
    setSelectedIds((current) => {
      const next = new Set(current);
      if (chosen) next.add(entry.id);
      else next.delete(entry.id);
      return next;
    });

  /** After a move of several entries: say how many moved and which did not, and start a new selection. */
  const settleBulkMove = (
    move: EntryBulkMove,
    sent: readonly CampaignEntry[],
    { results }: EntryBulkResult,
  ) => {
    const moved = results.filter((result) => result.entry !== null).length;
    const failures = results
      .filter((result) => result.entry === null)
      .map((result) => {
        const entry = sent.find((candidate) => candidate.id === result.entryId);
        return {
          id: result.entryId,
          name: entry ? who(entry) : 'An entry no longer listed',
          message: result.message ?? 'It could not be moved.',
        };
      });
    if (moved > 0) showSuccessToast(movedText(move, moved));
    // The pressed button (or the dialog) leaves with the selection: render now, so that focus can go
    // where the outcome is read.
    flushSync(() => {
      setReport(failures.length > 0 ? { done: REVIEW_MOVES[move].done, failures } : null);
      setSelectedIds(new Set());
      setRejecting(null);
    });
    (reportAlert.current ?? selectionBar.current)?.focus();
  };

  const sendBulkMove = async (sent: readonly CampaignEntry[], bulkReview: EntryBulkReview) => {
    review.reset();
    setReport(null);
    settleBulkMove(bulkReview.move, sent, await bulk.mutateAsync(bulkReview));
  };

  const startBulkMove = (move: EntryBulkMove) => {
    const targets = selected.filter((entry) => allowed(entry, move));
    if (move === 'reject') {
      setRejecting({ selection: targets });
      return;
    }
    const entryIds = targets.map((entry) => entry.id);
    // A refused request shows above the queue (bulk.error); there is nothing more to do here.
    sendBulkMove(targets, { move, entryIds }).catch(() => undefined);
  };

  return (
    <Stack gap="sm">
      <SegmentedControl
        aria-label="Which entries"
        w="fit-content"
        value={filter}
        data={FILTERS}
        onChange={(value) => {
          setFilter(value);
          setPage(1);
          setSelectedIds(new Set());
        }}
      />
      {(review.isError || (bulk.isError && bulk.variables.move !== 'reject')) && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden="true" />} role="alert">
          {failureText(review.error ?? bulk.error)}
        </Alert>
      )}
      {report && (
        <BulkMoveReport
          ref={reportAlert}
          noun={{ one: 'entry', many: 'entries' }}
          done={report.done}
          failures={report.failures}
          onDismiss={() => {
            setReport(null);
            selectionBar.current?.focus();
          }}
        />
      )}
      {mayReview && entries.data && (
        <SelectionBar
          ref={selectionBar}
          label="Review several entries"
          selectableCount={selectable.length}
          selectedCount={selected.length}
          moves={selectionMoves}
          pending={bulk.isPending ? bulk.variables.move : null}
          onSelectPage={(chosen) =>
            setSelectedIds(new Set(chosen ? selectable.map((entry) => entry.id) : []))
          }
          onMove={startBulkMove}
          onClear={() => setSelectedIds(new Set())}
        />
      )}
      <PagedTable
        aria-label="Entries"
        columns={[
          ...(mayReview ? ['Select'] : []),
          'Creator',
          'Post or video',
          'Checks',
          'Status',
          'Sent',
          'Actions',
        ]}
        minWidth={mayReview ? 920 : 880}
        data={entries.data}
        fetching={entries.isFetching}
        failure={
          entries.isError && !entries.data
            ? {
                title: 'We could not load the entries',
                message: CHECK_CONNECTION,
                onRetry: () => void entries.refetch(),
                retrying: entries.isFetching,
              }
            : null
        }
        emptyMessage={
          filter === 'SUBMITTED'
            ? 'Nothing to review: every entry sent has been looked at.'
            : 'No entries here.'
        }
        page={page}
        noun="entry"
        plural="entries"
        onPageChange={(next) => {
          setPage(next);
          setSelectedIds(new Set());
        }}
        renderRow={(entry) => (
          <tr key={entry.id}>
            {mayReview && (
              <td>
                {selectableIds.has(entry.id) && (
                  <Checkbox
                    aria-label={`Select the entry of ${who(entry)}`}
                    checked={selectedIds.has(entry.id)}
                    disabled={bulk.isPending}
                    onChange={(event) => select(entry, event.currentTarget.checked)}
                  />
                )}
              </td>
            )}
            <td>
              <Text size="sm" fw={500}>
                {entry.creator.name ?? '—'}
              </Text>
              {entry.creator.handle && (
                <Text size="xs" c="dimmed">
                  @{entry.creator.handle}
                </Text>
              )}
              <PostAuthor entry={entry} />
            </td>
            <td>
              <EntryPreview entry={entry} creatorName={who(entry)} />
            </td>
            <td>
              <EntryChecksCell
                campaignId={campaign.id}
                entry={entry}
                check={checkOf.get(entry.id)}
                creatorName={who(entry)}
                mayClear={can(role, 'APPROVE', 'CAMPAIGN_SUBMISSION')}
                failed={checks.isError}
              />
            </td>
            <td>
              <EntryStatusCell entry={entry} />
            </td>
            <td>{formatDateTime(entry.submittedAt, 'short')}</td>
            <td>
              <Group gap="xs">
                {QUICK_MOVES.filter((move) => allowed(entry, move)).map((move) => (
                  <Button
                    key={move}
                    size="compact-sm"
                    variant="light"
                    color={REVIEW_MOVES[move].color}
                    disabled={pending}
                    loading={
                      review.isPending &&
                      review.variables.entryId === entry.id &&
                      review.variables.move === move
                    }
                    aria-label={`${REVIEW_MOVES[move].label} the entry of ${who(entry)}`}
                    onClick={() => {
                      bulk.reset();
                      review.mutate(
                        { entryId: entry.id, move },
                        {
                          onSuccess: () =>
                            showSuccessToast(`The entry of ${who(entry)} is ${REVIEW_MOVES[move].done}.`),
                        },
                      );
                    }}
                  >
                    {REVIEW_MOVES[move].label}
                  </Button>
                ))}
                {allowed(entry, 'reject') && (
                  <Button
                    size="compact-sm"
                    variant="light"
                    color="red"
                    disabled={pending}
                    aria-label={`Reject the entry of ${who(entry)}`}
                    onClick={() => setRejecting({ entry })}
                  >
                    Reject
                  </Button>
                )}
                {mayAskChanges(entry) && (
                  <Button
                    size="compact-sm"
                    variant="light"
                    color="orange"
                    disabled={pending}
                    aria-label={`Request changes to the entry of ${who(entry)}`}
                    onClick={() => setAskingChanges(entry)}
                  >
                    Request changes
                  </Button>
                )}
              </Group>
            </td>
          </tr>
        )}
      />
      {rejecting && (
        <RejectEntryDialog
          creatorNames={'entry' in rejecting ? [who(rejecting.entry)] : rejecting.selection.map(who)}
          onClose={() => setRejecting(null)}
          onReject={async (rejection) => {
            if ('selection' in rejecting) {
              const entryIds = rejecting.selection.map((entry) => entry.id);
              await sendBulkMove(rejecting.selection, { move: 'reject', entryIds, rejection });
              return;
            }
            const { entry } = rejecting;
            bulk.reset();
            await review.mutateAsync({ entryId: entry.id, move: 'reject', rejection });
            showSuccessToast(`The entry of ${who(entry)} is rejected; they can change it and send it again.`);
            setRejecting(null);
          }}
        />
      )}
      {askingChanges && (
        <RequestChangesDialog
          creatorName={who(askingChanges)}
          onClose={() => setAskingChanges(null)}
          onRequest={async ({ note }) => {
            bulk.reset();
            review.reset();
            await requestChanges.mutateAsync({ entryId: askingChanges.id, note });
            showSuccessToast(
              `The entry of ${who(askingChanges)} is sent back: they can change it and send it again.`,
            );
            setAskingChanges(null);
          }}
        />
      )}
    </Stack>
  );
}
