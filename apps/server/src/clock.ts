/** Time comes from here so that expiry rules can be tested without waiting. */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };
