// The web app's first-load budgets (DESIGN §3), checked against the production build (`npm run build`).
// For each page (a route module the router loads lazily) it adds up the gzipped JavaScript a browser
// must fetch before that page renders: the entry, the page's chunk and every chunk they import
// statically. It also adds up the render-blocking CSS: the stylesheets index.html links. Over either
// budget, it exits 1. Usage: node scripts/web-budget.mjs [distDir]
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const KB = 1024;
const JS_BUDGET_KB = Number(process.env.WEB_BUDGET_JS_KB ?? 171.5);
const BLOCKING_CSS_BUDGET_KB = Number(process.env.WEB_BUDGET_CSS_KB ?? 20);
const ROUTE_MODULE = /^src\/app\/routes\/(.+)\.tsx$/;

const distDir = resolve(process.argv[2] ?? fileURLToPath(new URL('../apps/web/dist', import.meta.url)));
const manifest = JSON.parse(readFileSync(join(distDir, '.vite/manifest.json'), 'utf8'));
const html = readFileSync(join(distDir, 'index.html'), 'utf8');

const gzippedSize = (file) => gzipSync(readFileSync(join(distDir, file))).length;

/** The files a chunk needs before it runs: itself and its static imports, transitively. */
function staticClosure(keys) {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    (chunk.imports ?? []).forEach(visit);
  };
  keys.forEach(visit);
  return files;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) throw new Error(`no entry in ${distDir}/.vite/manifest.json: build the web app first`);

const pages = Object.keys(manifest)
  .map((key) => [key, ROUTE_MODULE.exec(key)?.[1]])
  .filter(([, page]) => page !== undefined)
  .sort(([, a], [, b]) => a.localeCompare(b));

const problems = [];
console.log(`JavaScript before a page renders (budget ${JS_BUDGET_KB} KB gz):`);
for (const [key, page] of pages) {
  const files = staticClosure([entryKey, key]);
  const kilobytes = [...files].reduce((sum, file) => sum + gzippedSize(file), 0) / KB;
  const over = kilobytes > JS_BUDGET_KB;
  console.log(
    `  ${over ? '✗' : '✓'} ${page.padEnd(18)} ${kilobytes.toFixed(1).padStart(6)} KB gz in ${files.size} files`,
  );
  if (over) problems.push(`${page}: ${kilobytes.toFixed(1)} KB gz of JavaScript, over ${JS_BUDGET_KB} KB`);
}

const blockingStylesheets = [...html.matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+)"/g)].map(
  (match) => match[1],
);
const blockingCss = blockingStylesheets.reduce((sum, file) => sum + gzippedSize(file), 0) / KB;
const cssOver = blockingCss > BLOCKING_CSS_BUDGET_KB;
console.log(
  `Render-blocking CSS (budget ${BLOCKING_CSS_BUDGET_KB} KB gz):\n  ${cssOver ? '✗' : '✓'} ${blockingCss.toFixed(1)} KB gz in ${blockingStylesheets.length} files`,
);
if (cssOver)
  problems.push(`render-blocking CSS: ${blockingCss.toFixed(1)} KB gz, over ${BLOCKING_CSS_BUDGET_KB} KB`);

if (pages.length === 0) problems.push('no page chunks found in the manifest');
if (problems.length > 0) {
  console.error(`\nOver budget:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  process.exit(1);
}
