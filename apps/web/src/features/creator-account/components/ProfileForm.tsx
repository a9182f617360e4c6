import {
  ActionIcon,
  Alert,
  Button,
  Fieldset,
  Group,
  NativeSelect,
  Stack,
  Text,
  type NativeSelectProps,
} from '@mantine/core';
import {
  AUTH_MESSAGES,
  CREATOR_MESSAGES,
  CREATOR_PLATFORMS,
  DIAL_CODE_OPTIONS,
  dialCodeFor,
  GENDER_LABELS,
  GENDERS,
  ISO_COUNTRIES,
  PLATFORM_LABELS,
  SOCIAL_HANDLE_MESSAGES,
  TAX_REGISTER_NAMES,
  taxRegistrationTypeFor,
  US_STATES,
  type CreatorInfo,
  type CreatorPlatform,
  type CreatorProfileBody,
  type TaxRegistrationType,
} from '@platform/shared';
import { IconInfoCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { MessageModal, useMessageModal } from '../../../components/feedback/MessageModal';
import { renderFieldError } from '../../../components/form/FieldError';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { TextField } from '../../../components/form/TextField';
import { reportServerError, useZodForm } from '../../../components/form/use-zod-form';
import { ControlledDateField } from '../../../components/inputs/DateField';
import { SearchableMultiSelect } from '../../../components/inputs/SearchableMultiSelect';
import type { SearchableItem } from '../../../components/inputs/searchable-items';
import { Toggle } from '../../../components/inputs/Toggle';
import { checkHandle } from '../api/check-handle';
import { lookupQueryOptions, useLookup } from '../api/choice-lists';
import { useUpdateProfile } from '../api/update-profile';
import { profileFormSchemaWith } from './profile-form-schema';

type ProfileFormValues = CreatorProfileBody;
type ProfileForm = UseFormReturn<ProfileFormValues, unknown, ProfileFormValues>;

/** The latest date of birth of someone who is 18 today (SPEC §5), for the date picker's range. */
function eighteenYearsAgo(): string {
  const today = new Date();
  const year = today.getUTCFullYear() - 18;
  const month = String(today.getUTCMonth() + 1).padStart(2, '0');
  const day = String(today.getUTCDate()).padStart(2, '0');
  return `${year}-${month}-${day}`;
}

function defaultsFrom(info: CreatorInfo): ProfileFormValues {
  const profile = info.profile;
  const tax = info.taxRegistration;
  return {
    firstName: profile?.firstName ?? '',
    lastName: profile?.lastName ?? '',
    dateOfBirth: profile?.dateOfBirth ?? '',
    gender: profile?.gender ?? ('' as ProfileFormValues['gender']),
    dialCode: profile?.dialCode ?? '+44',
    mobile: profile?.mobile ?? '',
    address: {
      country: profile?.address.country ?? '',
      line1: profile?.address.line1 ?? '',
      line2: profile?.address.line2 ?? '',
      city: profile?.address.city ?? '',
      stateProvince: profile?.address.stateProvince ?? '',
      postcode: profile?.address.postcode ?? '',
    },
    handles: profile?.handles.length ? profile.handles : [{ socialPlatform: 'TikTok', handle: '' }],
    youtubeChannelId: profile?.youtubeChannelId ?? '',
    genreIds: profile?.genreIds ?? [],
    taxRegistration: tax
      ? { isRegistered: tax.isRegistered, type: tax.type, number: tax.number ?? '' }
      : undefined,
  };
}

/**
 * What the server is sent: an empty optional field is left out, and tax only where it applies (where it
 * does, a creator who is not registered says so, which the server keeps).
 */
function bodyOf(values: ProfileFormValues): CreatorProfileBody {
  const taxType = taxRegistrationTypeFor(values.address.country);
  const registered = Boolean(values.taxRegistration?.isRegistered) && taxType !== null;
  return {
    ...values,
    address: {
      ...values.address,
      line2: values.address.line2?.trim() || undefined,
      stateProvince: values.address.stateProvince?.trim() || undefined,
    },
    youtubeChannelId: values.youtubeChannelId?.trim() || undefined,
    taxRegistration: taxType
      ? registered
        ? { isRegistered: true, type: taxType, number: values.taxRegistration?.number ?? '' }
        : { isRegistered: false, type: taxType }
      : undefined,
  };
}

/** A native select: on a phone it opens the system's own picker, with type-ahead on long lists. */
function SelectField({ error, ...props }: Omit<NativeSelectProps, 'error'> & { error?: string | undefined }) {
  return <NativeSelect {...props} error={renderFieldError(error)} />;
}

const COUNTRY_OPTIONS = [
  { value: '', label: 'Choose your country', disabled: true },
  ...ISO_COUNTRIES.map((country) => ({ value: country.code, label: country.name })),
];
const US_STATE_OPTIONS = [
  { value: '', label: 'Choose a state', disabled: true },
  ...US_STATES.map((state) => ({ value: state.code, label: state.name })),
];
const GENDER_OPTIONS = [
  { value: '', label: 'Choose one', disabled: true },
  ...GENDERS.map((gender) => ({ value: gender, label: GENDER_LABELS[gender] })),
];
const PLATFORM_OPTIONS = CREATOR_PLATFORMS.map((platform) => ({
  value: platform,
  label: PLATFORM_LABELS[platform],
}));

type HandleValue = ProfileFormValues['handles'][number];

// Another account's handle is compared without regard to case (ADR 014), so its answer is kept that way.
const handleKey = ({ socialPlatform, handle }: HandleValue) =>
  `${socialPlatform}:${handle.trim().toLowerCase()}`;

/**
 * Whether other accounts hold the creator's handles, asked when the creator leaves a handle's field. The
 * answers are kept by platform and handle, not by row, so that a message follows its handle when rows are
 * removed and goes when the handle is changed. A handle refused, or whose check failed (SPEC §8: it counts
 * as invalid), keeps the form from being sent until it is changed or checked again.
 */
function useHandleChecks() {
  const answered = useRef(new Map<string, string | null>());
  const underWay = useRef(new Map<string, Promise<string | null>>());
  const [problems, setProblems] = useState<ReadonlyMap<string, string | null>>(() => new Map());

  const check = useCallback((value: HandleValue) => {
    const key = handleKey(value);
    if (answered.current.get(key) === null || underWay.current.has(key)) return;
    const answer = checkHandle(value.socialPlatform, value.handle.trim())
      .then(
        (found) => (found.available ? null : (found.message ?? SOCIAL_HANDLE_MESSAGES.selectedInHoc)),
        (error: unknown) => {
          console.error('The handle check failed', error);
          return CREATOR_MESSAGES.handleCheckFailed;
        },
      )
      .then((problem) => {
        underWay.current.delete(key);
        answered.current.set(key, problem);
        setProblems(new Map(answered.current));
        return problem;
      });
    underWay.current.set(key, answer);
  }, []);

  /** The row of the first handle refused once the checks under way have answered, or -1. */
  const firstRefused = useCallback(async (handles: readonly HandleValue[]) => {
    await Promise.all(
      handles.flatMap((value) => {
        const answer = underWay.current.get(handleKey(value));
        return answer ? [answer] : [];
      }),
    );
    return handles.findIndex((value) => typeof answered.current.get(handleKey(value)) === 'string');
  }, []);

  const problemOf = (value: HandleValue) => problems.get(handleKey(value)) ?? undefined;
  return { check, firstRefused, problemOf };
}

type HandleChecks = ReturnType<typeof useHandleChecks>;

const focusHandle = (index: number) => document.getElementsByName(`handles.${index}.handle`)[0]?.focus();

/**
 * The handles, a row each. Held with `watch` and `setValue` rather than react-hook-form's field arrays,
 * whose code every form page would otherwise download (ADR 009); each row keeps a key of its own so that
 * removing one never moves another's text.
 */
function HandlesFields({ form, checks }: { form: ProfileForm; checks: HandleChecks }) {
  const handles = form.watch('handles');
  const [keys, setKeys] = useState(() => handles.map((_handle, index) => index));
  const { errors } = form.formState;
  const unusedPlatform = CREATOR_PLATFORMS.find(
    (platform) => !handles.some((handle) => handle.socialPlatform === platform),
  );
  // A row is checked as it is edited once the form was sent, or once it shows a message.
  const changeOptions = (path: `handles.${number}.${'handle' | 'socialPlatform'}`) => ({
    shouldValidate: form.formState.isSubmitted || form.getFieldState(path).invalid,
    shouldDirty: true,
  });

  /** Checks the rules of the handle the creator left (or moved), then whether another account holds it. */
  const leave = async (index: number) => {
    const path = `handles.${index}.handle` as const;
    const value = form.getValues(`handles.${index}`);
    if (value.handle.trim() === '' && !form.formState.isSubmitted) return;
    if (await form.trigger(path)) checks.check(value);
  };

  const remove = (index: number) => {
    const remainingErrors = handles.flatMap((_handle, position) =>
      position === index ? [] : [errors.handles?.[position]],
    );
    setKeys((current) => current.filter((_key, position) => position !== index));
    form.setValue(
      'handles',
      handles.filter((_handle, position) => position !== index),
      { shouldValidate: form.formState.isSubmitted, shouldDirty: true },
    );
    // The messages are kept by row number: each stays with its row as the rows below move up.
    form.clearErrors('handles');
    remainingErrors.forEach((rowErrors, position) => {
      for (const part of ['socialPlatform', 'handle'] as const) {
        const error = rowErrors?.[part];
        if (error?.message)
          form.setError(`handles.${position}.${part}`, { type: error.type, message: error.message });
      }
    });
  };

  const listError = errors.handles?.root?.message ?? errors.handles?.message;
  return (
    <Fieldset legend="Social handles" variant="unstyled">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          The accounts you post from, one per platform, without the @.
        </Text>
        {handles.map((handle, index) => (
          <Group key={keys[index] ?? `new-${index}`} gap="xs" align="flex-start" wrap="nowrap">
            <SelectField
              label="Platform"
              data={PLATFORM_OPTIONS}
              w={130}
              style={{ flexShrink: 0 }}
              value={handle.socialPlatform}
              onChange={(event) => {
                form.setValue(
                  `handles.${index}.socialPlatform`,
                  event.currentTarget.value as CreatorPlatform,
                  changeOptions(`handles.${index}.socialPlatform`),
                );
                // Whether another account holds the handle depends on the platform too.
                if (form.getValues(`handles.${index}.handle`).trim() !== '') void leave(index);
              }}
              error={errors.handles?.[index]?.socialPlatform?.message}
            />
            <TextField
              label="Handle"
              name={`handles.${index}.handle`}
              style={{ flex: 1, minWidth: 0 }}
              autoCapitalize="none"
              autoCorrect="off"
              spellCheck={false}
              value={handle.handle}
              onChange={(event) =>
                form.setValue(
                  `handles.${index}.handle`,
                  event.currentTarget.value,
                  changeOptions(`handles.${index}.handle`),
                )
              }
              onBlur={() => void leave(index)}
              error={errors.handles?.[index]?.handle?.message ?? checks.problemOf(handle)}
            />
            {handles.length > 1 && (
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                mt={26}
                aria-label={`Remove the ${PLATFORM_LABELS[handle.socialPlatform]} handle`}
                onClick={() => remove(index)}
              >
                <IconTrash size={18} aria-hidden="true" />
              </ActionIcon>
            )}
          </Group>
        ))}
        {listError && (
          <Text size="sm" c="red" role="alert">
            {listError}
          </Text>
        )}
        {unusedPlatform && (
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden="true" />}
            onClick={() => {
              setKeys((current) => [...current, Math.max(-1, ...current) + 1]);
              form.setValue('handles', [...handles, { socialPlatform: unusedPlatform, handle: '' }], {
                shouldDirty: true,
              });
            }}
            style={{ alignSelf: 'flex-start' }}
          >
            Add another handle
          </Button>
        )}
      </Stack>
    </Fieldset>
  );
}

