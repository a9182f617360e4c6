import { halvesOf, hashDistance, isFlat, type HashHalves } from './frame-hash';

export type SampledFrame = {
  /** Seconds from the start of the video to the sampled frame. */
  atSeconds: number;
  /** dHash of the whole frame: 16 hex digits. */
  hash: string;
  /** dHash of the frame's centre (what a cropped copy shows whole): 16 hex digits. */
  centreHash: string;
};

export type VideoFingerprint = {
  kind: 'fingerprint';
  /** SHA-256 of the file's bytes, hex: equal only for the very same file. */
  sha256: string;
  durationSeconds: number;
  /** Evenly spaced samples, in time order. */
  frames: SampledFrame[];
};

export type FingerprintComparison = {
  /** The very same file. */
  exact: boolean;
  /**
   * 0 for the same pictures, about 0.4 to 0.5 for unrelated ones (half of a hash's bits differ by
   * chance); 1 when no alignment of the two leaves a frame worth comparing (too little overlap, or only
   * uniform frames such as black).
   */
  distance: number;
  /** Frames of the best alignment whose pictures match on their own. */
  matchedFrames: number;
};

/** How many frames a second are sampled, until a long video's samples reach the cap below. */
export const SAMPLES_PER_SECOND = 2;
/**
 * At most this many samples per video, spread over its whole length: a longer video is sampled more
 * sparsely, so a fingerprint stays small and a comparison costs the same for a ten-minute video as for
 * a two-minute one.
 */
export const MAX_SAMPLES = 240;

/**
 * An upload this close to another video is held for review as a possible copy. Measured on the test's
 * clips, against a 10 s `testsrc2` at 320×240 with a 440 Hz tone: the same clip re-encoded as MPEG-4
 * Part 2 at 150 kb/s and 480×360 is at 0.001, as VP9 at 100 kb/s without sound 0.000, cropped by 8% on
 * every edge, scaled back and given noise for sound 0.002, its middle 4 s cut 0.3 s off the sample grid
 * 0.009, and cropped 10% off the left and top only (not scaled back, another tone) 0.137, the hardest
 * copy; unrelated clips are at 0.440 (`mandelbrot`) and 0.474 (`life`). Other sources measured the same
 * way: SMPTE bars 0.39, `gradients` 0.40, `cellauto` 0.43, and the closest unrelated one, `rgbtestsrc`
 * (left-to-right gradients like the original's bars), 0.26. Copies of a moving `mandelbrot` stay under
 * 0.09. Not matched: a crop of 20% off one corner (0.27) and a mirrored copy (0.96).
 */
export const ORIGINALITY_MATCH_DISTANCE = 0.2;

/** One pair of frames counts as matched when no more than 10 of its 64 bits differ. */
const FRAME_MATCH_DISTANCE = 10 / 64;
/** An alignment must overlap at least this share of the shorter video to say anything about it. */
const MIN_OVERLAP_SHARE = 0.8;

type Track = {
  times: number[];
  whole: HashHalves[];
  centre: HashHalves[];
  spacing: number;
  durationSeconds: number;
};

function trackOf(fingerprint: Pick<VideoFingerprint, 'durationSeconds' | 'frames'>): Track {
  const times = fingerprint.frames.map((frame) => frame.atSeconds);
  const spacing =
    times.length > 1 ? (times.at(-1)! - times[0]!) / (times.length - 1) : 1 / SAMPLES_PER_SECOND;
  return {
    times,
    whole: fingerprint.frames.map((frame) => halvesOf(frame.hash)),
    centre: fingerprint.frames.map((frame) => halvesOf(frame.centreHash)),
    spacing,
    durationSeconds: fingerprint.durationSeconds,
  };
}

/** The first index whose time is at or after `target` (the length when none is). */
function firstAtOrAfter(times: number[], target: number): number {
  let low = 0;
  let high = times.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (times[middle]! < target) low = middle + 1;
    else high = middle;
  }
  return low;
}

