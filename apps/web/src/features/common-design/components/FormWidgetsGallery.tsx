import { Input, Loader, Stack } from '@mantine/core';
import {
  EMAIL_MESSAGES,
  FILE_UPLOAD_MESSAGES,
  MIN_AGE_YEARS,
  NAME_MESSAGE,
  PASSWORD_MESSAGES,
  REQUIRED_MESSAGE,
  TEXT_MESSAGE,
  type CreatorPlatform,
} from '@platform/shared';
import dayjs from 'dayjs';
import { useState } from 'react';
import { CheckboxField } from '../../../components/form/CheckboxField';
import { FieldError } from '../../../components/form/FieldError';
import { PasswordField } from '../../../components/form/PasswordField';
import { TextField } from '../../../components/form/TextField';
import { DateField } from '../../../components/inputs/DateField';
import {
  FileUploadField,
  UploadPreview,
  type UploadedFile,
} from '../../../components/inputs/FileUploadField';
import { RadioGroupField } from '../../../components/inputs/RadioGroupField';
import { Toggle } from '../../../components/inputs/Toggle';
import { fakeUpload, failingUpload, PLATFORM_OPTIONS, SAMPLE_UPLOAD } from './gallery-fakes';
import { GallerySection, StateGrid, StateCard } from './FormGalleryLayout';
import { SingleSelectStates, MultiSelectStates } from './SelectStates';
import { FormHelperExample } from './FormHelperExample';

function ToggleStates() {
  const [notifications, setNotifications] = useState(false);
  const [tracking, setTracking] = useState(true);
  return (
    <StateGrid>
      <StateCard label="Off">
        <Toggle
          label="Email notifications"
          checked={notifications}
          onChange={(event) => setNotifications(event.currentTarget.checked)}
        />
      </StateCard>
      <StateCard label="On">
        <Toggle
          label="Marketing technologies"
          description="Lets us measure how campaigns perform."
          checked={tracking}
          onChange={(event) => setTracking(event.currentTarget.checked)}
        />
      </StateCard>
      <StateCard label="Error">
        <Toggle label="Share my profile with brands" error={REQUIRED_MESSAGE} />
      </StateCard>
      <StateCard label="Loading">
        <Toggle label="Push notifications" checked loading readOnly />
      </StateCard>
      <StateCard label="Disabled">
        <Toggle label="Essential technologies" checked disabled readOnly />
      </StateCard>
    </StateGrid>
  );
}

function RadioStates() {
  const [empty, setEmpty] = useState<CreatorPlatform | null>(null);
  const [filled, setFilled] = useState<CreatorPlatform | null>('Instagram');
  const [required, setRequired] = useState<CreatorPlatform | null>(null);
  return (
    <StateGrid>
      <StateCard label="Empty">
        <RadioGroupField label="Platform" options={PLATFORM_OPTIONS} value={empty} onChange={setEmpty} />
      </StateCard>
      <StateCard label="Filled">
        <RadioGroupField
          label="Main platform"
          orientation="horizontal"
          options={PLATFORM_OPTIONS}
          value={filled}
          onChange={setFilled}
        />
      </StateCard>
      <StateCard label="Error">
        <RadioGroupField
          label="Post platform"
          options={PLATFORM_OPTIONS}
          value={required}
          onChange={setRequired}
          error={required ? undefined : REQUIRED_MESSAGE}
        />
      </StateCard>
      <StateCard label="Disabled">
        <RadioGroupField
          label="Campaign platform"
          options={PLATFORM_OPTIONS}
          value="TikTok"
          onChange={() => {}}
          disabled
        />
      </StateCard>
    </StateGrid>
  );
}

