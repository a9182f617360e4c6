/** Permission actions (SPEC §6); MANAGE implies every other action on its resource (DESIGN §6). */
export const PERMISSION_ACTIONS = [
  'MANAGE',
  'CREATE',
  'READ',
  'VIEW',
  'EDIT',
  'DELETE',
  'ARCHIVE',
  'APPROVE',
  'REJECT',
  'INVITE',
  'ASSIGN',
  'REVIEW',
  'SHARE',
  'COPY',
  'REVOKE',
] as const;
export type PermissionAction = (typeof PERMISSION_ACTIONS)[number];

/** Permission resources (SPEC §6); ALL stands for every resource. */
export const PERMISSION_RESOURCES = [
  'ALL',
  'CAMPAIGN',
  'TEAM',
  'CREATOR',
  'CAMPAIGN_CREATOR',
  'MARKETER',
  'USER',
  'REPORT',
  'PROFILE',
  'FORECAST_REPORT',
  'CAMPAIGN_REPORT',
  'PAYMENT',
  'CAMPAIGN_SUBMISSION',
  'CAMPAIGN_BUDGET',
  'TM',
  'TM_USER',
  'CAMPAIGN_EDIT_ACTION',
  'UI_CAMPAIGN_REVIEW_BUTTON',
] as const;
export type PermissionResource = (typeof PERMISSION_RESOURCES)[number];
