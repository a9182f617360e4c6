/** The page a list's `?page=` asks for: a whole number from 1, and 1 for anything else. */
export function pageFromParam(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}
