import { rm, stat } from 'node:fs/promises';
import {
  DEFAULT_VIDEO_TIMEOUT_MS,
  lastWords,
  localFile,
  probeVideo,
  runTool,
  type VideoToolOptions,
  type VideoUnavailable,
} from './ffmpeg-process';

export type PosterImage = { kind: 'poster'; path: string; atSeconds: number };

/** An entry card's image is at most this wide; a narrower video keeps its own width. */
export const POSTER_MAX_WIDTH = 640;

/**
 * A video's first second is often a title or black: the poster is taken 10% in, but no earlier than
 * 1 s (and no later than the middle, for a clip shorter than two seconds).
 */
export const posterSeconds = (durationSeconds: number) =>
  Math.min(durationSeconds / 2, Math.max(1, durationSeconds * 0.1));

async function writtenBytes(path: string): Promise<number> {
  return stat(path).then(
    (stats) => stats.size,
    () => 0,
  );
}

/**
 * Writes a JPEG poster frame of the video at `filePath` to `outPath`, for the entry card. Like
 * fingerprintVideo, answers why it could not rather than throwing, and leaves no partial file behind.
 */
export async function posterImage(
  filePath: string,
  outPath: string,
  options: VideoToolOptions = {},
): Promise<PosterImage | VideoUnavailable> {
  const deadline = Date.now() + (options.timeoutMs ?? DEFAULT_VIDEO_TIMEOUT_MS);
  await stat(filePath);
  const probed = await probeVideo(filePath, options.ffprobePath ?? 'ffprobe', deadline - Date.now());
  if (probed.kind === 'unavailable') return probed;
  const atSeconds = Math.round(posterSeconds(probed.durationSeconds) * 1000) / 1000;
  const run = await runTool(
    options.ffmpegPath ?? 'ffmpeg',
    [
      '-nostdin',
      '-v',
      'error',
      '-ss',
      String(atSeconds),
      '-i',
      localFile(filePath),
      '-an',
      '-sn',
      '-dn',
      '-frames:v',
      '1',
      '-vf',
      `scale='min(${POSTER_MAX_WIDTH},iw)':-2`,
      '-q:v',
      '3',
      '-f',
      'image2',
      '-c:v',
      'mjpeg',
      '-update',
      '1',
      '-y',
      localFile(outPath),
    ],
    { timeoutMs: deadline - Date.now(), maxStdoutBytes: 1_000_000 },
  );
  if (run.kind === 'missing') return { kind: 'unavailable', reason: 'ffmpeg-missing', detail: run.detail };
  if (run.kind === 'exited' && run.code === 0 && (await writtenBytes(outPath)) > 0) {
    return { kind: 'poster', path: outPath, atSeconds };
  }
  await rm(outPath, { force: true });
  if (run.kind === 'timeout') return { kind: 'unavailable', reason: 'timeout' };
  return { kind: 'unavailable', reason: 'not-a-video', detail: lastWords(run.stderr, filePath) };
}
