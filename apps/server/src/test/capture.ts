import { Writable } from 'node:stream';

// What tests catch to look at: a logger's lines, and the error a call failed with.

/** A stream that keeps everything written to it (a logger's lines) in `lines`, as text. */
export function collectInto(lines: string[]): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(chunk.toString());
      callback();
    },
  });
}

/** The error `promise` fails with; the test fails if it succeeds or fails with something else. */
export async function rejectionOf(promise: Promise<unknown>): Promise<Error> {
  const outcome = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  if (!(outcome instanceof Error)) throw new Error('expected the call to fail');
  return outcome;
}

/** A logger that keeps its warnings (the tax checkers log nothing else), to look for what leaked. */
export function capturingLogger() {
  const entries: { obj: object; msg: string }[] = [];
  return { entries, warn: (obj: object, msg: string) => void entries.push({ obj, msg }) };
}
