import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { createMemoryRouter } from 'react-router';
import { App } from '../app/App';
import { connectNavigator, discoverRoutes, routes } from '../app/router';

export interface RenderAppOptions {
  strict?: boolean;
  state?: unknown;
}

/** Renders the whole app (routes, providers) at a path, as a person would open it. */
export function renderApp(path: string, { strict = false, state }: RenderAppOptions = {}) {
  const { pathname, search } = new URL(path, 'http://test');
  const router = createMemoryRouter(routes, {
    initialEntries: [{ pathname, search, state }],
    patchRoutesOnNavigation: discoverRoutes,
  });
  connectNavigator(router);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const user = userEvent.setup();
  const app = <App router={router} queryClient={queryClient} env="test" />;
  const result = render(strict ? <StrictMode>{app}</StrictMode> : app);
  return { ...result, router, queryClient, user };
}

/** The element Mantine renders a field's error into, found through the field's aria-describedby. */
export function fieldErrorOf(field: HTMLElement): HTMLElement | null {
  const ids = field.getAttribute('aria-describedby')?.split(/\s+/) ?? [];
  const errorId = ids.find((id) => id.endsWith('-error'));
  return errorId ? document.getElementById(errorId) : null;
}

export { screen };
