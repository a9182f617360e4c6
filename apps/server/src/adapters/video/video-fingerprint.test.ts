import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFile, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ORIGINALITY_MATCH_DISTANCE,
  compareFingerprints,
  fingerprintVideo,
  posterImage,
  type VideoFingerprint,
} from './video-fingerprint';
import { MAX_SAMPLES } from './fingerprint-comparison';

const run = promisify(execFile);
const ffmpeg = (...args: string[]) => run('ffmpeg', ['-nostdin', '-v', 'error', '-y', ...args]);
const x264 = ['-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p'];

let folder: string;
const at = (name: string) => join(folder, name);

/** The original: 10 s of `testsrc2` (colour bars, a moving band, a running clock) with a 440 Hz tone. */
async function makeClips(): Promise<void> {
  await ffmpeg(
    ...['-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25:duration=10'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=10'],
    ...x264,
    ...['-c:a', 'aac', '-shortest', at('original.mp4')],
  );
  const lavfi = (source: string, name: string, extra: string[] = []) =>
    ffmpeg('-f', 'lavfi', '-i', source, '-t', '10', ...extra, ...x264, at(name));
  await Promise.all([
    copyFile(at('original.mp4'), at('same-file.mp4')),
    ffmpeg(
      '-i',
      at('original.mp4'),
      '-c:v',
      'mpeg4',
      '-b:v',
      '150k',
      '-s',
      '480x360',
      '-c:a',
      'copy',
      at('mpeg4.mp4'),
    ),
    ffmpeg(
      ...['-i', at('original.mp4'), '-an', '-c:v', 'libvpx-vp9', '-b:v', '100k'],
      ...['-deadline', 'realtime', '-cpu-used', '8', at('vp9.webm')],
    ),
    ffmpeg(
      ...['-i', at('original.mp4'), '-f', 'lavfi', '-i', 'anoisesrc=duration=10:amplitude=0.3'],
      ...['-map', '0:v', '-map', '1:a', '-vf', 'crop=iw*0.84:ih*0.84,scale=320:240'],
      ...[...x264, '-crf', '30', '-c:a', 'aac', '-shortest', at('cropped-new-sound.mp4')],
    ),
    ffmpeg(
      ...['-i', at('original.mp4'), '-f', 'lavfi', '-i', 'sine=frequency=880:duration=10'],
      ...['-map', '0:v', '-map', '1:a', '-vf', 'crop=iw*0.9:ih*0.9:iw*0.1:ih*0.1'],
      ...[...x264, '-c:a', 'aac', '-shortest', at('corner-cropped.mp4')],
    ),
    ffmpeg('-ss', '3.3', '-i', at('original.mp4'), '-t', '4', ...x264, '-c:a', 'aac', at('middle.mp4')),
    lavfi('mandelbrot=size=320x240:rate=25', 'mandelbrot.mp4'),
    lavfi('life=size=320x240:rate=25:mold=10:ratio=0.5:life_color=#00ff00', 'life.mp4'),
    lavfi('testsrc2=size=1280x720:rate=25', 'wide.mp4', ['-t', '3']),
    lavfi('testsrc2=size=64x48:rate=4', 'long.mp4', ['-t', '150']).then(() =>
      ffmpeg('-ss', '61.3', '-i', at('long.mp4'), '-t', '10', ...x264, at('long-cut.mp4')),
    ),
    ffmpeg('-f', 'lavfi', '-i', 'testsrc2=size=320x240', '-frames:v', '1', '-update', '1', at('still.png')),
    ffmpeg('-f', 'lavfi', '-i', 'sine=frequency=440:duration=2', at('tone.mp3')),
    writeFile(at('notes.txt'), 'Not a video, whatever its name says.\n'),
  ]);
}

const fingerprints = new Map<string, VideoFingerprint>();
async function fingerprintOf(name: string): Promise<VideoFingerprint> {
  const known = fingerprints.get(name);
  if (known) return known;
  const fingerprint = await fingerprintVideo(at(name));
  if (fingerprint.kind !== 'fingerprint') throw new Error(`${name}: ${JSON.stringify(fingerprint)}`);
  fingerprints.set(name, fingerprint);
  return fingerprint;
}
const againstOriginal = async (name: string) =>
  compareFingerprints(await fingerprintOf('original.mp4'), await fingerprintOf(name));

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'video-fingerprint-'));
  await makeClips();
}, 60_000);
afterAll(async () => {
  if (folder) await rm(folder, { recursive: true, force: true });
});

