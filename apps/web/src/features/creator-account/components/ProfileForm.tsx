import { Stack, Text } from '@mantine/core';
import {
  AUTH_MESSAGES,
  dialCodeFor,
  taxRegistrationTypeFor,
  type CreatorInfo,
  type CreatorProfileBody,
} from '@platform/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { MessageModal, useMessageModal } from '../../../components/feedback/MessageModal';
import { PersonalDetailsFields, type PersonalDetails } from '../../../components/form/PersonalDetailsFields';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { TextField } from '../../../components/form/TextField';
import { reportServerError, useZodForm } from '../../../components/form/use-zod-form';
import { SearchableMultiSelect } from '../../../components/inputs/SearchableMultiSelect';
import type { SearchableItem } from '../../../components/inputs/searchable-items';
import { lookupQueryOptions, useLookup } from '../api/choice-lists';
import { useUpdateProfile } from '../api/update-profile';
import { profileFormSchemaWith } from './profile-form-schema';
import { focusHandle, HandlesFields, useHandleChecks, type ProfileForm } from './HandlesFields';
import { TaxFields } from './TaxFields';

type ProfileFormValues = CreatorProfileBody;

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
          <PersonalDetailsFields
            form={form as unknown as UseFormReturn<PersonalDetails>}
            editor="creator"
            identityLocked={identityLocked}
            countryField={countryField}
            dialCodeField={dialCodeField}
          />

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
