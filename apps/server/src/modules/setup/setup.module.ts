import { defineModule } from '../module';
import { createSetupChecklistService } from './setup-checklist.service';
import { setupRoutes } from './setup.routes';

declare module '../module' {
  interface ModuleServices {
    setup: undefined;
  }
}

/**
 * First-run setup: the first Admin, through the one-time link the server logs; then the Admin's checklist
 * of what the install still needs before creators and staff can use it.
 */
export const setupModule = defineModule({
  name: 'setup',
  needs: ['auth', 'legal', 'lookups', 'territories', 'teams', 'staff'],
  build({ emailTransport, payouts }, { auth, legal, lookups, territories, teams, staff }) {
    const checklist = createSetupChecklistService({
      terms: async () => !(await legal.placeholdersInUse()),
      genres: () => lookups.hasLive('genre'),
      agencies: () => lookups.hasLive('agency'),
      artists: () => lookups.hasLive('artist'),
      territory: async () => (await territories.activeForCreators()).length > 0,
      team: () => teams.hasLiveTeam(),
      staff: () => staff.hasInvitedStaff(),
      email: () => emailTransport !== undefined,
      payments: () => payouts.name !== 'offline',
    });
    return { service: undefined, routes: setupRoutes(auth, checklist) };
  },
});
