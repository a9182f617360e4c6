import { Fieldset, Stack } from '@mantine/core';
import {
  COUNTRIES,
  countryName,
  LEGAL_LINK_TYPES,
  TERRITORY_MESSAGES,
  TERRITORY_NAME_MAX_LENGTH,
  territoryCountriesSchema,
  territoryLinksInputSchema,
  territoryNameSchema,
  type LegalLinkType,
  type Territory,
} from '@platform/shared';
import { useState } from 'react';
import { z } from 'zod/mini';
import { ModalDialog } from '../../../components/display/ModalDialog';
import { FormFailure, formFailureMessage } from '../../../components/form/FormFailure';
import { showSuccessToast } from '../../../components/feedback/toasts';
import { TextField } from '../../../components/form/TextField';
import { useZodForm } from '../../../components/form/use-zod-form';
import { ControlledSearchableMultiSelect } from '../../../components/inputs/SearchableMultiSelect';
import type { SearchItems, SearchableItem } from '../../../components/inputs/searchable-items';
import { useCreateTerritory } from '../api/create-territory';
import { useReplaceTerritoryManagers } from '../api/replace-territory-managers';
import { searchManagers } from '../api/search-managers';
import { useUpdateTerritory } from '../api/update-territory';
import { LEGAL_LINK_LABELS } from './legal-link-labels';

const itemSchema = z.object({
  id: z.string(),
  name: z.string(),
  label: z.optional(z.string()),
  infoContent: z.optional(z.string()),
});

/**
 * The server's schemas, with the two pickers holding dropdown entries: the countries are checked by the
 * very schema the server applies to their codes, so both say the same thing.
 */
const territoryFormSchema = z.object({
  name: territoryNameSchema,
  countries: z.array(itemSchema).check(
    z.superRefine((items, ctx) => {
      const result = territoryCountriesSchema.safeParse(items.map((item) => item.id));
      const issue = result.success ? undefined : result.error.issues[0];
      if (issue) ctx.addIssue({ code: 'custom', message: issue.message });
    }),
  ),
  links: territoryLinksInputSchema,
  managers: z.array(itemSchema),
});
type TerritoryFormValues = z.input<typeof territoryFormSchema>;

const countryItem = (code: string): SearchableItem => ({
  id: code,
  name: countryName(code) ?? code,
  label: code,
});

/** The country list (SPEC §3) searched in the browser, by name or code. */
/**
 * How well a country answers what was typed: its name or code exactly, then a name that starts with it,
 * then one that holds it; null when it does not match. Typing "niger" offers Niger before Nigeria.
 */
function countryMatch(country: { code: string; name: string }, text: string): number | null {
  const name = country.name.toLowerCase();
  if (name === text || country.code.toLowerCase() === text) return 0;
  if (name.startsWith(text)) return 1;
  return name.includes(text) ? 2 : null;
}

export const searchCountries: SearchItems = async (query) => {
  const text = query.trim().toLowerCase();
  if (!text) return COUNTRIES.map((country) => countryItem(country.code));
  return COUNTRIES.flatMap((country, order) => {
    const match = countryMatch(country, text);
    return match === null ? [] : [{ code: country.code, match, order }];
  })
    .sort((a, b) => a.match - b.match || a.order - b.order)
    .map((country) => countryItem(country.code));
};

const SHOWN_FIELDS = ['name', 'countries', 'managers', ...LEGAL_LINK_TYPES.map((type) => `links.${type}`)];

export interface TerritoryFormDialogProps {
  /** The territory to edit; null creates one. */
  territory: Territory | null;
  /** May change who manages the territory. */
  canAssignManagers: boolean;
  /**
   * May change which countries the territory covers: an unscoped grant only, since a manager's own grant
   * reaches the creators of those countries.
   */
  canChangeCountries: boolean;
  onClose: () => void;
}

const sameIds = (a: readonly { id: string }[], b: readonly { id: string }[]) =>
  a.length === b.length && a.every((item) => b.some((other) => other.id === item.id));

