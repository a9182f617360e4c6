import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/providers';

export interface RenderWidgetOptions {
  /** Pages visited before the one the widget is on, oldest first. */
  history?: string[];
  path?: string;
  /** False lets a test drop a file its input's accept list would hide from the file chooser. */
  applyAccept?: boolean;
}

/**
 * Renders one widget the way the app provides for it (theme, query client, router), with Mantine's
 * test environment: no transitions and no portals.
 */
export function renderWidget(
  widget: ReactElement,
  { history = [], path = '/widget', applyAccept }: RenderWidgetOptions = {},
) {
  const entries = [...history, path];
  const router = createMemoryRouter([{ path: '*', element: widget }], {
    initialEntries: entries,
    initialIndex: entries.length - 1,
  });
  const user = userEvent.setup(applyAccept === undefined ? {} : { applyAccept });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(
    <AppProviders queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, user };
}
