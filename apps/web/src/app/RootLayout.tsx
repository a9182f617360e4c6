import { Outlet, ScrollRestoration } from 'react-router';
import { LoadingState } from '../components/feedback/LoadingState';
import { CenteredLayout } from '../components/layouts/CenteredLayout';

export function RootLayout() {
  return (
    <CenteredLayout>
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
