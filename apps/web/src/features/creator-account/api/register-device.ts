import type { DeviceRegistrationBody, DeviceRegistrationResponse } from '@platform/shared';
import { apiFetch } from '../../../lib/api-client';
import { creatorPath } from './paths';

/** Registers the creator's device for push notifications (SPEC §7). */
export function registerDevice(body: DeviceRegistrationBody): Promise<DeviceRegistrationResponse> {
  return apiFetch<DeviceRegistrationResponse>(creatorPath('/create-sns-platform-endpoint'), {
    method: 'POST',
    body,
  });
}
