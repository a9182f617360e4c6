import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { endSession } from '../lib/session-refresh';

// A page's first test loads its lazy parts cold: on a busy two-core machine that alone can pass the default
// second that findBy and waitFor wait. Ten seconds leaves half of a test's twenty for the rest of it.
configure({ asyncUtilTimeout: 10_000 });

// jsdom lacks the layout APIs Mantine reads.
const jsdomGetComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element, pseudoElement) => jsdomGetComputedStyle(element, pseudoElement);
window.HTMLElement.prototype.scrollIntoView = () => {};
window.scrollTo = () => {};

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub implements ResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;

afterEach(() => {
  cleanup();
  // The toasts' store outlives a test file's render (files share their worker's modules): start each test
  // with none shown or queued.
  notifications.clean();
  notifications.cleanQueue();
  endSession();
  window.sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
