export const paths = {
  home: '/',
  account: '/account',
  campaigns: '/campaigns',
  notifications: '/notifications',
  notificationSettings: '/notifications/settings',
  payments: '/payments',
  signIn: '/sign-in',
  signUp: '/sign-up',
  checkEmail: '/check-email',
  verify: '/verify',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  setup: '/setup',
  design: '/design',
  acceptInvitation: '/accept-invitation',
  console: '/console',
  consoleSetup: '/console/setup',
  consoleCampaigns: '/console/campaigns',
  consoleCreators: '/console/creators',
  consoleReports: '/console/reports',
  sharedReports: '/shared/reports',
  consoleTeams: '/console/teams',
  consoleTerritories: '/console/territories',
  consoleStaff: '/console/staff',
  consoleLookups: '/console/lookups',
  consoleAuditLog: '/console/audit-log',
  consoleIdentityChecks: '/console/identity-checks',
  consoleNotifications: '/console/notifications',
  consoleNotificationSettings: '/console/notifications/settings',
  consoleLegalDocuments: '/console/legal-documents',
} as const;

/** Sign-in's query parameter naming the page to return to once signed in. */
export const RETURN_TO_PARAM = 'returnTo';

/** Sign-in, naming the page (path, query and hash) to come back to; home and sign-in need no naming. */
export const signInReturningTo = (here: string) =>
  here === paths.home || here.startsWith(paths.signIn)
    ? paths.signIn
    : `${paths.signIn}?${RETURN_TO_PARAM}=${encodeURIComponent(here)}`;
