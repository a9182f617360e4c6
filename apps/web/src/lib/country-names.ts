// The country list and its names weigh about 10 KB: a module of their own, loaded beside the first page
// of a list (identity checks, territories) rather than before the page can render.
export { countryName } from '@platform/shared';
