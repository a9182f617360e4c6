import type { SampledFrame } from '../../adapters/video/video-fingerprint';
import type { FrameBand } from './originality.repository';

/** A frame hash's 64 bits are kept as four bands of 16: two hashes within three bits share at least one. */
const BANDS_PER_HASH = 4;
const HEX_DIGITS_PER_BAND = 4;

/**
 * The bands of every sampled frame's whole and centre hash, once each. A band of zeros is a uniform strip
 * (black bars, a flat sky) that every such video shares, so it finds nothing and is left out.
 */
export function frameBands(frames: readonly SampledFrame[]): FrameBand[] {
  const seen = new Set<string>();
  const bands: FrameBand[] = [];
  for (const frame of frames) {
    for (const hash of [frame.hash, frame.centreHash]) {
      for (let band = 0; band < BANDS_PER_HASH; band += 1) {
        const value = Number.parseInt(
          hash.slice(band * HEX_DIGITS_PER_BAND, (band + 1) * HEX_DIGITS_PER_BAND),
          16,
        );
        const key = `${band}:${value}`;
        if (value === 0 || Number.isNaN(value) || seen.has(key)) continue;
        seen.add(key);
        bands.push({ band, value });
      }
    }
  }
  return bands;
}
