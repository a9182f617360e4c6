/** Verify result (SPEC §4). */
export const VERIFY_RESULTS = ['Pending', 'Verified', 'Failed', 'Expired'] as const;
export type VerifyResult = (typeof VERIFY_RESULTS)[number];

/** Password-reset outcomes (SPEC §4). */
export const PASSWORD_RESET_OUTCOMES = [
  'TokenVerified',
  'TokenFailed',
  'TokenExpired',
  'ResetFailed',
  'ResetSuccess',
  'EmailSent',
] as const;
export type PasswordResetOutcome = (typeof PASSWORD_RESET_OUTCOMES)[number];
