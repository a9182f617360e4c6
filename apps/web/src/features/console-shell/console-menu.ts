import {
  IconAddressBook,
  IconChartBar,
  IconChecklist,
  IconGavel,
  IconHandStop,
  IconHistory,
  IconId,
  IconList,
  IconMap2,
  IconTargetArrow,
  IconUsers,
  IconUsersGroup,
  IconVideo,
  type Icon,
} from '@tabler/icons-react';
import { can, isStaffRole, ROLE_GRANTS, type AccountRole, type Grant } from '@platform/shared';
import { paths } from '../../lib/paths';

export type ConsoleMenuEntry = {
  label: string;
  path: string;
  icon: Icon;
  /** Whether a person of this role sees the section: its link, and its page. */
  visibleTo: (role: AccountRole) => boolean;
};

const REPORT_RESOURCES = new Set(['REPORT', 'CAMPAIGN_REPORT', 'FORECAST_REPORT']);

const isReportGrant = (grant: Grant) => grant.resources.every((resource) => REPORT_RESOURCES.has(resource));
const isCampaignReadGrant = (grant: Grant) =>
  grant.actions.every((action) => action === 'READ') &&
  grant.resources.every((resource) => resource === 'CAMPAIGN');

/**
 * A role that is there for the reports (a StatsViewer): besides them it may only read campaigns, which it
 * needs for the reports' list, and the console offers it the reports alone.
 */
export function isReportOnly(role: AccountRole): boolean {
  if (!isStaffRole(role)) return false;
  const grants = ROLE_GRANTS[role];
  return (
    grants.some(isReportGrant) && grants.every((grant) => isReportGrant(grant) || isCampaignReadGrant(grant))
  );
}

/** The console's sections, in the navigation's order; each shows only to the roles its test lets in. */
export const CONSOLE_MENU: readonly ConsoleMenuEntry[] = [
  {
    label: 'Setup',
    path: paths.consoleSetup,
    icon: IconChecklist,
    // The install's setup is the whole platform's: an Admin's alone, and where the console opens for them.
    visibleTo: (role) => can(role, 'MANAGE', 'ALL'),
  },
  {
    label: 'Campaigns',
    path: paths.consoleCampaigns,
    icon: IconTargetArrow,
    visibleTo: (role) =>
      (can(role, 'READ', 'CAMPAIGN') && !isReportOnly(role)) || can(role, 'CREATE', 'CAMPAIGN'),
  },
  {
    label: 'Creators',
    path: paths.consoleCreators,
    icon: IconAddressBook,
    visibleTo: (role) => can(role, 'READ', 'CREATOR'),
  },
  {
    label: 'Identity checks',
    path: paths.consoleIdentityChecks,
    icon: IconId,
    visibleTo: (role) => can(role, 'REVIEW', 'CREATOR'),
  },
  {
    label: 'Account evidence',
    path: '/console/handle-evidence',
    icon: IconVideo,
    visibleTo: (role) => can(role, 'REVIEW', 'CREATOR'),
  },
  {
    label: 'Held earnings',
    path: '/console/holds',
    icon: IconHandStop,
    // Those who review a campaign's entries decide the holds on their earnings.
    visibleTo: (role) => can(role, 'REVIEW', 'CAMPAIGN_SUBMISSION'),
  },
  {
    label: 'Reports',
    path: paths.consoleReports,
    icon: IconChartBar,
    visibleTo: (role) => can(role, 'VIEW', 'REPORT') || can(role, 'VIEW', 'CAMPAIGN_REPORT'),
  },
  {
    label: 'Teams',
    path: paths.consoleTeams,
    icon: IconUsersGroup,
    visibleTo: (role) => can(role, 'READ', 'TEAM'),
  },
  {
    label: 'Territories',
    path: paths.consoleTerritories,
    icon: IconMap2,
    visibleTo: (role) => can(role, 'READ', 'TM'),
  },
  {
    label: 'Staff',
    path: paths.consoleStaff,
    icon: IconUsers,
    visibleTo: (role) => can(role, 'READ', 'USER'),
  },
  {
    label: 'Lookups',
    path: paths.consoleLookups,
    icon: IconList,
    // Lookups come under ALL (ADR 013): creating one is an Admin's alone.
    visibleTo: (role) => can(role, 'CREATE', 'ALL'),
  },
  {
    label: 'Legal documents',
    path: paths.consoleLegalDocuments,
    icon: IconGavel,
    // Which terms creators accept is the operator's word for the whole platform: an Admin's alone.
    visibleTo: (role) => can(role, 'CREATE', 'ALL'),
  },
  {
    label: 'Audit log',
    path: paths.consoleAuditLog,
    icon: IconHistory,
    visibleTo: (role) => can(role, 'READ', 'ALL'),
  },
];

/** The sections a person of `role` sees, in order. */
export function consoleMenuFor(role: AccountRole): ConsoleMenuEntry[] {
  return CONSOLE_MENU.filter((entry) => entry.visibleTo(role));
}

/**
 * Where `/console` leads a person of `role`: their first section, or null when they see none. An Admin who
 * put the finished setup checklist away opens on the section after it.
 */
export function firstConsolePath(
  role: AccountRole,
  options: { setupDismissed?: boolean } = {},
): string | null {
  const sections = consoleMenuFor(role).filter(
    (entry) => !(options.setupDismissed && entry.path === paths.consoleSetup),
  );
  return sections[0]?.path ?? null;
}

/** The section a path is in (`/console/teams/123` is in Teams), or null outside every section. */
export function consoleSectionOf(pathname: string): ConsoleMenuEntry | null {
  return (
    CONSOLE_MENU.find((entry) => pathname === entry.path || pathname.startsWith(`${entry.path}/`)) ?? null
  );
}