/** Creates or edits a territory: name, countries, one link per legal document type, and its managers. */
export function TerritoryFormDialog({
  territory,
  canAssignManagers,
  canChangeCountries,
  onClose,
}: TerritoryFormDialogProps) {
  const initialManagers: SearchableItem[] = (territory?.managers ?? []).map((manager) => ({
    id: manager.id,
    name: manager.name,
    infoContent: manager.email,
    ...(manager.active ? {} : { label: 'Not allowed any more' }),
  }));
  const form = useZodForm(territoryFormSchema, {
    defaultValues: {
      name: territory?.name ?? '',
      countries: (territory?.countries ?? []).map(countryItem),
      links: Object.fromEntries(
        LEGAL_LINK_TYPES.map((type) => [
          type,
          territory?.links.find((link) => link.type === type)?.url ?? '',
        ]),
      ) as Record<LegalLinkType, string>,
      managers: initialManagers,
    } satisfies TerritoryFormValues,
  });
  const { errors } = form.formState;
  const create = useCreateTerritory();
  const update = useUpdateTerritory();
  const replaceManagers = useReplaceTerritoryManagers();
  const [failure, setFailure] = useState<string | null>(null);
  // Once created, the territory exists: a second try (after its managers were refused) edits it.
  const [saved, setSaved] = useState<Pick<Territory, 'id' | 'managers'> | null>(territory);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    const countries = values.countries.map((country) => country.id);
    const body = { name: values.name, links: values.links };
    try {
      const result = saved
        ? await update.mutateAsync({ id: saved.id, body: canChangeCountries ? { ...body, countries } : body })
        : await create.mutateAsync({ ...body, countries });
      setSaved(result);
      if (canAssignManagers && !sameIds(values.managers, result.managers)) {
        await replaceManagers.mutateAsync({
          id: result.id,
          body: { accountIds: values.managers.map((manager) => manager.id) },
        });
      }
      showSuccessToast(
        `“${result.name}” has been ${territory ? 'saved' : 'created'}.`,
        territory ? 'Territory saved' : 'Territory created',
      );
      onClose();
    } catch (error) {
      setFailure(
        formFailureMessage(form, error, {
          shownFields: SHOWN_FIELDS,
          fieldAliases: { accountIds: 'managers' },
        }),
      );
    }
  });

  return (
    <ModalDialog
      opened
      title={territory ? `Edit ${territory.name}` : 'New territory'}
      submitLabel={territory ? 'Save' : 'Create territory'}
      onSubmit={() => submit()}
      onClose={onClose}
    >
      <Stack gap="md">
        <FormFailure message={failure} />
        <TextField
          label="Territory name"
          required
          description={`Unique among active territories, up to ${TERRITORY_NAME_MAX_LENGTH} characters.`}
          data-autofocus
          {...form.register('name')}
          error={errors.name?.message}
        />
        <ControlledSearchableMultiSelect
          control={form.control}
          name="countries"
          label="Countries"
          required
          placeholder="Search countries"
          description={
            canChangeCountries
              ? 'Countries, or one global entry on its own, each in one territory only.'
              : `${TERRITORY_MESSAGES.countriesAdminOnly}.`
          }
          disabled={!canChangeCountries}
          search={searchCountries}
        />
        <Fieldset legend="Legal documents" variant="unstyled">
          <Stack gap="sm">
            {LEGAL_LINK_TYPES.map((type) => (
              <TextField
                key={type}
                label={LEGAL_LINK_LABELS[type]}
                type="url"
                inputMode="url"
                placeholder="https://"
                {...form.register(`links.${type}`)}
                error={errors.links?.[type]?.message}
              />
            ))}
          </Stack>
        </Fieldset>
        {canAssignManagers && (
          <ControlledSearchableMultiSelect
            control={form.control}
            name="managers"
            label="Managers"
            placeholder="Search Territory Managers and Admins"
            description="Active Territory Managers and Admins."
            search={searchManagers}
          />
        )}
      </Stack>
    </ModalDialog>
  );
}
