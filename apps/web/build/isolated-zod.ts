import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';

/** Marks the modules of the second copy of zod: the same files, under ids of their own. */
export const ISOLATED_ZOD_QUERY = '?isolated-zod';

const ZOD_FILE = /[\\/]node_modules[\\/]zod[\\/]/;
const BARE_ZOD = /^zod(?:\/|$)/;

const withoutQuery = (id: string) => id.split('?', 1)[0] ?? id;

/** Whether a module is one of zod's own files (either copy). */
export const isZodModule = (id: string) => ZOD_FILE.test(withoutQuery(id));

/** Whether a module belongs to the second copy of zod. */
export const isIsolatedZodModule = (id: string) => id.endsWith(ISOLATED_ZOD_QUERY);

/**
 * Gives the modules matched by `importers` their own copy of zod. zod keeps every schema type in one
 * module (`v4/core/schemas.js`), and a module goes into one chunk: so a lazily loaded page that validates
 * with types no first page uses (numbers, unions, ISO date-times: the campaign editor's contract) would
 * add them to the zod chunk that every form page downloads first (ADR 009: 1.8 KB gz more on sign-in and
 * sign-up, over their budget). Under ids of their own, zod's files are bundled a second time, with those
 * pages only; the first pages' zod stays what they use. The copies agree: react-hook-form's resolver
 * calls the schema's own methods and recognises zod's errors by their traits, not by `instanceof`, and
 * the web app sets no global zod configuration.
 */
export function isolatedZod(importers: RegExp): Plugin {
  return {
    name: 'isolated-zod',
    enforce: 'pre',
    apply: 'build',
    async resolveId(source, importer, options) {
      if (!importer) return null;
      const fromCopy = isIsolatedZodModule(importer);
      const fromScope = !fromCopy && importers.test(withoutQuery(importer)) && BARE_ZOD.test(source);
      if (!fromCopy && !fromScope) return null;
      const resolved = await this.resolve(source, withoutQuery(importer), { ...options, skipSelf: true });
      if (!resolved || resolved.external || !isZodModule(resolved.id)) return resolved;
      return { ...resolved, id: `${withoutQuery(resolved.id)}${ISOLATED_ZOD_QUERY}` };
    },
    async load(id) {
      if (!isIsolatedZodModule(id)) return null;
      return readFile(withoutQuery(id), 'utf8');
    },
  };
}
