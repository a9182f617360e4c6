import type { RouteObject } from 'react-router';

const campaignPages = () => import('./routes/console/campaigns');

/** The console's pages, below `/console`: added to the route tree on the way there (`discoverRoutes`). */
export const consoleRoutes: RouteObject[] = [
  { path: 'setup', lazy: () => import('./routes/console/setup') },
  { path: 'campaigns', lazy: campaignPages },
  { path: 'campaigns/new', lazy: campaignPages },
  { path: 'campaigns/:id', lazy: campaignPages },
  { path: 'campaigns/:id/edit', lazy: campaignPages },
  { path: 'creators', lazy: () => import('./routes/console/creators') },
  { path: 'creators/:id', lazy: () => import('./routes/console/creators-detail') },
  { path: 'identity-checks', lazy: () => import('./routes/console/identity-checks') },
  { path: 'identity-checks/:id', lazy: () => import('./routes/console/identity-checks-detail') },
  { path: 'handle-evidence', lazy: () => import('./routes/console/handle-evidence') },
  { path: 'handle-evidence/:id', lazy: () => import('./routes/console/handle-evidence-detail') },
  { path: 'holds', lazy: () => import('./routes/console/holds') },
  { path: 'holds/:id', lazy: () => import('./routes/console/holds-detail') },
  { path: 'notifications', lazy: () => import('./routes/console/notifications') },
  { path: 'notifications/settings', lazy: () => import('./routes/console/notifications') },
  { path: 'reports', lazy: () => import('./routes/console/reports') },
  { path: 'reports/:campaignId', lazy: () => import('./routes/console/report') },
  { path: 'teams', lazy: () => import('./routes/console/teams') },
  { path: 'territories', lazy: () => import('./routes/console/territories') },
  { path: 'staff', lazy: () => import('./routes/console/staff') },
  { path: 'lookups', lazy: () => import('./routes/console/lookups') },
  { path: 'legal-documents', lazy: () => import('./routes/console/legal-documents') },
  { path: 'audit-log', lazy: () => import('./routes/console/audit-log') },
  { path: '*', lazy: () => import('./routes/not-found') },
];
