import { Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { $ZodType } from 'zod/v4/core';
import { ModalDialog } from '../display/ModalDialog';
import { renderFieldError } from './FieldError';
import { FormFailure, formFailureMessage } from './FormFailure';
import { useZodForm } from './use-zod-form';

type ReasonBody = { reason: string };

export interface RejectWithReasonDialogProps {
  title: string;
  /** The server's own schema of the rejection's body, so the field says what the server would. */
  schema: $ZodType<ReasonBody, ReasonBody>;
  /** What rejecting does, said before the field; nothing when the title says it all. */
  consequence?: string;
  label: string;
  description: string;
  rows: number;
  /** The button that sends it; 'Reject' unless told. */
  submitLabel?: string;
  /**
   * Sends the rejection. Resolves once it is done (the caller closes the dialog and says so); rejects with
   * what the server refused, which the dialog shows under the field or above it.
   */
  onReject: (reason: string) => Promise<void>;
  onClose: () => void;
}

/** Rejects something with the reason its author reads. */
export function RejectWithReasonDialog({
  title,
  schema,
  consequence,
  label,
  description,
  rows,
  submitLabel = 'Reject',
  onReject,
  onClose,
}: RejectWithReasonDialogProps) {
  const form = useZodForm(schema, { defaultValues: { reason: '' } });
  const { errors } = form.formState;
  const [failure, setFailure] = useState<string | null>(null);

  const submit = form.handleSubmit(async ({ reason }) => {
    setFailure(null);
    try {
      await onReject(reason);
    } catch (error) {
      setFailure(formFailureMessage(form, error, { shownFields: ['reason'] }));
    }
  });

  return (
    <ModalDialog opened title={title} submitLabel={submitLabel} onSubmit={() => submit()} onClose={onClose}>
      <Stack gap="md">
        <FormFailure message={failure} />
        {consequence && <Text size="sm">{consequence}</Text>}
        <Textarea
          size="md"
          label={label}
          description={description}
          required
          rows={rows}
          data-autofocus
          {...form.register('reason')}
          error={renderFieldError(errors.reason?.message)}
        />
      </Stack>
    </ModalDialog>
  );
}
