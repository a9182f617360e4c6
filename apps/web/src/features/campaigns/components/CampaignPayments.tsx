import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  Progress,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import {
  can,
  formatDateTime,
  formatMoney,
  rewardPurpose,
  nextPaymentStatus,
  type AccountRole,
  type CampaignDetail,
  type Payment,
  type PaymentStatus,
  type PermissionAction,
} from '@platform/shared';
import { IconAlertTriangle, IconDownload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { PagedTable } from '../../../components/display/PagedTable';
import { CHECK_CONNECTION, failureText, LoadFailure } from '../../../components/feedback/failure';
import { showSuccessToast } from '../../../components/feedback/toasts';
import {
  getAllCampaignPayments,
  useBulkApprovePayments,
  useCampaignBudget,
  useCampaignPayments,
  useDecidePayment,
} from '../api/campaign-payments';
import { saveFile } from '../../../lib/downloads';
import { BulkMoveReport, type BulkMoveFailure } from './BulkMoveReport';
import { paymentsCsv, paymentsCsvFileName } from './payments-csv';
import { RejectPaymentDialog } from './RejectPaymentDialog';
import { SelectionBar } from './SelectionBar';

const STATUS_VIEW: Readonly<Record<PaymentStatus, { label: string; color: string }>> = {
  PENDING: { label: 'Waiting for approval', color: 'yellow' },
  APPROVED: { label: 'Approved', color: 'teal' },
  PAID: { label: 'Paid', color: 'green' },
  REJECTED: { label: 'Rejected', color: 'red' },
  FAILED: { label: 'Payout failed', color: 'red' },
};

const FILTERS: { value: PaymentStatus | 'ALL'; label: string }[] = [
  { value: 'PENDING', label: 'To approve' },
  { value: 'APPROVED', label: 'Approved' },
  { value: 'PAID', label: 'Paid' },
  { value: 'REJECTED', label: 'Rejected' },
  { value: 'FAILED', label: 'Failed' },
  { value: 'ALL', label: 'All' },
];

const DECISIONS: Readonly<
  Record<'approve' | 'reject' | 'withdraw', { label: string; grant: PermissionAction }>
> = {
  approve: { label: 'Approve', grant: 'APPROVE' },
  reject: { label: 'Reject', grant: 'REJECT' },
  withdraw: { label: 'Withdraw', grant: 'REJECT' },
};

/** Enough of an entry's id to tell it from the others of a campaign. */
const shortId = (id: string) => id.slice(0, 8);

/** The payment in a few words, for buttons, dialogs and toasts: '£10.00 for entry 7c1d2e3f'. */
const paymentLabel = (payment: Payment) =>
  `${formatMoney(payment.amountMinor, payment.currency)} for entry ${shortId(payment.entryId)}`;

const countOf = (count: number) => (count === 1 ? '1 payment' : `${count} payments`);

/** The success toast after approving several payments, `approved` of them approved. */
const approvedText = (approved: number) =>
  approved === 1
    ? '1 payment is approved; its invoice is issued.'
    : `${approved} payments are approved; their invoices are issued.`;

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text component="dd" size="lg" fw={700} m={0}>
        {value}
      </Text>
    </div>
  );
}

const percentOf = (part: number, whole: number) =>
  whole > 0 ? Math.min(100, Math.max(0, Math.round((part / whole) * 100))) : 0;

