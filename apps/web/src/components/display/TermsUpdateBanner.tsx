import { Anchor, Button, Flex, Paper, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
// The panel (a full-screen drawer) loads when a document is first opened, not with every page.
const LegalPanel = lazy(() => import('./LegalPanel').then((module) => ({ default: module.LegalPanel })));
import { usePendingAction } from './use-pending-action';

type TermsLinkProps =
  | {
      /** Opens the terms somewhere of the caller's choosing. */
      onOpenTerms: () => void;
      loadTerms?: never;
    }
  | {
      /** Fetches the terms as HTML for the banner's own legal panel. */
      loadTerms: () => Promise<string>;
      onOpenTerms?: never;
    };

export type TermsUpdateBannerProps = TermsLinkProps & {
  /** Records that the person has seen the new terms; 'Okay' shows a spinner until it settles. */
  onAccept: () => Promise<unknown> | void;
  /** Shows the banner where it stands in the page instead of fixed to the bottom of the screen. */
  inline?: boolean;
};

/** The bottom banner telling a signed-in person that the terms have changed (SPEC §2). */
export function TermsUpdateBanner({ onAccept, inline = false, ...link }: TermsUpdateBannerProps) {
  const accept = usePendingAction(onAccept);
  const [termsOpened, setTermsOpened] = useState(false);

  const openTerms = () => {
    if (link.onOpenTerms) link.onOpenTerms();
    else setTermsOpened(true);
  };

  return (
    <Paper
      component="section"
      aria-label="Terms update"
      shadow="md"
      withBorder
      radius={inline ? 'md' : 0}
      p="md"
      pos={inline ? 'relative' : 'fixed'}
      style={
        inline
          ? undefined
          : {
              insetInline: 0,
              bottom: 0,
              // Under modals and panels, so the terms it opens cover it.
              zIndex: 'var(--mantine-z-index-app)',
              // Keeps the button clear of the home indicator on phones without a home button.
              paddingBottom: 'calc(var(--mantine-spacing-md) + env(safe-area-inset-bottom))',
            }
      }
    >
      <Flex
        direction={{ base: 'column', sm: 'row' }}
        align={{ base: 'stretch', sm: 'center' }}
        gap="md"
        maw={960}
        mx="auto"
      >
        <Stack gap={4} style={{ flex: 1 }}>
          <Text size="sm">
            We have updated our Terms and Conditions. Please review these by clicking the link below. If you
            have any questions please contact Support.
          </Text>
          <Anchor component="button" type="button" size="sm" fw={600} ta="start" onClick={openTerms}>
            Terms and Conditions.
          </Anchor>
        </Stack>
        <Button loading={accept.pending} onClick={() => void accept.run()} miw={120}>
          Okay
        </Button>
      </Flex>
      {link.loadTerms && (
        <Suspense fallback={null}>
          <LegalPanel
            type="TERMS"
            opened={termsOpened}
            onClose={() => setTermsOpened(false)}
            load={link.loadTerms}
          />
        </Suspense>
      )}
    </Paper>
  );
}
