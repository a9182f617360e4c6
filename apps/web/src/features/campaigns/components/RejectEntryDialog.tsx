import { NativeSelect, Stack, Textarea } from '@mantine/core';
import {
  ENTRY_REJECTION_LABELS,
  ENTRY_REJECTION_NOTE_MAX_LENGTH,
  ENTRY_REJECTION_REASONS,
  entryRejectionBodySchema,
  type EntryRejectionBody,
} from '@platform/shared';
import { useState } from 'react';
import { ModalDialog } from '../../../components/display/ModalDialog';
import { renderFieldError } from '../../../components/form/FieldError';
import { FormFailure, formFailureMessage } from '../../../components/form/FormFailure';
import { useZodForm } from '../../../components/form/use-zod-form';

export interface RejectEntryDialogProps {
  /** Who entered it, for the title. */
  creatorName: string;
  /** Sends the rejection; rejects with what the server refused, which the dialog shows. */
  onReject: (rejection: EntryRejectionBody) => Promise<void>;
  onClose: () => void;
}

const REASON_OPTIONS = [
  { value: '', label: 'Choose a reason', disabled: true },
  ...ENTRY_REJECTION_REASONS.map((reason) => ({ value: reason, label: ENTRY_REJECTION_LABELS[reason] })),
];

/**
 * Rejects an entry with a reason the creator reads, and words of the reviewer's own for another reason,
 * checked by the server's own schema.
 */
export function RejectEntryDialog({ creatorName, onReject, onClose }: RejectEntryDialogProps) {
  const form = useZodForm(entryRejectionBodySchema, {
    defaultValues: { reason: '' as EntryRejectionBody['reason'], note: '' },
  });
  const { errors } = form.formState;
  const [failure, setFailure] = useState<string | null>(null);

  const submit = form.handleSubmit(async ({ reason, note }) => {
    setFailure(null);
    try {
      await onReject({ reason, ...(note ? { note } : {}) });
    } catch (error) {
      setFailure(formFailureMessage(form, error, { shownFields: ['reason', 'note'] }));
    }
  });

  return (
    <ModalDialog
      opened
      title={`Reject the entry of ${creatorName}`}
      submitLabel="Reject"
      onSubmit={() => submit()}
      onClose={onClose}
    >
      <Stack gap="sm">
        <FormFailure message={failure} />
        <NativeSelect
          label="Why"
          data={REASON_OPTIONS}
          required
          {...form.register('reason')}
          error={renderFieldError(errors.reason?.message)}
        />
        <Textarea
          label="What should change"
          description="The creator reads this with the reason. Needed for another reason."
          rows={3}
          maxLength={ENTRY_REJECTION_NOTE_MAX_LENGTH}
          {...form.register('note')}
          error={renderFieldError(errors.note?.message)}
        />
      </Stack>
    </ModalDialog>
  );
}