/** What the campaign may spend on rewards, what they have committed and what is left; the slots too. */
function BudgetCard({ campaignId }: { campaignId: string }) {
  const budget = useCampaignBudget(campaignId);
  if (budget.isPending) return <Skeleton role="status" height={120} radius="md" aria-label="Loading the budget" />;
  if (budget.isError) {
    return (
      <LoadFailure
        title="We could not load the budget"
        message={CHECK_CONNECTION}
        retrying={budget.isFetching}
        onRetry={() => void budget.refetch()}
      />
    );
  }
  const { budgetMinor, committedMinor, leftMinor, currency, slots } = budget.data;
  const committedShare = percentOf(committedMinor, budgetMinor);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Budget">
      <Stack gap="sm">
        <SimpleGrid component="dl" cols={{ base: 1, sm: slots ? 4 : 3 }} m={0}>
          <Figure label="Budget" value={formatMoney(budgetMinor, currency)} />
          <Figure label="Committed" value={formatMoney(committedMinor, currency)} />
          <Figure label="Left" value={formatMoney(leftMinor, currency)} />
          {slots && <Figure label="Slots left" value={`${slots.left} of ${slots.taken + slots.left}`} />}
        </SimpleGrid>
        <Progress value={committedShare} color="teal" aria-label="Budget committed" />
        <Text size="xs" c="dimmed">
          {committedShare}% of the budget is committed to rewards
          {slots ? `; ${slots.taken} ${slots.taken === 1 ? 'slot is' : 'slots are'} taken.` : '.'}
        </Text>
      </Stack>
    </Paper>
  );
}

/** The payments' CSV export: every payment of the campaign, whatever the filter on show. */
function useDownloadPaymentsCsv(campaign: CampaignDetail) {
  return useMutation({
    mutationFn: () => getAllCampaignPayments(campaign.id),
    onSuccess: (payments) =>
      saveFile(
        new Blob([paymentsCsv(payments)], { type: 'text/csv;charset=utf-8' }),
        paymentsCsvFileName(campaign.name),
      ),
  });
}

