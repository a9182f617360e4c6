import type { FastifyInstance } from 'fastify';
import type { TeamsService } from './teams.service';

export function teamsRoutes(teamsService: TeamsService) {
  return async function register(app: FastifyInstance): Promise<void> {
    void app;
    void teamsService;
  };
}
