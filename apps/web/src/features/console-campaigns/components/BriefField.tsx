import { Box, Loader, Stack, Text, Textarea } from '@mantine/core';
import { CAMPAIGN_BRIEF_MAX_LENGTH } from '@platform/shared';
import { lazy, Suspense, useDeferredValue, useId, type ClipboardEvent } from 'react';
import { useController } from 'react-hook-form';
import { renderFieldError } from '../../../components/form/FieldError';
import type { CampaignFormControl } from './campaign-form-values';

// The sanitiser is large: the preview loads it once there is a brief to show.
const BriefText = lazy(() => import('../../../components/display/BriefText'));

const LONE_LINK = /^https?:\/\/\S+$/i;

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A pasted address on its own becomes a link that opens in a new tab. */
export function linkFor(url: string): string {
  const safe = escapeAttribute(url);
  return `<a href="${safe}" target="_blank">${safe}</a>`;
}

/** What creators will see: the brief with everything but links and line breaks taken out. */
function BriefPreview({ html }: { html: string }) {
  const shown = useDeferredValue(html);
  const labelId = useId();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={labelId}>
        Preview
      </Text>
      <Box
        role="region"
        aria-labelledby={labelId}
        // Scrolls with the keyboard too.
        tabIndex={0}
        p="sm"
        bg="var(--mantine-color-gray-0)"
        mah={240}
        style={{
          overflowY: 'auto',
          border: '1px solid var(--mantine-color-default-border)',
          borderRadius: 'var(--mantine-radius-sm)',
        }}
      >
        <Suspense fallback={<Loader role="status" size="sm" aria-label="Loading the preview" />}>
          <BriefText html={shown} />
        </Suspense>
      </Box>
    </Stack>
  );
}

/**
 * The brief: text with line breaks, where a pasted address becomes a link (`<a href>` can also be typed).
 * Only links and line breaks are kept (SPEC §5), as the preview shows.
 */
export function BriefField({ control }: { control: CampaignFormControl }) {
  const {
    field: { name, value: brief, onChange, onBlur, ref: inputRef },
    fieldState: { error },
  } = useController({ control, name: 'brief' });
  const value = brief ?? '';

  const pasteLink = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const pasted = event.clipboardData.getData('text/plain').trim();
    if (!LONE_LINK.test(pasted)) return;
    event.preventDefault();
    const input = event.currentTarget;
    const start = input.selectionStart;
    const end = input.selectionEnd;
    onChange(`${value.slice(0, start)}${linkFor(pasted)}${value.slice(end)}`);
  };

  return (
    <Stack gap="sm">
      <Textarea
        size="md"
        ref={inputRef}
        name={name}
        label="Brief"
        withAsterisk
        description={`What creators should make, in your words. Paste a web address to add a link; other formatting is removed. Up to ${CAMPAIGN_BRIEF_MAX_LENGTH.toLocaleString('en-GB')} characters.`}
        rows={8}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        onPaste={pasteLink}
        onBlur={onBlur}
        aria-invalid={error ? true : undefined}
        error={renderFieldError(error?.message)}
      />
      {value.trim() !== '' && <BriefPreview html={value} />}
    </Stack>
  );
}
