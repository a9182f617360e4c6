import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import {
  DEFAULT_VIDEO_TIMEOUT_MS,
  lastWords,
  localFile,
  probeVideo,
  runTool,
  type VideoToolOptions,
  type VideoUnavailable,
} from './ffmpeg-process';
import {
  MAX_SAMPLES,
  SAMPLES_PER_SECOND,
  type SampledFrame,
  type VideoFingerprint,
} from './fingerprint-comparison';
import { SAMPLE_BYTES, cellsFilter, hashSample } from './frame-hash';

export {
  ORIGINALITY_MATCH_DISTANCE,
  compareFingerprints,
  type FingerprintComparison,
  type SampledFrame,
  type VideoFingerprint,
} from './fingerprint-comparison';
export type { VideoToolOptions, VideoUnavailable } from './ffmpeg-process';
export { posterImage, type PosterImage } from './poster-image';

async function sha256Of(filePath: string): Promise<string> {
  const digest = createHash('sha256');
  await pipeline(createReadStream(filePath), digest);
  return digest.digest('hex');
}

/** Seconds, to the millisecond, so a fingerprint reads the same once stored as JSON. */
const roundedSeconds = (seconds: number) => Math.round(seconds * 1000) / 1000;

async function sampleFrames(
  filePath: string,
  durationSeconds: number,
  ffmpegPath: string,
  timeoutMs: number,
): Promise<SampledFrame[] | VideoUnavailable> {
  const samplesPerSecond = Math.min(SAMPLES_PER_SECOND, MAX_SAMPLES / durationSeconds);
  const run = await runTool(
    ffmpegPath,
    [
      '-nostdin',
      '-v',
      'error',
      '-i',
      localFile(filePath),
      '-an',
      '-sn',
      '-dn',
      '-vf',
      cellsFilter(samplesPerSecond),
      '-frames:v',
      String(MAX_SAMPLES),
      '-f',
      'rawvideo',
      '-pix_fmt',
      'gray',
      'pipe:1',
    ],
    { timeoutMs, maxStdoutBytes: (MAX_SAMPLES + 1) * SAMPLE_BYTES },
  );
  if (run.kind === 'missing') return { kind: 'unavailable', reason: 'ffmpeg-missing', detail: run.detail };
  if (run.kind === 'timeout') return { kind: 'unavailable', reason: 'timeout' };
  const sampleCount = Math.floor(run.stdout.length / SAMPLE_BYTES);
  if (run.code !== 0 || sampleCount === 0) {
    return { kind: 'unavailable', reason: 'not-a-video', detail: lastWords(run.stderr, filePath) };
  }
  return Array.from({ length: sampleCount }, (_, index) => ({
    atSeconds: roundedSeconds(index / samplesPerSecond),
    ...hashSample(run.stdout.subarray(index * SAMPLE_BYTES, (index + 1) * SAMPLE_BYTES)),
  }));
}

/**
 * The fingerprint of an uploaded video: its exact digest and a perceptual hash of frames sampled evenly
 * over its length (SAMPLES_PER_SECOND, at most MAX_SAMPLES), which compareFingerprints matches against
 * re-encoded, cropped and re-voiced copies. Never throws for what the file holds: without ffmpeg, for a
 * file that is not a video, or past `timeoutMs`, it answers why it could not, so the caller can hold the
 * entry for a person. A path that does not exist is the caller's mistake and rejects.
 */
export async function fingerprintVideo(
  filePath: string,
  options: VideoToolOptions = {},
): Promise<VideoFingerprint | VideoUnavailable> {
  const deadline = Date.now() + (options.timeoutMs ?? DEFAULT_VIDEO_TIMEOUT_MS);
  await stat(filePath);
  const probed = await probeVideo(filePath, options.ffprobePath ?? 'ffprobe', deadline - Date.now());
  if (probed.kind === 'unavailable') return probed;
  const [sha256, frames] = await Promise.all([
    sha256Of(filePath),
    sampleFrames(filePath, probed.durationSeconds, options.ffmpegPath ?? 'ffmpeg', deadline - Date.now()),
  ]);
  if (!Array.isArray(frames)) return frames;
  return { kind: 'fingerprint', sha256, durationSeconds: probed.durationSeconds, frames };
}
