import { Box } from '@mantine/core';
import { createBrowserRouter, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router';
import { LoadingState } from '../components/feedback/LoadingState';
import { RouteErrorBoundary } from '../components/feedback/RouteErrorBoundary';
import { setNavigator } from '../lib/navigation';
import { paths } from '../lib/paths';
import { RootHydrateFallback, RootLayout } from './RootLayout';
import { openFirstConsoleSection, redirectWhenSignedIn, requireCreator, requireStaff } from './route-guards';

type AppRouter = ReturnType<typeof createBrowserRouter>;

const CONSOLE_ROUTE_ID = 'console';

const CONSOLE_EDGE = '1px solid var(--mantine-color-gray-3)';

/**
 * While the console first loads (its code, and the person's profile that decides what they see): the
 * outline of its header and navigation, drawn with what every page already has.
 */
function ConsoleHydrateFallback() {
  return (
    <Box
      mih="100dvh"
      style={{ display: 'grid', gridTemplateRows: '64px 1fr', gridTemplateColumns: 'minmax(0, 248px) 1fr' }}
    >
      <Box style={{ gridColumn: '1 / -1', borderBottom: CONSOLE_EDGE }} />
      <Box style={{ borderRight: CONSOLE_EDGE }} />
      <Box p="xl">
        <LoadingState label="Loading the console…" />
      </Box>
    </Box>
  );
}

/** The widget gallery exists in development and in the end-to-end build (`--mode e2e`), never in production. */
const designGalleryEnabled = import.meta.env.MODE !== 'production';

// Every page is its own chunk, so the first page loads only its own code.
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: RouteErrorBoundary,
    HydrateFallback: RootHydrateFallback,
    children: [
      { index: true, loader: requireCreator, lazy: () => import('./routes/home') },
      { path: paths.account, loader: requireCreator, lazy: () => import('./routes/account') },
      { path: '/account/handles', loader: requireCreator, lazy: () => import('./routes/account-handles') },
      {
        path: '/account/connected',
        loader: requireCreator,
        lazy: () => import('./routes/account-connected'),
      },
      { path: `${paths.campaigns}/:id?`, loader: requireCreator, lazy: () => import('./routes/campaigns') },
      {
        path: `${paths.campaigns}/:id/leaderboard`,
        loader: requireCreator,
        lazy: () => import('./routes/campaigns-leaderboard'),
      },
      {
        path: `${paths.notifications}/:section?`,
        loader: requireCreator,
        lazy: () => import('./routes/notifications'),
      },
      { path: paths.payments, loader: requireCreator, lazy: () => import('./routes/payments') },
      { path: paths.signIn, loader: redirectWhenSignedIn, lazy: () => import('./routes/sign-in') },
      { path: paths.signUp, loader: redirectWhenSignedIn, lazy: () => import('./routes/sign-up') },
      { path: paths.checkEmail, lazy: () => import('./routes/check-email') },
      { path: paths.verify, lazy: () => import('./routes/verify') },
      { path: paths.forgotPassword, lazy: () => import('./routes/forgot-password') },
      { path: paths.resetPassword, lazy: () => import('./routes/reset-password') },
      { path: paths.setup, lazy: () => import('./routes/setup') },
      { path: paths.acceptInvitation, lazy: () => import('./routes/accept-invitation') },
      { path: '*', lazy: () => import('./routes/not-found') },
    ],
  },
  {
    // The marketing console: a desktop layout of its own, for staff only (creators are sent to `/`).
    id: CONSOLE_ROUTE_ID,
    path: paths.console,
    ErrorBoundary: RouteErrorBoundary,
    HydrateFallback: ConsoleHydrateFallback,
    loader: requireStaff,
    lazy: () => import('./routes/console'),
    // Its pages are added from `console-routes.ts` on the way there (`discoverRoutes`); only the way in
    // is known from the start, so that `/console` alone opens the first section.
    children: [{ index: true, loader: openFirstConsoleSection }],
  },
  {
    // A campaign's report behind a shared link: for anyone holding it, with neither account nor console.
    path: `${paths.sharedReports}/:token`,
    ErrorBoundary: RouteErrorBoundary,
    HydrateFallback: RootHydrateFallback,
    lazy: () => import('./routes/shared-report'),
  },
  ...(designGalleryEnabled
    ? [
        {
          path: paths.design,
          ErrorBoundary: RouteErrorBoundary,
          HydrateFallback: RootHydrateFallback,
          lazy: () => import('./routes/design'),
        },
      ]
    : []),
];

/**
 * Adds the console's pages to the route tree the first time someone goes there. Every route the entry
 * names costs each first page a little (ADR 009); a creator never needs the console's.
 */
export const discoverRoutes: PatchRoutesOnNavigationFunction = async ({ path, patch }) => {
  if (!path.startsWith(`${paths.console}/`)) return;
  const { consoleRoutes } = await import('./console-routes');
  patch(CONSOLE_ROUTE_ID, consoleRoutes);
};

/** Lets the api client's 401 redirect go through the router instead of reloading the page. */
export function connectNavigator(router: Pick<AppRouter, 'navigate'>): () => void {
  return setNavigator((path, options) => void router.navigate(path, options));
}

export function createAppRouter(): AppRouter {
  const router = createBrowserRouter(routes, { patchRoutesOnNavigation: discoverRoutes });
  connectNavigator(router);
  return router;
}
