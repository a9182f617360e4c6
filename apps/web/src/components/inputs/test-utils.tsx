import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { AppProviders } from '../../app/providers';

export interface RenderWidgetOptions {
  /** False lets a test drop a file its input's accept list would hide from the file chooser. */
  applyAccept?: boolean;
}

/** Renders a widget inside the app's providers (theme, test env without portals or transitions). */
export function renderWidget(ui: ReactElement, { applyAccept }: RenderWidgetOptions = {}) {
  const user = userEvent.setup(applyAccept === undefined ? {} : { applyAccept });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(
    <AppProviders queryClient={queryClient} env="test">
      {ui}
    </AppProviders>,
  );
  return { ...result, user };
}
