import { NativeSelect, Stack, Textarea } from '@mantine/core';
import {
  ENTRY_REJECTION_LABELS,
  ENTRY_REJECTION_NOTE_MAX_LENGTH,
  ENTRY_REJECTION_REASONS,
  ENTRY_MESSAGES,
  type EntryRejectionBody,
  type EntryRejectionReason,
} from '@platform/shared';
import { useState } from 'react';
import { ModalDialog } from '../../../components/display/ModalDialog';
import { renderFieldError } from '../../../components/form/FieldError';
import { FormFailure } from '../../../components/form/FormFailure';
import { failureText } from '../../../components/feedback/failure';

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

/** Rejects an entry with a reason the creator reads, and words of the reviewer's own for another reason. */
export function RejectEntryDialog({ creatorName, onReject, onClose }: RejectEntryDialogProps) {
  const [reason, setReason] = useState<EntryRejectionReason | null>(null);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; note?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async () => {
    setFailure(null);
    const found = {
      ...(reason ? {} : { reason: ENTRY_MESSAGES.reasonRequired }),
      ...(reason === 'OTHER' && !note.trim() ? { note: ENTRY_MESSAGES.noteRequired } : {}),
    };
    setErrors(found);
    if (!reason || Object.keys(found).length > 0) return;
    try {
      await onReject({ reason, ...(note.trim() ? { note: note.trim() } : {}) });
    } catch (error) {
      setFailure(failureText(error));
    }
  };

  return (
    <ModalDialog
      opened
      title={`Reject the entry of ${creatorName}`}
      submitLabel="Reject"
      onSubmit={submit}
      onClose={onClose}
    >
      <Stack gap="sm">
        <FormFailure message={failure} />
        <NativeSelect
          label="Why"
          data={REASON_OPTIONS}
          value={reason ?? ''}
          onChange={(event) => setReason((event.currentTarget.value || null) as EntryRejectionReason | null)}
          error={renderFieldError(errors.reason)}
          required
        />
        <Textarea
          label="What should change"
          description="The creator reads this with the reason. Needed for another reason."
          rows={3}
          maxLength={ENTRY_REJECTION_NOTE_MAX_LENGTH}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          error={renderFieldError(errors.note)}
        />
      </Stack>
    </ModalDialog>
  );
}
