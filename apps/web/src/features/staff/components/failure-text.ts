import { AUTH_MESSAGES } from '@platform/shared';
import { isApiError } from '../../../lib/api-client';

/** The server's own words for a refusal it explains (409, 400…); a generic message otherwise. */
export const failureText = (error: unknown) =>
  isApiError(error) && error.status > 0 && error.status < 500 ? error.message : AUTH_MESSAGES.unknownError;
