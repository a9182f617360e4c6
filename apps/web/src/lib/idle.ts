/** How long no file or API answer may arrive before the page counts as loaded. */
const QUIET_NETWORK_MS = 500;
/** The longest a task waits for the network to go quiet (a page that polls, a stream). */
const LONGEST_WAIT_MS = 10_000;

/**
 * Calls `then` once the page has loaded what it shows: no file or API answer has arrived for
 * QUIET_NETWORK_MS. Until then the browser is busy with the page's own chunks and data, and on a phone's
 * few connections anything else requested delays them. Returns a function that cancels the wait.
 */
function afterNetworkQuiet(then: () => void): () => void {
  const Observer = window.PerformanceObserver as typeof PerformanceObserver | undefined;
  if (typeof Observer !== 'function') {
    then();
    return () => {};
  }
  let quietTimer: number | undefined;
  const finish = () => {
    observer.disconnect();
    window.clearTimeout(quietTimer);
    window.clearTimeout(longestTimer);
    then();
  };
  const restartQuietWindow = () => {
    window.clearTimeout(quietTimer);
    quietTimer = window.setTimeout(finish, QUIET_NETWORK_MS);
  };
  const observer = new Observer(restartQuietWindow);
  try {
    observer.observe({ type: 'resource' });
  } catch {
    // A browser without resource timing: the longest wait alone applies.
  }
  const longestTimer = window.setTimeout(finish, LONGEST_WAIT_MS);
  restartQuietWindow();
  return () => {
    observer.disconnect();
    window.clearTimeout(quietTimer);
    window.clearTimeout(longestTimer);
  };
}

/**
 * Runs a task once the page has loaded and the browser has nothing more urgent to do, so that code a page
 * may need later loads after the page itself. Returns a function that cancels the task.
 */
export function whenIdle(task: () => void): () => void {
  let cancelIdle = () => {};
  const cancelWait = afterNetworkQuiet(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(task, { timeout: 3000 });
      cancelIdle = () => window.cancelIdleCallback(handle);
    } else {
      const handle = window.setTimeout(task, 200);
      cancelIdle = () => window.clearTimeout(handle);
    }
  });
  return () => {
    cancelWait();
    cancelIdle();
  };
}
