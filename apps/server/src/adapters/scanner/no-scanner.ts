import type { Readable } from 'node:stream';
import type { FileScanner } from './file-scanner';

export const NOT_SCANNED_REASON =
  'No virus scanner is configured on this server (no clamd): the file was not scanned.';

/**
 * The offline default when no clamd is configured: it says so rather than pretending to scan, and never
 * answers CLEAN. A stream handed to it is destroyed unread (callers may check `configured` first and
 * not open one).
 */
export function createNoScanner(): FileScanner {
  return {
    name: 'none',
    configured: false,
    async scan(body: Readable | Buffer) {
      if (!Buffer.isBuffer(body)) body.destroy();
      return { outcome: 'NOT_SCANNED', reason: NOT_SCANNED_REASON };
    },
  };
}
