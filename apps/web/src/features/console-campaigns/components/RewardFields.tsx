import { ActionIcon, Button, Group, Input, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  CAMPAIGN_PRIZES_MAX,
  CAMPAIGN_SLOTS_MAX,
  PAY_PER_VIEW_MINIMUM_VIEWS_MAX,
  REWARD_TYPES,
  SPRINT_PERIOD_DAYS_MAX,
  type RewardType,
  ordinal,
} from '@platform/shared';
import { useRef } from 'react';
import { useController, useFormState, useWatch } from 'react-hook-form';
import { FieldError } from '../../../components/form/FieldError';
import { RadioGroupField } from '../../../components/inputs/RadioGroupField';
import {
  rewardDraftsOf,
  rewardOfType,
  type CampaignFormApi,
  type CampaignFormControl,
  type RewardDrafts,
} from './campaign-form-values';
import { REWARD_DESCRIPTIONS, REWARD_LABELS } from './campaign-labels';
import { MoneyField, WholeNumberField } from './NumberFields';

const REWARD_OPTIONS = REWARD_TYPES.map((type) => ({
  value: type,
  label: REWARD_LABELS[type],
  description: REWARD_DESCRIPTIONS[type],
}));

interface PrizeTableProps {
  form: CampaignFormApi;
  currency: string;
  disabled: boolean;
  /** 'per period' for a sprint. */
  caption: string;
}

/** The prizes by rank: one row per place, added and removed at the end or anywhere. */
function PrizeTable({ form, currency, disabled, caption }: PrizeTableProps) {
  const { control } = form;
  const prizes: number[] = useWatch({ control, name: 'reward.prizes' }) ?? [];
  const { errors, isSubmitted } = useFormState({ control, name: 'reward.prizes' });
  const rewardErrors = errors.reward as
    { prizes?: { message?: string; root?: { message?: string } } } | undefined;
  // The list's own error (none, too many) rather than one of its rows'.
  const listError = rewardErrors?.prizes?.message ?? rewardErrors?.prizes?.root?.message;

  const setPrizes = (next: number[]) =>
    form.setValue('reward.prizes', next, {
      shouldDirty: true,
      shouldValidate: isSubmitted,
    });

  return (
    <Input.Wrapper
      size="md"
      label="Prizes"
      description={`The prize for each place on the leaderboard, ${caption}. Up to ${CAMPAIGN_PRIZES_MAX} places.`}
      withAsterisk
      error={listError ? <FieldError message={listError} /> : undefined}
    >
      <Stack gap={6} mt="xs" role="list" aria-label="Prizes by place">
        {prizes.map((_, index) => (
          <Group key={index} gap="sm" wrap="nowrap" align="flex-start" role="listitem">
            <Text size="sm" fw={500} w={48} pt={10}>
              {ordinal(index + 1)}
            </Text>
            <MoneyField
              control={control}
              name={`reward.prizes.${index}`}
              label={`Prize for ${ordinal(index + 1)} place`}
              hiddenLabel
              currency={currency}
              disabled={disabled}
              maw={240}
            />
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              mt={4}
              aria-label={`Remove the prize for ${ordinal(index + 1)} place`}
              disabled={disabled || prizes.length === 1}
              onClick={() => setPrizes(prizes.filter((__, other) => other !== index))}
            >
              <IconTrash size={18} aria-hidden="true" />
            </ActionIcon>
          </Group>
        ))}
      </Stack>
      <Button
        variant="light"
        size="xs"
        mt="xs"
        leftSection={<IconPlus size={14} aria-hidden="true" />}
        disabled={disabled || prizes.length >= CAMPAIGN_PRIZES_MAX}
        onClick={() => setPrizes([...prizes, Number.NaN])}
      >
        Add a place
      </Button>
    </Input.Wrapper>
  );
}

