import {
  Alert,
  Button,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import {
  CAMPAIGN_BRAND_MAX_LENGTH,
  CAMPAIGN_MESSAGES,
  CAMPAIGN_NAME_MAX_LENGTH,
  CAMPAIGN_TERRITORIES_MAX,
  CAMPAIGN_TYPES,
  MARKETING_CURRENCIES,
  MARKETING_PLATFORMS,
  campaignBodySchema,
  type AccountRole,
  type CampaignDetail,
  type CampaignType,
} from '@platform/shared';
import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { useController, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { ButtonLink } from '../../../components/ButtonLink';
import { ResultPanel } from '../../../components/feedback/ResultPanel';
import { FormFailure, formFailureMessage } from '../../../components/form/FormFailure';
import { renderFieldError } from '../../../components/form/FieldError';
import { TextField } from '../../../components/form/TextField';
import { useUnsavedChangesGuard } from '../../../components/form/use-unsaved-changes-guard';
import { useZodForm } from '../../../components/form/use-zod-form';
import { ControlledRadioGroupField } from '../../../components/inputs/RadioGroupField';
import { SearchableMultiSelect } from '../../../components/inputs/SearchableMultiSelect';
import { SearchableSelect } from '../../../components/inputs/SearchableSelect';
import type { SearchItems, SearchableItem } from '../../../components/inputs/searchable-items';
import { isApiError } from '../../../lib/api-client';
import { useCreateCampaign } from '../api/create-campaign';
import { searchTeams } from '../api/search-teams';
import { useActiveTerritorySearch } from '../../../lib/territory-search';
import { useUpdateCampaign } from '../api/update-campaign';
import { isApprovedStatus, isEditableStatus, mayChangeApprovedTerms } from './campaign-actions';
import {
  campaignFormValuesOf,
  FIELD_ALIASES,
  firstErrorMessage,
  newCampaignValues,
  SHOWN_FIELDS,
  type CampaignFormApi,
  type CampaignFormOutput,
  type CampaignFormValues,
} from './campaign-form-values';
import { platformLabel, TYPE_DESCRIPTIONS, TYPE_LABELS } from './campaign-labels';
import { BriefField } from './BriefField';
import { BudgetSimulator } from './BudgetSimulator';
import { CampaignAssets } from './CampaignAssets';
import { campaignDetailPath, campaignListPath } from './links';
import { MoneyField } from './NumberFields';
import { RequirementsFields } from './RequirementsFields';
import { RewardFields } from './RewardFields';
import { ValidationFields } from './ValidationFields';

// The date pickers are large: they load beside the rest of the form, with a placeholder meanwhile.
const CampaignDates = lazy(() =>
  import('./CampaignDates').then((module) => ({ default: module.CampaignDates })),
);

const PLATFORM_OPTIONS = [
  { value: '', label: 'Choose a platform' },
  ...MARKETING_PLATFORMS.map((platform) => ({ value: platform, label: platformLabel(platform) })),
];

const CURRENCY_OPTIONS = MARKETING_CURRENCIES.map((currency) => ({ value: currency, label: currency }));

const TYPE_OPTIONS = CAMPAIGN_TYPES.map((type) => ({
  value: type,
  label: TYPE_LABELS[type],
  description: TYPE_DESCRIPTIONS[type],
}));

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label={title}>
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} size="h4">
            {title}
          </Title>
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}

function DatesSkeleton() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" aria-hidden="true">
      {[0, 1].map((field) => (
        <Stack key={field} gap={6}>
          <Skeleton height={14} width="30%" radius="sm" />
          <Skeleton height={42} radius="md" />
        </Stack>
      ))}
    </SimpleGrid>
  );
}

/** The team: live teams, searched on the server; roles that cannot list teams keep the one they have. */
function TeamField({ form, initial }: { form: CampaignFormApi; initial: SearchableItem | null }) {
  const {
    field: { onChange, onBlur, ref: inputRef },
    fieldState: { error },
  } = useController({ control: form.control, name: 'teamId' });
  const [team, setTeam] = useState<SearchableItem | null>(initial);
  const [refused, setRefused] = useState(false);
  const search = useCallback<SearchItems>(async (query, signal) => {
    try {
      return await searchTeams(query, signal);
    } catch (error) {
      if (isApiError(error) && error.status === 403) setRefused(true);
      throw error;
    }
  }, []);
  return (
    <SearchableSelect
      label="Team"
      placeholder="Search your teams"
      required
      description={
        refused
          ? 'Your role cannot list teams here. Ask an Admin or a campaign manager to set the team.'
          : 'The team’s members see and run the campaign.'
      }
      value={team}
      onChange={(item) => {
        setTeam(item);
        onChange(item?.id ?? '');
      }}
      search={search}
      ref={inputRef}
      onBlur={onBlur}
      error={error?.message}
    />
  );
}

