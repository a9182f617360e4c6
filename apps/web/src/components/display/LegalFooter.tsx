import { Button, Group } from '@mantine/core';
import type { LegalLinkType } from '@platform/shared';
import { useState } from 'react';
import { LegalPanel } from './LegalPanel';

type FooterDocument = Extract<LegalLinkType, 'TERMS' | 'PRIVACY'>;

const FOOTER_LINKS: { type: FooterDocument; label: string }[] = [
  { type: 'TERMS', label: 'Terms' },
  { type: 'PRIVACY', label: 'Privacy' },
];

export interface LegalFooterProps {
  /** Fetches a document as HTML, for the panel the buttons open. */
  loadDocument: (type: FooterDocument) => Promise<string>;
}

/** The 'Terms' and 'Privacy' buttons at the foot of a page, each opening its document in the legal panel. */
export function LegalFooter({ loadDocument }: LegalFooterProps) {
  const [opened, setOpened] = useState(false);
  // The last document stays set after closing so that the panel keeps its content while it slides out.
  const [type, setType] = useState<FooterDocument>('TERMS');

  const open = (next: FooterDocument) => {
    setType(next);
    setOpened(true);
  };

  return (
    <Group component="footer" justify="center" gap="xs" py="sm">
      {FOOTER_LINKS.map((link) => (
        <Button key={link.type} variant="subtle" color="gray" size="sm" onClick={() => open(link.type)}>
          {link.label}
        </Button>
      ))}
      <LegalPanel
        type={type}
        opened={opened}
        onClose={() => setOpened(false)}
        load={() => loadDocument(type)}
      />
    </Group>
  );
}
