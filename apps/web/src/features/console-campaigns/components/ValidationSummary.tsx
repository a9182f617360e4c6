import { Box, Text } from '@mantine/core';
import type { CampaignValidation } from '@platform/shared';
import type { ReactNode } from 'react';

const days = (count: number) => `${count} ${count === 1 ? 'day' : 'days'}`;

function Setting({ label, value, children }: { label: string; value: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} mt={2}>
        <Text span fw={600}>
          {value}
        </Text>
        {' · '}
        {children}
      </Text>
    </div>
  );
}

/** How a campaign checks what it pays for (ADR 037), read-only, each setting with what it does to creators. */
export function ValidationSummary({ validation }: { validation: CampaignValidation }) {
  const { lockDays, holdScore, reviewDeadlineDays, changeRequests, retentionDays } = validation;
  return (
    <Box
      component="dl"
      m={0}
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
        gap: 'var(--mantine-spacing-md)',
      }}
    >
      <Setting label="Views lock after" value={days(lockDays)}>
        An entry’s views count for this long after it is sent in, or until the campaign ends if sooner.
      </Setting>
      <Setting label="Earnings held at risk score" value={`${holdScore} or above`}>
        The creator’s earnings wait until a reviewer decides.
      </Setting>
      <Setting label="Approved automatically after" value={days(reviewDeadlineDays)}>
        An entry nobody reviewed by then is approved, unless its earnings are held.
      </Setting>
      <Setting label="Asking for changes" value={changeRequests ? 'Allowed' : 'Not allowed'}>
        {changeRequests
          ? 'Reviewers may send an entry back for changes instead of rejecting it.'
          : 'Reviewers approve or reject each entry.'}
      </Setting>
      <Setting
        label="Pay taken back for a removed post"
        value={retentionDays === 0 ? 'Never' : `Within ${days(retentionDays)}`}
      >
        {retentionDays === 0
          ? 'A post taken down after payment keeps its pay.'
          : 'If a paid post is taken down or made private within this time of payment, the payment is taken back.'}
      </Setting>
    </Box>
  );
}