/** The territories whose creators the campaign is for. */
function TerritoriesField({ form, initial }: { form: CampaignFormApi; initial: SearchableItem[] }) {
  const {
    field: { onChange, onBlur, ref: inputRef },
    fieldState: { error },
  } = useController({ control: form.control, name: 'territoryIds' });
  const [territories, setTerritories] = useState<SearchableItem[]>(initial);
  const search = useActiveTerritorySearch();
  return (
    <SearchableMultiSelect
      label="Territories"
      placeholder="Search territories"
      required
      description={`Creators of these territories can see the campaign. Up to ${CAMPAIGN_TERRITORIES_MAX}.`}
      value={territories}
      onChange={(items) => {
        setTerritories(items);
        onChange(items.map((item) => item.id));
      }}
      search={search}
      withSelectAll
      ref={inputRef}
      onBlur={onBlur}
      error={firstErrorMessage(error)}
    />
  );
}

export interface CampaignFormProps {
  /** The campaign to change; null drafts a new one. */
  campaign: CampaignDetail | null;
  /** The signed-in person's role: after approval, only some may change the reward, budget or dates. */
  role: AccountRole;
  onSaved: (saved: CampaignDetail) => void;
}

/**
 * The campaign editor: one form checked by `campaignBodySchema`, the server's own schema, with every
 * message under its field; the budget check beside the reward as the marketer types; and, once the
 * campaign exists, its files.
 */
