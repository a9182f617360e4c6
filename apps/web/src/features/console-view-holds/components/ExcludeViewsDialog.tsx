import { Stack, Text, Textarea } from '@mantine/core';
import {
  formatDateTime,
  holdExcludeBodySchema,
  HOLD_REASON_MAX_LENGTH,
  type HeldEntry,
  type HoldExcludeBody,
} from '@platform/shared';
import { useState } from 'react';
import { ModalDialog } from '../../../components/display/ModalDialog';
import { renderFieldError } from '../../../components/form/FieldError';
import { FormFailure, formFailureMessage } from '../../../components/form/FormFailure';
import { useZodForm } from '../../../components/form/use-zod-form';
import { ControlledDateField } from '../../../components/inputs/DateField';
import type { HoldDialogProps } from './AcceptHoldDialog';
import { countText } from './hold-words';

/** The window a sudden rise was seen in, which is what staff most often take off. */
export const spikeWindowOf = (hold: HeldEntry) =>
  hold.signals.find((signal) => signal.code === 'SPIKE' && signal.window !== null)?.window ?? null;

export interface ExcludeViewsDialogProps extends HoldDialogProps<HoldExcludeBody> {
  hold: HeldEntry;
}

/**
 * Takes the views gained in a window off the entry's figure, with the reason the creator reads. The
 * window starts as the sudden rise's, when there was one.
 */
export function ExcludeViewsDialog({ hold, creatorName, onDecide, onClose }: ExcludeViewsDialogProps) {
  const spike = spikeWindowOf(hold);
  const form = useZodForm(holdExcludeBodySchema, {
    defaultValues: { from: spike?.from ?? '', to: spike?.to ?? '', reason: '' },
  });
  const { errors } = form.formState;
  const [failure, setFailure] = useState<string | null>(null);

  const submit = form.handleSubmit(async (body) => {
    setFailure(null);
    try {
      await onDecide(body);
    } catch (error) {
      setFailure(formFailureMessage(form, error, { shownFields: ['from', 'to', 'reason'] }));
    }
  });

  return (
    <ModalDialog
      opened
      title={`Exclude views from the entry of ${creatorName}`}
      submitLabel="Exclude views"
      onSubmit={() => submit()}
      onClose={onClose}
    >
      <Stack gap="md">
        <FormFailure message={failure} />
        <Text size="sm">
          The views gained between these times are taken off the entry’s figure on every board; the rest
          count. The window must lie within the entry’s readings.
        </Text>
        {spike && (
          <Text size="sm" c="dimmed">
            The sudden rise gained {countText(spike.views)} views from {formatDateTime(spike.from, 'long')} to{' '}
            {formatDateTime(spike.to, 'long')}.
          </Text>
        )}
        <ControlledDateField control={form.control} name="from" label="From" withTime required />
        <ControlledDateField control={form.control} name="to" label="To" withTime required />
        <Textarea
          size="md"
          label="Reason for the creator"
          description={`${creatorName} reads this. Up to ${HOLD_REASON_MAX_LENGTH} characters.`}
          required
          rows={3}
          {...form.register('reason')}
          error={renderFieldError(errors.reason?.message)}
        />
      </Stack>
    </ModalDialog>
  );
}
