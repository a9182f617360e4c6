import { ERROR_CODES } from '@platform/shared';
import { describe, expect, it, vi } from 'vitest';
import { isApiError } from '../../../lib/api-client';
import { setNavigator } from '../../../lib/navigation';
import { getAccessToken, storeAccessToken } from '../../../lib/session';
import { errorBody, mockApi } from '../../../test/api-mock';
import { downloadAuditLog } from './download-audit-log';

const EXPORT = 'GET /server-api/marketing/audit-log/export';

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
