import type { FastifyBaseLogger } from 'fastify';
import type { PushSender } from '../../adapters/push/push-sender';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import type { AuthService } from '../auth/auth.service';
import type { CreatorService } from '../creator/creator.service';
import type { EmailService } from '../email/email.service';
import type { TeamsService } from '../teams/teams.service';
import type { TerritoriesService } from '../territories/territories.service';

export type NotificationsDependencies = {
  db: Database;
  clock: Clock;
  logger: FastifyBaseLogger;
  emailService: Pick<EmailService, 'enqueue'>;
  authService: Pick<AuthService, 'findAccountById' | 'activeStaffWithRoles'>;
  creatorService: Pick<CreatorService, 'pushDeviceTokens' | 'forgetDevice'>;
  teamsService: Pick<TeamsService, 'memberIdsOf'>;
  territoriesService: Pick<TerritoriesService, 'managerIdsOf'>;
  push: PushSender;
  publicUrl: string;
};

/** What every notifications use case is given: the module's dependencies, as built. */
export type NotificationsContext = NotificationsDependencies;