export function CampaignForm({ campaign, role, onSaved }: CampaignFormProps) {
  const form = useZodForm<CampaignFormValues, CampaignFormOutput>(campaignBodySchema, {
    defaultValues: campaign ? campaignFormValuesOf(campaign) : newCampaignValues(),
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  const leaving = useUnsavedChangesGuard(isDirty);
  const create = useCreateCampaign();
  const update = useUpdateCampaign();
  const [failure, setFailure] = useState<string | null>(null);
  const [currency, coverAssetId] = useWatch({ control: form.control, name: ['currency', 'coverAssetId'] });
  const approved = campaign !== null && isApprovedStatus(campaign.status);
  // After approval the reward, budget and dates are the reviewer's to agree: only some may change them.
  const locked = campaign !== null && !mayChangeApprovedTerms(role, campaign.status);

  const save = form.handleSubmit(async (body) => {
    setFailure(null);
    try {
      const saved = campaign
        ? await update.mutateAsync({ id: campaign.id, body })
        : await create.mutateAsync(body);
      leaving.allowNextNavigation();
      onSaved(saved);
    } catch (error) {
      setFailure(formFailureMessage(form, error, { shownFields: SHOWN_FIELDS, fieldAliases: FIELD_ALIASES }));
    }
  });

  return (
    <>
      <form
        onSubmit={(event) => void save(event)}
        noValidate
        aria-label={campaign ? 'Edit campaign' : 'New campaign'}
      >
        <Stack gap="lg">
          {campaign?.status === 'REJECTED' && campaign.rejectionReason && (
            <Alert
              color="red"
              variant="light"
              title="Sent back for changes"
              icon={<IconAlertTriangle aria-hidden="true" />}
            >
              <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                {campaign.rejectionReason}
              </Text>
              <Text size="sm" mt="xs">
                Saving your changes makes it a draft again; then send it for review.
              </Text>
            </Alert>
          )}
          {approved && (
            <Alert
              color={locked ? 'yellow' : 'blue'}
              variant="light"
              icon={<IconInfoCircle aria-hidden="true" />}
            >
              {locked
                ? `${CAMPAIGN_MESSAGES.editNeedsGrant} You can change everything else.`
                : 'This campaign is approved. Changing its reward, budget or dates sends it back for review; other changes apply at once.'}
            </Alert>
          )}

          <Section title="Basics">
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              <TextField
                size="md"
                label="Name"
                required
                description={`Creators see it. Up to ${CAMPAIGN_NAME_MAX_LENGTH} characters.`}
                autoComplete="off"
                {...form.register('name')}
                error={errors.name?.message}
              />
              <TextField
                size="md"
                label="Brand or artist"
                required
                description={`Who the campaign is for. Up to ${CAMPAIGN_BRAND_MAX_LENGTH} characters.`}
                autoComplete="off"
                {...form.register('brandOrArtist')}
                error={errors.brandOrArtist?.message}
              />
            </SimpleGrid>
            <BriefField control={form.control} />
          </Section>

          <Section
            title="Who takes part"
            description="Where the entries are posted, and which creators may join."
          >
            <NativeSelect
              size="md"
              label="Platform"
              required
              data={PLATFORM_OPTIONS}
              maw={320}
              aria-invalid={errors.platform ? true : undefined}
              {...form.register('platform')}
              error={renderFieldError(errors.platform?.message)}
            />
            <ControlledRadioGroupField<CampaignFormValues, CampaignType, CampaignFormOutput>
              control={form.control}
              name="type"
              label="Campaign type"
              options={TYPE_OPTIONS}
              withAsterisk
            />
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              <TeamField form={form} initial={campaign ? campaign.team : null} />
              <TerritoriesField form={form} initial={campaign ? campaign.territories : []} />
            </SimpleGrid>
          </Section>

          <Section title="Dates" description="Times are in GMT, as creators see them.">
            <Suspense fallback={<DatesSkeleton />}>
              <CampaignDates control={form.control} disabled={locked} />
            </Suspense>
          </Section>

          <Section
            title="Budget and reward"
            description="The rewards can never pay more than the budget: the check beside them says where you stand."
          >
            <Group align="flex-start" gap="md">
              <NativeSelect
                size="md"
                label="Currency"
                required
                data={CURRENCY_OPTIONS}
                w={140}
                disabled={locked}
                aria-invalid={errors.currency ? true : undefined}
                {...form.register('currency')}
                error={renderFieldError(errors.currency?.message)}
              />
              <MoneyField
                control={form.control}
                name="budget"
                label="Budget"
                description="The most the campaign may pay out, in all."
                currency={currency ?? 'GBP'}
                required
                disabled={locked}
                w={260}
              />
            </Group>
            <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
              <RewardFields form={form} locked={locked} />
              <div>
                <BudgetSimulator control={form.control} />
              </div>
            </SimpleGrid>
          </Section>

          <Section title="Entry requirements" description="What every entry must have to be approved.">
            <RequirementsFields control={form.control} />
          </Section>

          <Section
            title="Checking views and entries"
            description="How long views count, when earnings wait for a reviewer, and when a payment is taken back."
          >
            <ValidationFields control={form.control} />
          </Section>

          <Section
            title="Files"
            description="Images, videos, sounds and documents for creators, and the cover image they see."
          >
            {campaign ? (
              <CampaignAssets
                campaign={campaign}
                coverAssetId={coverAssetId ?? null}
                onCoverChange={(assetId) =>
                  form.setValue('coverAssetId', assetId, { shouldDirty: true, shouldValidate: false })
                }
                coverError={errors.coverAssetId?.message}
              />
            ) : (
              <Text size="sm" c="dimmed">
                Files can be added once the draft is saved.
              </Text>
            )}
          </Section>

          <FormFailure message={failure} />
          <Group gap="sm">
            <Button type="submit" loading={isSubmitting}>
              {campaign ? 'Save changes' : 'Save draft'}
            </Button>
            <Button
              component={Link}
              to={campaign ? campaignDetailPath(campaign.id) : campaignListPath}
              variant="default"
            >
              Cancel
            </Button>
          </Group>
        </Stack>
      </form>
      {leaving.dialog}
    </>
  );
}

/**
 * The form, or why the campaign cannot change now: it waits for review, it has ended, or it is archived
 * (the server would answer 409).
 */
export function CampaignFormOrNotice(props: CampaignFormProps & { campaign: CampaignDetail }) {
  const { campaign } = props;
  if (campaign.archived || !isEditableStatus(campaign.status)) {
    return (
      <Stack maw={520} mx="auto" mt="xl">
        <ResultPanel
          tone="warning"
          title="This campaign cannot be changed now"
          actions={<ButtonLink to={campaignDetailPath(campaign.id)}>Back to the campaign</ButtonLink>}
        >
          {campaign.archived ? CAMPAIGN_MESSAGES.archived : CAMPAIGN_MESSAGES.notEditable}
        </ResultPanel>
      </Stack>
    );
  }
  return <CampaignForm {...props} />;
}
