import { SimpleGrid, Stack, TagsInput } from '@mantine/core';
import {
  CAMPAIGN_HASHTAGS_MAX,
  CAMPAIGN_MENTIONS_MAX,
  CAMPAIGN_MIN_LENGTH_SECONDS_MAX,
} from '@platform/shared';
import { useController } from 'react-hook-form';
import { renderFieldError } from '../../../components/form/FieldError';
import { firstErrorMessage, type CampaignFormControl } from './campaign-form-values';
import { WholeNumberField } from './NumberFields';

interface TagListFieldProps {
  control: CampaignFormControl;
  name: 'requirements.hashtags' | 'requirements.mentions';
  label: string;
  description: string;
  placeholder: string;
  /** '#' or '@': added to a tag typed without it. */
  prefix: string;
  max: number;
}

/** Tags typed one by one (Enter, a space or a comma ends one), each with its sign added when left out. */
function TagListField({ control, name, label, description, placeholder, prefix, max }: TagListFieldProps) {
  const {
    field: { name: fieldName, value, onChange, onBlur, ref: inputRef },
    fieldState: { error },
  } = useController({ control, name });
  const message = firstErrorMessage(error);
  const withPrefix = (tag: string) => {
    const trimmed = tag.trim();
    return trimmed === '' || trimmed.startsWith(prefix) ? trimmed : `${prefix}${trimmed}`;
  };
  return (
    <TagsInput
      size="md"
      ref={inputRef}
      name={fieldName}
      label={label}
      description={description}
      placeholder={placeholder}
      value={value ?? []}
      onChange={(tags) => onChange([...new Set(tags.map(withPrefix).filter((tag) => tag !== ''))])}
      onBlur={onBlur}
      splitChars={[',', ' ']}
      acceptValueOnBlur
      maxTags={max}
      clearable
      clearButtonProps={{ 'aria-label': `Clear ${label}` }}
      aria-invalid={message ? true : undefined}
      error={renderFieldError(message)}
    />
  );
}

/** What an entry must have: hashtags, mentions and, for videos, a minimum length. */
export function RequirementsFields({ control }: { control: CampaignFormControl }) {
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <TagListField
          control={control}
          name="requirements.hashtags"
          label="Hashtags"
          description={`Every entry must carry these. Up to ${CAMPAIGN_HASHTAGS_MAX}.`}
          placeholder="#summersound"
          prefix="#"
          max={CAMPAIGN_HASHTAGS_MAX}
        />
        <TagListField
          control={control}
          name="requirements.mentions"
          label="Mentions"
          description={`Accounts every entry must mention. Up to ${CAMPAIGN_MENTIONS_MAX}.`}
          placeholder="@brand"
          prefix="@"
          max={CAMPAIGN_MENTIONS_MAX}
        />
      </SimpleGrid>
      <WholeNumberField
        control={control}
        name="requirements.minimumLengthSeconds"
        label="Minimum length in seconds"
        description={`Leave empty for no minimum; at most ${CAMPAIGN_MIN_LENGTH_SECONDS_MAX}.`}
        optional
        maw={260}
      />
    </Stack>
  );
}
