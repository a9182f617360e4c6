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
  consoleLegalDocuments: '/console/legal-documents',
} as const;

/** One campaign's report in the console: `/console/reports/:campaignId`. */
export const consoleReportPath = (campaignId: string) =>
  `${paths.consoleReports}/${encodeURIComponent(campaignId)}`;
