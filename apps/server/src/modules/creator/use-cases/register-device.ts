import { randomUUID } from 'node:crypto';
import type { DeviceRegistrationResponse } from '@platform/shared';
import type { DeviceRegistration } from '../../../adapters/push/push-sender';
import type { RequestUser } from '../../../principal';
import type { CreatorContext } from '../creator.context';
import { creatorRepository as repository } from '../creator.repository';
import { invalidFields, own } from '../onboarding';

/** What a device registration says when the push provider could not be asked about the token. */
export const DEVICE_UNCHECKED_NOTE =
  'The push provider did not answer, so the device token could not be checked: it was stored as it is, and a token that turns out to be dead is forgotten when the first notification is sent.';

/**
 * The push provider's view of a device token. A provider that cannot answer now has not said the token
 * is bad: it is kept unchecked, and the first notification sent to it will tell.
 */
async function checkDevice(
  { push, logger }: CreatorContext,
  deviceToken: string,
): Promise<DeviceRegistration> {
  try {
    return await push.registerDevice(deviceToken);
  } catch (error) {
    logger.warn({ err: error, provider: push.name }, 'the push provider could not check a device token');
    return { provider: push.name, accepted: true, note: DEVICE_UNCHECKED_NOTE };
  }
}

/** POST /server-api/creator/create-sns-platform-endpoint: a device for push notifications. */
export async function registerDevice(
  context: CreatorContext,
  user: RequestUser,
  creatorId: string,
  deviceToken: string,
): Promise<DeviceRegistrationResponse> {
  await own(context, user, creatorId);
  const registration = await checkDevice(context, deviceToken);
  if (!registration.accepted) {
    throw invalidFields([{ field: 'deviceToken', message: registration.note }]);
  }
  const deviceId = await repository.saveDevice(context.db, {
    id: randomUUID(),
    creatorId: user.accountId,
    deviceToken,
    provider: registration.provider,
    accepted: true,
    note: registration.note,
    registeredAt: context.clock.now(),
  });
  return { deviceId, accepted: true, note: registration.note };
}
