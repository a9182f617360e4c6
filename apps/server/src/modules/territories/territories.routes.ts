import type { FastifyInstance } from 'fastify';
import type { TerritoriesService } from './territories.service';

export function territoriesRoutes(territoriesService: TerritoriesService) {
  return async function register(app: FastifyInstance): Promise<void> {
    void app;
    void territoriesService;
  };
}
