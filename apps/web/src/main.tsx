// Mantine's foundations; each component's own styles arrive with the component (build/mantine-component-styles.ts).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
// The styles of the small components nearly every creator page shows within its first screen, in
// Mantine's order, with the foundations: one stylesheet the browser already has rather than a file of
// a few hundred bytes per component, each a round trip on a phone's few connections.
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Skeleton.css';
import './app/accessibility.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { resumeSession } from './lib/session-refresh';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to render into.');

resumeSession();

// A transition lets React render the first screen in slices, yielding to the browser between them, so
// that a slow phone's main thread never blocks for long (Total Blocking Time).
const root = createRoot(container);
startTransition(() => {
  root.render(
    <StrictMode>
      <App router={createAppRouter()} queryClient={createQueryClient()} />
    </StrictMode>,
  );
});