/** A rate per 1,000 validated views, the views an entry needs before it earns, and the two caps. */
function PayPerViewFields({
  control,
  currency,
  disabled,
}: {
  control: CampaignFormControl;
  currency: string;
  disabled: boolean;
}) {
  return (
    <>
      <Group align="flex-start" grow>
        <MoneyField
          control={control}
          name="reward.ratePerThousand"
          label="Rate per 1,000 views"
          description="Paid for every 1,000 validated views of an approved entry."
          currency={currency}
          required
          disabled={disabled}
        />
        <WholeNumberField
          control={control}
          name="reward.minimumViews"
          label="Minimum views"
          description={`An entry earns nothing until its validated views reach this; 0 for none, up to ${PAY_PER_VIEW_MINIMUM_VIEWS_MAX.toLocaleString('en-GB')}.`}
          required
          disabled={disabled}
        />
      </Group>
      <Group align="flex-start" grow>
        <MoneyField
          control={control}
          name="reward.capPerEntry"
          label="Cap per entry"
          description="The most one entry earns, however many views it gets."
          currency={currency}
          required
          disabled={disabled}
        />
        <MoneyField
          control={control}
          name="reward.capPerCreator"
          label="Cap per creator"
          description="The most one creator earns from the campaign, over all their entries."
          currency={currency}
          required
          disabled={disabled}
        />
      </Group>
    </>
  );
}

export interface RewardFieldsProps {
  form: CampaignFormApi;
  /** The approved terms may not change for this person: the reward is shown but cannot be edited. */
  locked: boolean;
}

/** How the campaign pays: the reward type, explained, and its configuration. */
export function RewardFields({ form, locked }: RewardFieldsProps) {
  const control: CampaignFormControl = form.control;
  const [type, currency] = useWatch({ control, name: ['reward.type', 'currency'] });
  const {
    field: { onBlur: leaveType, ref: typeRef },
    fieldState: { error: typeError },
  } = useController({ control, name: 'reward.type' });
  // What was typed for each type, so that trying another type and coming back loses nothing.
  const drafts = useRef<RewardDrafts | null>(null);
  const rewardError = useFormState({ control, name: 'reward' }).errors.reward;
  const shownCurrency = currency ?? 'GBP';

  const chooseType = (next: RewardType) => {
    const current = rewardDraftsOf(form.getValues('reward'));
    drafts.current = {
      ...drafts.current,
      ...Object.fromEntries(Object.entries(current).filter(([, value]) => value !== undefined)),
      prizes: current.prizes.length > 0 ? current.prizes : (drafts.current?.prizes ?? []),
    };
    form.setValue('reward', rewardOfType(next, drafts.current), { shouldDirty: true });
    form.clearErrors('reward');
  };

  return (
    <Stack gap="md">
      <RadioGroupField<RewardType>
        label="Reward"
        options={REWARD_OPTIONS}
        value={type ?? null}
        onChange={chooseType}
        onBlur={leaveType}
        ref={typeRef}
        disabled={locked}
        error={typeError?.message ?? rewardError?.message}
        withAsterisk
      />
      {type === 'FIRST_COME_FIRST_SERVE' && (
        <Group align="flex-start" grow>
          <MoneyField
            control={control}
            name="reward.amountPerEntry"
            label="Amount per approved entry"
            description="Paid for each entry you approve."
            currency={shownCurrency}
            required
            disabled={locked}
          />
          <WholeNumberField
            control={control}
            name="reward.slots"
            label="Slots"
            description={`How many entries are paid, up to ${CAMPAIGN_SLOTS_MAX.toLocaleString('en-GB')}.`}
            required
            disabled={locked}
          />
        </Group>
      )}
      {type === 'TOP_PRIZES' && (
        <PrizeTable form={form} currency={shownCurrency} disabled={locked} caption="when the campaign ends" />
      )}
      {type === 'SPRINT' && (
        <>
          <WholeNumberField
            control={control}
            name="reward.periodDays"
            label="Period length in days"
            description={`Each period has its own leaderboard: 7 for weekly, up to ${SPRINT_PERIOD_DAYS_MAX}. The last period may be shorter.`}
            required
            disabled={locked}
            maw={260}
          />
          <PrizeTable form={form} currency={shownCurrency} disabled={locked} caption="in every period" />
        </>
      )}
      {type === 'PAY_PER_VIEW' && (
        <PayPerViewFields control={control} currency={shownCurrency} disabled={locked} />
      )}
    </Stack>
  );
}
