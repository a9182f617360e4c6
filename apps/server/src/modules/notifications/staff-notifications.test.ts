import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  notificationEventsFor,
  notificationText,
  type NotificationEvent,
  type NotificationFeed,
  type NotificationPreferences,
} from '@platform/shared';
import { creators, notificationDigests, notifications } from '../../db/schema/index';
import { sendEntriesDigests } from '../../jobs/entries-digest';
import {
  createCampaign,
  createCreator,
  createEntry,
  createLookup,
  createStaffMember,
  createTeam,
  createTerritory,
  signedIn,
  TINY_PNG,
  type SignedIn,
  type TestAccount,
} from '../../test/factories';
import {
  createTestApp,
  createTestClock,
  errorOf,
  NO_AUTH_RATE_LIMITS,
  PUBLIC_URL,
  signedUrlPath,
  type TestApp,
} from '../../test/harness';
import { ENTRIES_DIGEST_PERIOD_MS, PREFERENCE_MESSAGES, PUSH_NOTES } from './notifications.service';

const CAMPAIGNS = '/server-api/marketing/campaigns';
const PREFERENCES = '/server-api/notifications/preferences';

let context: TestApp;
const clock = createTestClock();
let team: { id: string };
let otherTeam: { id: string };
let territory: { id: string };

beforeAll(async () => {
  context = await createTestApp({ clock, authRateLimits: NO_AUTH_RATE_LIMITS });
  team = await createTeam(context);
  otherTeam = await createTeam(context);
  territory = await createTerritory(context);
});
afterAll(async () => {
  await context?.close();
});

const staffMember = (role: Parameters<typeof createStaffMember>[1]['role'], teamIds: string[] = []) =>
  createStaffMember(context, { role, teamIds });

/** The notifications of `event` an account has, newest first. */
const told = (account: Pick<TestAccount, 'id'>, event: NotificationEvent) =>
  context.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.accountId, account.id), eq(notifications.event, event)));

const emailsTo = async (account: Pick<TestAccount, 'email'>, subject: string) =>
  (await context.emails.to(account.email)).filter((email) => email.subject === subject);

const newCampaign = (teamId = team.id) =>
  createCampaign(context, { teamId, territoryIds: [territory.id], status: 'DRAFT' });

