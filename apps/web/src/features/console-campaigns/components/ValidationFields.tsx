import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import {
  CLAWBACK_RETENTION_DAYS_MAX,
  REVIEW_DEADLINE_DAYS_MAX,
  VALIDATION_LOCK_DAYS_MAX,
} from '@platform/shared';
import { useController } from 'react-hook-form';
import { Toggle } from '../../../components/inputs/Toggle';
import type { CampaignFormControl } from './campaign-form-values';
import { WholeNumberField } from './NumberFields';

/**
 * Whether reviewers may send an entry back for changes: a switch bound to the form. Its description sits
 * below it rather than inside its label, where it would join the switch's name.
 */
function ChangeRequestsField({ control }: { control: CampaignFormControl }) {
  const descriptionId = useId();
  const {
    field: { name, value, onChange, onBlur, ref },
    fieldState: { error },
  } = useController({ control, name: 'validation.changeRequests' });
  return (
    <Stack gap={4}>
      <Toggle
        ref={ref}
        name={name}
        label="Reviewers may ask for changes instead of rejecting"
        aria-describedby={descriptionId}
        checked={value === true}
        onChange={(event) => onChange(event.currentTarget.checked)}
        onBlur={onBlur}
        error={error?.message}
      />
      <Text id={descriptionId} size="sm" c="dimmed">
        The creator fixes the entry and sends it again, rather than losing it.
      </Text>
    </Stack>
  );
}

/**
 * How the campaign checks what it pays for (ADR 037): when an entry's views stop counting, the risk score
 * that holds its earnings for a reviewer, how long an entry may wait for review, whether reviewers may ask
 * for changes, and how long after payment a post taken down is paid back.
 */
export function ValidationFields({ control }: { control: CampaignFormControl }) {
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <WholeNumberField
          control={control}
          name="validation.lockDays"
          label="Days until an entry’s views lock"
          description={`Views count for this many days after the entry is sent in, or until the campaign ends if sooner. Then its figure is final. 1 to ${VALIDATION_LOCK_DAYS_MAX}.`}
          required
          maw={320}
        />
        <WholeNumberField
          control={control}
          name="validation.holdScore"
          label="Risk score that holds earnings"
          description="Views that look bought or unusual score up to 100. At this score or above, the creator’s earnings wait until a reviewer decides. 1 to 100."
          required
          maw={320}
        />
        <WholeNumberField
          control={control}
          name="validation.reviewDeadlineDays"
          label="Days an entry may wait for review"
          description={`An entry nobody reviewed in this many days is approved automatically, unless its earnings are held. 1 to ${REVIEW_DEADLINE_DAYS_MAX}.`}
          required
          maw={320}
        />
        <WholeNumberField
          control={control}
          name="validation.retentionDays"
          label="Days to take back pay for a removed post"
          description={`If a paid post is taken down or made private within this many days of payment, the payment is taken back. 0 to ${CLAWBACK_RETENTION_DAYS_MAX}; with 0, a post taken down after payment keeps its pay.`}
          required
          maw={320}
        />
      </SimpleGrid>
      <ChangeRequestsField control={control} />
    </Stack>
  );
}
