// Prints the gzipped JavaScript a page needs before it can render: the entry chunk plus the route's
// chunk and everything they import statically. Usage: node bench/route-weight.mjs [route-chunk-prefix…]
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const assets = new URL('../apps/web/dist/assets/', import.meta.url).pathname;
const html = readFileSync(new URL('../apps/web/dist/index.html', import.meta.url), 'utf8');
const entry = /<script type="module"[^>]*src="\/assets\/([^"]+)"/.exec(html)?.[1];
if (!entry) throw new Error('no entry script in dist/index.html: run `npm run build` first');

const files = readdirSync(assets).filter((name) => name.endsWith('.js'));
const staticImports = (name) =>
  [...readFileSync(join(assets, name), 'utf8').matchAll(/(?:import|from)\s*["']\.\/([^"']+\.js)["']/g)].map(
    (match) => match[1],
  );

function closure(roots) {
  const seen = new Set();
  const visit = (name) => {
    if (seen.has(name)) return;
    seen.add(name);
    staticImports(name).forEach(visit);
  };
  roots.forEach(visit);
  return seen;
}

const gzipKb = (names) =>
  [...names].reduce((sum, name) => sum + gzipSync(readFileSync(join(assets, name))).length, 0) / 1024;
const routes = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ['sign-in', 'sign-up', 'verify', 'home'];
console.log(`entry and its imports: ${gzipKb(closure([entry])).toFixed(1)} KB gz`);
for (const route of routes) {
  const chunk = files.find((name) => name.startsWith(`${route}-`));
  if (!chunk) continue;
  const needed = closure([entry, chunk]);
  console.log(`${route}: ${gzipKb(needed).toFixed(1)} KB gz in ${needed.size} files`);
}
