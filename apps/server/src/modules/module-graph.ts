import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/** Which nodes each node imports: module folders, or files. */
export type ImportGraph = Map<string, Set<string>>;

const IMPORT_SPECIFIER =
  /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Test files and their fixtures may reach anywhere; what ships may not. */
const isShippedSource = (file: string) =>
  file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.access-cases.ts');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && isShippedSource(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Every relative import of a file (type-only ones too: a type is a dependency), resolved to a path without extension. */
function relativeImports(file: string): string[] {
  const imports: string[] = [];
  for (const match of readFileSync(file, 'utf8').matchAll(IMPORT_SPECIFIER)) {
    const specifier = match[1] ?? match[2];
    if (specifier?.startsWith('.')) imports.push(resolve(dirname(file), specifier).replace(/\.(js|ts)$/, ''));
  }
  return imports;
}

/** The folders of `modulesDir` and, for each, the other folders its shipped files import. */
export function moduleFolderGraph(modulesDir: string): ImportGraph {
  const graph: ImportGraph = new Map();
  const folders = readdirSync(modulesDir, { withFileTypes: true }).filter((entry) => entry.isDirectory());
  for (const folder of folders) {
    const imported = new Set<string>();
    for (const file of sourceFiles(join(modulesDir, folder.name))) {
      for (const target of relativeImports(file)) {
        const [other, ...rest] = relative(modulesDir, target).split(sep);
        const inAnotherModule =
          other !== undefined && other !== '..' && rest.length > 0 && other !== folder.name;
        if (inAnotherModule) imported.add(other);
      }
    }
    graph.set(folder.name, imported);
  }
  return graph;
}

/** Each shipped file under `dir` (by path relative to it, without extension) and the files under `dir` it imports. */
export function fileGraph(dir: string): ImportGraph {
  const graph: ImportGraph = new Map();
  const nameOf = (path: string) => relative(dir, path).replace(/\.ts$/, '');
  for (const file of sourceFiles(dir)) {
    const imported = relativeImports(file)
      .filter((target) => !relative(dir, target).startsWith('..'))
      .map(nameOf);
    graph.set(nameOf(file), new Set(imported));
  }
  return graph;
}

/** A cycle in `graph`, as the nodes on it with the first repeated at the end, or null when there is none. */
export function findCycle(graph: ImportGraph): string[] | null {
  const done = new Set<string>();
  const visit = (node: string, path: string[]): string[] | null => {
    if (path.includes(node)) return [...path.slice(path.indexOf(node)), node];
    if (done.has(node)) return null;
    for (const next of [...(graph.get(node) ?? [])].sort()) {
      const cycle = visit(next, [...path, node]);
      if (cycle) return cycle;
    }
    done.add(node);
    return null;
  };
  for (const node of [...graph.keys()].sort()) {
    const cycle = visit(node, []);
    if (cycle) return cycle;
  }
  return null;
}

/** Modules nearly every other needs, whose edges the drawn graph leaves out. */
export const MODULE_GRAPH_OMITS = ['audit', 'email'] as const;

/**
 * The declared module graph as a Mermaid flowchart, higher modules above what they need, for
 * docs/architecture.md. Edges to modules nearly everything needs (the audit log, the email outbox) are
 * left out and named under the chart, so that the chart stays readable.
 */
export function mermaidModuleGraph(
  declarations: readonly { name: string; needs: readonly string[] }[],
  omitted: readonly string[],
): string {
  const id = (name: string) => name.replace(/-/g, '_');
  const sorted = [...declarations].sort((a, b) => a.name.localeCompare(b.name));
  const lines = ['flowchart TD', ...sorted.map(({ name }) => `  ${id(name)}[${name}]`)];
  for (const { name, needs } of sorted) {
    for (const need of needs.filter((need) => !omitted.includes(need)).sort()) {
      lines.push(`  ${id(name)} --> ${id(need)}`);
    }
  }
  return lines.join('\n');
}
