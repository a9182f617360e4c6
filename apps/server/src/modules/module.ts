import type { FastifyPluginAsync } from 'fastify';
import type { Platform } from '../platform';

/**
 * Every module's service, by module name. Each `*.module.ts` adds its own entry
 * (`declare module '../module' { interface ModuleServices { payments: PaymentsService } }`), so the
 * composition needs no central list of types and a module can be typed against another by name alone.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by each module's declaration merging
export interface ModuleServices {}

export type ModuleName = keyof ModuleServices;

/** What a built module gives the composition: its service (for other modules and the jobs) and its routes. */
export type PlatformModule<Service> = {
  service: Service;
  routes?: FastifyPluginAsync;
};

/**
 * A module as the composition sees it: its name, the modules whose services it needs, and how to build
 * it from the platform (database, clock, adapters) and those services. A module is built after every
 * module it needs, and is handed only those; it reaches nothing else. Higher modules that must hear of a
 * lower one's changes subscribe to its hooks when they are built (`auth.onCreatorSignUp(...)`).
 */
export type ModuleDeclaration<Name extends ModuleName = ModuleName, Needs extends ModuleName = ModuleName> = {
  name: Name;
  needs: readonly Needs[];
  build(
    platform: Platform,
    services: Pick<ModuleServices, Needs>,
  ): PlatformModule<ModuleServices[Name]> | Promise<PlatformModule<ModuleServices[Name]>>;
};

export const defineModule = <Name extends ModuleName, Needs extends ModuleName = never>(
  declaration: ModuleDeclaration<Name, Needs>,
): ModuleDeclaration<Name, Needs> => declaration;
