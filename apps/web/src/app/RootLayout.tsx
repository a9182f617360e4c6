import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { LoadingState } from '../components/feedback/LoadingState';
import { useRouteHeadingFocus } from '../components/route-heading-focus';
import { CenteredLayout } from '../components/layouts/CenteredLayout';

// The footer loads after the page: every page has it, and its code would otherwise join what every page
// downloads before it can render (ADR 009).
const CreatorLegalFooter = lazy(() => import('./CreatorLegalFooter'));

export function RootLayout() {
  useRouteHeadingFocus();
  return (
    <CenteredLayout
      footer={
        <Suspense fallback={null}>
          <CreatorLegalFooter />
        </Suspense>
      }
    >
      <Outlet />
      <ScrollRestoration />
    </CenteredLayout>
  );
}

export function RootHydrateFallback() {
  return (
    <CenteredLayout>
      <LoadingState />
    </CenteredLayout>
  );
}
