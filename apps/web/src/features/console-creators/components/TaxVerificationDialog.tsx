import { Stack, Text, Textarea } from '@mantine/core';
import {
  TAX_REGISTER_NAMES,
  TAX_VERIFICATION_NOTE_MAX_LENGTH,
  taxVerificationBodySchema,
  type TaxRegistrationType,
  type TaxVerificationBody,
  type TaxVerificationOutcome,
} from '@platform/shared';
import { useState } from 'react';
import { ModalDialog } from '../../../components/display/ModalDialog';
import { showSuccessToast } from '../../../components/feedback/toasts';
import { renderFieldError } from '../../../components/form/FieldError';
import { FormFailure, formFailureMessage } from '../../../components/form/FormFailure';
import { TextField } from '../../../components/form/TextField';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useVerifyCreatorTax } from '../api/creators';

export interface TaxVerificationDialogProps {
  creatorId: string;
  /** The creator's name, as the dialog and its toast say whose number it is. */
  name: string;
  outcome: TaxVerificationOutcome;
  type: TaxRegistrationType;
  /** The number as the page shows it: the server refuses the check if the creator has changed it since. */
  number: string;
  onClose: () => void;
}

const SHOWN_FIELDS = ['note', 'reference', 'checkedOn'];

/** Today on this computer, as a date field spells it. */
function localToday(): string {
  const now = new Date();
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

/**
 * Support's record of a VAT number or ABN checked by hand: verified (what was checked, its reference and
 * the day), or not valid (the reason the creator reads). Its own chunk, opened from the creator's page.
 */
export function TaxVerificationDialog({
  creatorId,
  name,
  outcome,
  type,
  number,
  onClose,
}: TaxVerificationDialogProps) {
  const today = localToday();
  const form = useZodForm(taxVerificationBodySchema, {
    defaultValues: { outcome, number, note: '', reference: '', checkedOn: today },
  });
  const { errors } = form.formState;
  const verify = useVerifyCreatorTax(creatorId);
  const [failure, setFailure] = useState<string | null>(null);
  const numberName = type === 'VAT' ? 'VAT number' : 'ABN';
  const taxName = type === 'VAT' ? 'VAT' : 'GST';
  const verifying = outcome === 'VERIFIED';

  const submit = form.handleSubmit(async (values: TaxVerificationBody) => {
    setFailure(null);
    try {
      await verify.mutateAsync(verifying ? values : { ...values, reference: undefined });
      showSuccessToast(
        verifying
          ? `${name}’s ${numberName} is verified: the invoices issued from now on carry ${taxName}.`
          : `${name}’s ${numberName} is marked not valid. They are told why.`,
        verifying ? 'Verified by hand' : 'Marked not valid',
      );
      onClose();
    } catch (error) {
      setFailure(formFailureMessage(form, error, { shownFields: SHOWN_FIELDS }));
    }
  });

  return (
    <ModalDialog
      opened
      title={verifying ? `Verify ${number} by hand` : `Mark ${number} not valid`}
      submitLabel={verifying ? 'Verify' : 'Mark not valid'}
      onSubmit={() => submit()}
      onClose={onClose}
    >
      <Stack gap="md">
        <FormFailure message={failure} />
        <Text size="sm">
          {verifying
            ? `Check the number with ${TAX_REGISTER_NAMES[type]} yourself (its online service, a certificate, a call) and say what you found. Invoices issued from now on carry ${taxName}; those already issued stay as they are.`
            : `Say why the number is not a valid registration. ${name} reads this, and their invoices carry no ${taxName} until they give a number that is.`}
        </Text>
        <Textarea
          size="md"
          label={verifying ? 'What you checked' : 'Reason for the creator'}
          description={`Up to ${TAX_VERIFICATION_NOTE_MAX_LENGTH} characters.`}
          required
          rows={4}
          data-autofocus
          {...form.register('note')}
          error={renderFieldError(errors.note?.message)}
        />
        {verifying && (
          <TextField
            label="Reference"
            description="The reference of your check, such as HMRC’s consultation number."
            required
            {...form.register('reference')}
            error={errors.reference?.message}
          />
        )}
        <TextField
          label="Day you checked"
          type="date"
          required
          max={today}
          {...form.register('checkedOn')}
          error={errors.checkedOn?.message}
        />
      </Stack>
    </ModalDialog>
  );
}
