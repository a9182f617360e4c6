import { Badge, Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { formatDateTime, formatMoney, type InvoiceDocumentKind, type Payment } from '@platform/shared';
import { IconDownload } from '@tabler/icons-react';
import { useId } from 'react';
import { FieldError } from '../../../components/form/FieldError';
import { clawbackText, keptBackText, stillOwedText } from '../utils/clawbacks';
import { paymentSteps, rewardReason, type PaymentStep } from '../utils/earnings';
import { PAYMENT_STATUS_VIEW } from './payment-labels';

export interface PaymentCardProps {
  payment: Payment;
  /** Which of this payment's documents is downloading, if one is. */
  downloading: InvoiceDocumentKind | null;
  /** Why its last download failed, if it did. */
  downloadFailure: string | null;
  onDownload: (payment: Payment, document: InvoiceDocumentKind) => void;
}

const DOCUMENT_WORDS: Record<InvoiceDocumentKind, { name: string; download: string }> = {
  INVOICE: { name: 'Invoice', download: 'Download invoice' },
  CREDIT_NOTE: { name: 'Credit note', download: 'Download credit note' },
};

/** A self-billed document of the payment, by its number, and the button that downloads it. */
function DocumentDownload({
  kind,
  number,
  downloading,
  onDownload,
}: {
  kind: InvoiceDocumentKind;
  number: string;
  downloading: boolean;
  onDownload: () => void;
}) {
  const words = DOCUMENT_WORDS[kind];
  return (
    <>
      <Text size="sm">
        {words.name} <strong>{number}</strong>
      </Text>
      <Button
        variant="light"
        fullWidth
        leftSection={<IconDownload size={18} aria-hidden="true" />}
        loading={downloading}
        aria-label={`${words.download} ${number}`}
        onClick={onDownload}
      >
        {words.download}
      </Button>
    </>
  );
}

/** A day alone, as the long format writes its date: '27 Nov, 2026'. */
const dayText = (day: string) => formatDateTime(`${day}T00:00`, 'long').split(' @ ')[0] ?? day;

function Step({ step }: { step: PaymentStep }) {
  if ('at' in step) {
    return (
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {step.label}{' '}
        <Box component="time" dateTime={step.at}>
          {step.dayOnly ? dayText(step.at) : formatDateTime(step.at, 'long')}
        </Box>
        {step.note ? ` ${step.note}` : null}
      </Text>
    );
  }
  return (
    <Paper bg="var(--mantine-color-red-light)" radius="sm" p="xs">
      <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
        <strong>{step.label}:</strong> {step.reason}
      </Text>
    </Paper>
  );
}

/** Money taken back of this payment after it was paid, and what its own payout kept back of earlier ones. */
function TakenBack({ payment }: { payment: Payment }) {
  const takenBack = clawbackText(payment);
  const keptBack = keptBackText(payment);
  return (
    <>
      {takenBack && (
        <Paper bg="var(--mantine-color-orange-light)" radius="sm" p="xs">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {takenBack}
          </Text>
          <Text size="xs">{stillOwedText(payment)}</Text>
        </Paper>
      )}
      {keptBack && <Text size="sm">{keptBack}</Text>}
    </>
  );
}

/**
 * One payment of a campaign as its creator reads it: how much, why it was earned, where it stands with
 * its dates and, once approved, its invoice (and the credit note that cancelled it, if it was withdrawn, or
 * took money back after it was paid, with why).
 */
export function PaymentCard({ payment, downloading, downloadFailure, onDownload }: PaymentCardProps) {
  const amountId = useId();
  const status = PAYMENT_STATUS_VIEW[payment.status];
  return (
    <Stack component="article" aria-labelledby={amountId} gap="xs">
      <Group justify="space-between" align="center" wrap="nowrap" gap="sm">
        <Text size="xl" fw={700} id={amountId}>
          {formatMoney(payment.amountMinor, payment.currency)}
        </Text>
        <Badge color={status.color} variant="light" style={{ flexShrink: 0 }}>
          {status.label}
        </Badge>
      </Group>
      <Text size="sm">{rewardReason(payment.reward, payment)}</Text>
      <Stack gap={4}>
        {paymentSteps(payment).map((step) => (
          <Step key={step.label} step={step} />
        ))}
      </Stack>
      <TakenBack payment={payment} />
      {payment.status === 'FAILED' && (
        <Text size="sm" c="red">
          Check your payout wallet on your home page, or contact Support.
        </Text>
      )}
      {payment.invoiceNumber && (
        <Stack gap="xs" mt={4}>
          <DocumentDownload
            kind="INVOICE"
            number={payment.invoiceNumber}
            downloading={downloading === 'INVOICE'}
            onDownload={() => onDownload(payment, 'INVOICE')}
          />
          {payment.creditNoteNumber && (
            <DocumentDownload
              kind="CREDIT_NOTE"
              number={payment.creditNoteNumber}
              downloading={downloading === 'CREDIT_NOTE'}
              onDownload={() => onDownload(payment, 'CREDIT_NOTE')}
            />
          )}
          {downloadFailure && (
            <Text component="div" role="alert" size="sm" c="red">
              <FieldError message={downloadFailure} />
            </Text>
          )}
        </Stack>
      )}
    </Stack>
  );
}
