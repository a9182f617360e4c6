import { Button, Group } from '@mantine/core';
import type { LegalLinkType } from '@platform/shared';
import { lazy, Suspense, useState } from 'react';
// The panel (a full-screen drawer) loads when a document is first opened, not with every page.
const LegalPanel = lazy(() => import('./LegalPanel').then((module) => ({ default: module.LegalPanel })));

type FooterDocument = Extract<LegalLinkType, 'TERMS' | 'PRIVACY'>;

const FOOTER_LINKS: { type: FooterDocument; label: string }[] = [
  { type: 'TERMS', label: 'Terms' },
  { type: 'PRIVACY', label: 'Privacy' },
];

export interface LegalFooterProps {
  /** Fetches a document as HTML, for the panel the buttons open. */
  loadDocument: (type: FooterDocument) => Promise<string>;
  /** Opens this document as if its button had been pressed: a link elsewhere on the page asks for it. */
  open?: FooterDocument | null;
  /** The panel has closed (told so that whoever asked for it can forget the request). */
  onClosed?: () => void;
}

/** The 'Terms' and 'Privacy' buttons at the foot of a page, each opening its document in the legal panel. */
export function LegalFooter({ loadDocument, open: requested = null, onClosed }: LegalFooterProps) {
  const [opened, setOpened] = useState(requested !== null);
  const [everOpened, setEverOpened] = useState(requested !== null);
  // The last document stays set after closing so that the panel keeps its content while it slides out.
  const [type, setType] = useState<FooterDocument>(requested ?? 'TERMS');
  const [lastRequested, setLastRequested] = useState(requested);

  const open = (next: FooterDocument) => {
    setType(next);
    setOpened(true);
    setEverOpened(true);
  };
  if (requested !== lastRequested) {
    setLastRequested(requested);
    if (requested) open(requested);
  }
  const close = () => {
    setOpened(false);
    onClosed?.();
  };

  return (
    <Group component="footer" justify="center" gap="xs" py="sm">
      {FOOTER_LINKS.map((link) => (
        <Button key={link.type} variant="subtle" color="gray" size="sm" onClick={() => open(link.type)}>
          {link.label}
        </Button>
      ))}
      {everOpened && (
        <Suspense fallback={null}>
          <LegalPanel type={type} opened={opened} onClose={close} load={() => loadDocument(type)} />
        </Suspense>
      )}
    </Group>
  );
}
