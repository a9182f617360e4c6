const UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/**
 * 512 → '512 B', 1536 → '1.5 KB', 262144000 → '250 MB'. Binary multiples, as the upload limit is
 * counted (UPLOAD_MAX_BYTES is 250 × 1024 × 1024).
 */
export function formatFileSize(bytes: number): string {
  let size = Math.max(0, bytes);
  let unit = 0;
  while (size >= 1024 && unit < UNITS.length - 1) {
    size /= 1024;
    unit += 1;
  }
  const digits = unit === 0 ? 0 : 1;
  return `${Number(size.toFixed(digits))} ${UNITS[unit]}`;
}
