import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouteErrorBoundary } from '../components/feedback/RouteErrorBoundary';
import { setNavigator } from '../lib/navigation';
import { paths } from '../lib/paths';
import { RootHydrateFallback, RootLayout } from './RootLayout';
import { redirectWhenSignedIn, requireSession } from './route-guards';

type AppRouter = ReturnType<typeof createBrowserRouter>;

/** The widget gallery exists in development and in the end-to-end build (`--mode e2e`), never in production. */
const designGalleryEnabled = import.meta.env.MODE !== 'production';

// Every page is its own chunk, so the first page loads only its own code.
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: RouteErrorBoundary,
    HydrateFallback: RootHydrateFallback,
    children: [
      { index: true, loader: requireSession, lazy: () => import('./routes/home') },
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
    path: paths.console,
    ErrorBoundary: RouteErrorBoundary,
    HydrateFallback: RootHydrateFallback,
    loader: requireSession,
    lazy: () => import('./routes/console'),
    children: [
      { path: 'campaigns', lazy: () => import('./routes/console/campaigns') },
      { path: 'creators', lazy: () => import('./routes/console/creators') },
      { path: 'reports', lazy: () => import('./routes/console/reports') },
      { path: 'teams', lazy: () => import('./routes/console/teams') },
      { path: 'territories', lazy: () => import('./routes/console/territories') },
      { path: 'staff', lazy: () => import('./routes/console/staff') },
      { path: 'lookups', lazy: () => import('./routes/console/lookups') },
      { path: 'audit-log', lazy: () => import('./routes/console/audit-log') },
    ],
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

/** Lets the api client's 401 redirect go through the router instead of reloading the page. */
export function connectNavigator(router: Pick<AppRouter, 'navigate'>): () => void {
  return setNavigator((path, options) => void router.navigate(path, options));
}

export function createAppRouter(): AppRouter {
  const router = createBrowserRouter(routes);
  connectNavigator(router);
  return router;
}
