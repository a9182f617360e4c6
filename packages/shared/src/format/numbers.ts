import { ABBREVIATION_DEFAULT_DECIMALS, BADGE_MAX_COUNT } from '../rules/constants';

const UNITS = [
  { suffix: '', size: 1 },
  { suffix: 'k', size: 1_000 },
  { suffix: 'm', size: 1_000_000 },
  { suffix: 'b', size: 1_000_000_000 },
] as const;

/**
 * 1500 -> '1.5k', 2000000 -> '2m', 3250000000 -> '3.3b'; below 1,000 the number itself, rounded. Trailing
 * zeros after the point are dropped, and a value that rounds up to the next unit takes it (999,999 -> '1m').
 */
export function abbreviateNumber(n: number, decimals: number = ABBREVIATION_DEFAULT_DECIMALS): string {
  if (!Number.isFinite(n)) return String(n);
  const places = Math.max(0, Math.min(20, Math.trunc(decimals)));
  const magnitude = Math.abs(n);
  const round = (value: number) => Number(value.toFixed(places));
  let index = Math.max(
    0,
    UNITS.findLastIndex((unit) => magnitude >= unit.size),
  );
  let rounded = round(magnitude / UNITS[index]!.size);
  if (rounded >= 1000 && index < UNITS.length - 1) {
    index += 1;
    rounded = round(magnitude / UNITS[index]!.size);
  }
  if (rounded === 0) return '0';
  return `${n < 0 ? '-' : ''}${rounded}${UNITS[index]!.suffix}`;
}

/** A counter badge: '99+' above 99 (SPEC §9), never negative. */
export function formatBadgeCount(n: number): string {
  if (!Number.isFinite(n) || n <= 0) return '0';
  const count = Math.floor(n);
  return count > BADGE_MAX_COUNT ? `${BADGE_MAX_COUNT}+` : String(count);
}

/** 1 -> '1st', 2 -> '2nd', 11 -> '11th': a place on a leaderboard. */
export function ordinal(rank: number): string {
  const tens = rank % 100;
  if (tens >= 11 && tens <= 13) return `${rank}th`;
  const suffix = ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[rank % 10] ?? 'th';
  return `${rank}${suffix}`;
}
