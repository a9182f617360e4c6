import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { MODULES } from './index';
import {
  fileGraph,
  findCycle,
  MODULE_GRAPH_OMITS,
  mermaidModuleGraph,
  moduleFolderGraph,
} from './module-graph';
import { buildOrder } from './registry';

const modulesDir = fileURLToPath(new URL('.', import.meta.url));
const adaptersDir = fileURLToPath(new URL('../adapters', import.meta.url));
const architectureDoc = fileURLToPath(new URL('../../../../docs/architecture.md', import.meta.url));

const planted = mkdtempSync(join(tmpdir(), 'module-graph-'));
afterAll(() => rmSync(planted, { recursive: true, force: true }));

function plant(root: string, files: Record<string, string>): string {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe('the modules’ dependencies', () => {
  it('run one way: no module imports, even a type, from a module that imports it back', () => {
    expect(findCycle(moduleFolderGraph(modulesDir))).toBeNull();
  });

  it('are declared: a module imports from no module it does not name in its needs', () => {
    const declared = new Map(MODULES.map((module) => [module.name as string, new Set<string>(module.needs)]));
    const undeclared: string[] = [];
    for (const [folder, imported] of moduleFolderGraph(modulesDir)) {
      expect(declared.has(folder), `modules/${folder} declares a module of its name`).toBe(true);
      for (const other of imported) {
        if (!declared.get(folder)?.has(other)) undeclared.push(`${folder} imports ${other}`);
      }
    }
    expect(undeclared).toEqual([]);
  });

  it('compose: every declared need names a module, and the needs have no cycle', () => {
    expect(buildOrder(MODULES).map((module) => module.name)).toHaveLength(MODULES.length);
  });

  it('are drawn in docs/architecture.md as declared', () => {
    expect(readFileSync(architectureDoc, 'utf8')).toContain(mermaidModuleGraph(MODULES, MODULE_GRAPH_OMITS));
  });

  it('are caught in a planted cycle, by a type import as much as by a value', () => {
    const root = plant(join(planted, 'modules'), {
      'orders/orders.service.ts': "import type { Stock } from '../stock/stock.service';\n",
      'stock/stock.service.ts': "import { ordersOf } from '../orders/orders.service';\n",
      'stock/stock.test.ts': "import '../billing/billing.service';\n",
      'billing/billing.service.ts': "import { Stock } from '../stock/stock.service';\nimport '../module';\n",
      'module.ts': '',
    });
    const graph = moduleFolderGraph(root);
    expect(graph.get('billing')).toEqual(new Set(['stock']));
    expect(findCycle(graph)).toEqual(['stock', 'orders', 'stock']);
  });

  it('refuse to compose around a cycle of needs, naming it', () => {
    const declared = [
      { name: 'payments', needs: ['entries'] },
      { name: 'entries', needs: ['metrics'] },
      { name: 'metrics', needs: ['payments'] },
    ];
    expect(() => buildOrder(declared)).toThrow(
      'Modules may not need each other in a cycle: payments → entries → metrics → payments.',
    );
    expect(() => buildOrder([{ name: 'reports', needs: ['ledger'] }])).toThrow(
      'The module "reports" needs "ledger", which no module declares.',
    );
  });

  it('build each module after what it needs, otherwise in the order given', () => {
    const order = buildOrder([
      { name: 'rewards', needs: ['entries', 'metrics'] },
      { name: 'metrics', needs: ['entries'] },
      { name: 'entries', needs: [] },
      { name: 'audit', needs: [] },
    ]);
    expect(order.map((module) => module.name)).toEqual(['entries', 'metrics', 'rewards', 'audit']);
  });
});

describe('the adapters', () => {
  it('never have a port import its own implementations: no adapter file imports one that imports it', () => {
    expect(findCycle(fileGraph(adaptersDir))).toBeNull();
  });

  it('are caught when a port imports the implementation that implements it', () => {
    const root = plant(join(planted, 'adapters'), {
      'payouts/payouts-provider.ts':
        "import { createStripe } from './stripe-payouts';\nexport type Payouts = {};\n",
      'payouts/stripe-payouts.ts': "import type { Payouts } from './payouts-provider';\n",
    });
    expect(findCycle(fileGraph(root))).toEqual([
      'payouts/payouts-provider',
      'payouts/stripe-payouts',
      'payouts/payouts-provider',
    ]);
  });
});
