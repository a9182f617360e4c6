import {
  Alert,
  Anchor,
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
  PAID_METHOD_LABELS,
  type PaymentStatus,
  type PermissionAction,
  type StaffPayment,
} from '@platform/shared';
import { IconAlertTriangle, IconDownload, IconFileDollar } from '@tabler/icons-react';
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
  useFinanceExport,
  useRecordPaid,
} from '../api/campaign-payments';
import { saveFile } from '../../../lib/downloads';
import { BulkMoveReport, type BulkMoveFailure } from '../../../components/display/BulkMoveReport';
import { paymentsCsv, paymentsCsvFileName } from './payments-csv';
import { RecordPaidDialog } from './RecordPaidDialog';
import { RejectPaymentDialog } from './RejectPaymentDialog';
import { SelectionBar } from '../../../components/display/SelectionBar';

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

/** Who is paid, by name, else by handle. */
const payeeOf = ({ creator }: StaffPayment) =>
  creator.name ?? (creator.handle ? `@${creator.handle}` : 'a creator');

/** The payment in a few words, for buttons, dialogs and toasts: '£10.00 to Casey Creator for entry 7c1d2e3f'. */
const paymentLabel = (payment: StaffPayment) =>
  `${formatMoney(payment.amountMinor, payment.currency)} to ${payeeOf(payment)} for entry ${shortId(payment.entryId)}`;

