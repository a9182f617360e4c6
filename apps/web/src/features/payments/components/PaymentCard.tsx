import { Badge, Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { formatDateTime, formatMoney, type Payment } from '@platform/shared';
import { IconDownload } from '@tabler/icons-react';
import { useId } from 'react';
import { FieldError } from '../../../components/form/FieldError';
import { paymentSteps, rewardReason, type PaymentStep } from '../utils/earnings';
import { PAYMENT_STATUS_VIEW } from './payment-labels';

export interface PaymentCardProps {
  payment: Payment;
  /** This payment's invoice is downloading. */
  downloading: boolean;
  /** Why its last download failed, if it did. */
  downloadFailure: string | null;
  onDownload: (payment: Payment) => void;
}

function Step({ step }: { step: PaymentStep }) {
  if ('at' in step) {
    return (
      <Text size="xs" c="dimmed">
        {step.label}{' '}
        <Box component="time" dateTime={step.at}>
          {formatDateTime(step.at, 'long')}
        </Box>
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

/**
 * One payment of a campaign as its creator reads it: how much, why it was earned, where it stands with
 * its dates and, once approved, its invoice.
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
      <Text size="sm">{rewardReason(payment.reward)}</Text>
      <Stack gap={4}>
        {paymentSteps(payment).map((step) => (
          <Step key={step.label} step={step} />
        ))}
      </Stack>
      {payment.status === 'FAILED' && (
        <Text size="sm" c="red">
          Check your payout wallet on your home page, or contact Support.
        </Text>
      )}
      {payment.invoiceNumber && (
        <Stack gap="xs" mt={4}>
          <Text size="sm">
            Invoice <strong>{payment.invoiceNumber}</strong>
          </Text>
          <Button
            variant="light"
            fullWidth
            leftSection={<IconDownload size={18} aria-hidden="true" />}
            loading={downloading}
            aria-label={`Download invoice ${payment.invoiceNumber}`}
            onClick={() => onDownload(payment)}
          >
            Download invoice
          </Button>
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
