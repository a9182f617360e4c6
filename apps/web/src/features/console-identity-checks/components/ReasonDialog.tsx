import { Stack, Textarea } from '@mantine/core';
import { kycDecisionBodySchema, KYC_REASON_MAX_LENGTH } from '@platform/shared';
import { useState } from 'react';
import { ModalDialog } from '../../../components/display/ModalDialog';
import { FormFailure, formFailureMessage } from '../../../components/form/FormFailure';
import { renderFieldError } from '../../../components/form/FieldError';
import { useZodForm } from '../../../components/form/use-zod-form';
import type { ReasonedDecision } from './decision-outcome';

export interface ReasonDialogProps {
  decision: ReasonedDecision;
  /** The creator's name, as the dialog tells who reads the reason. */
  creatorName: string;
  /**
   * Sends the decision. Resolves once it is settled (the caller closes the dialog and says so); rejects
   * with what the server refused, which the dialog shows under the field or above it.
   */
  onDecide: (reason: string) => Promise<void>;
  onClose: () => void;
}

const WORDING: Readonly<Record<ReasonedDecision, { title: string; submit: string; description: string }>> = {
  reject: {
    title: 'Reject this identity check',
    submit: 'Reject',
    description: 'why their identity could not be confirmed',
  },
  reverify: {
    title: 'Ask to verify again',
    submit: 'Ask to verify again',
    description: 'what to change when they send their document and selfie again',
  },
};

/** Rejects a check, or asks the creator to verify again, with a reason the creator will read. */
export function ReasonDialog({ decision, creatorName, onDecide, onClose }: ReasonDialogProps) {
  const form = useZodForm(kycDecisionBodySchema, { defaultValues: { decision, reason: '' } });
  const { errors } = form.formState;
  const [failure, setFailure] = useState<string | null>(null);
  const wording = WORDING[decision];

  const submit = form.handleSubmit(async ({ reason }) => {
    setFailure(null);
    try {
      await onDecide(reason ?? '');
    } catch (error) {
      setFailure(formFailureMessage(form, error, { shownFields: ['reason'] }));
    }
  });

  return (
    <ModalDialog
      opened
      title={wording.title}
      submitLabel={wording.submit}
      onSubmit={() => submit()}
      onClose={onClose}
    >
      <Stack gap="md">
        <FormFailure message={failure} />
        <Textarea
          size="md"
          label="Reason for the creator"
          description={`${creatorName} reads this: say ${wording.description}. Up to ${KYC_REASON_MAX_LENGTH} characters.`}
          required
          rows={5}
          data-autofocus
          {...form.register('reason')}
          error={renderFieldError(errors.reason?.message)}
        />
      </Stack>
    </ModalDialog>
  );
}
