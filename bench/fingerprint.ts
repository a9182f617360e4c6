// Video fingerprint cost, run by hand (`npm run bench`). A 60 s 1280×720 H.264 clip at 30 frames a second
// with an AAC tone (made here with ffmpeg, as a phone's upload would be) is fingerprinted several times
// (ffprobe, then ffmpeg decoding every frame and shrinking two a second to the hashes' grey cells, and the
// file's SHA-256 beside it), in alternating rounds with ffmpeg alone decoding the same picture to nothing,
// which is the least any fingerprint of every frame can cost: their ratio means something on any machine.
// Then the poster image, and one comparison of two such fingerprints.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  compareFingerprints,
  fingerprintVideo,
  posterImage,
  type VideoFingerprint,
} from '../apps/server/src/adapters/video/video-fingerprint';
import { median } from './support';

const ROUNDS = Number(process.env.BENCH_FINGERPRINT_ROUNDS ?? 5);
const CLIP_SECONDS = 60;
const run = promisify(execFile);

async function seconds(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return (performance.now() - started) / 1000;
}

const perMinute = (elapsedSeconds: number) => (elapsedSeconds * 60) / CLIP_SECONDS;

const folder = await mkdtemp(join(tmpdir(), 'bench-fingerprint-'));
try {
  const clip = join(folder, 'clip.mp4');
  const made = await seconds(() =>
    run('ffmpeg', [
      ...['-nostdin', '-v', 'error', '-y'],
      ...['-f', 'lavfi', '-i', `testsrc2=size=1280x720:rate=30:duration=${CLIP_SECONDS}`],
      ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${CLIP_SECONDS}`],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', clip],
    ]),
  );
  const decodeOnly = () => run('ffmpeg', ['-nostdin', '-v', 'error', '-i', clip, '-an', '-f', 'null', '-']);
  let fingerprint: VideoFingerprint | undefined;
  const fingerprintOnce = async () => {
    const answer = await fingerprintVideo(clip);
    if (answer.kind !== 'fingerprint') throw new Error(`no fingerprint: ${JSON.stringify(answer)}`);
    fingerprint = answer;
  };
  await decodeOnly();
  const baseline: number[] = [];
  const fingerprinting: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    baseline.push(await seconds(decodeOnly));
    fingerprinting.push(await seconds(fingerprintOnce));
  }
  const ratios = fingerprinting.map((elapsed, round) => elapsed / baseline[round]!);
  const poster = await seconds(() => posterImage(clip, join(folder, 'poster.jpg')));
  const comparing = await seconds(async () => compareFingerprints(fingerprint!, fingerprint!));

  console.log(
    `\n== Video fingerprint, ${CLIP_SECONDS} s of 1280×720 H.264 at 30 fps (made in ${made.toFixed(1)} s)`,
  );
  console.log(`  ${ROUNDS} alternating rounds, ${fingerprint!.frames.length} frames sampled`);
  console.log(
    `  fingerprintVideo:             ${perMinute(median(fingerprinting)).toFixed(2)} s per minute of video`,
  );
  console.log(
    `  ffmpeg decoding it to null:   ${perMinute(median(baseline)).toFixed(2)} s per minute of video`,
  );
  console.log(`  fingerprint / decode ratio (median): ${median(ratios).toFixed(2)}`);
  console.log(
    `  posterImage: ${(poster * 1000).toFixed(0)} ms; compareFingerprints of two: ${(comparing * 1000).toFixed(1)} ms`,
  );
} finally {
  await rm(folder, { recursive: true, force: true });
}