/** A day alone, as the long format writes its date: '27 Nov, 2026'. */
const dayText = (day: string) => formatDateTime(`${day}T00:00`, 'long').split(' @ ')[0] ?? day;

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
  if (budget.isPending)
    return <Skeleton role="status" height={120} radius="md" aria-label="Loading the budget" />;
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
  const { budgetMinor, committedMinor, approvedMinor, paidMinor, leftMinor, currency, slots } = budget.data;
  const committedShare = percentOf(committedMinor, budgetMinor);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Budget">
      <Stack gap="sm">
        <SimpleGrid component="dl" cols={{ base: 2, sm: 3, lg: slots ? 6 : 5 }} m={0}>
          <Figure label="Budget" value={formatMoney(budgetMinor, currency)} />
          <Figure label="Committed" value={formatMoney(committedMinor, currency)} />
          <Figure label="Approved, not paid" value={formatMoney(approvedMinor, currency)} />
          <Figure label="Paid" value={formatMoney(paidMinor, currency)} />
          <Figure label="Left" value={formatMoney(leftMinor, currency)} />
          {slots && <Figure label="Slots left" value={`${slots.left} of ${slots.taken + slots.left}`} />}
        </SimpleGrid>
        <Progress.Root aria-label="Budget spent">
          <Progress.Section value={percentOf(paidMinor, budgetMinor)} color="green" aria-label="Paid" />
          <Progress.Section
            value={percentOf(approvedMinor, budgetMinor)}
            color="teal.3"
            aria-label="Approved, not paid"
          />
          <Progress.Section
            value={percentOf(Math.max(committedMinor - approvedMinor - paidMinor, 0), budgetMinor)}
            color="gray.4"
            aria-label="Waiting for approval"
          />
        </Progress.Root>
        <Text size="xs" c="dimmed">
          {committedShare}% of the budget is committed to rewards: {formatMoney(paidMinor, currency)} paid,{' '}
          {formatMoney(approvedMinor, currency)} approved and waiting to be paid, the rest waiting for
          approval
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
  const [rejecting, setRejecting] = useState<{ payment: StaffPayment; move: 'reject' | 'withdraw' } | null>(
    null,
  );
  const [recording, setRecording] = useState<StaffPayment | null>(null);
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<string>>(new Set());
  const [report, setReport] = useState<BulkMoveFailure[] | null>(null);
  const selectionBar = useRef<HTMLDivElement>(null);
  const reportAlert = useRef<HTMLDivElement>(null);
  const payments = useCampaignPayments(campaign.id, filter === 'ALL' ? null : filter, page);
  const decide = useDecidePayment(campaign.id);
  const bulk = useBulkApprovePayments(campaign.id);
  const downloadCsv = useDownloadPaymentsCsv(campaign);
  const recordPaid = useRecordPaid(campaign.id);
  const financeExport = useFinanceExport(campaign.id);

  const allowed = (payment: StaffPayment, decision: keyof typeof DECISIONS) =>
    can(role, DECISIONS[decision].grant, 'PAYMENT') && nextPaymentStatus(payment.status, decision) !== null;
  const mayRecordPaid = (payment: StaffPayment) =>
    can(role, 'APPROVE', 'PAYMENT') && nextPaymentStatus(payment.status, 'paid') !== null;
  const mayDecide = can(role, 'APPROVE', 'PAYMENT') || can(role, 'REJECT', 'PAYMENT');
  const maySelect = can(role, 'APPROVE', 'PAYMENT');
  const pending = decide.isPending || bulk.isPending;

  // Selection is of the page on show: payments decided meanwhile, or gone from the page, drop out of it.
  const selectable = (payments.data?.items ?? []).filter((payment) => allowed(payment, 'approve'));
  const selectableIds = new Set(selectable.map((payment) => payment.id));
  const selected = selectable.filter((payment) => selectedIds.has(payment.id));

  const select = (payment: StaffPayment, chosen: boolean) =>
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

  const approve = (payment: StaffPayment) => {
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
        <Group gap="sm">
          {maySelect && (
            <Button
              variant="default"
              leftSection={<IconFileDollar size={18} aria-hidden="true" />}
              loading={financeExport.isPending}
              title="Approved payments not yet paid, with each creator’s payout details in full, for the finance team"
              onClick={() => financeExport.mutate()}
            >
              Export for payment
            </Button>
          )}
          <Button
            variant="default"
            leftSection={<IconDownload size={18} aria-hidden="true" />}
            loading={downloadCsv.isPending}
            onClick={() => downloadCsv.mutate()}
          >
            Download CSV
          </Button>
        </Group>
      </Group>
      {downloadCsv.isError && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden="true" />} role="alert">
          We could not prepare the file. Please try again.
        </Alert>
      )}
      {financeExport.isError && (
        <Alert
          color="red"
          variant="light"
          title="The export for payment could not be prepared"
          icon={<IconAlertTriangle aria-hidden="true" />}
          role="alert"
        >
          {failureText(financeExport.error)}
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
          'Paid to',
          'Reward',
          'Status',
          'Dates',
          ...(mayDecide ? ['Actions'] : []),
        ]}
        minWidth={(mayDecide ? 820 : 640) + (maySelect ? 50 : 0)}
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
            <td style={{ maxWidth: 260 }}>
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {payment.creator.name ?? 'No name given'}
              </Text>
              {payment.creator.handle && (
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  @{payment.creator.handle}
                </Text>
              )}
              {payment.postLink ? (
                <Anchor
                  href={payment.postLink}
                  target="_blank"
                  rel="noopener noreferrer"
                  size="xs"
                  title={payment.postLink}
                  aria-label={`View post of entry ${shortId(payment.entryId)} by ${payeeOf(payment)} (opens in a new tab)`}
                >
                  View post
                </Anchor>
              ) : (
                <Text size="xs" c="dimmed" ff="monospace" title={payment.entryId}>
                  Entry {shortId(payment.entryId)}
                </Text>
              )}
              {(payment.status === 'APPROVED' || payment.status === 'FAILED') && (
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {payment.payoutDetails ?? 'No payout details given yet'}
                </Text>
              )}
            </td>
            <td>
              <Text size="sm" fw={600}>
                {formatMoney(payment.amountMinor, payment.currency)}
              </Text>
              <Text size="xs" c="dimmed">
                {rewardPurpose(payment.reward)}
              </Text>
            </td>
            <td>
              <Badge color={STATUS_VIEW[payment.status].color} variant="light">
                {STATUS_VIEW[payment.status].label}
              </Badge>
              {payment.paidOn && (
                <Text size="xs" mt={4}>
                  {dayText(payment.paidOn)}
                  {payment.paidMethod ? ` · ${PAID_METHOD_LABELS[payment.paidMethod]}` : ''}
                </Text>
              )}
              {payment.paidTo && (
                <Text size="xs" c="dimmed" maw={220} style={{ overflowWrap: 'anywhere' }}>
                  To {payment.paidTo}
                </Text>
              )}
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
            <td>
              <Text size="xs" style={{ whiteSpace: 'nowrap' }}>
                Earned {formatDateTime(payment.createdAt, 'short')}
              </Text>
              {payment.decidedAt && (
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  Decided {formatDateTime(payment.decidedAt, 'short')}
                </Text>
              )}
            </td>
            {mayDecide && (
              <td>
                <Group gap="xs">
                  {mayRecordPaid(payment) && (
                    <Button
                      size="compact-sm"
                      variant="light"
                      color="green"
                      disabled={pending}
                      aria-label={`Record paid: the payment of ${paymentLabel(payment)}`}
                      onClick={() => {
                        decide.reset();
                        bulk.reset();
                        setRecording(payment);
                      }}
                    >
                      Record paid
                    </Button>
                  )}
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
      {recording && (
        <RecordPaidDialog
          paymentLabel={paymentLabel(recording)}
          payoutDetails={recording.payoutDetails}
          onClose={() => setRecording(null)}
          onRecord={async (body) => {
            const paid = await recordPaid.mutateAsync({ paymentId: recording.id, body });
            showSuccessToast(
              `The payment of ${paymentLabel(recording)} is recorded as paid on ${dayText(paid.paidOn ?? body.paidOn)}; the creator sees it as paid.`,
            );
            setRecording(null);
          }}
        />
      )}
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
