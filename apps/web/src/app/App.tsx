import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { AppProviders } from './providers';

export interface AppProps {
  router: ReturnType<typeof createBrowserRouter>;
  queryClient: QueryClient;
  env?: 'default' | 'test';
}

export function App({ router, queryClient, env }: AppProps) {
  return (
    <AppProviders queryClient={queryClient} env={env}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