describe('a campaign sent for review', () => {
  it('tells the people who may approve it, in its team or over all, and nobody else', async () => {
    const marketer = await signedIn(context, await staffMember('CampaignMarketer', [team.id]));
    const manager = await staffMember('CampaignManager', [team.id]);
    const otherManager = await staffMember('CampaignManager', [otherTeam.id]);
    const viewer = await staffMember('CampaignViewer', [team.id]);
    const support = await staffMember('Support');
    const admin = await staffMember('Admin');
    const disabledAdmin = await createStaffMember(context, { role: 'Admin', status: 'INACTIVE' });
    const campaign = await newCampaign();

    const submitted = await marketer.as.post(`${CAMPAIGNS}/${campaign.id}/submit`);
    expect(submitted.statusCode, submitted.body).toBe(200);

    const expected = notificationText({ event: 'CAMPAIGN_SUBMITTED', campaignName: campaign.name });
    for (const approver of [manager, admin]) {
      const [row] = await told(approver, 'CAMPAIGN_SUBMITTED');
      expect(row).toMatchObject({
        ...expected,
        link: `/console/campaigns/${campaign.id}`,
        campaignId: campaign.id,
        pushState: 'SKIPPED',
        pushNote: PUSH_NOTES.staff,
      });
      const [email] = await emailsTo(approver, expected.title);
      expect(email?.textBody).toContain(expected.body);
      expect(email?.actionUrl).toBe(`${PUBLIC_URL}/console/campaigns/${campaign.id}`);
    }
    for (const other of [marketer.account, otherManager, viewer, support, disabledAdmin]) {
      expect(await told(other, 'CAMPAIGN_SUBMITTED')).toEqual([]);
      expect(await emailsTo(other, expected.title)).toEqual([]);
    }
  });

  it('tells whoever sent it for review of the approval, not the approver, and nobody out of its team', async () => {
    const marketer = await signedIn(context, await staffMember('CampaignMarketer', [team.id]));
    const manager = await signedIn(context, await staffMember('CampaignManager', [team.id]));
    const otherMarketer = await staffMember('CampaignMarketer', [otherTeam.id]);
    const campaign = await newCampaign();
    expect((await marketer.as.post(`${CAMPAIGNS}/${campaign.id}/submit`)).statusCode).toBe(200);

    const approved = await manager.as.post(`${CAMPAIGNS}/${campaign.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);

    const expected = notificationText({ event: 'CAMPAIGN_APPROVED', campaignName: campaign.name });
    expect(await told(marketer.account, 'CAMPAIGN_APPROVED')).toEqual([expect.objectContaining(expected)]);
    expect(await emailsTo(marketer.account, expected.title)).toHaveLength(1);
    expect(await told(manager.account, 'CAMPAIGN_APPROVED')).toEqual([]);
    expect(await told(otherMarketer, 'CAMPAIGN_APPROVED')).toEqual([]);
  });

  it('tells whoever sent it of a rejection with the reviewer’s reason', async () => {
    const marketer = await signedIn(context, await staffMember('CampaignMarketer', [team.id]));
    const manager = await signedIn(context, await staffMember('CampaignManager', [team.id]));
    const campaign = await newCampaign();
    expect((await marketer.as.post(`${CAMPAIGNS}/${campaign.id}/submit`)).statusCode).toBe(200);

    const rejected = await manager.as.post(`${CAMPAIGNS}/${campaign.id}/reject`, {
      reason: 'The budget is over the quarter’s limit',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);

    const [row] = await told(marketer.account, 'CAMPAIGN_REJECTED');
    expect(row?.body).toBe(
      `${campaign.name} was not approved. Reason: The budget is over the quarter’s limit. Edit it and send it for review again.`,
    );
  });

  it('tells nobody when the move is refused', async () => {
    const manager = await signedIn(context, await staffMember('CampaignManager', [team.id]));
    const admin = await staffMember('Admin');
    const campaign = await newCampaign();
    // A draft cannot be approved: the move is a 409, and its transaction told nobody.
    expect((await manager.as.post(`${CAMPAIGNS}/${campaign.id}/approve`)).statusCode).toBe(409);
    const rows = await context.db
      .select()
      .from(notifications)
      .where(eq(notifications.campaignId, campaign.id));
    expect(rows).toEqual([]);
    expect(await told(admin, 'CAMPAIGN_APPROVED')).toEqual([]);
  });
});

describe('an identity check waiting', () => {
  async function submitIdentityCheck(): Promise<{ creator: SignedIn; checkId: string }> {
    const creator = await signedIn(context, await createCreator(context, { status: 'KYC_CAPTURE' }));
    const config = await creator.as.get('/server-api/creator/kyc-sdk-config');
    expect(config.statusCode, config.body).toBe(200);
    const uploads = config.json<{ uploads: Record<'document' | 'selfie', { url: string }> }>().uploads;
    for (const kind of ['document', 'selfie'] as const) {
      const put = await context.app.inject({
        method: 'PUT',
        url: signedUrlPath(uploads[kind].url),
        payload: TINY_PNG,
        headers: { 'content-type': 'image/png' },
      });
      expect(put.statusCode).toBe(200);
    }
    const submitted = await creator.as.get('/server-api/creator/create-kyc-application');
    expect(submitted.statusCode, submitted.body).toBe(200);
    const [row] = await context.db
      .select({ link: notifications.link })
      .from(notifications)
      .where(eq(notifications.event, 'IDENTITY_CHECK_WAITING'))
      .orderBy(notifications.createdAt)
      .limit(1);
    const checkId = row?.link?.split('/').at(-1);
    if (!checkId) throw new Error('no identity check was told of');
    return { creator, checkId };
  }

  it('tells Support and Admins, as each chose, and no other role', async () => {
    const support = await signedIn(context, await staffMember('Support'));
    const quietSupport = await signedIn(context, await staffMember('Support'));
    const admin = await staffMember('Admin');
    const manager = await staffMember('CampaignManager', [team.id]);
    const territoryManager = await createStaffMember(context, {
      role: 'TerritoryManager',
      territoryIds: [territory.id],
    });
    const chose = await quietSupport.as.put(PREFERENCES, {
      choices: [{ event: 'IDENTITY_CHECK_WAITING', email: false, push: false }],
    });
    expect(chose.statusCode, chose.body).toBe(200);

    const { checkId } = await submitIdentityCheck();

    const title = 'Identity check waiting';
    for (const reviewer of [support.account, quietSupport.account, admin]) {
      const rows = await told(reviewer, 'IDENTITY_CHECK_WAITING');
      expect(rows.map((row) => row.link)).toContain(`/console/identity-checks/${checkId}`);
    }
    expect(await emailsTo(support.account, title)).not.toEqual([]);
    expect(await emailsTo(admin, title)).not.toEqual([]);
    // Her choice: the console tells her, email does not.
    expect(await emailsTo(quietSupport.account, title)).toEqual([]);
    for (const other of [manager, territoryManager]) {
      expect(await told(other, 'IDENTITY_CHECK_WAITING')).toEqual([]);
    }

    const feed = await support.as.get('/server-api/notifications');
    expect(feed.statusCode, feed.body).toBe(200);
    expect(feed.json<NotificationFeed>().items[0]).toMatchObject({
      event: 'IDENTITY_CHECK_WAITING',
      title,
      link: `/console/identity-checks/${checkId}`,
      readAt: null,
    });
  });
});

describe('the entries digest', () => {
  const runDigest = () =>
    sendEntriesDigests({
      entriesService: context.services.entries,
      campaignsService: context.services.campaigns,
      notificationsService: context.services.notifications,
    });

  const nextPeriod = () => {
    const now = clock.now().getTime();
    const next = (Math.floor(now / ENTRIES_DIGEST_PERIOD_MS) + 1) * ENTRIES_DIGEST_PERIOD_MS + 60_000;
    clock.advance(next - now);
  };

  it('sends each reviewer one email per period listing their campaigns and counts, never one per entry', async () => {
    nextPeriod();
    const digestTeam = await createTeam(context);
    const reviewer = await staffMember('CampaignMarketer', [digestTeam.id]);
    const outsider = await staffMember('CampaignMarketer', [otherTeam.id]);
    const viewer = await staffMember('CampaignViewer', [digestTeam.id]);
    const busy = await createCampaign(context, {
      teamId: digestTeam.id,
      territoryIds: [territory.id],
      status: 'LIVE',
    });
    const quiet = await createCampaign(context, {
      teamId: digestTeam.id,
      territoryIds: [territory.id],
      status: 'LIVE',
    });
    for (let index = 0; index < 5; index += 1) {
      await createEntry(context, { campaignId: busy.id, creatorId: (await createCreator(context)).id });
    }
    await createEntry(context, { campaignId: quiet.id, creatorId: (await createCreator(context)).id });
    await createEntry(context, {
      campaignId: quiet.id,
      creatorId: (await createCreator(context)).id,
      status: 'APPROVED',
    });

    // Two workers at once, then one started again: one digest for the period.
    await Promise.all([runDigest(), runDigest()]);
    await runDigest();

    const digests = await emailsTo(reviewer, '6 entries waiting for review');
    expect(digests).toHaveLength(1);
    expect(digests[0]?.textBody).toContain(`${busy.name}: 5 entries waiting`);
    expect(digests[0]?.textBody).toContain(`${quiet.name}: 1 entry waiting`);
    expect(
      (await context.emails.to(reviewer.email)).filter((email) =>
        email.subject.includes('waiting for review'),
      ),
    ).toHaveLength(1);
    const rows = await told(reviewer, 'ENTRIES_WAITING');
    expect(rows.map((row) => row.body).sort()).toEqual(
      [
        notificationText({ event: 'ENTRIES_WAITING', campaignName: busy.name, count: 5 }).body,
        notificationText({ event: 'ENTRIES_WAITING', campaignName: quiet.name, count: 1 }).body,
      ].sort(),
    );
    for (const other of [outsider, viewer]) {
      expect(await told(other, 'ENTRIES_WAITING')).toEqual([]);
      expect(await context.emails.to(other.email)).toEqual([]);
    }

    // Within the hour, more entries wait for the next digest.
    await createEntry(context, { campaignId: busy.id, creatorId: (await createCreator(context)).id });
    await runDigest();
    expect(await context.emails.to(reviewer.email)).toHaveLength(1);

    // The next hour: one more digest, and the same unread notification per campaign, brought up to date.
    nextPeriod();
    await runDigest();
    expect(await emailsTo(reviewer, '7 entries waiting for review')).toHaveLength(1);
    const updated = await told(reviewer, 'ENTRIES_WAITING');
    expect(updated).toHaveLength(2);
    expect(updated.map((row) => row.body)).toContain(
      notificationText({ event: 'ENTRIES_WAITING', campaignName: busy.name, count: 6 }).body,
    );

    // Nothing new since: the hour after, no digest.
    nextPeriod();
    await runDigest();
    expect(await context.emails.to(reviewer.email)).toHaveLength(2);
    const claimed = await context.db
      .select()
      .from(notificationDigests)
      .where(eq(notificationDigests.accountId, reviewer.id));
    expect(claimed).toHaveLength(2);
  });

  it('leaves out the email of a reviewer who turned it off, and still keeps the console’s notification', async () => {
    nextPeriod();
    const digestTeam = await createTeam(context);
    const reviewer = await signedIn(context, await staffMember('CampaignManager', [digestTeam.id]));
    expect(
      (
        await reviewer.as.put(PREFERENCES, {
          choices: [{ event: 'ENTRIES_WAITING', email: false, push: false }],
        })
      ).statusCode,
    ).toBe(200);
    const campaign = await createCampaign(context, {
      teamId: digestTeam.id,
      territoryIds: [territory.id],
      status: 'LIVE',
    });
    await createEntry(context, { campaignId: campaign.id, creatorId: (await createCreator(context)).id });
    await runDigest();
    expect(await told(reviewer.account, 'ENTRIES_WAITING')).toHaveLength(1);
    expect(await context.emails.to(reviewer.account.email)).toEqual([]);
  });
});

describe('notification preferences of staff and creators', () => {
  it('lists a staff member every staff kind, email only, and a creator every creator kind', async () => {
    const manager = await signedIn(context, await staffMember('CampaignManager', [team.id]));
    const staffView = await manager.as.get(PREFERENCES);
    expect(staffView.statusCode, staffView.body).toBe(200);
    const staffChoices = staffView.json<NotificationPreferences>();
    expect(staffChoices.audience).toBe('staff');
    expect(staffChoices.pushAvailable).toBe(false);
    expect(staffChoices.choices.map((choice) => choice.event)).toEqual(notificationEventsFor('staff'));

    const creator = await signedIn(context, await createCreator(context));
    const creatorView = (await creator.as.get(PREFERENCES)).json<NotificationPreferences>();
    expect(creatorView.audience).toBe('creator');
    expect(creatorView.choices.map((choice) => choice.event)).toEqual(notificationEventsFor('creator'));
    expect(creatorView.choices.map((choice) => choice.event)).not.toContain('ENTRIES_WAITING');
  });

  it('refuses a kind of the other audience with a 400 naming it, and keeps nothing', async () => {
    const manager = await signedIn(context, await staffMember('CampaignManager', [team.id]));
    const creator = await signedIn(context, await createCreator(context));
    const before = await context.rowCounts();

    const staffPut = await manager.as.put(PREFERENCES, {
      choices: [
        { event: 'CAMPAIGN_SUBMITTED', email: false, push: false },
        { event: 'POST_APPROVED', email: false, push: false },
      ],
    });
    expect(staffPut.statusCode).toBe(400);
    expect(errorOf(staffPut).details).toEqual([
      { field: 'choices.1.event', message: PREFERENCE_MESSAGES.unknown },
    ]);
    const creatorPut = await creator.as.put(PREFERENCES, {
      choices: [{ event: 'IDENTITY_CHECK_WAITING', email: false, push: false }],
    });
    expect(creatorPut.statusCode).toBe(400);
    expect(errorOf(creatorPut).details).toEqual([
      { field: 'choices.0.event', message: PREFERENCE_MESSAGES.unknown },
    ]);
    expect(await context.rowCounts()).toEqual(before);
  });

  it('tells a staff member who turned a kind’s email off in the console only', async () => {
    const marketer = await signedIn(context, await staffMember('CampaignMarketer', [team.id]));
    const manager = await signedIn(context, await staffMember('CampaignManager', [team.id]));
    const chose = await manager.as.put(PREFERENCES, {
      choices: [{ event: 'CAMPAIGN_SUBMITTED', email: false, push: false }],
    });
    expect(chose.json<NotificationPreferences>().choices).toContainEqual({
      event: 'CAMPAIGN_SUBMITTED',
      email: false,
      push: false,
    });
    const campaign = await newCampaign();
    expect((await marketer.as.post(`${CAMPAIGNS}/${campaign.id}/submit`)).statusCode).toBe(200);
    expect(await told(manager.account, 'CAMPAIGN_SUBMITTED')).toHaveLength(1);
    expect(await emailsTo(manager.account, 'Campaign waiting for review')).toEqual([]);
  });
});

describe('a campaign going live', () => {
  it('tells the creators in its territories who chose its artist, in the app and by email as they chose', async () => {
    const artist = await createLookup(context, 'artist', { name: 'Nova Lights' });
    const otherArtist = await createLookup(context, 'artist', { name: 'Echo Bloom' });
    const choosing = async (artistIds: string[], country = 'GB') => {
      const creator = await createCreator(context, { country });
      await context.db.update(creators).set({ artistIds }).where(eq(creators.accountId, creator.id));
      return creator;
    };
    const fan = await choosing([otherArtist.id, artist.id]);
    const quietFan = await signedIn(context, await choosing([artist.id]));
    const fanElsewhere = await choosing([artist.id], 'AU');
    const otherFan = await choosing([otherArtist.id]);
    const onboarding = await createCreator(context, { status: 'ARTIST_SELECTION' });
    await context.db
      .update(creators)
      .set({ artistIds: [artist.id] })
      .where(eq(creators.accountId, onboarding.id));
    expect(
      (
        await quietFan.as.put(PREFERENCES, {
          choices: [{ event: 'CAMPAIGN_LIVE', email: false, push: false }],
        })
      ).statusCode,
    ).toBe(200);
    const startsAt = new Date(clock.now().getTime() - 60_000).toISOString();
    const campaign = await createCampaign(context, {
      teamId: team.id,
      territoryIds: [territory.id],
      status: 'PUBLISHED',
      brandOrArtist: ' nova lights ',
      startsAt,
    });

    expect(await context.services.campaigns.runSchedule()).toBeGreaterThanOrEqual(1);

    const expected = notificationText({
      event: 'CAMPAIGN_LIVE',
      campaignName: campaign.name,
      subject: 'nova lights',
    });
    expect(await told(fan, 'CAMPAIGN_LIVE')).toEqual([
      expect.objectContaining({ ...expected, link: `/campaigns/${campaign.id}`, campaignId: campaign.id }),
    ]);
    expect(await emailsTo(fan, expected.title)).toHaveLength(1);
    expect(await told(quietFan.account, 'CAMPAIGN_LIVE')).toHaveLength(1);
    expect(await emailsTo(quietFan.account, expected.title)).toEqual([]);
    for (const other of [fanElsewhere, otherFan, onboarding]) {
      expect(await told(other, 'CAMPAIGN_LIVE')).toEqual([]);
      expect(await emailsTo(other, expected.title)).toEqual([]);
    }

    // The schedule runs again: the campaign is live already, and nobody is told twice.
    await context.services.campaigns.runSchedule();
    expect(await told(fan, 'CAMPAIGN_LIVE')).toHaveLength(1);
  });
});