describe('fingerprinting a video', () => {
  it('samples two frames a second with 64-bit hashes and digests the whole file', async () => {
    const fingerprint = await fingerprintOf('original.mp4');
    expect(fingerprint.durationSeconds).toBeCloseTo(10, 1);
    expect(fingerprint.frames).toHaveLength(20);
    expect(fingerprint.frames.slice(0, 3).map((frame) => frame.atSeconds)).toEqual([0, 0.5, 1]);
    for (const frame of fingerprint.frames) {
      expect(frame.hash).toMatch(/^[0-9a-f]{16}$/);
      expect(frame.centreHash).toMatch(/^[0-9a-f]{16}$/);
    }
    const bytes = await readFile(at('original.mp4'));
    expect(fingerprint.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
  });

  it('spreads at most MAX_SAMPLES frames over a long video', async () => {
    const fingerprint = await fingerprintOf('long.mp4');
    expect(fingerprint.frames.length).toBeLessThanOrEqual(MAX_SAMPLES);
    expect(fingerprint.frames.length).toBeGreaterThan(MAX_SAMPLES - 5);
    expect(fingerprint.frames.at(-1)!.atSeconds).toBeGreaterThan(140);
  });
});

describe('comparing fingerprints', () => {
  it('calls only the very same file exact', async () => {
    expect(await againstOriginal('same-file.mp4')).toMatchObject({ exact: true, distance: 0 });
    expect((await againstOriginal('mpeg4.mp4')).exact).toBe(false);
  });

  it.each([
    ['re-encoded as MPEG-4 at 150 kb/s and 480×360', 'mpeg4.mp4'],
    ['re-encoded as VP9 at 100 kb/s without sound', 'vp9.webm'],
    ['cropped 8% on every edge, scaled back, with noise for sound', 'cropped-new-sound.mp4'],
    ['cropped 10% off the left and top, with another tone', 'corner-cropped.mp4'],
    ['its middle 4 s, cut between two samples', 'middle.mp4'],
  ])('matches the original %s', async (_, name) => {
    const comparison = await againstOriginal(name);
    expect(comparison.exact).toBe(false);
    expect(comparison.distance).toBeLessThan(ORIGINALITY_MATCH_DISTANCE);
    expect(comparison.matchedFrames).toBeGreaterThanOrEqual(7);
  });

  it('finds a 10 s cut of a long video sampled more sparsely than the cut', async () => {
    const comparison = compareFingerprints(
      await fingerprintOf('long.mp4'),
      await fingerprintOf('long-cut.mp4'),
    );
    expect(comparison.distance).toBeLessThan(ORIGINALITY_MATCH_DISTANCE);
    expect(comparison.matchedFrames).toBeGreaterThanOrEqual(12);
  });

  it('finds the same distance whichever video comes first', async () => {
    const forth = await againstOriginal('middle.mp4');
    const back = compareFingerprints(await fingerprintOf('middle.mp4'), await fingerprintOf('original.mp4'));
    expect(back).toEqual(forth);
  });

  it.each([['mandelbrot.mp4'], ['life.mp4']])('does not match an unrelated clip (%s)', async (name) => {
    const comparison = await againstOriginal(name);
    expect(comparison.exact).toBe(false);
    expect(comparison.distance).toBeGreaterThan(ORIGINALITY_MATCH_DISTANCE * 1.5);
  });

  it('leaves uniform frames out and calls two pictureless videos incomparable, not alike', () => {
    const black = (sha256: string): VideoFingerprint => ({
      kind: 'fingerprint',
      sha256,
      durationSeconds: 2,
      frames: [0, 0.5, 1, 1.5].map((atSeconds) => ({
        atSeconds,
        hash: '0000000000000000',
        centreHash: '0000000000000000',
      })),
    });
    expect(compareFingerprints(black('a'), black('b'))).toEqual({
      exact: false,
      distance: 1,
      matchedFrames: 0,
    });
  });
});

describe('when the file cannot be fingerprinted', () => {
  it.each([['notes.txt'], ['still.png'], ['tone.mp3']])('answers not-a-video for %s', async (name) => {
    expect(await fingerprintVideo(at(name))).toMatchObject({ kind: 'unavailable', reason: 'not-a-video' });
  });

  it('answers ffmpeg-missing when ffprobe or ffmpeg cannot be run', async () => {
    const missing = join(folder, 'no-such-dir', 'ffmpeg');
    expect(await fingerprintVideo(at('original.mp4'), { ffprobePath: missing })).toMatchObject({
      kind: 'unavailable',
      reason: 'ffmpeg-missing',
    });
    expect(await fingerprintVideo(at('original.mp4'), { ffmpegPath: missing })).toMatchObject({
      kind: 'unavailable',
      reason: 'ffmpeg-missing',
    });
  });

  it('answers timeout when the time allowed runs out', async () => {
    expect(await fingerprintVideo(at('original.mp4'), { timeoutMs: 1 })).toEqual({
      kind: 'unavailable',
      reason: 'timeout',
    });
  });

  it('rejects a path that does not exist, which is the caller’s mistake', async () => {
    await expect(fingerprintVideo(at('never-uploaded.mp4'))).rejects.toThrow(/ENOENT/);
  });
});

async function dimensionsOf(path: string): Promise<string> {
  const probed = await run('ffprobe', [
    ...['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=codec_name,width,height'],
    ...['-of', 'csv=p=0', path],
  ]);
  return probed.stdout.trim();
}

describe('the poster image', () => {
  it('writes a JPEG of a 720p video scaled to 640 px wide, taken 1 s in', async () => {
    const poster = await posterImage(at('wide.mp4'), at('wide.jpg'));
    expect(poster).toEqual({ kind: 'poster', path: at('wide.jpg'), atSeconds: 1 });
    const bytes = await readFile(at('wide.jpg'));
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(await dimensionsOf(at('wide.jpg'))).toBe('mjpeg,640,360');
  });

  it('keeps a narrower video’s own width', async () => {
    expect(await posterImage(at('original.mp4'), at('original.jpg'))).toMatchObject({ kind: 'poster' });
    expect(await dimensionsOf(at('original.jpg'))).toBe('mjpeg,320,240');
  });

  it('answers not-a-video for a text file and writes nothing', async () => {
    expect(await posterImage(at('notes.txt'), at('notes.jpg'))).toMatchObject({
      kind: 'unavailable',
      reason: 'not-a-video',
    });
    await expect(stat(at('notes.jpg'))).rejects.toThrow(/ENOENT/);
  });

  it('answers ffmpeg-missing when ffmpeg cannot be run', async () => {
    const missing = join(folder, 'no-such-dir', 'ffmpeg');
    expect(await posterImage(at('original.mp4'), at('none.jpg'), { ffmpegPath: missing })).toMatchObject({
      kind: 'unavailable',
      reason: 'ffmpeg-missing',
    });
  });
});
