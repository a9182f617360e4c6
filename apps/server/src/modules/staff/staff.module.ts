import { defineModule } from '../module';
import { staffRoutes } from './staff.routes';
import { createStaffService, type StaffService } from './staff.service';

declare module '../module' {
  interface ModuleServices {
    staff: StaffService;
  }
}

/** Staff accounts: invitations by an Admin, roles, teams and territories, disabling. */
export const staffModule = defineModule({
  name: 'staff',
  needs: ['audit', 'auth', 'email', 'teams', 'territories'],
  build({ db, clock, config, rateLimiter }, { audit, auth, email, teams, territories }) {
    const service = createStaffService({
      db,
      clock,
      publicUrl: config.publicUrl,
      rateLimiter,
      audit,
      authService: auth,
      emailService: email,
      teamsService: teams,
      territoriesService: territories,
    });
    return { service, routes: staffRoutes(service) };
  },
});
