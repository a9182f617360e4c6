import type { RateLimiter } from '../../adapters/rate-limit/rate-limiter';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import type { AuditService } from '../audit/audit.service';
import type { AuthService } from '../auth/auth.service';
import { type EmailService } from '../email/email.service';
import type { TeamsService } from '../teams/teams.service';
import type { TerritoriesService } from '../territories/territories.service';

/** What every staff use case runs with. */
export type StaffContext = {
  db: Database;
  clock: Clock;
  publicUrl: string;
  rateLimiter: RateLimiter;
  audit: AuditService;
  authService: AuthService;
  emailService: EmailService;
  teamsService: TeamsService;
  territoriesService: TerritoriesService;
};