function nearestIndex(times: number[], target: number): number {
  const after = Math.min(firstAtOrAfter(times, target), times.length - 1);
  if (after > 0 && Math.abs(times[after - 1]! - target) <= Math.abs(times[after]! - target)) return after - 1;
  return after;
}

/** Whole against whole, and each whole against the other's centre, in case either is a cropped copy. */
function pairDistance(a: Track, i: number, b: Track, j: number): number {
  return Math.min(
    hashDistance(a.whole[i]!, b.whole[j]!),
    hashDistance(a.whole[i]!, b.centre[j]!),
    hashDistance(a.centre[i]!, b.whole[j]!),
  );
}

type Alignment = { inRange: number; compared: number; sum: number; matched: number };

function align(probe: Track, target: Track, offset: number): Alignment {
  const alignment: Alignment = { inRange: 0, compared: 0, sum: 0, matched: 0 };
  const tolerance = target.spacing / 2 + 1e-6;
  // Only the probe's frames that land within the target are visited: a short clip against a long
  // video is then as cheap at every shift as two clips.
  const first = firstAtOrAfter(probe.times, target.times[0]! - offset - tolerance);
  for (let i = first; i < probe.times.length; i += 1) {
    const at = probe.times[i]! + offset;
    if (at > target.times.at(-1)! + tolerance) break;
    const j = nearestIndex(target.times, at);
    if (Math.abs(target.times[j]! - at) > tolerance) continue;
    alignment.inRange += 1;
    if (isFlat(probe.whole[i]!) || isFlat(target.whole[j]!)) continue;
    const distance = pairDistance(probe, i, target, j);
    alignment.compared += 1;
    alignment.sum += distance;
    if (distance <= FRAME_MATCH_DISTANCE) alignment.matched += 1;
  }
  return alignment;
}

/**
 * How alike two videos' pictures are, whatever their sound: the mean distance of the frames of the best
 * alignment in time, so a clip cut from anywhere in a longer video is found where it sits. The sparser
 * sampled video's frames are each paired with the nearest frame of the other, at every shift of half the
 * finer sample spacing.
 */
export function compareFingerprints(
  a: Pick<VideoFingerprint, 'sha256' | 'durationSeconds' | 'frames'>,
  b: Pick<VideoFingerprint, 'sha256' | 'durationSeconds' | 'frames'>,
): FingerprintComparison {
  const exact = a.sha256 === b.sha256;
  if (a.frames.length === 0 || b.frames.length === 0) {
    return { exact, distance: exact ? 0 : 1, matchedFrames: 0 };
  }
  const [first, second] = [trackOf(a), trackOf(b)];
  const firstIsProbe =
    first.spacing > second.spacing ||
    (first.spacing === second.spacing && first.times.length <= second.times.length);
  const [probe, target] = firstIsProbe ? [first, second] : [second, first];
  const shorterSeconds = Math.min(probe.durationSeconds, target.durationSeconds);
  const expected = Math.min(probe.times.length, Math.floor(shorterSeconds / probe.spacing));
  const required = Math.max(1, Math.ceil(expected * MIN_OVERLAP_SHARE));
  const step = Math.min(probe.spacing, target.spacing) / 2;
  const earliest = target.times[0]! - probe.times.at(-1)!;
  const shifts = Math.ceil((target.times.at(-1)! - probe.times[0]! - earliest) / step);
  let best = { distance: 1, matchedFrames: 0 };
  for (let shift = 0; shift <= shifts; shift += 1) {
    const alignment = align(probe, target, earliest + shift * step);
    if (alignment.inRange < required || alignment.compared === 0) continue;
    const distance = alignment.sum / alignment.compared;
    if (distance < best.distance) best = { distance, matchedFrames: alignment.matched };
  }
  return { exact, distance: exact ? 0 : best.distance, matchedFrames: best.matchedFrames };
}
