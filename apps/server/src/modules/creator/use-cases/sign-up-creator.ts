import { randomUUID } from 'node:crypto';
import type { Executor } from '../../../db/client';
import type { CreatorContext } from '../creator.context';
import { creatorRepository as repository } from '../creator.repository';

/** Every new creator starts at DATA_CAPTURE with the terms they accepted and the device they used. */
export async function signUpCreator(
  { clock, push }: CreatorContext,
  executor: Executor,
  creator: { accountId: string; termsDocumentId: string; deviceToken: string | null },
): Promise<void> {
  const now = clock.now();
  await repository.insert(executor, creator.accountId, now);
  await repository.acceptTerms(executor, creator.accountId, creator.termsDocumentId, now);
  if (creator.deviceToken) {
    await repository.saveDevice(executor, {
      id: randomUUID(),
      creatorId: creator.accountId,
      deviceToken: creator.deviceToken,
      provider: push.name,
      accepted: true,
      note: 'Sent with the sign-up; checked with the push provider when the app registers it.',
      registeredAt: now,
    });
  }
}
