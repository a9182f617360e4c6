import { emailTemplates } from '../../email/email.service';
import type { NotificationsContext } from '../notifications.context';
import { notificationsRepository as repository } from '../notifications.repository';
import { ENTRIES_DIGEST_PERIOD_MS, ENTRIES_REVIEW, type WaitingEntries } from '../notification-facts';
import { staffWhoMay, tell } from '../telling';

/** One person's digest for the period, unless another worker claimed it first: whether it was sent. */
async function sendDigest(
  context: NotificationsContext,
  accountId: string,
  campaigns: readonly WaitingEntries[],
  periodStart: Date,
  now: Date,
): Promise<boolean> {
  const { db, emailService, publicUrl } = context;
  return db.transaction(async (tx) => {
    if (!(await repository.claimDigest(tx, accountId, 'ENTRIES_WAITING', periodStart, now))) return false;
    const lines: { name: string; waiting: number; url: string }[] = [];
    let email: string | null = null;
    for (const campaign of campaigns) {
      const link = `/console/campaigns/${campaign.id}`;
      const row = await tell(
        context,
        tx,
        {
          accountId,
          event: 'ENTRIES_WAITING',
          campaignId: campaign.id,
          campaignName: campaign.name,
          count: campaign.waiting,
          link,
        },
        { oneOpenPerCampaign: true },
      );
      email = row.email;
      lines.push({ name: campaign.name, waiting: campaign.waiting, url: `${publicUrl}${link}` });
    }
    if (email) {
      await emailService.enqueue(
        tx,
        email,
        emailTemplates.entriesDigest({ campaigns: lines, url: `${publicUrl}/console/campaigns` }),
      );
    }
    return true;
  });
}

/**
 * The entries digest (ADR 031): each person who may review entries hears, at most once a period, of
 * the campaigns in their scope with entries waiting, when some arrived since their last digest: one
 * email listing every such campaign with its count, and one unread feed row per campaign, brought up
 * to date rather than repeated. Each person's digest is claimed for the period in the transaction
 * that writes it, so that two workers, or a worker started again, never send it twice. Answers how
 * many people were told.
 */
export async function sendEntriesDigests(
  context: NotificationsContext,
  waiting: readonly WaitingEntries[],
): Promise<number> {
  const { db, clock } = context;
  if (waiting.length === 0) return 0;
  const now = clock.now();
  const periodStart = new Date(
    Math.floor(now.getTime() / ENTRIES_DIGEST_PERIOD_MS) * ENTRIES_DIGEST_PERIOD_MS,
  );
  const byPerson = new Map<string, WaitingEntries[]>();
  for (const campaign of waiting) {
    for (const accountId of await staffWhoMay(context, db, ENTRIES_REVIEW, campaign)) {
      byPerson.set(accountId, [...(byPerson.get(accountId) ?? []), campaign]);
    }
  }
  let told = 0;
  for (const [accountId, campaigns] of byPerson) {
    const last = await repository.lastDigestAt(db, accountId, 'ENTRIES_WAITING');
    if (last && !campaigns.some((campaign) => campaign.newestSubmittedAt > last)) continue;
    if (await sendDigest(context, accountId, campaigns, periodStart, now)) told += 1;
  }
  return told;
}