function GenresField({ form }: { form: ProfileForm }) {
  const genres = useLookup('genre');
  const chosenIds = form.watch('genreIds');
  const noneOffered = genres.data?.length === 0;
  const byId = useMemo(() => new Map((genres.data ?? []).map((genre) => [genre.id, genre])), [genres.data]);
  const value = chosenIds.flatMap((id) => {
    const genre = byId.get(id);
    return genre ? [genre] : [];
  });
  const search = async (query: string): Promise<SearchableItem[]> => {
    const all = genres.data ?? (await genres.refetch()).data ?? [];
    const text = query.trim().toLowerCase();
    return text ? all.filter((genre) => genre.name.toLowerCase().includes(text)) : all;
  };
  const error = form.formState.errors.genreIds?.message ?? form.formState.errors.genreIds?.root?.message;
  const { refetch } = genres;
  // The server asks for a genre once staff have added one since the list was read: read it again.
  useEffect(() => {
    if (noneOffered && error) void refetch();
  }, [noneOffered, error, refetch]);
  if (noneOffered) {
    return (
      <Stack gap={4}>
        <Text fw={500} size="sm">
          Genres
        </Text>
        <Text size="sm" c="dimmed">
          No genres have been added yet, so there is nothing to choose here. Once there are, you can choose
          yours from your account.
        </Text>
      </Stack>
    );
  }
  return (
    <SearchableMultiSelect
      label="Genres"
      description="What your content is about"
      placeholder="Search genres"
      value={value}
      loading={genres.isPending}
      search={search}
      onChange={(items) =>
        form.setValue(
          'genreIds',
          items.map((item) => item.id),
          { shouldValidate: form.formState.isSubmitted, shouldDirty: true },
        )
      }
      error={error}
    />
  );
}

