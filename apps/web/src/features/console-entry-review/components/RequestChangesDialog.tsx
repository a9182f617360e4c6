import { Stack, Textarea } from '@mantine/core';
import {
  ENTRY_CHANGE_REQUEST_MAX_LENGTH,
  entryChangeRequestBodySchema,
  type EntryChangeRequestBody,
} from '@platform/shared';
import { useState } from 'react';
import { ModalDialog } from '../../../components/display/ModalDialog';
import { renderFieldError } from '../../../components/form/FieldError';
import { FormFailure, formFailureMessage } from '../../../components/form/FormFailure';
import { useZodForm } from '../../../components/form/use-zod-form';

export interface RequestChangesDialogProps {
  /** Who entered the entry: the title names them. */
  creatorName: string;
  /** Sends the request; rejects with what the server refused, which the dialog shows. */
  onRequest: (request: EntryChangeRequestBody) => Promise<void>;
  onClose: () => void;
}

/**
 * Sends an entry back to its creator with what to change, instead of rejecting it (ADR 037), checked by
 * the server's own schema. The creator reads the note on the entry and in their notification.
 */
export function RequestChangesDialog({ creatorName, onRequest, onClose }: RequestChangesDialogProps) {
  const form = useZodForm(entryChangeRequestBodySchema, { defaultValues: { note: '' } });
  const { errors } = form.formState;
  const [failure, setFailure] = useState<string | null>(null);

  const submit = form.handleSubmit(async (request) => {
    setFailure(null);
    try {
      await onRequest(request);
    } catch (error) {
      setFailure(formFailureMessage(form, error, { shownFields: ['note'] }));
    }
  });

  return (
    <ModalDialog
      opened
      title={`Ask ${creatorName} for changes`}
      submitLabel="Request changes"
      onSubmit={() => submit()}
      onClose={onClose}
    >
      <Stack gap="sm">
        <FormFailure message={failure} />
        <Textarea
          label="What should change"
          description="The creator reads this, changes the entry and sends it again for review."
          required
          rows={4}
          maxLength={ENTRY_CHANGE_REQUEST_MAX_LENGTH}
          {...form.register('note')}
          error={renderFieldError(errors.note?.message)}
        />
      </Stack>
    </ModalDialog>
  );
}
