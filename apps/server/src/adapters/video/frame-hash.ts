/**
 * Difference hashes (dHash) of sampled frames. ffmpeg shrinks each frame to 9×8 grey cells (averaging every
 * pixel of a cell); bit n says whether a cell is darker than its right-hand neighbour. The hash follows the
 * picture's coarse layout, so it survives re-encoding, another resolution, colour and brightness changes,
 * and a new sound track. A crop zooms the layout, so each frame is hashed twice: whole, and its centre
 * CENTRE_SHARE of the width and height, which is what a copy cropped by 8% on each edge shows whole.
 */
export const HASH_COLUMNS = 9;
export const HASH_ROWS = 8;
export const CENTRE_SHARE = 0.84;

/** ffmpeg puts the whole frame's cells and the centre's side by side: one row of both per hash row. */
export const SAMPLE_ROW_BYTES = HASH_COLUMNS * 2;
export const SAMPLE_BYTES = SAMPLE_ROW_BYTES * HASH_ROWS;

/**
 * The ffmpeg filter that turns each sampled frame into SAMPLE_BYTES grey cells: the whole frame's 9×8
 * beside its centre's.
 */
export function cellsFilter(samplesPerSecond: number): string {
  const cells = `scale=${HASH_COLUMNS}:${HASH_ROWS}:flags=area`;
  return (
    `fps=${samplesPerSecond},split[whole][middle];[whole]${cells}[w];` +
    `[middle]crop=iw*${CENTRE_SHARE}:ih*${CENTRE_SHARE},${cells}[c];` +
    `[w][c]hstack=inputs=2,format=gray`
  );
}

function differenceHash(sample: Uint8Array, firstColumn: number): string {
  let hex = '';
  for (let row = 0; row < HASH_ROWS; row += 1) {
    let byte = 0;
    for (let column = 0; column < HASH_COLUMNS - 1; column += 1) {
      const at = row * SAMPLE_ROW_BYTES + firstColumn + column;
      byte = (byte << 1) | ((sample[at] ?? 0) < (sample[at + 1] ?? 0) ? 1 : 0);
    }
    hex += byte.toString(16).padStart(2, '0');
  }
  return hex;
}

/** The 64-bit hashes (16 hex digits) of one sample: the whole frame and its centre. */
export function hashSample(sample: Uint8Array): { hash: string; centreHash: string } {
  return { hash: differenceHash(sample, 0), centreHash: differenceHash(sample, HASH_COLUMNS) };
}

/** A hash as two 32-bit halves, so Hamming distances need no BigInt. */
export type HashHalves = readonly [number, number];

export function halvesOf(hex: string): HashHalves {
  return [Number.parseInt(hex.slice(0, 8), 16) >>> 0, Number.parseInt(hex.slice(8, 16), 16) >>> 0];
}

function bitCount(value: number): number {
  let bits = value - ((value >>> 1) & 0x55555555);
  bits = (bits & 0x33333333) + ((bits >>> 2) & 0x33333333);
  return (((bits + (bits >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** How many of the 64 bits differ, as a share: 0 the same layout, about 0.5 for unrelated pictures. */
export function hashDistance(a: HashHalves, b: HashHalves): number {
  return (bitCount((a[0] ^ b[0]) >>> 0) + bitCount((a[1] ^ b[1]) >>> 0)) / 64;
}

/**
 * A uniform picture (black, white, one colour) has no cell darker than its neighbour: its hash is all
 * zeros whatever the video, so it says nothing about which video it came from.
 */
export const isFlat = (halves: HashHalves) => halves[0] === 0 && halves[1] === 0;
