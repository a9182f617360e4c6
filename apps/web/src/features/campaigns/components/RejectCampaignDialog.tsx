import { Stack, Textarea } from '@mantine/core';
import { CAMPAIGN_REJECTION_REASON_MAX_LENGTH, campaignRejectBodySchema } from '@platform/shared';
import { useState } from 'react';
import { ModalDialog } from '../../../components/display/ModalDialog';
import { renderFieldError } from '../../../components/form/FieldError';
import { FormFailure, formFailureMessage } from '../../../components/form/FormFailure';
import { useZodForm } from '../../../components/form/use-zod-form';

export interface RejectCampaignDialogProps {
  campaignName: string;
  /**
   * Sends the rejection. Resolves once it is done (the caller closes the dialog and says so); rejects with
   * what the server refused, which the dialog shows under the field or above it.
   */
  onReject: (reason: string) => Promise<void>;
  onClose: () => void;
}

/** Sends a campaign back to its marketer with the reason they will read. */
export function RejectCampaignDialog({ campaignName, onReject, onClose }: RejectCampaignDialogProps) {
  const form = useZodForm(campaignRejectBodySchema, { defaultValues: { reason: '' } });
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
    <ModalDialog
      opened
      title={`Reject ${campaignName}`}
      submitLabel="Reject"
      onSubmit={() => submit()}
      onClose={onClose}
    >
      <Stack gap="md">
        <FormFailure message={failure} />
        <Textarea
          size="md"
          label="What should change"
          description={`The marketer reads this on the campaign and changes it before sending it again. Up to ${CAMPAIGN_REJECTION_REASON_MAX_LENGTH} characters.`}
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
