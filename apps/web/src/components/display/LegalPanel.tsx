import { Button, Container, Drawer, Stack, Text } from '@mantine/core';
import type { LegalLinkType } from '@platform/shared';
import { lazy, Suspense, useEffect, useEffectEvent, useState } from 'react';
import { LoadingState } from '../feedback/LoadingState';
import { useFocusReturn } from './use-focus-return';

const LegalDocument = lazy(() => import('./LegalDocument'));

export const LEGAL_DOCUMENT_TITLES: Record<LegalLinkType, string> = {
  TERMS: 'Terms and Conditions',
  PRIVACY: 'Privacy Policy',
  CCPA: 'California Privacy Notice',
  INFLUENCER_GUIDELINES: 'Influencer Guidelines',
};

export interface LegalPanelProps {
  type: LegalLinkType;
  opened: boolean;
  onClose: () => void;
  /** Fetches the document as HTML. It is sanitised again before it is shown. */
  load: () => Promise<string>;
}

type LoadResult = { request: string; html: string } | { request: string; failed: true };

/** A terms or privacy document in a full-screen panel that slides in from the side. */
export function LegalPanel({ type, opened, onClose, load }: LegalPanelProps) {
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<LoadResult | null>(null);
  const request = `${type}#${attempt}`;
  const loaded = result?.request === request ? result : null;
  const [wasOpened, setWasOpened] = useState(opened);
  if (opened !== wasOpened) {
    setWasOpened(opened);
    // A document that failed to load is fetched again when the panel is reopened; one that loaded is kept.
    if (opened && loaded && 'failed' in loaded) setAttempt((count) => count + 1);
  }
  const fetchDocument = useEffectEvent(load);
  useFocusReturn(opened);

  useEffect(() => {
    if (!opened || loaded) return;
    let current = true;
    fetchDocument().then(
      (html) => current && setResult({ request, html }),
      () => current && setResult({ request, failed: true }),
    );
    return () => {
      current = false;
    };
  }, [opened, request, loaded]);

  const title = LEGAL_DOCUMENT_TITLES[type];
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      returnFocus={false}
      size="100%"
      padding="lg"
      title={title}
      closeButtonProps={{ 'aria-label': 'Close', size: 'lg' }}
      styles={{ title: { fontSize: 'var(--mantine-font-size-xl)', fontWeight: 700 } }}
    >
      <Container size="sm" px={0}>
        {!loaded ? (
          <LoadingState label={`Loading ${title}…`} />
        ) : 'failed' in loaded ? (
          <Stack align="center" gap="sm" py="xl" role="alert">
            <Text ta="center">The {title} could not be loaded. Please try again.</Text>
            <Button variant="light" onClick={() => setAttempt((count) => count + 1)}>
              Try again
            </Button>
          </Stack>
        ) : (
          <Suspense fallback={<LoadingState label={`Loading ${title}…`} />}>
            <LegalDocument html={loaded.html} />
          </Suspense>
        )}
      </Container>
    </Drawer>
  );
}
