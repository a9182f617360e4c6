import { Anchor, Badge, Button, Checkbox, Group, Text } from '@mantine/core';
import {
  formatDateTime,
  formatMoney,
  PAID_METHOD_LABELS,
  rewardPurpose,
  type StaffPayment,
} from '@platform/shared';
import { DECISIONS, dayText, payeeOf, paymentLabel, shortId, STATUS_VIEW } from './payment-words';

/** Who is paid, for which entry, and where the money goes once approved. */
function PayeeCell({ payment }: { payment: StaffPayment }) {
  return (
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
  );
}

/** The payment's status, with what its moves left behind: the day paid, the invoice, the reason. */
function StatusCell({ payment }: { payment: StaffPayment }) {
  return (
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
  );
}

/** What the person may do to one payment, and what a press of each button asks for. */
export interface PaymentMoves {
  mayRecordPaid: (payment: StaffPayment) => boolean;
  allowed: (payment: StaffPayment, decision: keyof typeof DECISIONS) => boolean;
  /** A decision is being sent: every button waits. */
  pending: boolean;
  /** The payment whose approval is being sent, for its button's spinner. */
  approvingId: string | null;
  onRecordPaid: (payment: StaffPayment) => void;
  onApprove: (payment: StaffPayment) => void;
  onReject: (payment: StaffPayment, move: 'reject' | 'withdraw') => void;
}

function ActionsCell({ payment, moves }: { payment: StaffPayment; moves: PaymentMoves }) {
  return (
    <td>
      <Group gap="xs">
        {moves.mayRecordPaid(payment) && (
          <Button
            size="compact-sm"
            variant="light"
            color="green"
            disabled={moves.pending}
            aria-label={`Record paid: the payment of ${paymentLabel(payment)}`}
            onClick={() => moves.onRecordPaid(payment)}
          >
            Record paid
          </Button>
        )}
        {moves.allowed(payment, 'approve') && (
          <Button
            size="compact-sm"
            variant="light"
            color="teal"
            disabled={moves.pending}
            loading={moves.approvingId === payment.id}
            aria-label={`Approve the payment of ${paymentLabel(payment)}`}
            onClick={() => moves.onApprove(payment)}
          >
            Approve
          </Button>
        )}
        {(['reject', 'withdraw'] as const)
          .filter((move) => moves.allowed(payment, move))
          .map((move) => (
            <Button
              key={move}
              size="compact-sm"
              variant="light"
              color="red"
              disabled={moves.pending}
              aria-label={`${DECISIONS[move].label} the payment of ${paymentLabel(payment)}`}
              onClick={() => moves.onReject(payment, move)}
            >
              {DECISIONS[move].label}
            </Button>
          ))}
      </Group>
    </td>
  );
}

export interface PaymentRowProps {
  payment: StaffPayment;
  /** The row's checkbox: shown where the payment can be approved with others, absent without the column. */
  selection: {
    selectable: boolean;
    selected: boolean;
    disabled: boolean;
    onSelect: (chosen: boolean) => void;
  } | null;
  /** The actions column, for a role that may decide payments. */
  moves: PaymentMoves | null;
}

/** One payment of the queue: who is paid, how much and why, where it stands, when, and its moves. */
export function PaymentRow({ payment, selection, moves }: PaymentRowProps) {
  return (
    <tr>
      {selection && (
        <td>
          {selection.selectable && (
            <Checkbox
              aria-label={`Select the payment of ${paymentLabel(payment)}`}
              checked={selection.selected}
              disabled={selection.disabled}
              onChange={(event) => selection.onSelect(event.currentTarget.checked)}
            />
          )}
        </td>
      )}
      <PayeeCell payment={payment} />
      <td>
        <Text size="sm" fw={600}>
          {formatMoney(payment.amountMinor, payment.currency)}
        </Text>
        <Text size="xs" c="dimmed">
          {rewardPurpose(payment.reward)}
        </Text>
      </td>
      <StatusCell payment={payment} />
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
      {moves && <ActionsCell payment={payment} moves={moves} />}
    </tr>
  );
}
