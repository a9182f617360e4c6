import { spawn } from 'node:child_process';

/**
 * Why a video could not be read. The caller holds the entry for a person rather than guessing:
 * `ffmpeg-missing` (the binaries are not installed or not runnable), `not-a-video` (no picture ffmpeg
 * can decode, or a still image) and `timeout` (the file took longer than the time allowed).
 */
export type VideoUnavailable = {
  kind: 'unavailable';
  reason: 'ffmpeg-missing' | 'not-a-video' | 'timeout';
  /** ffmpeg's own last words, for the operator's log; never shown to the creator. */
  detail?: string;
};

export type VideoToolOptions = {
  /** Defaults to `ffmpeg` on the PATH; Debian installs it at /usr/bin/ffmpeg. */
  ffmpegPath?: string;
  /** Defaults to `ffprobe` on the PATH. */
  ffprobePath?: string;
  /** The whole job's budget, probing included; defaults to five minutes. */
  timeoutMs?: number;
};

export const DEFAULT_VIDEO_TIMEOUT_MS = 5 * 60_000;

export type ToolRun =
  | { kind: 'exited'; code: number | null; stdout: Buffer; stderr: string }
  | { kind: 'missing'; detail: string }
  | { kind: 'timeout' };

/** ffmpeg repeats itself on a damaged file; the end of what it said is what explains the failure. */
const STDERR_KEPT_CHARS = 2_000;

/**
 * Runs an ffmpeg binary without a shell, collecting standard output up to `maxStdoutBytes` (the run is
 * stopped past that, so a surprising file cannot fill the memory), and killing it at `timeoutMs`.
 */
export function runTool(
  command: string,
  args: string[],
  limits: { timeoutMs: number; maxStdoutBytes: number },
): Promise<ToolRun> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    let stdoutBytes = 0;
    let stderr = '';
    let settled = false;
    const settle = (run: ToolRun) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(run);
    };
    const timer = setTimeout(
      () => {
        child.kill('SIGKILL');
        settle({ kind: 'timeout' });
      },
      Math.max(1, limits.timeoutMs),
    );
    child.stdout.on('data', (chunk: Buffer) => {
      stdoutBytes += chunk.length;
      if (stdoutBytes > limits.maxStdoutBytes) {
        child.kill('SIGKILL');
        return;
      }
      chunks.push(chunk);
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (text: string) => {
      stderr = (stderr + text).slice(-STDERR_KEPT_CHARS);
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      const notRunnable = error.code === 'ENOENT' || error.code === 'EACCES';
      settle(
        notRunnable
          ? { kind: 'missing', detail: `${command}: ${error.code}` }
          : { kind: 'exited', code: null, stdout: Buffer.alloc(0), stderr: error.message },
      );
    });
    child.on('close', (code) => {
      settle({ kind: 'exited', code, stdout: Buffer.concat(chunks), stderr: stderr.trim() });
    });
  });
}

/** Reads a path as a local file, never as a URL or one of ffmpeg's protocols (`concat:`, `http:`). */
export const localFile = (filePath: string) => `file:${filePath}`;

/** The last line ffmpeg wrote, without the path it was given (it can hold a creator's name). */
export function lastWords(stderr: string, filePath: string): string {
  const lines = stderr.split('\n').filter((line) => line.trim() !== '');
  return (lines.at(-1) ?? '').replaceAll(localFile(filePath), 'the file').replaceAll(filePath, 'the file');
}

export type ProbedVideo = { kind: 'video'; durationSeconds: number };

type ProbeOutput = {
  streams?: { codec_type?: string; disposition?: { attached_pic?: number } }[];
  format?: { duration?: string };
};

/**
 * Asks ffprobe whether the file has a moving picture and how long it lasts. A still image (no duration),
 * a sound file, or a sound file whose only picture is its cover art is not a video.
 */
export async function probeVideo(
  filePath: string,
  ffprobePath: string,
  timeoutMs: number,
): Promise<ProbedVideo | VideoUnavailable> {
  const run = await runTool(
    ffprobePath,
    [
      '-v',
      'error',
      '-show_entries',
      'format=duration:stream=codec_type:stream_disposition=attached_pic',
      '-of',
      'json',
      localFile(filePath),
    ],
    { timeoutMs, maxStdoutBytes: 1_000_000 },
  );
  if (run.kind === 'missing') return { kind: 'unavailable', reason: 'ffmpeg-missing', detail: run.detail };
  if (run.kind === 'timeout') return { kind: 'unavailable', reason: 'timeout' };
  if (run.code !== 0) {
    return { kind: 'unavailable', reason: 'not-a-video', detail: lastWords(run.stderr, filePath) };
  }
  let probed: ProbeOutput;
  try {
    probed = JSON.parse(run.stdout.toString('utf8')) as ProbeOutput;
  } catch {
    return {
      kind: 'unavailable',
      reason: 'not-a-video',
      detail: 'ffprobe answered something other than JSON',
    };
  }
  const moving = (probed.streams ?? []).some(
    (stream) => stream.codec_type === 'video' && stream.disposition?.attached_pic !== 1,
  );
  const durationSeconds = Number(probed.format?.duration);
  if (!moving || !Number.isFinite(durationSeconds) || durationSeconds <= 0) {
    return { kind: 'unavailable', reason: 'not-a-video', detail: 'no moving picture' };
  }
  return { kind: 'video', durationSeconds };
}
