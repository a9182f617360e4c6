import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { openAsCreator, PAGE_TEST } from '../../../test/creator-app';
import { creatorInfo, CREATOR_ID, UK_PROFILE } from '../../../test/creator-info';
import { pretendToBeInTheApp } from '../../../test/native-app';

const REGISTER = 'POST /server-api/creator/create-sns-platform-endpoint';
const ACTIVE = creatorInfo({ status: 'ACTIVE', profile: UK_PROFILE });
const registered = { body: { deviceId: 'device-1', accepted: true, note: 'Checked with FCM.' } };

describe('the device’s push token, inside the mobile app', () => {
  it('is asked of the app and registered for the signed-in creator', PAGE_TEST, async () => {
    const app = pretendToBeInTheApp();
    const { api } = openAsCreator('/', ACTIVE, { [REGISTER]: registered });
    app.answer(await app.callOf('getDeviceToken'), 'fcm-token-1');

    await vi.waitFor(() =>
      expect(api.requestsTo('POST', '/server-api/creator/create-sns-platform-endpoint')).toHaveLength(1),
    );
    expect(api.requestsTo('POST', '/server-api/creator/create-sns-platform-endpoint')[0]?.body).toEqual({
      creatorId: CREATOR_ID,
      deviceToken: 'fcm-token-1',
    });
  });

  it('registers nothing when the app has no token to give', PAGE_TEST, async () => {
    const app = pretendToBeInTheApp();
    const { api } = openAsCreator('/', ACTIVE, { [REGISTER]: registered });
    app.answer(await app.callOf('getDeviceToken'), '');
    await screen.findByRole('heading', { name: 'Welcome, Casey' });
    expect(api.requestsTo('POST', '/server-api/creator/create-sns-platform-endpoint')).toHaveLength(0);
  });

  it('is not asked for outside the app, nor before the email is verified', PAGE_TEST, async () => {
    const { api } = openAsCreator('/', ACTIVE, { [REGISTER]: registered });
    await screen.findByRole('heading', { name: 'Welcome, Casey' });
    expect(api.requestsTo('POST', '/server-api/creator/create-sns-platform-endpoint')).toHaveLength(0);

    const app = pretendToBeInTheApp();
    openAsCreator('/', creatorInfo({ emailVerified: false }), { [REGISTER]: registered });
    await screen.findAllByRole('heading', { name: 'Verify your email' });
    expect(app.calls().some((call) => call.method === 'getDeviceToken')).toBe(false);
  });
});
