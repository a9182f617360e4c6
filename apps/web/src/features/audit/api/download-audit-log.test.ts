import { ERROR_CODES } from '@platform/shared';
import { describe, expect, it, vi } from 'vitest';
import { isApiError } from '../../../lib/api-client';
import { setNavigator } from '../../../lib/navigation';
import { getAccessToken, storeAccessToken } from '../../../lib/session';
import { errorBody, mockApi } from '../../../test/api-mock';
import { downloadAuditLog, fileNameFromDisposition } from './download-audit-log';

const EXPORT = 'GET /server-api/marketing/audit-log/export';

describe('fileNameFromDisposition', () => {
  it('reads the file name of an attachment, quoted or not, preferring the UTF-8 form', () => {
    expect(fileNameFromDisposition('attachment; filename="audit-log-2026-03-05.csv"')).toBe(
      'audit-log-2026-03-05.csv',
    );
    expect(fileNameFromDisposition('attachment; filename=audit.csv')).toBe('audit.csv');
    expect(
      fileNameFromDisposition(`attachment; filename="x.csv"; filename*=UTF-8''r%C3%A9sum%C3%A9.csv`),
    ).toBe('résumé.csv');
    expect(fileNameFromDisposition('attachment; filename="say \\"hi\\".csv"')).toBe('say "hi".csv');
  });

  it('falls back to audit-log.csv, and never names a folder', () => {
    expect(fileNameFromDisposition(null)).toBe('audit-log.csv');
    expect(fileNameFromDisposition('attachment')).toBe('audit-log.csv');
    expect(fileNameFromDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(fileNameFromDisposition(`attachment; filename*=UTF-8''%E0%A4%A`)).toBe('audit-log.csv');
  });
});

describe('downloadAuditLog', () => {
  it('sends the filters with the bearer token and answers the file', async () => {
    const api = mockApi({
      [EXPORT]: {
        body: 'At (UTC)\r\n',
        headers: { 'content-disposition': 'attachment; filename="audit-log-2026-03-05.csv"' },
      },
    });
    storeAccessToken('token-1', Date.now() + 60_000);

    const { file, fileName } = await downloadAuditLog({ actorId: 'a-1', from: '2026-03-01' });
    expect(fileName).toBe('audit-log-2026-03-05.csv');
    expect(await file.text()).toContain('At (UTC)');
    const [input] = api.fetchMock.mock.calls[0] ?? [];
    expect(input).toBe('/server-api/marketing/audit-log/export?actorId=a-1&from=2026-03-01');
    expect(
      api.requestsTo('GET', '/server-api/marketing/audit-log/export')[0]?.headers.get('Authorization'),
    ).toBe('Bearer token-1');
  });

  it('answers a refused filter with the server’s field messages', async () => {
    mockApi({
      [EXPORT]: {
        status: 400,
        body: errorBody('VALIDATION_FAILED', 'The end date must be on or after the start date.', [
          { field: 'to', message: 'The end date must be on or after the start date.' },
        ]),
      },
    });
    storeAccessToken('token-1', Date.now() + 60_000);
    const error: unknown = await downloadAuditLog({ from: '2026-03-02', to: '2026-03-01' }).catch(
      (caught: unknown) => caught,
    );
    expect(isApiError(error) && error.details).toEqual([
      { field: 'to', message: 'The end date must be on or after the start date.' },
    ]);
  });

  it('ends a session the server no longer knows and leads to sign-in', async () => {
    mockApi({ [EXPORT]: { status: 401, body: errorBody(ERROR_CODES.unauthenticated, 'Signed out') } });
    storeAccessToken('token-1', Date.now() + 60_000);
    const navigate = vi.fn();
    const disconnect = setNavigator(navigate);

    const error: unknown = await downloadAuditLog({}).catch((caught: unknown) => caught);
    disconnect();
    expect(isApiError(error) && error.status).toBe(401);
    expect(getAccessToken()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/sign-in', { replace: true, state: { sessionExpired: true } });
  });
});
