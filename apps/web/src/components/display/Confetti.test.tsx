import { render } from '@testing-library/react';
import { CONFETTI_DURATION_MS } from '@platform/shared';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Confetti } from './Confetti';

const confetti = vi.hoisted(() =>
  Object.assign(
    vi.fn(() => null),
    { reset: vi.fn() },
  ),
);
const createCannon = vi.hoisted(() => vi.fn((_canvas?: HTMLCanvasElement, _options?: object) => confetti));
vi.mock('canvas-confetti', () => ({ default: Object.assign(vi.fn(), { create: createCannon }) }));

const prefersReducedMotion = (reduce: boolean) =>
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query) =>
      ({
        matches: reduce && query.includes('prefers-reduced-motion'),
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );

describe('Confetti', () => {
  beforeAll(async () => {
    // Loads the mocked module once, so that the component's dynamic import settles within a timer tick.
    await import('canvas-confetti');
  });

  beforeEach(() => {
    vi.useFakeTimers();
    confetti.mockClear();
    confetti.reset.mockClear();
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('draws on a canvas in the page, not in a Worker the page’s CSP refuses', async () => {
    render(<Confetti active />);
    await vi.advanceTimersByTimeAsync(0);
    expect(createCannon).toHaveBeenCalledWith(undefined, expect.objectContaining({ useWorker: false }));
    expect(confetti).toHaveBeenCalled();
  });

  it('fires for 3 seconds, then stops and calls onDone, not before', async () => {
    expect(CONFETTI_DURATION_MS).toBe(3000);
    const onDone = vi.fn();
    render(<Confetti active onDone={onDone} />);

    await vi.advanceTimersByTimeAsync(0);
    expect(confetti).toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(CONFETTI_DURATION_MS - 1);
    expect(onDone).not.toHaveBeenCalled();
    expect(confetti.reset).not.toHaveBeenCalled();
    const burstsWhileActive = confetti.mock.calls.length;
    expect(burstsWhileActive).toBeGreaterThan(1);

    await vi.advanceTimersByTimeAsync(1);
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(confetti.reset).toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(CONFETTI_DURATION_MS);
    expect(confetti.mock.calls.length).toBe(burstsWhileActive);
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('does nothing until it is made active', async () => {
    const onDone = vi.fn();
    const { rerender } = render(<Confetti active={false} onDone={onDone} />);
    await vi.advanceTimersByTimeAsync(CONFETTI_DURATION_MS);
    expect(confetti).not.toHaveBeenCalled();

    rerender(<Confetti active onDone={onDone} />);
    await vi.advanceTimersByTimeAsync(0);
    expect(confetti).toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(CONFETTI_DURATION_MS);
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('stops and cleans up when unmounted early, without calling onDone', async () => {
    const onDone = vi.fn();
    const { unmount } = render(<Confetti active onDone={onDone} />);
    await vi.advanceTimersByTimeAsync(1000);
    const bursts = confetti.mock.calls.length;

    unmount();
    expect(confetti.reset).toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(CONFETTI_DURATION_MS);
    expect(confetti.mock.calls.length).toBe(bursts);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('skips the animation for people who prefer reduced motion, and still calls onDone', async () => {
    prefersReducedMotion(true);
    const onDone = vi.fn();
    render(<Confetti active onDone={onDone} />);
    await vi.advanceTimersByTimeAsync(0);
    expect(onDone).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(CONFETTI_DURATION_MS);
    expect(confetti).not.toHaveBeenCalled();
    expect(onDone).toHaveBeenCalledTimes(1);
  });
});
