import { AUTH_MESSAGES, ERROR_CODES, readErrorBody, type AuditLogFilters } from '@platform/shared';
import { useMutation } from '@tanstack/react-query';
import { ApiError, CLIENT_ERROR_CODES, type SignInRedirectState } from '../../../lib/api-client';
import { navigateTo } from '../../../lib/navigation';
import { paths } from '../../../lib/paths';
import { clearAccessToken, getAccessToken } from '../../../lib/session';
import { auditQueryString } from './audit-filters';

const FALLBACK_FILE_NAME = 'audit-log.csv';

/**
 * The file name a Content-Disposition header gives (RFC 6266): `filename*` (UTF-8, percent-encoded) when
 * present, else `filename`, quoted or not. Anything that could name a folder is dropped.
 */
export function fileNameFromDisposition(header: string | null, fallback = FALLBACK_FILE_NAME): string {
  if (!header) return fallback;
  let name: string | undefined;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      name = decodeURIComponent(extended[1].trim());
    } catch {
      name = undefined;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(header);
    name = (plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2])?.trim();
  }
  const safe = name?.split(/[/\\]/).pop()?.trim();
  return safe ? safe : fallback;
}

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
    fileName: fileNameFromDisposition(response.headers.get('content-disposition')),
  };
}

/** Hands a file to the browser to save, under its name. */
export function saveFile(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has started the download from the URL by now; keeping it a moment longer costs nothing.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useDownloadAuditLog() {
  return useMutation({
    mutationFn: downloadAuditLog,
    onSuccess: ({ file, fileName }) => saveFile(file, fileName),
  });
}
