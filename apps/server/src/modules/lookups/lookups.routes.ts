import type { FastifyInstance } from 'fastify';
import type { LookupsService } from './lookups.service';

export function lookupsRoutes(lookupsService: LookupsService) {
  return async function register(app: FastifyInstance): Promise<void> {
    void app;
    void lookupsService;
  };
}
