import { Text } from '@mantine/core';
import { sanitizeRichText } from '@platform/shared';
import { useMemo } from 'react';

export interface BriefTextProps {
  html: string;
}

/**
 * A brief as creators read it: sanitised again right before it is shown, whatever the server promised, so
 * that only links and line breaks remain (SPEC §5). A module of its own because the sanitiser is large
 * and loads only once a brief is shown.
 */
export default function BriefText({ html }: BriefTextProps) {
  const safeHtml = useMemo(() => sanitizeRichText(html), [html]);
  return (
    <Text
      component="div"
      size="sm"
      // Only links and line breaks are kept, so the brief's paragraphs are its newlines.
      style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
      dangerouslySetInnerHTML={{ __html: safeHtml }}
    />
  );
}
