import { Box, Loader, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useDeferredValue, useId } from 'react';

// The kit's document view brings the sanitiser, which is large: it loads once there is text to preview.
const LegalDocument = lazy(() => import('../../../components/display/LegalDocument'));

/** Enough of the text to see that it reads as intended, without laying out a whole document per keystroke. */
export const PREVIEW_CHARACTERS = 1500;

export interface LegalPreviewProps {
  text: string;
}

/** The beginning of the document as creators will see it: sanitised, with only links and line breaks. */
export function LegalPreview({ text }: LegalPreviewProps) {
  const shown = useDeferredValue(text);
  const shortened = shown.length > PREVIEW_CHARACTERS;
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
        mah={200}
        style={{
          overflowY: 'auto',
          border: '1px solid var(--mantine-color-default-border)',
          borderRadius: 'var(--mantine-radius-sm)',
          fontSize: 'var(--mantine-font-size-sm)',
        }}
      >
        <Suspense fallback={<Loader role="status" size="sm" aria-label="Loading the preview" />}>
          <LegalDocument html={shortened ? `${shown.slice(0, PREVIEW_CHARACTERS)}…` : shown} />
        </Suspense>
      </Box>
      {shortened && (
        <Text size="xs" c="dimmed">
          The first {PREVIEW_CHARACTERS.toLocaleString('en')} characters of{' '}
          {shown.length.toLocaleString('en')}.
        </Text>
      )}
    </Stack>
  );
}
