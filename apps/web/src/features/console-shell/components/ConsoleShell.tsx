import {
  AppShell,
  Badge,
  Burger,
  Group,
  NavLink,
  Skeleton,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { AccountRole } from '@platform/shared';
import type { MouseEvent, ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Brand } from '../../../components/layouts/Brand';
import { humanize } from '../../../lib/format';
import { consoleMenuFor, consoleSectionOf } from '../console-menu';
import classes from './ConsoleShell.module.css';

export const CONSOLE_MAIN_ID = 'console-main';

export interface ConsolePerson {
  email: string;
  role: AccountRole;
}

export interface ConsoleShellProps {
  /** Who is signed in; null while their profile loads or when it could not be read. */
  person: ConsolePerson | null;
  /** The header's sign-out control. */
  signOut: ReactNode;
  /** The header's way to the person's notifications, with how many are unread. */
  notifications?: ReactNode;
  children: ReactNode;
}

function skipToContent(event: MouseEvent<HTMLAnchorElement>) {
  // Focus moves to the page itself, so that the next Tab continues from there; the router's URL is left alone.
  event.preventDefault();
  document.getElementById(CONSOLE_MAIN_ID)?.focus();
}

function Navigation({ role, onNavigate }: { role: AccountRole; onNavigate: () => void }) {
  const { pathname } = useLocation();
  const current = consoleSectionOf(pathname);
  return (
    <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {consoleMenuFor(role).map(({ label, path, icon: EntryIcon }) => {
        const active = current?.path === path;
        return (
          <li key={path}>
            <NavLink
              component={Link}
              to={path}
              label={label}
              leftSection={<EntryIcon size={20} stroke={1.75} aria-hidden="true" />}
              active={active}
              aria-current={active ? 'page' : undefined}
              onClick={onNavigate}
              styles={{ root: { borderRadius: 'var(--mantine-radius-md)' } }}
            />
          </li>
        );
      })}
    </Stack>
  );
}

function NavigationSkeleton() {
  return (
    <Stack gap="sm" aria-hidden="true">
      {[0, 1, 2, 3].map((row) => (
        <Skeleton key={row} height={32} radius="md" />
      ))}
    </Stack>
  );
}

/**
 * The marketing console's frame, for screens 1024 px wide and up: the brand and who is signed in across
 * the top, the sections the person's role may see down the side, and the page beside them.
 */
export function ConsoleShell({ person, signOut, notifications, children }: ConsoleShellProps) {
  const [navigationOpen, { toggle, close }] = useDisclosure(false);
  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 248, breakpoint: 'sm', collapsed: { mobile: !navigationOpen } }}
      padding="xl"
    >
      <a href={`#${CONSOLE_MAIN_ID}`} className={classes.skipLink} onClick={skipToContent}>
        Skip to content
      </a>
      <AppShell.Header px="lg">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={navigationOpen}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={navigationOpen ? 'Close navigation' : 'Open navigation'}
            />
            <Brand />
          </Group>
          <Group gap="md" wrap="nowrap">
            {person ? (
              <Group gap="xs" wrap="nowrap">
                <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  <VisuallyHidden>Signed in as </VisuallyHidden>
                  {person.email}
                </Text>
                <Badge variant="light">{humanize(person.role)}</Badge>
              </Group>
            ) : (
              <Skeleton height={20} width={220} radius="sm" aria-hidden="true" />
            )}
            {person && notifications}
            {signOut}
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="md" aria-label="Console">
        <AppShell.Section grow style={{ overflowY: 'auto' }}>
          {person ? <Navigation role={person.role} onNavigate={close} /> : <NavigationSkeleton />}
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main id={CONSOLE_MAIN_ID} tabIndex={-1} className={classes.main}>
        {children}
      </AppShell.Main>
    </AppShell>
  );
}
