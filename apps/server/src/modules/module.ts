import type { FastifyPluginAsync } from 'fastify';

/**
 * What a feature module gives the composition root: its service (for other modules and the jobs) and
 * its routes. Each module has one factory, `<feature>Module(dependencies)`, so app.ts stays a list.
 */
export type PlatformModule<Service = undefined> = {
  name: string;
  service: Service;
  routes?: FastifyPluginAsync;
};