function CheckboxStates() {
  return (
    <StateGrid>
      <StateCard label="Empty">
        <CheckboxField label="Send me campaign invitations" />
      </StateCard>
      <StateCard label="Filled">
        <CheckboxField label="I have read the brief" defaultChecked />
      </StateCard>
      <StateCard label="Error">
        <CheckboxField label="I accept the Terms and Conditions" error={REQUIRED_MESSAGE} />
      </StateCard>
      <StateCard label="Disabled">
        <CheckboxField label="I am 18 or older" defaultChecked disabled />
      </StateCard>
    </StateGrid>
  );
}

function TextInputStates() {
  return (
    <StateGrid>
      <StateCard label="Empty">
        <TextField label="Full name" placeholder="Alex Morgan" />
      </StateCard>
      <StateCard label="Filled">
        <TextField label="Email" type="email" defaultValue="alex@example.com" />
      </StateCard>
      <StateCard label="Error">
        <TextField label="First name" defaultValue="Alex 2" error={NAME_MESSAGE} />
      </StateCard>
      <StateCard label="Loading">
        <TextField
          label="Handle"
          defaultValue="alexmakes"
          description="Checking that the handle is free…"
          readOnly
          aria-busy
          rightSection={<Loader role="status" size="xs" aria-label="Checking handle" />}
        />
      </StateCard>
      <StateCard label="Disabled">
        <TextField label="Account email" defaultValue="alex@example.com" disabled />
      </StateCard>
    </StateGrid>
  );
}

function PasswordInputStates() {
  return (
    <StateGrid>
      <StateCard label="Empty">
        <PasswordField label="Password" autoComplete="new-password" />
      </StateCard>
      <StateCard label="Filled">
        <PasswordField label="Current password" defaultValue="S3cret!pass" autoComplete="off" />
      </StateCard>
      <StateCard label="Error">
        <PasswordField label="New password" defaultValue="password" error={PASSWORD_MESSAGES.tooWeak} />
      </StateCard>
      <StateCard label="Disabled">
        <PasswordField label="Old password" defaultValue="S3cret!pass" disabled />
      </StateCard>
    </StateGrid>
  );
}

function DateStates({ withTime }: { withTime: boolean }) {
  const [empty, setEmpty] = useState<string | null>(null);
  const [filled, setFilled] = useState<string | null>(withTime ? '2026-03-05T14:07:00.000Z' : '1994-07-21');
  const [required, setRequired] = useState<string | null>(null);
  const noun = withTime ? 'Campaign start' : 'Date of birth';
  return (
    <StateGrid>
      <StateCard label="Empty">
        <DateField
          label={noun}
          withTime={withTime}
          placeholder={withTime ? 'Pick a date and time' : 'Pick a date'}
          maxDate={withTime ? undefined : dayjs().subtract(MIN_AGE_YEARS, 'year').format('YYYY-MM-DD')}
          minDate={withTime ? new Date().toISOString() : undefined}
          value={empty}
          onChange={setEmpty}
        />
      </StateCard>
      <StateCard label="Filled">
        <DateField
          label={withTime ? 'Submission deadline' : 'Birthday'}
          withTime={withTime}
          value={filled}
          onChange={setFilled}
        />
      </StateCard>
      <StateCard label="Error">
        <DateField
          label={withTime ? 'Go-live time' : 'Start date'}
          withTime={withTime}
          value={required}
          onChange={setRequired}
          error={required ? undefined : REQUIRED_MESSAGE}
        />
      </StateCard>
      <StateCard label="Loading">
        <DateField
          label={withTime ? 'Scheduled post' : 'End date'}
          withTime={withTime}
          value={null}
          onChange={() => {}}
          loading
        />
      </StateCard>
      <StateCard label="Disabled">
        <DateField
          label={withTime ? 'Published at' : 'Joined on'}
          withTime={withTime}
          value={withTime ? '2025-11-20T09:30:00.000Z' : '2025-11-20'}
          onChange={() => {}}
          disabled
        />
      </StateCard>
    </StateGrid>
  );
}

