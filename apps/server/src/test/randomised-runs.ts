/** The share of its full count a randomised test runs on the embedded database's pass. */
const EMBEDDED_PASS_SHARE = 0.1;

/**
 * How many runs a long randomised test (a model-based or fuzz property) makes. The server's tests run twice,
 * on the embedded database and on PostgreSQL; the same seeded sequences gain nothing from a second full run,
 * so the PostgreSQL pass (where transactions really interleave) gives the full count and the embedded pass
 * the first tenth of the same sequences. `RANDOMISED_RUNS=full` gives the full count on either; a test's own
 * variable (MODEL_RUNS=…) still sets an exact count. A test that asks its sequences to have reached each case
 * it is about asks it of the full count only: a tenth of them may miss a rare one.
 */
export function randomisedRuns(full: number, exact?: string): number {
  if (exact) return Number(exact);
  if (process.env.TEST_DATABASE_URL || process.env.RANDOMISED_RUNS === 'full') return full;
  return Math.max(1, Math.ceil(full * EMBEDDED_PASS_SHARE));
}
