import { Stack, Textarea } from '@mantine/core';
import {
  handleEvidenceDecisionBodySchema,
  HANDLE_REFUSAL_MAX_LENGTH,
  type HandleEvidenceDecisionBody,
} from '@platform/shared';
import { useState } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { ModalDialog } from '../../../components/display/ModalDialog';
import { renderFieldError } from '../../../components/form/FieldError';
import { FormFailure, formFailureMessage } from '../../../components/form/FormFailure';
import { useZodForm } from '../../../components/form/use-zod-form';

type Refusal = Extract<HandleEvidenceDecisionBody, { decision: 'REFUSE' }>;

export interface RefuseDialogProps {
  /** Who reads the reason. */
  creatorName: string;
  /** Sends the refusal; rejects with what the server refused, shown under the field or above it. */
  onRefuse: (reason: string) => Promise<void>;
  onClose: () => void;
}

/** Refuses the evidence with the reason the creator reads, held to the server's own rules first. */
export function RefuseDialog({ creatorName, onRefuse, onClose }: RefuseDialogProps) {
  const form = useZodForm<HandleEvidenceDecisionBody, HandleEvidenceDecisionBody>(
    handleEvidenceDecisionBodySchema,
    {
      defaultValues: { decision: 'REFUSE', reason: '' },
    },
  );
  // The union's refusal is the only shape this form holds.
  const reasonError = (form.formState.errors as FieldErrors<Refusal>).reason?.message;
  const [failure, setFailure] = useState<string | null>(null);

  const submit = form.handleSubmit(async (body) => {
    setFailure(null);
    try {
      await onRefuse(body.decision === 'REFUSE' ? body.reason : '');
    } catch (error) {
      setFailure(formFailureMessage(form, error, { shownFields: ['reason'] }));
    }
  });

  return (
    <ModalDialog
      opened
      title="Refuse this evidence"
      submitLabel="Refuse"
      onSubmit={() => submit()}
      onClose={onClose}
    >
      <Stack gap="md">
        <FormFailure message={failure} />
        <Textarea
          size="md"
          label="Reason for the creator"
          description={`${creatorName} reads this: say why the recording does not show the account is theirs, and what to record instead. Up to ${HANDLE_REFUSAL_MAX_LENGTH} characters.`}
          required
          rows={5}
          data-autofocus
          {...form.register('reason')}
          error={renderFieldError(reasonError)}
        />
      </Stack>
    </ModalDialog>
  );
}
