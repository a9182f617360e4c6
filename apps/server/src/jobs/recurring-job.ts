import type { FastifyBaseLogger } from 'fastify';

export type RecurringJob = { kick(): void; stop(): Promise<void> };

/**
 * Runs `work` every `intervalMs`, and at once when kicked; never two runs at a time, and `stop`
 * waits for the run in progress so shutdown does not cut a delivery in half.
 */
export function startRecurringJob(
  name: string,
  work: () => Promise<unknown>,
  intervalMs: number,
  logger: FastifyBaseLogger,
): RecurringJob {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  let kickedWhileRunning = false;

  const schedule = (delay: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(run, delay);
    timer.unref();
  };

  function run(): void {
    if (stopped) return;
    if (running) {
      kickedWhileRunning = true;
      return;
    }
    running = work()
      .then(() => undefined)
      .catch((error: unknown) => logger.error({ err: error, job: name }, 'job run failed'))
      .finally(() => {
        running = undefined;
        const again = kickedWhileRunning;
        kickedWhileRunning = false;
        schedule(again ? 0 : intervalMs);
      });
  }

  schedule(0);
  return {
    kick: () => schedule(0),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
