import { Stack } from '@mantine/core';
import {
  creatorDetailsBodySchema,
  creatorDetailsIssues,
  type CreatorConsoleDetail,
  type CreatorDetailsBody,
} from '@platform/shared';
import { useState } from 'react';
import { z } from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';
import { ModalDialog } from '../../../components/display/ModalDialog';
import { showSuccessToast } from '../../../components/feedback/toasts';
import { PersonalDetailsFields, SelectField } from '../../../components/form/PersonalDetailsFields';
import { FormFailure, formFailureMessage } from '../../../components/form/FormFailure';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useEditCreatorDetails, useLookupOptions } from '../api/creators';

/**
 * The server's schema, with its rules across fields applied whatever else is wrong: zod runs an object's
 * own rules only once every field has passed, so a wrong postcode would otherwise say nothing until the
 * rest of the form was right.
 */
const detailsFormSchema = z.unknown().check(
  z.superRefine((value: unknown, ctx) => {
    const details = toBody(value as CreatorDetailsBody);
    const shared = creatorDetailsBodySchema.safeParse(details);
    if (shared.success) return;
    const reported = new Set<string>();
    for (const issue of shared.error.issues) {
      reported.add(issue.path.join('.'));
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path, input: details });
    }
    for (const issue of creatorDetailsIssues(details)) {
      if (reported.has(issue.path.join('.'))) continue;
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path, input: details });
    }
  }),
) as unknown as $ZodType<CreatorDetailsBody, CreatorDetailsBody>;

const SHOWN_FIELDS = [
  'firstName',
  'lastName',
  'dateOfBirth',
  'gender',
  'dialCode',
  'mobile',
  'address.country',
  'address.line1',
  'address.line2',
  'address.city',
  'address.stateProvince',
  'address.postcode',
  'audienceClusterId',
];

const valuesOf = (creator: CreatorConsoleDetail): CreatorDetailsBody => ({
  firstName: creator.firstName ?? '',
  lastName: creator.lastName ?? '',
  dateOfBirth: creator.dateOfBirth ?? '',
  gender: (creator.gender ?? '') as CreatorDetailsBody['gender'],
  dialCode: creator.dialCode ?? '',
  mobile: creator.mobile ?? '',
  address: {
    country: creator.address.country ?? '',
    line1: creator.address.line1 ?? '',
    line2: creator.address.line2 ?? '',
    city: creator.address.city ?? '',
    stateProvince: creator.address.stateProvince ?? '',
    postcode: creator.address.postcode ?? '',
  },
  audienceClusterId: creator.audienceClusterId ?? '',
});

/** The select's empty choice is no cluster at all. */
const toBody = (values: CreatorDetailsBody): CreatorDetailsBody => ({
  ...values,
  audienceClusterId: values.audienceClusterId || null,
});

export interface CreatorDetailsDialogProps {
  creator: CreatorConsoleDetail;
  name: string;
  onClose: () => void;
}

/**
 * Support's correction of a creator's details, checked as the creator's own profile form checks them;
 * its own chunk, opened from the creator's page.
 */
export function CreatorDetailsDialog({ creator, name, onClose }: CreatorDetailsDialogProps) {
  const form = useZodForm(detailsFormSchema, { defaultValues: valuesOf(creator) });
  const { errors } = form.formState;
  const edit = useEditCreatorDetails(creator.id);
  const [failure, setFailure] = useState<string | null>(null);
  const clusters = useLookupOptions('audience-clusters');
  // A cluster archived since the creator was placed in it is still theirs until someone changes it.
  const clusterOptions = [
    { value: '', label: 'None' },
    ...(clusters.data ?? []),
    ...(creator.audienceClusterId &&
    !(clusters.data ?? []).some((option) => option.value === creator.audienceClusterId)
      ? [
          {
            value: creator.audienceClusterId,
            label: clusters.data ? 'Their current cluster (no longer on the list)' : 'Their current cluster',
          },
        ]
      : []),
  ];

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await edit.mutateAsync(toBody(values));
      showSuccessToast(`${name}’s details are saved.`, 'Details saved');
      onClose();
    } catch (error) {
      setFailure(formFailureMessage(form, error, { shownFields: SHOWN_FIELDS }));
    }
  });

  return (
    <ModalDialog
      opened
      title={`Edit ${name}’s details`}
      submitLabel="Save details"
      onSubmit={() => submit()}
      onClose={onClose}
    >
      <Stack gap="md">
        <FormFailure message={failure} />
        <PersonalDetailsFields form={form} editor="support" />
        <SelectField
          label="Audience cluster"
          data={clusterOptions}
          {...form.register('audienceClusterId')}
          error={errors.audienceClusterId?.message}
        />
      </Stack>
    </ModalDialog>
  );
}
