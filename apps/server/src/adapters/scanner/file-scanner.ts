import type { Readable } from 'node:stream';

// The port through which uploaded files are checked for viruses (DESIGN §3 files, §10 ClamAV): clamd over
// TCP when it is configured, otherwise nothing, and then every file says plainly that it was not scanned.

/** Why a scan gave no verdict on the file. None of these means the file is clean. */
export type ScanFailureKind =
  /** clamd could not be reached (refused, no route, unknown host), or the connection broke before its answer. */
  | 'connection'
  /** Connecting, sending or the answer took longer than the scanner's time-out. */
  | 'timeout'
  /**
   * clamd would not scan all of the file: larger than its StreamMaxLength (it stops reading), or over one
   * of its scan limits (MaxFileSize, MaxScanSize, MaxRecursion…), which it reports, with AlertExceedsMax,
   * as `Heuristics.Limits.Exceeded.*`.
   */
  | 'over-limit'
  /** clamd answered with an error of its own (`… ERROR`). */
  | 'scanner-error'
  /** The answer was not one clamd gives to INSTREAM. */
  | 'unexpected-answer'
  /** The file itself could not be read (the stream handed to `scan` failed). */
  | 'unreadable-file';

/**
 * What a scan found. Only CLEAN says that a scanner looked at every byte and found nothing; FAILED and
 * NOT_SCANNED must never be shown or stored as clean: CLEAN alone may become an asset's `scanned: true`.
 */
export type ScanVerdict =
  | { outcome: 'CLEAN' }
  /** `signature`: the scanner's name for what it found, e.g. `Eicar-Test-Signature.UNOFFICIAL`. */
  | { outcome: 'THREATS_FOUND'; signature: string }
  /** `reason`: one line for the log and staff, never shown to a creator as it is. */
  | { outcome: 'FAILED'; kind: ScanFailureKind; reason: string }
  /** No scanner is configured on this server. */
  | { outcome: 'NOT_SCANNED'; reason: string };

export interface FileScanner {
  readonly name: 'clamd' | 'none';
  /** False when no scanner is configured: every scan then answers NOT_SCANNED. */
  readonly configured: boolean;
  /**
   * Scans one file. Never throws: anything that stops the scan is a FAILED verdict (logged). A stream
   * handed over is the scanner's: read to its end, or destroyed when the scan stops before that (a
   * time-out, clamd refusing the rest) or when there is no scanner to read it.
   */
  scan(body: Readable | Buffer): Promise<ScanVerdict>;
}

/** What the scanner writes to the log (failures only); the app's pino logger fits. */
export type ScannerLogger = { warn(details: object, message: string): void };

export const silentScannerLogger: ScannerLogger = { warn: () => {} };
