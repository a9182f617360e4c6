import { Badge, Text } from '@mantine/core';
import { formatDateTime, formatMoney, type CampaignFunding } from '@platform/shared';
import { DataTable } from '../../../components/display/DataTable';
import { FUNDING_METHOD_LABELS, FUNDING_STATUS_COLORS, FUNDING_STATUS_LABELS } from './funding-words';

const dimmed = (text: string) => (
  <Text span size="sm" c="dimmed">
    {text}
  </Text>
);

/** The money recorded for a campaign's budget, newest first: how, its reference, where it stands, who and when. */
export function FundingList({ items }: { items: readonly CampaignFunding[] }) {
  if (items.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No money has been recorded for this campaign yet.
      </Text>
    );
  }
  return (
    <DataTable aria-label="Fundings" minWidth={720}>
      <thead>
        <tr>
          <th scope="col">Recorded</th>
          <th scope="col">Amount</th>
          <th scope="col">Method</th>
          <th scope="col">Reference</th>
          <th scope="col">Status</th>
          <th scope="col">By</th>
        </tr>
      </thead>
      <tbody>
        {items.map((funding) => (
          <tr key={funding.id}>
            <td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(funding.recordedAt, 'long')}</td>
            <td style={{ whiteSpace: 'nowrap' }}>{formatMoney(funding.amountMinor, funding.currency)}</td>
            <td>{FUNDING_METHOD_LABELS[funding.method]}</td>
            <td style={{ overflowWrap: 'anywhere' }}>{funding.reference}</td>
            <td>
              <Badge color={FUNDING_STATUS_COLORS[funding.status]} variant="light" miw="max-content">
                {FUNDING_STATUS_LABELS[funding.status]}
              </Badge>
              {funding.settledAt && funding.status === 'SUCCEEDED' && (
                <Text size="xs" c="dimmed" mt={2}>
                  {formatDateTime(funding.settledAt, 'long')}
                </Text>
              )}
              {funding.failure && (
                <Text size="xs" c="red" mt={2} style={{ overflowWrap: 'anywhere' }}>
                  {funding.failure}
                </Text>
              )}
            </td>
            <td style={{ overflowWrap: 'anywhere' }}>
              {funding.recordedBy ? funding.recordedBy.email : dimmed('The payments provider')}
            </td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
