import type { FastifyInstance } from 'fastify';
import type { StaffService } from './staff.service';

export function staffRoutes(staffService: StaffService) {
  return async function register(app: FastifyInstance): Promise<void> {
    void app;
    void staffService;
  };
}
