import { ONBOARDING_STEPS, type CreatorReminder, type ReminderChannel } from '@platform/shared';
import { errors } from '../../../errors';
import type { Actor, StaffCaller } from '../../../principal';
import { emailTemplates } from '../../email/email.service';
import { handlesBy, iso, reachable, targetOf, toItem } from '../creator-views';
import type { CreatorsConsoleContext } from '../creators-console.context';

const REMINDER = {
  title: 'Finish setting up your account',
  body: 'You are nearly there: open the app to finish setting up your account and start taking part in campaigns.',
};

/** A reminder makes sense only to a creator part way through onboarding. */
const notInAStep = () =>
  errors.conflict('This creator is not part way through onboarding: there is nothing to remind them of.');

/**
 * POST /server-api/marketing/creators/{id}/remind (PING_ONBOARDING): an email asking a creator stuck
 * in a step to finish, and a push to their devices; the creator's step does not change, only when they
 * were last reminded. The push goes first, so that what is recorded says whether it reached them.
 */
export async function remindCreator(
  context: CreatorsConsoleContext,
  caller: StaffCaller & Pick<Actor, 'requestId'>,
  id: string,
): Promise<CreatorReminder> {
  const { db, clock, audit, creatorService, emailService, notificationsService, publicUrl } = context;
  const row = await reachable(context, db, caller, id);
  if (!(ONBOARDING_STEPS as readonly string[]).includes(row.onboardingStatus)) throw notInAStep();
  const pushed = await notificationsService.pushNow(row.id, {
    ...REMINDER,
    data: { event: 'PING_ONBOARDING', link: '/' },
  });
  const channels: ReminderChannel[] = pushed.sent > 0 ? ['email', 'push'] : ['email'];
  const now = clock.now();
  await db.transaction(async (tx) => {
    await creatorService.markReminded(tx, row.id, now);
    await emailService.enqueue(
      tx,
      row.email,
      emailTemplates.notification({ ...REMINDER, url: `${publicUrl}/` }),
    );
    await audit.record(tx, {
      actor: caller,
      action: 'creator.remind',
      target: targetOf(row),
      before: { remindedAt: iso(row.remindedAt) },
      after: {
        remindedAt: now.toISOString(),
        onboardingStatus: row.onboardingStatus,
        channels,
        pushNote: pushed.note,
      },
    });
  });
  emailService.notifyEnqueued();
  const handles = await handlesBy(context, [row.id]);
  return {
    creator: toItem({ ...row, remindedAt: now }, handles.get(row.id) ?? []),
    channels,
    pushNote: pushed.note,
  };
}
