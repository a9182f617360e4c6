import { Stack, Textarea } from '@mantine/core';
import {
  LOOKUP_INFO_CONTENT_MAX_LENGTH,
  LOOKUP_KIND_NAMES,
  LOOKUP_LABEL_MAX_LENGTH,
  lookupFieldsSchema,
  type Lookup,
  type LookupKind,
} from '@platform/shared';
import { useState } from 'react';
import { ModalDialog } from '../../../components/display/ModalDialog';
import { FormFailure, formFailureMessage } from '../../../components/form/FormFailure';
import { showSuccessToast } from '../../../components/feedback/toasts';
import { renderFieldError } from '../../../components/form/FieldError';
import { TextField } from '../../../components/form/TextField';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useCreateLookup } from '../api/create-lookup';
import { useUpdateLookup } from '../api/update-lookup';

export interface LookupFormDialogProps {
  opened: boolean;
  kind: LookupKind;
  /** The lookup to edit; null adds one. */
  lookup: Lookup | null;
  /** The question a new answer belongs to. */
  questionId?: string | undefined;
  onClose: () => void;
}

const FIELDS = ['name', 'label', 'infoContent'];

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Adds or edits a lookup with the server's own rules; what the server refuses shows under its field. */
export function LookupFormDialog({ opened, kind, lookup, questionId, onClose }: LookupFormDialogProps) {
  const { singular } = LOOKUP_KIND_NAMES[kind];
  const form = useZodForm(lookupFieldsSchema, {
    defaultValues: {
      name: lookup?.name ?? '',
      label: lookup?.label ?? '',
      infoContent: lookup?.infoContent ?? '',
    },
  });
  const { errors } = form.formState;
  const create = useCreateLookup(kind);
  const update = useUpdateLookup(kind);
  const [failure, setFailure] = useState<string | null>(null);

  const save = form.handleSubmit(async ({ name, label = '', infoContent = '' }) => {
    setFailure(null);
    try {
      const saved = lookup
        ? await update.mutateAsync({ id: lookup.id, body: { name, label, infoContent } })
        : await create.mutateAsync({ name, label, infoContent, ...(questionId ? { questionId } : {}) });
      showSuccessToast(
        `“${saved.name}” has been ${lookup ? 'saved' : 'added'}.`,
        `${capitalised(singular)} ${lookup ? 'saved' : 'added'}`,
      );
      onClose();
    } catch (error) {
      setFailure(formFailureMessage(form, error, { shownFields: FIELDS }));
    }
  });

  return (
    <ModalDialog
      opened={opened}
      title={lookup ? `Edit ${singular}` : `Add ${singular}`}
      submitLabel={lookup ? 'Save' : 'Add'}
      onSubmit={() => save()}
      onClose={onClose}
    >
      <Stack gap="md">
        <FormFailure message={failure} />
        <TextField
          label="Name"
          required
          description="Letters, numbers and spaces."
          data-autofocus
          {...form.register('name')}
          error={errors.name?.message}
        />
        <TextField
          label="Label"
          description={`Optional: a short caption shown beside the name (up to ${LOOKUP_LABEL_MAX_LENGTH} characters).`}
          {...form.register('label')}
          error={errors.label?.message}
        />
        <Textarea
          label="Info content"
          description={`Optional: shown under the name (up to ${LOOKUP_INFO_CONTENT_MAX_LENGTH} characters).`}
          rows={3}
          {...form.register('infoContent')}
          error={renderFieldError(errors.infoContent?.message)}
        />
      </Stack>
    </ModalDialog>
  );
}
