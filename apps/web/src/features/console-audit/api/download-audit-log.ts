import { AUTH_MESSAGES, ERROR_CODES, readErrorBody, type AuditLogFilters } from '@platform/shared';
import { useMutation } from '@tanstack/react-query';
import { ApiError, CLIENT_ERROR_CODES, type SignInRedirectState } from '../../../lib/api-client';
import { fileNameFromDisposition, saveFile } from '../../../lib/downloads';
import { navigateTo } from '../../../lib/navigation';
import { paths } from '../../../lib/paths';
import { clearAccessToken, getAccessToken } from '../../../lib/session';
import { auditQueryString } from './audit-filters';

const FALLBACK_FILE_NAME = 'audit-log.csv';

/**
 * The filtered log as a CSV file. The download needs the bearer token, so it is fetched here (as the api
 * client would: a 401 ends the session and leads to sign-in) rather than opened as a link.
 */
export async function downloadAuditLog(filters: AuditLogFilters): Promise<{ file: Blob; fileName: string }> {
  const token = getAccessToken();
  const failUnauthenticated = () => {
    if (getAccessToken()) clearAccessToken({ loggedOut: false });
    navigateTo(paths.signIn, {
      replace: true,
      state: { sessionExpired: token !== null } satisfies SignInRedirectState,
    });
    return new ApiError({
      status: 401,
      code: ERROR_CODES.unauthenticated,
      message: AUTH_MESSAGES.sessionExpired,
    });
  };
  if (!token) throw failUnauthenticated();

  let response: Response;
  try {
    response = await fetch(`/server-api/marketing/audit-log/export${auditQueryString(filters)}`, {
      headers: { Accept: 'text/csv', Authorization: `Bearer ${token}` },
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError({ status: 0, code: CLIENT_ERROR_CODES.network, message: AUTH_MESSAGES.unknownError });
  }
  if (response.status === 401) throw failUnauthenticated();
  if (!response.ok) {
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      body = undefined;
    }
    const error = readErrorBody(body);
    throw new ApiError({
      status: response.status,
      code: error?.code ?? CLIENT_ERROR_CODES.unexpectedResponse,
      message: error?.message ?? AUTH_MESSAGES.unknownError,
      ...(error?.details ? { details: error.details } : {}),
    });
  }
  return {
    file: await response.blob(),
    fileName: fileNameFromDisposition(response.headers.get('content-disposition'), FALLBACK_FILE_NAME),
  };
}

export function useDownloadAuditLog() {
  return useMutation({
    mutationFn: downloadAuditLog,
    onSuccess: ({ file, fileName }) => saveFile(file, fileName),
  });
}
