import { SimpleGrid } from '@mantine/core';
import { useWatch } from 'react-hook-form';
import { ControlledDateField } from '../../../components/inputs/DateField';
import type { CampaignFormControl } from './campaign-form-values';

export interface CampaignDatesProps {
  control: CampaignFormControl;
  disabled: boolean;
}

/** When the campaign runs, to the minute, in GMT as every time the product shows (SPEC §9). */
export function CampaignDates({ control, disabled }: CampaignDatesProps) {
  const startsAt = useWatch({ control, name: 'startsAt' });
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <ControlledDateField
        control={control}
        name="startsAt"
        label="Starts"
        description="It goes live then, once approved. In GMT."
        placeholder="Choose a date"
        withTime
        required
        disabled={disabled}
      />
      <ControlledDateField
        control={control}
        name="endsAt"
        label="Ends"
        description="Entries close then. In GMT."
        placeholder="Choose a date"
        withTime
        required
        disabled={disabled}
        {...(startsAt ? { minDate: startsAt } : {})}
      />
    </SimpleGrid>
  );
}
