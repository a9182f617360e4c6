import { Alert, Button, Group, SegmentedControl, Stack } from '@mantine/core';
import {
  can,
  nextPaymentStatus,
  type AccountRole,
  type CampaignDetail,
  type PaymentStatus,
  type StaffPayment,
} from '@platform/shared';
import { IconAlertTriangle, IconDownload, IconFileDollar } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { BulkMoveReport, type BulkMoveFailure } from '../../../components/display/BulkMoveReport';
import { PagedTable } from '../../../components/display/PagedTable';
import { SelectionBar } from '../../../components/display/SelectionBar';
import { CHECK_CONNECTION, failureText } from '../../../components/feedback/failure';
import { showSuccessToast } from '../../../components/feedback/toasts';
import { saveFile } from '../../../lib/downloads';
import {
  getAllCampaignPayments,
  useBulkApprovePayments,
  useCampaignPayments,
  useDecidePayment,
  useFinanceExport,
  useRecordPaid,
} from '../api/campaign-payments';
import { PaymentRow, type PaymentMoves } from './PaymentRow';
import { approvedText, countOf, dayText, DECISIONS, FILTERS, paymentLabel } from './payment-words';
import { paymentsCsv, paymentsCsvFileName } from './payments-csv';
import { RecordPaidDialog } from './RecordPaidDialog';
import { RejectPaymentDialog } from './RejectPaymentDialog';

/** What went wrong with the last download, export or approval, above the queue. */
function QueueFailures({
  downloadFailed,
  exportFailure,
  approveFailure,
  bulkFailure,
}: {
  downloadFailed: boolean;
  exportFailure: unknown;
  approveFailure: unknown;
  bulkFailure: unknown;
}) {
  return (
    <>
      {downloadFailed && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden="true" />} role="alert">
          We could not prepare the file. Please try again.
        </Alert>
      )}
      {exportFailure !== null && (
        <Alert
          color="red"
          variant="light"
          title="The export for payment could not be prepared"
          icon={<IconAlertTriangle aria-hidden="true" />}
          role="alert"
        >
          {failureText(exportFailure)}
        </Alert>
      )}
      {approveFailure !== null && (
        <Alert
          color="red"
          variant="light"
          title="The payment could not be approved"
          icon={<IconAlertTriangle aria-hidden="true" />}
          role="alert"
        >
          {failureText(approveFailure)}
        </Alert>
      )}
      {bulkFailure !== null && (
        <Alert
          color="red"
          variant="light"
          title="The payments could not be approved"
          icon={<IconAlertTriangle aria-hidden="true" />}
          role="alert"
        >
          {failureText(bulkFailure)}
        </Alert>
      )}
    </>
  );
}

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

export function PaymentsQueue({ campaign, role }: { campaign: CampaignDetail; role: AccountRole }) {
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

  const moves: PaymentMoves = {
    mayRecordPaid,
    allowed,
    pending,
    approvingId: decide.isPending ? decide.variables.paymentId : null,
    onRecordPaid: (payment) => {
      decide.reset();
      bulk.reset();
      setRecording(payment);
    },
    onApprove: approve,
    onReject: (payment, move) => {
      decide.reset();
      bulk.reset();
      setRejecting({ payment, move });
    },
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
      <QueueFailures
        downloadFailed={downloadCsv.isError}
        exportFailure={financeExport.isError ? financeExport.error : null}
        approveFailure={decide.isError && decide.variables.decision === 'approve' ? decide.error : null}
        bulkFailure={bulk.isError ? bulk.error : null}
      />
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
          <PaymentRow
            key={payment.id}
            payment={payment}
            selection={
              maySelect
                ? {
                    selectable: selectableIds.has(payment.id),
                    selected: selectedIds.has(payment.id),
                    disabled: bulk.isPending,
                    onSelect: (chosen) => select(payment, chosen),
                  }
                : null
            }
            moves={mayDecide ? moves : null}
          />
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
