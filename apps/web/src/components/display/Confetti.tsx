import { getDefaultZIndex } from '@mantine/core';
import { CONFETTI_DURATION_MS } from '@platform/shared';
import { useEffect, useEffectEvent } from 'react';

// Loaded on first use: celebrations are rare and the library is not needed to show any page. The
// library's own default draws from a Worker made from a blob: URL, which the page's CSP (worker-src)
// refuses; this cannon draws on a canvas in the page instead, which the CSP allows as it is.
const loadConfetti = () =>
  import('canvas-confetti').then((module) =>
    module.default.create(undefined, { useWorker: false, resize: true, disableForReducedMotion: true }),
  );

const BURST_INTERVAL_MS = 250;

const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

export interface ConfettiProps {
  /** Turning this on starts one celebration; it runs for the confetti duration unless turned off sooner. */
  active: boolean;
  /** Called when the celebration has finished (at once when the person prefers reduced motion). */
  onDone?: () => void;
}

/** Confetti over the whole screen for three seconds (SPEC §9). Renders nothing itself. */
export function Confetti({ active, onDone }: ConfettiProps) {
  const finish = useEffectEvent(() => onDone?.());

  useEffect(() => {
    if (!active) return;
    if (window.matchMedia(REDUCED_MOTION_QUERY).matches) {
      finish();
      return;
    }

    let stopped = false;
    let confetti: Awaited<ReturnType<typeof loadConfetti>> | undefined;
    let burstTimer: number | undefined;
    const burst = () =>
      void confetti?.({
        particleCount: 40,
        spread: 70,
        startVelocity: 40,
        origin: { x: 0.2 + Math.random() * 0.6, y: 0.35 },
        // The canvas lets clicks through, so it may sit over dialogs and panels too.
        zIndex: getDefaultZIndex('max'),
        disableForReducedMotion: true,
      });

    loadConfetti().then(
      (loaded) => {
        if (stopped) return;
        confetti = loaded;
        burst();
        burstTimer = window.setInterval(burst, BURST_INTERVAL_MS);
      },
      // Without its library the celebration is skipped; the flow around it goes on regardless.
      () => undefined,
    );

    const stop = () => {
      stopped = true;
      window.clearInterval(burstTimer);
      confetti?.reset();
    };
    const endTimer = window.setTimeout(() => {
      stop();
      finish();
    }, CONFETTI_DURATION_MS);

    return () => {
      window.clearTimeout(endTimer);
      stop();
    };
  }, [active]);

  return null;
}