/**
 * What happens to the number on this install: its register checks it at once, or, without the register's
 * credentials, Support checks it by hand before invoices carry the tax.
 */
function taxNumberDescription(type: TaxRegistrationType, checks: CreatorInfo['taxNumberChecks']): string {
  const format = type === 'ABN' ? '11 digits with no spaces. ' : '';
  if (checks[type] === 'REGISTER') {
    return type === 'VAT'
      ? 'We check it with HMRC, so that your invoices carry VAT correctly.'
      : `${format}We check it with the Australian Business Register, so that your invoices carry GST correctly.`;
  }
  const tax = type === 'VAT' ? 'VAT' : 'GST';
  return `${format}Our Support team checks it by hand with ${TAX_REGISTER_NAMES[type]}. Until they have confirmed it, your invoices carry no ${tax}; those issued after do.`;
}

function TaxFields({ form, checks }: { form: ProfileForm; checks: CreatorInfo['taxNumberChecks'] }) {
  const country = form.watch('address.country');
  // The whole registration is watched: the toggle replaces it at once, which a watch of one of its
  // fields would not see.
  const registration = form.watch('taxRegistration');
  const type = taxRegistrationTypeFor(country ?? '');
  if (!type) return null;
  const registered = Boolean(registration?.isRegistered);
  const errors = form.formState.errors.taxRegistration;
  return (
    <Fieldset legend="Tax" variant="unstyled">
      <Stack gap="sm">
        <Toggle
          label={type === 'VAT' ? 'I am registered for VAT' : 'I have an ABN and am registered for GST'}
          checked={registered}
          onChange={(event) => {
            form.setValue(
              'taxRegistration',
              {
                isRegistered: event.currentTarget.checked,
                type,
                number: form.getValues('taxRegistration.number') ?? '',
              },
              { shouldDirty: true },
            );
            form.clearErrors(['taxRegistration.isRegistered', 'taxRegistration.type']);
          }}
          error={errors?.isRegistered?.message ?? errors?.type?.message}
        />
        {registered && (
          <TextField
            label={type === 'VAT' ? 'VAT number' : 'ABN'}
            description={taxNumberDescription(type, checks)}
            inputMode={type === 'ABN' ? 'numeric' : 'text'}
            autoCapitalize="characters"
            {...form.register('taxRegistration.number')}
            error={errors?.number?.message}
          />
        )}
      </Stack>
    </Fieldset>
  );
}

