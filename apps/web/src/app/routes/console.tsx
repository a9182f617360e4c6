import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, Outlet, useLoaderData, useLocation, useNavigate } from 'react-router';
import { showSuccessToast } from '../../components/feedback/toasts';
import { useRouteHeadingFocus } from '../../components/route-heading-focus';
import { SignOutButton } from '../../features/common-auth/components/SignOutButton';
import { consoleSectionOf, firstConsolePath } from '../../features/console-shell/console-menu';
import { ConsoleShell } from '../../features/console-shell/components/ConsoleShell';
import { NotificationBell } from '../../features/common-notifications/components/NotificationBell';
import {
  ConsoleLoadError,
  ConsoleLoading,
  ConsoleSectionNotFound,
} from '../../features/console-shell/components/ConsoleStates';
import { profileQueryOptions } from '../../features/common-profile/api/get-profile';
import { isSetupChecklistDismissed } from '../../features/console-setup/hooks/checklist-dismissal';
import { paths } from '../../lib/paths';
import type { ConsoleLoaderData } from '../route-guards';

export function Component() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  useRouteHeadingFocus();
  const loaded = useLoaderData<ConsoleLoaderData>().profile;
  // The loader read the profile already; the page's own queries start from its answer. Only when it
  // could not (the network, the server) does this query load it, with skeletons and a retry.
  const profile = useQuery({ ...profileQueryOptions(), initialData: loaded ?? undefined });
  useEffect(() => {
    // A profile cached before the session changed must not outlive it.
    const { queryKey } = profileQueryOptions();
    if (loaded && queryClient.getQueryData(queryKey) !== loaded) queryClient.setQueryData(queryKey, loaded);
  }, [loaded, queryClient]);

  const person = loaded ?? profile.data ?? null;
  if (person?.role === 'Creator') return <Navigate to={paths.home} replace />;

  let page;
  if (!person) {
    page = profile.isError ? (
      <ConsoleLoadError onRetry={() => void profile.refetch()} retrying={profile.isFetching} />
    ) : (
      <ConsoleLoading />
    );
  } else {
    const first = firstConsolePath(person.role, { setupDismissed: isSetupChecklistDismissed() });
    const section = consoleSectionOf(pathname);
    if (pathname.replace(/\/$/, '') === paths.console && first) return <Navigate to={first} replace />;
    page =
      section && !section.visibleTo(person.role) ? <ConsoleSectionNotFound homePath={first} /> : <Outlet />;
  }

  return (
    <ConsoleShell
      person={person}
      notifications={<NotificationBell to={paths.consoleNotifications} />}
      signOut={
        <SignOutButton
          size="sm"
          onSignedOut={() => {
            showSuccessToast('You have signed out.');
            void navigate(paths.signIn, { replace: true });
          }}
        />
      }
    >
      {page}
    </ConsoleShell>
  );
}
