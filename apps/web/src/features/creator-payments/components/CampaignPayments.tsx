import { Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { InvoiceDocumentKind, Payment } from '@platform/shared';
import { Fragment, useId } from 'react';
import type { CampaignEarnings } from '../utils/earnings';
import { PaymentCard } from './PaymentCard';

export interface CampaignPaymentsProps {
  earnings: CampaignEarnings;
  /** The payment whose invoice (or credit note) is downloading, or whose download last failed, and why. */
  download: {
    paymentId: string | undefined;
    document: InvoiceDocumentKind;
    pending: boolean;
    failure: string | null;
  };
  onDownload: (payment: Payment, document: InvoiceDocumentKind) => void;
}

/** One campaign's payments under its name, with what they add up to. */
export function CampaignPayments({ earnings, download, onDownload }: CampaignPaymentsProps) {
  const headingId = useId();
  const count = earnings.payments.length;
  return (
    <Paper component="li" withBorder radius="md" p="md" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} size="h4" id={headingId} style={{ overflowWrap: 'anywhere' }}>
            {earnings.campaignName}
          </Title>
          <Group gap="xs" justify="space-between" wrap="wrap">
            <Stack gap={0}>
              <Text size="sm">
                Total earned <strong>{earnings.earned}</strong>
                {earnings.paid !== null && <>, of which {earnings.paid} paid</>}
              </Text>
              {earnings.waiting !== null && (
                <Text size="sm" c="dimmed">
                  {earnings.waiting} waiting for approval
                </Text>
              )}
            </Stack>
            <Text size="xs" c="dimmed">
              {count} {count === 1 ? 'payment' : 'payments'}
            </Text>
          </Group>
        </Stack>
        {earnings.payments.map((payment) => {
          const isTarget = download.paymentId === payment.id;
          return (
            <Fragment key={payment.id}>
              <Divider />
              <PaymentCard
                payment={payment}
                downloading={isTarget && download.pending ? download.document : null}
                downloadFailure={isTarget ? download.failure : null}
                onDownload={onDownload}
              />
            </Fragment>
          );
        })}
      </Stack>
    </Paper>
  );
}
