import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

/** Each Mantine component keeps its class names in a `<Name>.module.mjs` beside it. */
const CLASS_NAMES_MODULE = /[\\/]@mantine[\\/]core[\\/]esm[\\/](?:.+[\\/])?([A-Za-z]+)\.module\.mjs$/;

/**
 * Mantine's styles, component by component, each with the JavaScript that uses it. Importing the whole
 * `@mantine/core/styles.css` makes every page block on 36 KB gz of CSS for 120 components; instead this
 * adds `import '@mantine/core/styles/<Name>.css'` to the module holding a component's class names, so the
 * bundler puts that CSS in the same chunk as the component: the entry's CSS is what the first screen
 * uses, and a page's chunk brings the rest. Dependencies come first, since a component's JavaScript
 * imports the components it is built from before its own class names.
 */
export function mantineComponentStyles(): Plugin {
  const stylesDirectory = dirname(createRequire(import.meta.url).resolve('@mantine/core/styles/global.css'));
  const stylesheetFor = (name: string) =>
    existsSync(join(stylesDirectory, `${name}.css`)) ? `@mantine/core/styles/${name}.css` : undefined;
  return {
    name: 'mantine-component-styles',
    transform(code, id) {
      const name = CLASS_NAMES_MODULE.exec(id)?.[1];
      const stylesheet = name ? stylesheetFor(name) : undefined;
      if (!stylesheet) return null;
      return { code: `import ${JSON.stringify(stylesheet)};\n${code}`, map: null };
    },
  };
}
