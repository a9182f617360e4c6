import { Stack, Text } from '@mantine/core';
import { FUNDING_MESSAGES, providerFundingBodySchema, type ProviderFundingBody } from '@platform/shared';
import { useState } from 'react';
import { ModalDialog } from '../../../components/display/ModalDialog';
import { FormFailure, formFailureMessage } from '../../../components/form/FormFailure';
import { useZodForm } from '../../../components/form/use-zod-form';
import { isApiError } from '../../../lib/api-client';
import { AmountField } from './AmountField';

/** A provider that could not be reached is a server failure, but one the shared words explain: nothing was charged. */
const unreachableProvider = (error: unknown) =>
  isApiError(error) && error.status >= 500 && error.message === FUNDING_MESSAGES.providerUnavailable
    ? error.message
    : null;

export interface TopUpDialogProps {
  campaignName: string;
  currency: string;
  onTopUp: (body: ProviderFundingBody) => Promise<void>;
  onClose: () => void;
}

/** Tops a campaign's budget up through the payments provider. */
export function TopUpDialog({ campaignName, currency, onTopUp, onClose }: TopUpDialogProps) {
  const form = useZodForm(providerFundingBodySchema, { defaultValues: { amountMinor: Number.NaN } });
  const [failure, setFailure] = useState<string | null>(null);

  const submit = form.handleSubmit(async (body) => {
    setFailure(null);
    try {
      await onTopUp(body);
    } catch (error) {
      setFailure(
        unreachableProvider(error) ?? formFailureMessage(form, error, { shownFields: ['amountMinor'] }),
      );
    }
  });

  return (
    <ModalDialog
      opened
      title={`Top up ${campaignName}`}
      submitLabel="Top up"
      onSubmit={() => submit()}
      onClose={onClose}
    >
      <Stack gap="md">
        <FormFailure message={failure} />
        <Text size="sm">
          The payments provider takes the amount from the platform’s bank account. It may take a few days to
          clear; the campaign counts it once it has.
        </Text>
        <AmountField
          control={form.control}
          currency={currency}
          label="Amount"
          description={`In ${currency}.`}
        />
      </Stack>
    </ModalDialog>
  );
}
