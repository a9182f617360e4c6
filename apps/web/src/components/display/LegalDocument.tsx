import { Text } from '@mantine/core';
import { sanitizeRichText } from '@platform/shared';
import { useMemo } from 'react';

export interface LegalDocumentProps {
  html: string;
}

/**
 * The document's text, sanitised again right before it is shown whatever the server promised. It is a
 * module of its own because the sanitiser is large and only needed once someone opens a document.
 */
export default function LegalDocument({ html }: LegalDocumentProps) {
  const safeHtml = useMemo(() => sanitizeRichText(html), [html]);
  return (
    <Text
      component="div"
      // The sanitiser keeps only links and line breaks, so the document's paragraphs are its newlines.
      style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
      dangerouslySetInnerHTML={{ __html: safeHtml }}
    />
  );
}
