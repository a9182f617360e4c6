import { Stack, Text, Textarea } from '@mantine/core';
import { holdAcceptBodySchema, HOLD_NOTE_MAX_LENGTH, type HoldAcceptBody } from '@platform/shared';
import { useState } from 'react';
import { ModalDialog } from '../../../components/display/ModalDialog';
import { renderFieldError } from '../../../components/form/FieldError';
import { FormFailure, formFailureMessage } from '../../../components/form/FormFailure';
import { useZodForm } from '../../../components/form/use-zod-form';

export interface HoldDialogProps<Body> {
  /** Whose entry is decided: the title names them. */
  creatorName: string;
  /** Sends the decision; rejects with what the server refused, shown under a field or above them. */
  onDecide: (body: Body) => Promise<void>;
  onClose: () => void;
}

/** A note left empty is no note: the body then leaves it out, as the schema expects. */
const noteOrNothing = (value: string) => (value.trim() === '' ? undefined : value);

/** Accepts the entry's figures as they are, with a note of why if the reviewer wants one. */
export function AcceptHoldDialog({ creatorName, onDecide, onClose }: HoldDialogProps<HoldAcceptBody>) {
  const form = useZodForm(holdAcceptBodySchema, { defaultValues: { note: undefined } });
  const [failure, setFailure] = useState<string | null>(null);

  const submit = form.handleSubmit(async (body) => {
    setFailure(null);
    try {
      await onDecide(body.note === undefined ? {} : { note: body.note });
    } catch (error) {
      setFailure(formFailureMessage(form, error, { shownFields: ['note'] }));
    }
  });

  return (
    <ModalDialog
      opened
      title={`Accept the figures of ${creatorName}`}
      submitLabel="Accept figures"
      onSubmit={() => submit()}
      onClose={onClose}
    >
      <Stack gap="md">
        <FormFailure message={failure} />
        <Text size="sm">
          The views count as they are and the entry’s earnings are no longer held. {creatorName} is told.
        </Text>
        <Textarea
          size="md"
          label="Note"
          description={`Optional: why the views are real. Up to ${HOLD_NOTE_MAX_LENGTH} characters.`}
          rows={4}
          data-autofocus
          {...form.register('note', { setValueAs: noteOrNothing })}
          error={renderFieldError(form.formState.errors.note?.message)}
        />
      </Stack>
    </ModalDialog>
  );
}
