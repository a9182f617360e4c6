import type { RateLimiter } from '../../adapters/rate-limit/rate-limiter';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import type { AuditService } from '../audit/audit.service';
import type { AuthService } from '../auth/auth.service';
import type { CampaignsService } from '../campaigns/campaigns.service';
import type { ReportsService } from '../reports/reports.service';

/** What every report-link use case runs with. */
export type ReportSharesContext = {
  db: Database;
  clock: Clock;
  audit: Pick<AuditService, 'record'>;
  campaignsService: Pick<CampaignsService, 'staffCampaignFacts'>;
  reportsService: Pick<ReportsService, 'sharedCampaignReport'>;
  authService: Pick<AuthService, 'findAccountsByIds'>;
  rateLimiter: RateLimiter;
  /** The key links are signed with; of their own, so a link's signature is good for nothing else. */
  linkKey: Buffer;
  publicUrl: string;
};
