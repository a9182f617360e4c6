import type { FastifyPluginAsync } from 'fastify';
import type { Platform } from '../platform';
import type { ModuleDeclaration, ModuleServices } from './module';

type Declared = { name: string; needs: readonly string[] };

/**
 * The order to build `declarations` in: every module after each module it needs, otherwise in the order
 * given. Refuses a name declared twice, a need nobody declares, and any cycle, naming the modules on it.
 */
export function buildOrder<Declaration extends Declared>(
  declarations: readonly Declaration[],
): Declaration[] {
  const byName = new Map<string, Declaration>();
  for (const declaration of declarations) {
    if (byName.has(declaration.name)) throw new Error(`The module "${declaration.name}" is declared twice.`);
    byName.set(declaration.name, declaration);
  }
  const order: Declaration[] = [];
  const placed = new Set<string>();
  const visit = (declaration: Declaration, path: readonly string[]) => {
    if (placed.has(declaration.name)) return;
    if (path.includes(declaration.name)) {
      const cycle = [...path.slice(path.indexOf(declaration.name)), declaration.name];
      throw new Error(`Modules may not need each other in a cycle: ${cycle.join(' → ')}.`);
    }
    for (const need of declaration.needs) {
      const needed = byName.get(need);
      if (!needed)
        throw new Error(`The module "${declaration.name}" needs "${need}", which no module declares.`);
      visit(needed, [...path, declaration.name]);
    }
    placed.add(declaration.name);
    order.push(declaration);
  };
  for (const declaration of declarations) visit(declaration, []);
  return order;
}

export type ComposedModules = {
  services: ModuleServices;
  /** Each module's routes, in build order (a module's after those of the modules it needs). */
  routes: { name: string; routes: FastifyPluginAsync }[];
};

/** Builds every declared module once, in dependency order, handing each only the services it declared. */
export async function composeModules(
  platform: Platform,
  declarations: readonly ModuleDeclaration[],
): Promise<ComposedModules> {
  const services: Record<string, unknown> = {};
  const routes: ComposedModules['routes'] = [];
  for (const declaration of buildOrder(declarations)) {
    const needed = Object.fromEntries(declaration.needs.map((name) => [name, services[name]]));
    const built = await declaration.build(platform, needed as unknown as ModuleServices);
    services[declaration.name] = built.service;
    if (built.routes) routes.push({ name: declaration.name, routes: built.routes });
  }
  return { services: services as unknown as ModuleServices, routes };
}
