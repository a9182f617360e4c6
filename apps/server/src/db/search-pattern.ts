/**
 * The LIKE/ILIKE pattern that finds `text` anywhere in a column: `%` and `_` in what a person typed are
 * letters, not wildcards (nor is a backslash an escape).
 */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
