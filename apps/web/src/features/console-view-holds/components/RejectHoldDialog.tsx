import { NativeSelect, Stack, Text, Textarea } from '@mantine/core';
import {
  ENTRY_REJECTION_LABELS,
  ENTRY_REJECTION_REASONS,
  holdRejectBodySchema,
  HOLD_NOTE_MAX_LENGTH,
  type HoldRejectBody,
} from '@platform/shared';
import { useState } from 'react';
import { ModalDialog } from '../../../components/display/ModalDialog';
import { renderFieldError } from '../../../components/form/FieldError';
import { FormFailure, formFailureMessage } from '../../../components/form/FormFailure';
import { useZodForm } from '../../../components/form/use-zod-form';
import type { HoldDialogProps } from './AcceptHoldDialog';

const REASON_OPTIONS = [
  { value: '', label: 'Choose a reason', disabled: true },
  ...ENTRY_REJECTION_REASONS.map((reason) => ({ value: reason, label: ENTRY_REJECTION_LABELS[reason] })),
];

/** Rejects the held entry with one of the entry rejection reasons and a note the creator reads. */
export function RejectHoldDialog({ creatorName, onDecide, onClose }: HoldDialogProps<HoldRejectBody>) {
  const form = useZodForm(holdRejectBodySchema, {
    defaultValues: { reason: '' as HoldRejectBody['reason'], note: '' },
  });
  const { errors } = form.formState;
  const [failure, setFailure] = useState<string | null>(null);

  const submit = form.handleSubmit(async (body) => {
    setFailure(null);
    try {
      await onDecide(body);
    } catch (error) {
      setFailure(formFailureMessage(form, error, { shownFields: ['reason', 'note'] }));
    }
  });

  return (
    <ModalDialog
      opened
      title={`Reject the entry of ${creatorName}`}
      submitLabel="Reject entry"
      onSubmit={() => submit()}
      onClose={onClose}
    >
      <Stack gap="md">
        <FormFailure message={failure} />
        <Text size="sm">
          An entry waiting for review is rejected; an approved one is archived, giving back its slot or a
          prize not yet approved. What was paid on it is taken back.
        </Text>
        <NativeSelect
          size="md"
          label="Why"
          data={REASON_OPTIONS}
          required
          data-autofocus
          {...form.register('reason')}
          error={renderFieldError(errors.reason?.message)}
        />
        <Textarea
          size="md"
          label="Note for the creator"
          description={`${creatorName} reads this with the reason. Up to ${HOLD_NOTE_MAX_LENGTH} characters.`}
          required
          rows={4}
          {...form.register('note')}
          error={renderFieldError(errors.note?.message)}
        />
      </Stack>
    </ModalDialog>
  );
}