function PaymentsQueue({ campaign, role }: { campaign: CampaignDetail; role: AccountRole }) {
  const [filter, setFilter] = useState<PaymentStatus | 'ALL'>('PENDING');
  const [page, setPage] = useState(1);
  const [rejecting, setRejecting] = useState<{ payment: Payment; move: 'reject' | 'withdraw' } | null>(null);
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<string>>(new Set());
  const [report, setReport] = useState<BulkMoveFailure[] | null>(null);
  const selectionBar = useRef<HTMLDivElement>(null);
  const reportAlert = useRef<HTMLDivElement>(null);
  const payments = useCampaignPayments(campaign.id, filter === 'ALL' ? null : filter, page);
  const decide = useDecidePayment(campaign.id);
  const bulk = useBulkApprovePayments(campaign.id);
  const downloadCsv = useDownloadPaymentsCsv(campaign);

  const allowed = (payment: Payment, decision: keyof typeof DECISIONS) =>
    can(role, DECISIONS[decision].grant, 'PAYMENT') && nextPaymentStatus(payment.status, decision) !== null;
  const mayDecide = can(role, 'APPROVE', 'PAYMENT') || can(role, 'REJECT', 'PAYMENT');
  const maySelect = can(role, 'APPROVE', 'PAYMENT');
  const pending = decide.isPending || bulk.isPending;

  // Selection is of the page on show: payments decided meanwhile, or gone from the page, drop out of it.
  const selectable = (payments.data?.items ?? []).filter((payment) => allowed(payment, 'approve'));
  const selectableIds = new Set(selectable.map((payment) => payment.id));
  const selected = selectable.filter((payment) => selectedIds.has(payment.id));

  const select = (payment: Payment, chosen: boolean) =>
    setSelectedIds((current) => {
      const next = new Set(current);
      if (chosen) next.add(payment.id);
      else next.delete(payment.id);
      return next;
    });

  const clearSelection = () => setSelectedIds(new Set());

  const approveSelected = async () => {
    const sent = selected;
    decide.reset();
    setReport(null);
    let result;
    try {
      result = await bulk.mutateAsync(sent.map((payment) => payment.id));
    } catch {
      // A refused request shows above the queue (bulk.error), with the selection kept for another try.
      return;
    }
    const failures = result.failed.map(({ paymentId, message }) => {
      const payment = sent.find((candidate) => candidate.id === paymentId);
      return { id: paymentId, name: payment ? paymentLabel(payment) : 'A payment no longer listed', message };
    });
    if (result.approved.length > 0) showSuccessToast(approvedText(result.approved.length));
    // The pressed button leaves with the selection: render now, so that focus can go where the outcome is
    // read.
    flushSync(() => {
      setReport(failures.length > 0 ? failures : null);
      clearSelection();
    });
    (reportAlert.current ?? selectionBar.current)?.focus();
  };

  const approve = (payment: Payment) => {
    bulk.reset();
    decide.mutate(
      { paymentId: payment.id, decision: 'approve' },
      {
        onSuccess: (approved) =>
          showSuccessToast(
            approved.invoiceNumber
              ? `The payment of ${paymentLabel(payment)} is approved; invoice ${approved.invoiceNumber} is issued.`
              : `The payment of ${paymentLabel(payment)} is approved.`,
          ),
      },
    );
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm">
        <SegmentedControl
          aria-label="Which payments"
          value={filter}
          data={FILTERS}
          onChange={(value) => {
            setFilter(value);
            setPage(1);
            clearSelection();
          }}
        />
        <Button
          variant="default"
          leftSection={<IconDownload size={18} aria-hidden="true" />}
          loading={downloadCsv.isPending}
          onClick={() => downloadCsv.mutate()}
        >
          Download CSV
        </Button>
      </Group>
      {downloadCsv.isError && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden="true" />} role="alert">
          We could not prepare the file. Please try again.
        </Alert>
      )}
      {decide.isError && decide.variables.decision === 'approve' && (
        <Alert
          color="red"
          variant="light"
          title="The payment could not be approved"
          icon={<IconAlertTriangle aria-hidden="true" />}
          role="alert"
        >
          {failureText(decide.error)}
        </Alert>
      )}
      {bulk.isError && (
        <Alert
          color="red"
          variant="light"
          title="The payments could not be approved"
          icon={<IconAlertTriangle aria-hidden="true" />}
          role="alert"
        >
          {failureText(bulk.error)}
        </Alert>
      )}
      {report && (
        <BulkMoveReport
          ref={reportAlert}
          noun={{ one: 'payment', many: 'payments' }}
          done="approved"
          failures={report}
          onDismiss={() => {
            setReport(null);
            selectionBar.current?.focus();
          }}
        />
      )}
      {maySelect && payments.data && (
        <SelectionBar
          ref={selectionBar}
          label="Approve several payments"
          selectableCount={selectable.length}
          selectedCount={selected.length}
          moves={[{ move: 'approve', label: `Approve ${countOf(selected.length)}`, color: 'teal' }]}
          pending={bulk.isPending ? 'approve' : null}
          onSelectPage={(chosen) =>
            setSelectedIds(new Set(chosen ? selectable.map((payment) => payment.id) : []))
          }
          onMove={() => void approveSelected()}
          onClear={clearSelection}
        />
      )}
      <PagedTable
        aria-label="Payments"
        columns={[
          ...(maySelect ? ['Select'] : []),
          'Entry',
          'Reward',
          'Amount',
          'Status',
          'Earned',
          'Decided',
          ...(mayDecide ? ['Actions'] : []),
        ]}
        minWidth={(mayDecide ? 920 : 780) + (maySelect ? 60 : 0)}
        data={payments.data}
        fetching={payments.isFetching}
        failure={
          payments.isError && !payments.data
            ? {
                title: 'We could not load the payments',
                message: CHECK_CONNECTION,
                onRetry: () => void payments.refetch(),
                retrying: payments.isFetching,
              }
            : null
        }
        emptyMessage={
          filter === 'PENDING'
            ? 'Nothing to approve: every payment has been decided.'
            : filter === 'ALL'
              ? 'No payments yet: they appear as the campaign’s entries win rewards.'
              : 'No payments here.'
        }
        page={page}
        noun="payment"
        onPageChange={(next) => {
          setPage(next);
          clearSelection();
        }}
        renderRow={(payment) => (
          <tr key={payment.id}>
            {maySelect && (
              <td>
                {selectableIds.has(payment.id) && (
                  <Checkbox
                    aria-label={`Select the payment of ${paymentLabel(payment)}`}
                    checked={selectedIds.has(payment.id)}
                    disabled={bulk.isPending}
                    onChange={(event) => select(payment, event.currentTarget.checked)}
                  />
                )}
              </td>
            )}
            <td>
              <Text size="sm" ff="monospace" title={payment.entryId}>
                {shortId(payment.entryId)}
              </Text>
            </td>
            <td>{rewardPurpose(payment.reward)}</td>
            <td>
              <Text size="sm" fw={600}>
                {formatMoney(payment.amountMinor, payment.currency)}
              </Text>
            </td>
            <td>
              <Badge color={STATUS_VIEW[payment.status].color} variant="light">
                {STATUS_VIEW[payment.status].label}
              </Badge>
              {payment.invoiceNumber && (
                <Text size="xs" c="dimmed" mt={4}>
                  Invoice {payment.invoiceNumber}
                </Text>
              )}
              {payment.failureReason && (
                <Text size="xs" c="red" mt={4} maw={260} style={{ overflowWrap: 'anywhere' }}>
                  {payment.failureReason}
                </Text>
              )}
              {payment.creditNoteNumber && (
                <Text size="xs" c="dimmed" mt={4}>
                  Credit note {payment.creditNoteNumber}
                </Text>
              )}
              {payment.rejectionReason && (
                <Text size="xs" c="dimmed" mt={4} maw={260} style={{ overflowWrap: 'anywhere' }}>
                  {payment.rejectionReason}
                </Text>
              )}
            </td>
            <td>{formatDateTime(payment.createdAt, 'short')}</td>
            <td>{payment.decidedAt ? formatDateTime(payment.decidedAt, 'short') : '—'}</td>
            {mayDecide && (
              <td>
                <Group gap="xs" wrap="nowrap">
                  {allowed(payment, 'approve') && (
                    <Button
                      size="compact-sm"
                      variant="light"
                      color="teal"
                      disabled={pending}
                      loading={decide.isPending && decide.variables.paymentId === payment.id}
                      aria-label={`Approve the payment of ${paymentLabel(payment)}`}
                      onClick={() => approve(payment)}
                    >
                      Approve
                    </Button>
                  )}
                  {(['reject', 'withdraw'] as const)
                    .filter((move) => allowed(payment, move))
                    .map((move) => (
                      <Button
                        key={move}
                        size="compact-sm"
                        variant="light"
                        color="red"
                        disabled={pending}
                        aria-label={`${DECISIONS[move].label} the payment of ${paymentLabel(payment)}`}
                        onClick={() => {
                          decide.reset();
                          bulk.reset();
                          setRejecting({ payment, move });
                        }}
                      >
                        {DECISIONS[move].label}
                      </Button>
                    ))}
                </Group>
              </td>
            )}
          </tr>
        )}
      />
      {rejecting && (
        <RejectPaymentDialog
          move={rejecting.move}
          paymentLabel={paymentLabel(rejecting.payment)}
          onClose={() => setRejecting(null)}
          onReject={async (reason) => {
            const moved = await decide.mutateAsync({
              paymentId: rejecting.payment.id,
              decision: rejecting.move,
              reason,
            });
            showSuccessToast(
              rejecting.move === 'withdraw'
                ? `The payment of ${paymentLabel(rejecting.payment)} is withdrawn; credit note ${moved.creditNoteNumber ?? ''} cancels its invoice, and its money is back in the budget.`
                : `The payment of ${paymentLabel(rejecting.payment)} is rejected; its money is back in the budget.`,
            );
            setRejecting(null);
          }}
        />
      )}
    </Stack>
  );
}

/**
 * A campaign's money and its payments queue: the budget and what rewards have committed from it, then each
 * payment, approved (issuing its invoice) or rejected with a reason, as the person's role allows; pending
 * payments can also be selected and approved together.
 */
export function CampaignPayments({ campaign, role }: { campaign: CampaignDetail; role: AccountRole }) {
  return (
    <Stack gap="md">
      {can(role, 'READ', 'CAMPAIGN_BUDGET') && <BudgetCard campaignId={campaign.id} />}
      {can(role, 'READ', 'PAYMENT') && <PaymentsQueue campaign={campaign} role={role} />}
    </Stack>
  );
}
