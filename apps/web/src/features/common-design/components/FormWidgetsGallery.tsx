import { Button, Group, Input, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  AGE_MESSAGE,
  CREATOR_PLATFORMS,
  EMAIL_MESSAGES,
  ERROR_CODES,
  FILE_UPLOAD_MESSAGES,
  MIN_AGE_YEARS,
  NAME_MESSAGE,
  PASSWORD_MESSAGES,
  PLATFORM_LABELS,
  REQUIRED_MESSAGE,
  SOCIAL_HANDLE_MESSAGES,
  TEXT_MESSAGE,
  dateOfBirthSchema,
  emailSchema,
  nameSchema,
  nonEmptyArray,
  socialHandleSchema,
  type CreatorPlatform,
} from '@platform/shared';
import dayjs from 'dayjs';
import { useId, useState, type ReactNode } from 'react';
import { z } from 'zod';
import { CheckboxField } from '../../../components/form/CheckboxField';
import { FieldError } from '../../../components/form/FieldError';
import { PasswordField } from '../../../components/form/PasswordField';
import { EmailField, TextField } from '../../../components/form/TextField';
import { placeServerErrors, useZodForm } from '../../../components/form/use-zod-form';
import { ControlledDateField, DateField } from '../../../components/inputs/DateField';
import {
  ControlledFileUploadField,
  FileUploadField,
  UploadPreview,
  type UploadFile,
  type UploadedFile,
} from '../../../components/inputs/FileUploadField';
import { ControlledRadioGroupField, RadioGroupField } from '../../../components/inputs/RadioGroupField';
import {
  ControlledSearchableMultiSelect,
  SearchableMultiSelect,
} from '../../../components/inputs/SearchableMultiSelect';
import { SearchableSelect } from '../../../components/inputs/SearchableSelect';
import {
  fromPartyItems,
  type SearchItems,
  type SearchableItem,
} from '../../../components/inputs/searchable-items';
import { Toggle } from '../../../components/inputs/Toggle';
import { ApiError } from '../../../lib/api-client';

// Everything here runs without a server: searches answer after a short wait, so the progress bar shows.
const FAKE_SEARCH_DELAY_MS = 400;
const FAKE_UPLOAD_STEP_MS = 200;
const FAKE_UPLOAD_STEP_PERCENT = 10;

const GENRES: SearchableItem[] = [
  { id: 'genre-pop', name: 'Pop' },
  { id: 'genre-hip-hop', name: 'Hip hop', infoContent: 'Includes rap and trap' },
  { id: 'genre-rock', name: 'Rock' },
  { id: 'genre-electronic', name: 'Electronic', infoContent: 'House, techno and drum and bass' },
  { id: 'genre-jazz', name: 'Jazz' },
  { id: 'genre-country', name: 'Country' },
  { id: 'genre-rnb', name: 'R&B' },
  { id: 'genre-classical', name: 'Classical' },
  { id: 'genre-k-pop', name: 'K-pop' },
  { id: 'genre-latin', name: 'Latin' },
  { id: 'genre-indie', name: 'Indie' },
  { id: 'genre-afrobeats', name: 'Afrobeats' },
];

// Agencies come from the lookup as party items (SPEC §3).
const AGENCIES: SearchableItem[] = fromPartyItems([
  { partyId: 'agency-northstar', name: 'Northstar Talent' },
  { partyId: 'agency-blue-wave', name: 'Blue Wave Media' },
  { partyId: 'agency-crest', name: 'Crest Creators' },
  { partyId: 'agency-lumen', name: 'Lumen Collective' },
  { partyId: 'agency-harbour', name: 'Harbour Street Management' },
  { partyId: 'agency-signal', name: 'Signal & Co' },
  { partyId: 'agency-atlas', name: 'Atlas Influence' },
]).map((agency) => ({ ...agency, label: 'Agency' }));

function waitOrAbort(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = window.setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        window.clearTimeout(timer);
        reject(signal.reason as Error);
      },
      { once: true },
    );
  });
}

const matching = (items: readonly SearchableItem[], query: string) =>
  items.filter((item) => item.name.toLowerCase().includes(query.trim().toLowerCase()));

function fakeSearch(items: readonly SearchableItem[]): SearchItems {
  return async (query, signal) => {
    await waitOrAbort(FAKE_SEARCH_DELAY_MS, signal);
    return matching(items, query);
  };
}

const searchGenres = fakeSearch(GENRES);
const searchAgencies = fakeSearch(AGENCIES);
const searchForever: SearchItems = (_query, signal) =>
  new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error)));

/** An in-memory list that entries can be added to, renamed in and deleted from. */
function useFakeDirectory(initial: readonly SearchableItem[]) {
  const [directory] = useState(() => {
    let entries = [...initial];
    let nextId = 1;
    return {
      search: (async (query, signal) => {
        await waitOrAbort(FAKE_SEARCH_DELAY_MS, signal);
        return matching(entries, query);
      }) satisfies SearchItems,
      onAdd: async (name: string) => {
        await waitOrAbort(FAKE_SEARCH_DELAY_MS);
        const added = { id: `new-${nextId++}`, name };
        entries = [...entries, added];
        return added;
      },
      onEdit: async (item: SearchableItem, newName: string) => {
        await waitOrAbort(FAKE_SEARCH_DELAY_MS);
        const renamed = { ...item, name: newName };
        entries = entries.map((entry) => (entry.id === item.id ? renamed : entry));
        return renamed;
      },
      onDelete: async (item: SearchableItem) => {
        await waitOrAbort(FAKE_SEARCH_DELAY_MS);
        entries = entries.filter((entry) => entry.id !== item.id);
      },
    };
  });
  return directory;
}