function FileUploadStates() {
  const [empty, setEmpty] = useState<UploadedFile | null>(null);
  const [filled, setFilled] = useState<UploadedFile | null>(SAMPLE_UPLOAD);
  const [failing, setFailing] = useState<UploadedFile | null>(null);
  return (
    <StateGrid>
      <StateCard label="Empty">
        <FileUploadField
          label="Campaign asset"
          description="Uploads here take about two seconds."
          value={empty}
          onChange={setEmpty}
          upload={fakeUpload}
        />
      </StateCard>
      <StateCard label="Filled">
        <FileUploadField label="Brand guidelines" value={filled} onChange={setFilled} upload={fakeUpload} />
      </StateCard>
      <StateCard label="Error">
        <FileUploadField
          label="Entry video"
          kinds={['video']}
          description="Uploads here fail, to show the upload error."
          required
          value={failing}
          onChange={setFailing}
          upload={failingUpload}
          error={failing ? undefined : FILE_UPLOAD_MESSAGES.missing}
        />
      </StateCard>
      <StateCard label="Loading">
        <Input.Wrapper label="Cover image" labelElement="div" size="md">
          <UploadPreview
            label="Cover image"
            name="summer-cover.jpg"
            size={3_145_728}
            type="image/jpeg"
            status="IN_PROGRESS"
            percent={64}
            onRemove={() => {}}
          />
        </Input.Wrapper>
      </StateCard>
      <StateCard label="Disabled">
        <FileUploadField
          label="Invoice"
          kinds={['pdf']}
          value={null}
          onChange={() => {}}
          upload={fakeUpload}
          disabled
        />
      </StateCard>
    </StateGrid>
  );
}

/** A message on its own, styled as it shows under a field. */
function StandaloneFieldError({ message }: { message: string }) {
  return (
    <Input.Error component="div" size="md">
      <FieldError message={message} />
    </Input.Error>
  );
}

function InlineValidationStates() {
  return (
    <StateGrid>
      <StateCard label="Under a field">
        <TextField label="Email address" defaultValue="alex@" error={EMAIL_MESSAGES.invalid} />
      </StateCard>
      <StateCard label="Long message">
        <StandaloneFieldError message={PASSWORD_MESSAGES.tooWeak} />
      </StateCard>
      <StateCard label="Short messages">
        <Stack gap="xs">
          <StandaloneFieldError message={REQUIRED_MESSAGE} />
          <StandaloneFieldError message={TEXT_MESSAGE} />
          <StandaloneFieldError message={FILE_UPLOAD_MESSAGES.tooLarge} />
        </Stack>
      </StateCard>
    </StateGrid>
  );
}

export default function FormWidgetsGallery() {
  return (
    <Stack gap="xl">
      <GallerySection title="Searchable single select">
        <SingleSelectStates />
      </GallerySection>
      <GallerySection title="Searchable multi-select">
        <MultiSelectStates />
      </GallerySection>
      <GallerySection title="Toggle">
        <ToggleStates />
      </GallerySection>
      <GallerySection title="Radio">
        <RadioStates />
      </GallerySection>
      <GallerySection title="Checkbox">
        <CheckboxStates />
      </GallerySection>
      <GallerySection title="Text input">
        <TextInputStates />
      </GallerySection>
      <GallerySection title="Password input">
        <PasswordInputStates />
      </GallerySection>
      <GallerySection title="Date picker" description="Below 768 px wide the calendar opens in a modal.">
        <DateStates withTime={false} />
      </GallerySection>
      <GallerySection title="Date and time picker" description="Times are picked and shown in GMT.">
        <DateStates withTime />
      </GallerySection>
      <GallerySection title="File upload">
        <FileUploadStates />
      </GallerySection>
      <GallerySection title="Inline validation message">
        <InlineValidationStates />
      </GallerySection>
      <GallerySection
        title="Form helper"
        description="A react-hook-form form on the shared rules (useZodForm); the button places fake server errors under their fields (placeServerErrors)."
      >
        <FormHelperExample />
      </GallerySection>
    </Stack>
  );
}
