import { Text } from '@mantine/core';
import { ENTRY_REJECTION_LABELS, formatDateTime, type HeldEntry } from '@platform/shared';
import { formatCount } from '../../../lib/metrics-words';
import { DetailItem } from '../../../components/display/DetailItem';
import { Facts, Section } from './HoldFacts';

type Decision = NonNullable<HeldEntry['decision']>;

/** What became of a decided hold, in a staff member's words. */
export function outcomeText(decision: Decision): string {
  if (decision.outcome === 'ACCEPTED') return 'The figures were accepted as they are.';
  if (decision.outcome === 'REJECTED') {
    const reason = decision.rejectionReason ? ENTRY_REJECTION_LABELS[decision.rejectionReason] : null;
    return reason ? `The entry was rejected: ${reason}.` : 'The entry was rejected.';
  }
  const views = decision.excluded?.views;
  return views === null || views === undefined
    ? 'Views of a window were excluded.'
    : `${formatCount(views)} views of a window were excluded.`;
}

/** How a hold was decided, by whom and when. */
export function HoldDecisionSummary({ decision }: { decision: Decision }) {
  return (
    <Section title="Decision">
      <Text size="sm" fw={600}>
        {outcomeText(decision)}
      </Text>
      <Facts>
        <DetailItem label="Decided">
          {formatDateTime(decision.decidedAt, 'long')}
          {decision.decidedBy ? ` by ${decision.decidedBy.name ?? 'a staff member'}` : ''}
        </DetailItem>
        {decision.excluded && (
          <DetailItem label="Window excluded">
            {formatDateTime(decision.excluded.from, 'long')} to {formatDateTime(decision.excluded.to, 'long')}
          </DetailItem>
        )}
        {decision.note && <DetailItem label="Note">{decision.note}</DetailItem>}
      </Facts>
    </Section>
  );
}
