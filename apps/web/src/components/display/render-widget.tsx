import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { theme } from '../../app/theme';

export interface RenderWidgetOptions {
  /** Pages visited before the one the widget is on, oldest first. */
  history?: string[];
  path?: string;
}

/**
 * Renders one widget the way the app provides for it (theme, router), with Mantine's test environment:
 * no transitions and no portals.
 */
export function renderWidget(
  widget: ReactElement,
  { history = [], path = '/widget' }: RenderWidgetOptions = {},
) {
  const entries = [...history, path];
  const router = createMemoryRouter([{ path: '*', element: widget }], {
    initialEntries: entries,
    initialIndex: entries.length - 1,
  });
  const user = userEvent.setup();
  const result = render(
    <MantineProvider theme={theme} env="test">
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return { ...result, router, user };
}