/** Reports progress in steps over about two seconds, then answers like the upload-url call. */
const fakeUpload: UploadFile = (file, onProgress, signal) =>
  new Promise((resolve, reject) => {
    let percent = 0;
    const timer = window.setInterval(() => {
      percent += FAKE_UPLOAD_STEP_PERCENT;
      onProgress(percent);
      if (percent < 100) return;
      window.clearInterval(timer);
      resolve({
        url: `https://uploads.example.com/${encodeURIComponent(file.name)}`,
        key: `gallery/${file.name}`,
      });
    }, FAKE_UPLOAD_STEP_MS);
    signal.addEventListener('abort', () => {
      window.clearInterval(timer);
      reject(signal.reason as Error);
    });
  });

const failingUpload: UploadFile = async (_file, onProgress, signal) => {
  onProgress(0);
  await waitOrAbort(FAKE_SEARCH_DELAY_MS * 2, signal);
  throw new Error(FILE_UPLOAD_MESSAGES.uploadUrlFailed);
};

const PLATFORM_OPTIONS = CREATOR_PLATFORMS.map((platform) => ({
  value: platform,
  label: PLATFORM_LABELS[platform],
}));

const SAMPLE_UPLOAD: UploadedFile = {
  url: 'https://uploads.example.com/brand-guidelines.pdf',
  key: 'gallery/brand-guidelines.pdf',
  name: 'brand-guidelines.pdf',
  size: 2_457_600,
  type: 'application/pdf',
};

function GallerySection({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <div>
        <Title order={2} id={headingId} size="h3">
          {title}
        </Title>
        {description && (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        )}
      </div>
      {children}
    </Stack>
  );
}

function StateGrid({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
      {children}
    </SimpleGrid>
  );
}

/** One state of a widget, as a group named after the state so that tests can find the widget in it. */
function StateCard({ label, children }: { label: string; children: ReactNode }) {
  const labelId = useId();
  return (
    <Paper withBorder radius="md" p="md" role="group" aria-labelledby={labelId}>
      <Stack gap="sm">
        <Text id={labelId} size="xs" fw={700} c="dimmed" tt="uppercase">
          {label}
        </Text>
        {children}
      </Stack>
    </Paper>
  );
}

function SingleSelectStates() {
  const genres = useFakeDirectory(GENRES);
  const [genre, setGenre] = useState<SearchableItem | null>(null);
  const [agency, setAgency] = useState<SearchableItem | null>(AGENCIES[1] ?? null);
  const [required, setRequired] = useState<SearchableItem | null>(null);
  return (
    <StateGrid>
      <StateCard label="Empty">
        <SearchableSelect
          label="Genre"
          placeholder="Search genres"
          description="Type to search; add, rename or delete genres from the list."
          value={genre}
          onChange={setGenre}
          {...genres}
        />
      </StateCard>
      <StateCard label="Filled">
        <SearchableSelect label="Agency" value={agency} onChange={setAgency} search={searchAgencies} />
      </StateCard>
      <StateCard label="Error">
        <SearchableSelect
          label="Main genre"
          required
          value={required}
          onChange={setRequired}
          search={searchGenres}
          error={required ? undefined : REQUIRED_MESSAGE}
        />
      </StateCard>
      <StateCard label="Loading">
        <SearchableSelect label="Agency" value={null} onChange={() => {}} search={searchForever} loading />
      </StateCard>
      <StateCard label="Disabled">
        <SearchableSelect
          label="Agency"
          value={AGENCIES[0] ?? null}
          onChange={() => {}}
          search={searchAgencies}
          disabled
        />
      </StateCard>
    </StateGrid>
  );
}

function MultiSelectStates() {
  const genres = useFakeDirectory(GENRES);
  const [chosenGenres, setChosenGenres] = useState<SearchableItem[]>([]);
  const [agencies, setAgencies] = useState<SearchableItem[]>(AGENCIES.slice(0, 2));
  const [required, setRequired] = useState<SearchableItem[]>([]);
  return (
    <StateGrid>
      <StateCard label="Empty">
        <SearchableMultiSelect
          label="Genres"
          placeholder="Search genres"
          description="Pick several, or all of them with 'Select all'."
          withSelectAll
          value={chosenGenres}
          onChange={setChosenGenres}
          {...genres}
        />
      </StateCard>
      <StateCard label="Filled">
        <SearchableMultiSelect
          label="Agencies"
          withSelectAll
          value={agencies}
          onChange={setAgencies}
          search={searchAgencies}
        />
      </StateCard>
      <StateCard label="Error">
        <SearchableMultiSelect
          label="Favourite genres"
          required
          value={required}
          onChange={setRequired}
          search={searchGenres}
          error={required.length > 0 ? undefined : REQUIRED_MESSAGE}
        />
      </StateCard>
      <StateCard label="Loading">
        <SearchableMultiSelect
          label="Agencies"
          value={[]}
          onChange={() => {}}
          search={searchForever}
          loading
        />
      </StateCard>
      <StateCard label="Disabled">
        <SearchableMultiSelect
          label="Agencies"
          value={AGENCIES.slice(2, 4)}
          onChange={() => {}}
          search={searchAgencies}
          disabled
        />
      </StateCard>
    </StateGrid>
  );
}

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

function FormHelperExample() {
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
