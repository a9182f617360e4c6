import type { PlatformModule } from '../module';
import { staffRoutes } from './staff.routes';
import { createStaffService, type StaffService } from './staff.service';

/** Staff accounts: invitations by an Admin, roles, teams and territories, disabling. */
export function staffModule(
  dependencies: Parameters<typeof createStaffService>[0],
): PlatformModule<StaffService> {
  const service = createStaffService(dependencies);
  return { name: 'staff', service, routes: staffRoutes(service) };
}