/** The fields the form shows, by the names the server's 422 gives them (the rest go to the message). */
function shownFields(values: ProfileFormValues): string[] {
  const fields = [
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
    'handles',
    ...values.handles.flatMap((_handle, index) => [
      `handles.${index}.socialPlatform`,
      `handles.${index}.handle`,
    ]),
    'youtubeChannelId',
    'genreIds',
  ];
  if (taxRegistrationTypeFor(values.address.country)) {
    fields.push('taxRegistration.isRegistered', 'taxRegistration.type');
    if (values.taxRegistration?.isRegistered) fields.push('taxRegistration.number');
  }
  return fields;
}

export interface ProfileFormProps {
  info: CreatorInfo;
  submitLabel: string;
  /** The saved account: where the creator now stands, and what the tax check found. */
  onSaved: (info: CreatorInfo) => void;
}

/** The creator's profile (DATA_CAPTURE), checked in the browser with the rules the server applies. */
export function ProfileForm({ info, submitLabel, onSaved }: ProfileFormProps) {
  const queryClient = useQueryClient();
  // Asked at each check of the form, of the genres as last read. Until they have loaded, a genre is asked
  // for: the server has the last word either way.
  const [schema] = useState(() =>
    profileFormSchemaWith(() => {
      const genres = queryClient.getQueryData(lookupQueryOptions('genre').queryKey);
      return genres ? genres.length > 0 : true;
    }),
  );
  const form: ProfileForm = useZodForm(schema, { defaultValues: defaultsFrom(info) });
  const { errors } = form.formState;
  const update = useUpdateProfile();
  const failure = useMessageModal();
  const handleChecks = useHandleChecks();
  const [dialCodeChosen, setDialCodeChosen] = useState(false);
  const country = form.watch('address.country');
  const identityLocked = info.kyc.status === 'Success';

  const submit = form.handleSubmit(async (values) => {
    const refused = await handleChecks.firstRefused(values.handles);
    if (refused >= 0) {
      focusHandle(refused);
      return;
    }
    update.mutate(bodyOf(values), {
      onSuccess: onSaved,
      onError: (error) =>
        reportServerError(form, error, {
          showMessage: failure.show,
          fallback: AUTH_MESSAGES.unknownError,
          shownFields: shownFields(form.getValues()),
        }),
    });
  });

  /** Fields whose rules read the one that changed, checked again once the creator has been told about them. */
  const checkAgain = (names: ('mobile' | 'address.postcode' | 'address.stateProvince')[]) => {
    const told = names.filter((name) => form.formState.isSubmitted || form.getFieldState(name).isTouched);
    if (told.length > 0) void form.trigger(told);
  };

  const countryField = form.register('address.country', {
    onChange: (event: { target: { value: string } }) => {
      const next = event.target.value;
      if (!dialCodeChosen) form.setValue('dialCode', dialCodeFor(next));
      checkAgain(['mobile', 'address.postcode', 'address.stateProvince']);
      // A registration the new country does not take would stop the form with a message no field shows.
      const type = taxRegistrationTypeFor(next);
      if ((form.getValues('taxRegistration.type') ?? null) !== type) {
        form.setValue('taxRegistration', type ? { isRegistered: false, type, number: '' } : undefined);
      }
    },
  });
  const dialCodeField = form.register('dialCode', {
    onChange: () => {
      setDialCodeChosen(true);
      checkAgain(['mobile']);
    },
  });

  return (
    <>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="xl">
          <Fieldset legend="Personal details" variant="unstyled">
            <Stack gap="sm">
              {identityLocked && (
                <Alert variant="light" color="gray" icon={<IconInfoCircle aria-hidden="true" />}>
                  Your name and date of birth were confirmed by your identity check. Contact Support to change
                  them.
                </Alert>
              )}
              <TextField
                label="First name"
                autoComplete="given-name"
                readOnly={identityLocked}
                {...form.register('firstName')}
                error={errors.firstName?.message}
              />
              <TextField
                label="Last name"
                autoComplete="family-name"
                readOnly={identityLocked}
                {...form.register('lastName')}
                error={errors.lastName?.message}
              />
              <ControlledDateField
                control={form.control}
                name="dateOfBirth"
                label="Date of birth"
                maxDate={eighteenYearsAgo()}
                disabled={identityLocked}
              />
              <SelectField
                label="Gender"
                data={GENDER_OPTIONS}
                {...form.register('gender')}
                error={errors.gender?.message}
              />
            </Stack>
          </Fieldset>

          <Fieldset legend="Contact" variant="unstyled">
            <Group gap="xs" align="flex-start" wrap="nowrap">
              <SelectField
                label="Dial code"
                data={DIAL_CODE_OPTIONS}
                w={96}
                style={{ flexShrink: 0 }}
                {...dialCodeField}
                error={errors.dialCode?.message}
              />
              <TextField
                label="Mobile number"
                type="tel"
                inputMode="numeric"
                autoComplete="tel-national"
                style={{ flex: 1, minWidth: 0 }}
                {...form.register('mobile')}
                error={errors.mobile?.message}
              />
            </Group>
          </Fieldset>

          <Fieldset legend="Address" variant="unstyled">
            <Stack gap="sm">
              <SelectField
                label="Country"
                data={COUNTRY_OPTIONS}
                autoComplete="country"
                {...countryField}
                error={errors.address?.country?.message}
              />
              <TextField
                label="Address"
                autoComplete="address-line1"
                {...form.register('address.line1')}
                error={errors.address?.line1?.message}
              />
              <TextField
                label="Address line 2 (optional)"
                autoComplete="address-line2"
                {...form.register('address.line2')}
                error={errors.address?.line2?.message}
              />
              <TextField
                label="Town or city"
                autoComplete="address-level2"
                {...form.register('address.city')}
                error={errors.address?.city?.message}
              />
              {country === 'US' ? (
                <SelectField
                  label="State"
                  data={US_STATE_OPTIONS}
                  autoComplete="address-level1"
                  {...form.register('address.stateProvince')}
                  error={errors.address?.stateProvince?.message}
                />
              ) : (
                <TextField
                  label="County, state or province (optional)"
                  autoComplete="address-level1"
                  {...form.register('address.stateProvince')}
                  error={errors.address?.stateProvince?.message}
                />
              )}
              <TextField
                label={country === 'US' ? 'ZIP code' : 'Postcode'}
                autoComplete="postal-code"
                autoCapitalize="characters"
                {...form.register('address.postcode')}
                error={errors.address?.postcode?.message}
              />
            </Stack>
          </Fieldset>

          <HandlesFields form={form} checks={handleChecks} />
          <TextField
            label="YouTube channel ID (optional)"
            description="Starts with UC: find it in YouTube Studio under Settings, Channel, Advanced settings."
            autoCapitalize="none"
            spellCheck={false}
            {...form.register('youtubeChannelId')}
            error={errors.youtubeChannelId?.message}
          />
          <GenresField form={form} />
          <TaxFields form={form} checks={info.taxNumberChecks} />

          <SubmitButton loading={update.isPending}>{submitLabel}</SubmitButton>
        </Stack>
      </form>
      <MessageModal title="Please check your details" {...failure.props} />
    </>
  );
}
