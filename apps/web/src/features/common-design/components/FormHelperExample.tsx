import { Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  AGE_MESSAGE,
  EMAIL_MESSAGES,
  ERROR_CODES,
  FILE_UPLOAD_MESSAGES,
  MIN_AGE_YEARS,
  REQUIRED_MESSAGE,
  SOCIAL_HANDLE_MESSAGES,
  dateOfBirthSchema,
  emailSchema,
  nameSchema,
  nonEmptyArray,
  socialHandleSchema,
} from '@platform/shared';
import dayjs from 'dayjs';
import { useState } from 'react';
import { z } from 'zod';
import { EmailField, TextField } from '../../../components/form/TextField';
import { placeServerErrors, useZodForm } from '../../../components/form/use-zod-form';
import { ControlledDateField } from '../../../components/inputs/DateField';
import { ControlledFileUploadField } from '../../../components/inputs/FileUploadField';
import { ControlledRadioGroupField } from '../../../components/inputs/RadioGroupField';
import { ControlledSearchableMultiSelect } from '../../../components/inputs/SearchableMultiSelect';
import { Toggle } from '../../../components/inputs/Toggle';
import { ApiError } from '../../../lib/api-client';
import { searchGenres, fakeUpload, PLATFORM_OPTIONS } from './gallery-fakes';

const galleryItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  label: z.string().optional(),
  infoContent: z.string().optional(),
});

const uploadedFileSchema = z.object({
  url: z.string(),
  key: z.string(),
  name: z.string(),
  size: z.number(),
  type: z.string(),
});

// The shared rules, composed the way a creator profile form would use them.
const profileSchema = socialHandleSchema.extend({
  name: nameSchema,
  email: emailSchema(),
  dateOfBirth: dateOfBirthSchema(),
  genres: nonEmptyArray(galleryItemSchema, REQUIRED_MESSAGE),
  picture: uploadedFileSchema
    .nullable()
    .refine((file) => file !== null, { error: FILE_UPLOAD_MESSAGES.missing }),
  newsletter: z.boolean(),
});

const FAKE_SERVER_ERROR = new ApiError({
  status: 400,
  code: ERROR_CODES.validationFailed,
  message: 'Validation failed',
  details: [
    { field: 'email', message: EMAIL_MESSAGES.invalidAlternative },
    { field: 'handle', message: SOCIAL_HANDLE_MESSAGES.selectedInHoc },
    { field: 'dateOfBirth', message: AGE_MESSAGE },
    { field: 'genres', message: REQUIRED_MESSAGE },
  ],
});

export function FormHelperExample() {
  const form = useZodForm(profileSchema, {
    defaultValues: {
      name: '',
      email: '',
      socialPlatform: 'TikTok',
      handle: '',
      dateOfBirth: '',
      genres: [],
      picture: null,
      newsletter: false,
    },
  });
  const { errors } = form.formState;
  const [outcome, setOutcome] = useState('');
  const [uploading, setUploading] = useState(false);

  const submit = form.handleSubmit(
    () => setOutcome('Every field is valid.'),
    () => setOutcome(''),
  );
  const showServerErrors = () => {
    setOutcome('');
    placeServerErrors(form, FAKE_SERVER_ERROR);
  };

  return (
    <Paper withBorder radius="md" p="md">
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Creator profile">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextField
              label="Name"
              autoComplete="name"
              {...form.register('name')}
              error={errors.name?.message}
            />
            <EmailField {...form.register('email')} error={errors.email?.message} />
            <ControlledRadioGroupField
              control={form.control}
              name="socialPlatform"
              label="Social platform"
              orientation="horizontal"
              options={PLATFORM_OPTIONS}
            />
            <TextField label="Handle" {...form.register('handle')} error={errors.handle?.message} />
            <ControlledDateField
              control={form.control}
              name="dateOfBirth"
              label="Date of birth"
              maxDate={dayjs().subtract(MIN_AGE_YEARS, 'year').format('YYYY-MM-DD')}
            />
            <ControlledSearchableMultiSelect
              control={form.control}
              name="genres"
              label="Genres"
              search={searchGenres}
              withSelectAll
            />
            <ControlledFileUploadField
              control={form.control}
              name="picture"
              label="Profile picture"
              kinds={['image']}
              upload={fakeUpload}
              onUploadingChange={setUploading}
            />
            <Toggle label="Send me the newsletter" {...form.register('newsletter')} />
          </SimpleGrid>
          <Group gap="sm">
            <Button type="submit" disabled={uploading}>
              Check form
            </Button>
            <Button variant="default" onClick={showServerErrors}>
              Show server errors
            </Button>
          </Group>
          <Text size="sm" c="teal" role="status">
            {outcome}
          </Text>
        </Stack>
      </form>
    </Paper>
  );
}

/** Every form widget of SPEC §2 in its states, working without a server. */
