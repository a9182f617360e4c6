import { NativeSelect, Stack, Text, Textarea } from '@mantine/core';
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
  /** Who entered each entry rejected, one name per entry: the title and the words say how many. */
  creatorNames: readonly string[];
  /** Sends the rejection; rejects with what the server refused, which the dialog shows. */
  onReject: (rejection: EntryRejectionBody) => Promise<void>;
  onClose: () => void;
}

const REASON_OPTIONS = [
  { value: '', label: 'Choose a reason', disabled: true },
  ...ENTRY_REJECTION_REASONS.map((reason) => ({ value: reason, label: ENTRY_REJECTION_LABELS[reason] })),
];

const NAMES_LISTED = 3;

/** 'Ada', 'Ada, Ben and Cleo'; past three names, 'Ada, Ben, Cleo and 2 others'. */
function listNames(names: readonly string[]): string {
  const listed = names.slice(0, NAMES_LISTED);
  const others = names.length - listed.length;
  if (others > 0) return `${listed.join(', ')} and ${others} ${others === 1 ? 'other' : 'others'}`;
  const last = listed.pop() ?? '';
  return listed.length > 0 ? `${listed.join(', ')} and ${last}` : last;
}

/**
 * Rejects one entry or several with one reason each creator reads, and words of the reviewer's own for
 * another reason, checked by the server's own schema.
 */
export function RejectEntryDialog({ creatorNames, onReject, onClose }: RejectEntryDialogProps) {
  const single = creatorNames.length === 1;
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
      title={
        single ? `Reject the entry of ${listNames(creatorNames)}` : `Reject ${creatorNames.length} entries`
      }
      submitLabel="Reject"
      onSubmit={() => submit()}
      onClose={onClose}
    >
      <Stack gap="sm">
        <FormFailure message={failure} />
        {!single && <Text size="sm">The entries of {listNames(creatorNames)} get the same reason.</Text>}
        <NativeSelect
          label="Why"
          data={REASON_OPTIONS}
          required
          {...form.register('reason')}
          error={renderFieldError(errors.reason?.message)}
        />
        <Textarea
          label="What should change"
          description={`${single ? 'The creator reads' : 'Each creator reads'} this with the reason. Needed for another reason.`}
          rows={3}
          maxLength={ENTRY_REJECTION_NOTE_MAX_LENGTH}
          {...form.register('note')}
          error={renderFieldError(errors.note?.message)}
        />
      </Stack>
    </ModalDialog>
  );
}
