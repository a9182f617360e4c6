import { AUTH_MESSAGES } from '@platform/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorBody, mockApi } from '../test/api-mock';
import { ApiError, CLIENT_ERROR_CODES } from './api-client';
import { apiSendFile } from './api-send-file';
import { setNavigator } from './navigation';
import { clearAccessToken, getAccessToken, storeAccessToken } from './session';

const PATH = '/server-api/marketing/campaigns/c1/metrics/import';
const csv = () => new File(['entry_id,views\n'], 'figures.csv', { type: 'text/csv' });

const navigate = vi.fn();
let restoreNavigator: () => void;
beforeEach(() => {
  navigate.mockReset();
  restoreNavigator = setNavigator(navigate);
});
afterEach(() => restoreNavigator());

const failureOf = (call: Promise<unknown>) =>
  call.then(
    () => {
      throw new Error('the call succeeded');
    },
    (reason: unknown) => {
      expect(reason).toBeInstanceOf(ApiError);
      return reason as ApiError;
    },
  );

describe('apiSendFile', () => {
  it('sends the file itself as the body, in its type, with the bearer token, and answers the JSON', async () => {
    storeAccessToken('token-1', Date.now() + 60_000);
    const api = mockApi({ [`POST ${PATH}`]: { body: { imported: true } } });
    const file = csv();

    await expect(apiSendFile(PATH, file, { contentType: 'text/csv' })).resolves.toEqual({ imported: true });

    expect(api.requests[0]).toMatchObject({ method: 'POST', contentType: 'text/csv' });
    expect(api.requests[0]?.headers.get('Authorization')).toBe('Bearer token-1');
    expect(api.fetchMock.mock.calls[0]?.[1]?.body).toBe(file);
  });

  it('fails in the server’s words, field details included', async () => {
    storeAccessToken('token-1', Date.now() + 60_000);
    mockApi({
      [`POST ${PATH}`]: {
        status: 400,
        body: errorBody('VALIDATION_FAILED', 'Invalid input', [
          { field: 'body', message: 'The file is empty' },
        ]),
      },
    });

    const error = await failureOf(apiSendFile(PATH, csv(), { contentType: 'text/csv' }));
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', message: 'Invalid input' });
    expect(error.details).toEqual([{ field: 'body', message: 'The file is empty' }]);
  });

  it('says an answer it cannot read, or none, in the generic words', async () => {
    storeAccessToken('token-1', Date.now() + 60_000);
    mockApi({ [`POST ${PATH}`]: { status: 502 } });
    expect(await failureOf(apiSendFile(PATH, csv(), { contentType: 'text/csv' }))).toMatchObject({
      status: 502,
      code: CLIENT_ERROR_CODES.unexpectedResponse,
      message: AUTH_MESSAGES.unknownError,
    });

    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('offline')));
    expect(await failureOf(apiSendFile(PATH, csv(), { contentType: 'text/csv' }))).toMatchObject({
      status: 0,
      code: CLIENT_ERROR_CODES.network,
    });
  });

  it('leads to sign-in without a session, or when the server ends it', async () => {
    clearAccessToken({ loggedOut: false });
    const api = mockApi({ [`POST ${PATH}`]: { status: 401, body: errorBody('UNAUTHENTICATED', 'Expired') } });
    expect((await failureOf(apiSendFile(PATH, csv(), { contentType: 'text/csv' }))).status).toBe(401);
    expect(api.requests).toHaveLength(0);
    expect(navigate).toHaveBeenLastCalledWith('/sign-in', {
      replace: true,
      state: { sessionExpired: false },
    });

    storeAccessToken('token-1', Date.now() + 60_000);
    expect((await failureOf(apiSendFile(PATH, csv(), { contentType: 'text/csv' }))).message).toBe('Expired');
    expect(getAccessToken()).toBeNull();
    expect(navigate).toHaveBeenLastCalledWith('/sign-in', { replace: true, state: { sessionExpired: true } });
  });
});
