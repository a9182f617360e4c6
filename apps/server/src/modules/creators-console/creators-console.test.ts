import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUDIENCE_CLUSTER_UNKNOWN,
  CREATOR_MESSAGES,
  mobileDigitsMessage,
  NAME_MESSAGE,
  type CreatorConsoleDetail,
  type CreatorConsoleListResponse,
  type CreatorDetailsBody,
  type CreatorNote,
  type CreatorReminder,
  type OnboardingStatus,
} from '@platform/shared';
import { PUSH_SKIPPED_NOTE } from '../../adapters/push/disabled-push-sender';
import {
  accounts,
  auditLog,
  creators,
  creatorTaxRegistrations,
  payments,
  rewards,
} from '../../db/schema/index';
import {
  createCampaign,
  createEntry,
  createCreator,
  createKycApplication,
  createLookup,
  createStaffMember,
  createTeam,
  createTerritory,
  giveHandle,
  joinedCreator,
  signedIn,
  type SignedIn,
  type TestAccount,
} from '../../test/factories';
import { createTestApp, errorOf, NO_AUTH_RATE_LIMITS, type TestApp } from '../../test/harness';

const LIST = '/server-api/marketing/creators';
const page = (id: string, action = '') => `${LIST}/${id}${action ? `/${action}` : ''}`;

let context: TestApp;
let support: SignedIn;

beforeAll(async () => {
  context = await createTestApp({ authRateLimits: NO_AUTH_RATE_LIMITS });
  support = await signedIn(context, await createStaffMember(context, { role: 'Support' }));
});
afterAll(async () => {
  await context?.close();
});

/** A word no other creator of the test has in their email: each test finds only its own creators. */
const tagged = () => `t${randomUUID().slice(0, 8)}`;

async function creator(
  tag: string,
  options: { status?: OnboardingStatus; country?: string; name?: string } = {},
): Promise<TestAccount> {
  const account = await createCreator(context, {
    email: `${options.name ?? 'casey'}-${tag}-${randomUUID().slice(0, 6)}@example.com`,
    ...(options.status ? { status: options.status } : {}),
    ...(options.country ? { country: options.country } : {}),
  });
  if (options.name) {
    await context.db
      .update(creators)
      .set({ firstName: options.name })
      .where(eq(creators.accountId, account.id));
  }
  return account;
}

async function list(as: SignedIn, query: Record<string, string | number>) {
  const params = new URLSearchParams(
    Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
  );
  const response = await as.as.get(`${LIST}?${params.toString()}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CreatorConsoleListResponse>();
}

const idsOf = (page: CreatorConsoleListResponse) => page.items.map((item) => item.id).sort();

describe('the console’s list of creators', () => {
  it('finds a creator by handle, name and email, and links each handle to its platform', async () => {
    const tag = tagged();
    const found = await creator(tag, { name: `Robin${tag}` });
    await giveHandle(context, found.id, 'TikTok', `dancer_${tag}`);
    await giveHandle(context, found.id, 'Instagram', `@pics_${tag}`);
    await creator(tagged());

    const byHandle = await list(support, { search: `DANCER_${tag}` });
    expect(idsOf(byHandle)).toEqual([found.id]);
    const [item] = byHandle.items;
    expect(item?.handles).toEqual([
      { platform: 'Instagram', handle: `@pics_${tag}`, url: `https://www.instagram.com/pics_${tag}/` },
      { platform: 'TikTok', handle: `dancer_${tag}`, url: `https://www.tiktok.com/@dancer_${tag}` },
    ]);
    expect(item).toMatchObject({ email: found.email, kycStatus: 'None', taxStatus: null, country: 'GB' });

    expect(idsOf(await list(support, { search: `robin${tag}` }))).toEqual([found.id]);
    expect(idsOf(await list(support, { search: found.email.toUpperCase() }))).toEqual([found.id]);
    // What a person types is text, not a pattern.
    expect((await list(support, { search: `%${tag}` })).total).toBe(0);
  });

  it('filters by country, onboarding status, platform, genre, agency, KYC and tax status', async () => {
    const tag = tagged();
    const genre = await createLookup(context, 'genre');
    const agency = await createLookup(context, 'agency');
    const active = await creator(tag);
    const australian = await creator(tag, { country: 'AU' });
    const stuck = await creator(tag, { status: 'KYC_CHECK' });
    await giveHandle(context, australian.id, 'Snapchat');
    await context.db
      .update(creators)
      .set({ genreIds: [genre.id], agencyId: agency.id })
      .where(eq(creators.accountId, australian.id));
    await createKycApplication(context, { creatorId: stuck.id, status: 'Failure' });
    await createKycApplication(context, { creatorId: stuck.id, status: 'ManualReview' });
    await context.db.insert(creatorTaxRegistrations).values({
      creatorId: active.id,
      isRegistered: true,
      type: 'VAT',
      number: 'GB123456789',
      validationStatus: 'invalid',
      updatedAt: context.clock.now(),
    });

    const search = tag;
    expect(idsOf(await list(support, { search }))).toEqual([active.id, australian.id, stuck.id].sort());
    expect(idsOf(await list(support, { search, country: 'au' }))).toEqual([australian.id]);
    expect(idsOf(await list(support, { search, onboardingStatus: 'KYC_CHECK' }))).toEqual([stuck.id]);
    expect(idsOf(await list(support, { search, platform: 'Snapchat' }))).toEqual([australian.id]);
    expect(idsOf(await list(support, { search, genreId: genre.id }))).toEqual([australian.id]);
    expect(idsOf(await list(support, { search, agencyId: agency.id }))).toEqual([australian.id]);
    // The latest check counts, not an earlier one.
    expect(idsOf(await list(support, { search, kycStatus: 'ManualReview' }))).toEqual([stuck.id]);
    expect(idsOf(await list(support, { search, kycStatus: 'Failure' }))).toEqual([]);
    expect(idsOf(await list(support, { search, kycStatus: 'None' }))).toEqual(
      [active.id, australian.id].sort(),
    );
    expect(idsOf(await list(support, { search, taxStatus: 'invalid' }))).toEqual([active.id]);

    const bad = await support.as.get(`${LIST}?platform=MySpace`);
    expect(bad.statusCode).toBe(400);
  });

  it('pages on the server, newest first', async () => {
    const tag = tagged();
    const made: string[] = [];
    for (let index = 0; index < 5; index += 1) {
      made.push((await creator(tag)).id);
    }
    const first = await list(support, { search: tag, pageSize: 2 });
    const third = await list(support, { search: tag, pageSize: 2, page: 3 });
    expect(first).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect(first.items).toHaveLength(2);
    expect(third.items).toHaveLength(1);
    const all = await list(support, { search: tag, pageSize: 100 });
    expect(all.items.map((item) => item.id)).toEqual(
      [
        ...first.items,
        ...(await list(support, { search: tag, pageSize: 2, page: 2 })).items,
        ...third.items,
      ].map((item) => item.id),
    );
    expect(all.items.map((item) => item.id).sort()).toEqual([...made].sort());
  });

  it('shows a TerritoryManager only the creators of their territories', async () => {
    const tag = tagged();
    const territory = await createTerritory(context, { countries: ['NZ', 'IE'] });
    const manager = await signedIn(
      context,
      await createStaffMember(context, { role: 'TerritoryManager', territoryIds: [territory.id] }),
    );
    const kiwi = await creator(tag, { country: 'NZ' });
    const irish = await creator(tag, { country: 'IE' });
    const french = await creator(tag, { country: 'FR' });
    await creator(tag, { status: 'DATA_CAPTURE' });

    expect(idsOf(await list(manager, { search: tag }))).toEqual([kiwi.id, irish.id].sort());
    expect(idsOf(await list(manager, { search: tag, country: 'FR' }))).toEqual([]);
    expect(idsOf(await list(support, { search: tag }))).toContain(french.id);

    const nowhere = await signedIn(context, await createStaffMember(context, { role: 'TerritoryManager' }));
    expect((await list(nowhere, {})).total).toBe(0);
  });

  it('narrows to the countries of one territory, within a TerritoryManager’s own', async () => {
    const tag = tagged();
    const oceania = await createTerritory(context, { countries: ['AU', 'NZ'] });
    const ireland = await createTerritory(context, { countries: ['IE'] });
    const archived = await createTerritory(context, { countries: ['GB'], active: false });
    const aussie = await creator(tag, { country: 'AU' });
    const kiwi = await creator(tag, { country: 'NZ' });
    const irish = await creator(tag, { country: 'IE' });
    await creator(tag, { country: 'GB' });

    expect(idsOf(await list(support, { search: tag, territoryId: oceania.id }))).toEqual(
      [aussie.id, kiwi.id].sort(),
    );
    expect(idsOf(await list(support, { search: tag, territoryId: oceania.id, country: 'NZ' }))).toEqual([
      kiwi.id,
    ]);
    expect((await list(support, { search: tag, territoryId: archived.id })).total).toBe(0);
    expect((await list(support, { search: tag, territoryId: randomUUID() })).total).toBe(0);

    const manager = await signedIn(
      context,
      await createStaffMember(context, { role: 'TerritoryManager', territoryIds: [ireland.id] }),
    );
    expect(idsOf(await list(manager, { search: tag, territoryId: ireland.id }))).toEqual([irish.id]);
    // Another territory's filter shows a TerritoryManager nothing of it.
    expect((await list(manager, { search: tag, territoryId: oceania.id })).total).toBe(0);

    const bad = await support.as.get(`${LIST}?territoryId=oceania`);
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).details).toEqual([
      { field: 'territoryId', message: 'Choose a territory from the list.' },
    ]);
  });

  it('is closed to staff who may not read creators', async () => {
    const viewer = await signedIn(context, await createStaffMember(context, { role: 'StatsViewer' }));
    expect((await viewer.as.get(LIST)).statusCode).toBe(403);
  });
});

const auditActionsOf = async (creatorId: string) =>
  (await context.db.select().from(auditLog).where(eq(auditLog.targetId, creatorId))).map((row) => row.action);

describe('a creator’s page', () => {
  it('shows the profile, handles, tax registration, every identity check and the notes staff left', async () => {
    const tag = tagged();
    const found = await creator(tag, { name: 'Robin' });
    await giveHandle(context, found.id, 'Youtube', `tubes_${tag}`);
    await context.db.insert(creatorTaxRegistrations).values({
      creatorId: found.id,
      isRegistered: true,
      type: 'VAT',
      number: 'GB123456789',
      validationStatus: 'valid',
      checkSource: 'hmrc',
      updatedAt: context.clock.now(),
    });
    const failed = await createKycApplication(context, { creatorId: found.id, status: 'Failure' });
    const waiting = await createKycApplication(context, { creatorId: found.id });

    const note = await support.as.post(page(found.id, 'notes'), { body: '  Asked for her invoice twice.  ' });
    expect(note.statusCode, note.body).toBe(201);
    expect(note.json<CreatorNote>()).toMatchObject({
      body: 'Asked for her invoice twice.',
      authorName: support.account.email,
    });
    expect((await support.as.post(page(found.id, 'notes'), { body: '   ' })).statusCode).toBe(400);

    const response = await support.as.get(page(found.id));
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json<CreatorConsoleDetail>();
    expect(detail).toMatchObject({
      id: found.id,
      firstName: 'Robin',
      email: found.email,
      emailVerified: true,
      kycStatus: 'ManualReview',
      taxStatus: 'valid',
      address: { line1: '1 High Street', city: 'London', postcode: 'SW1A 1AA', country: 'GB' },
      taxRegistration: { isRegistered: true, type: 'VAT', number: 'GB123456789', validationStatus: 'valid' },
      handles: [
        { platform: 'Youtube', handle: `tubes_${tag}`, url: `https://www.youtube.com/@tubes_${tag}` },
      ],
    });
    expect(detail.kycChecks.map((check) => [check.id, check.status])).toEqual([
      [waiting.id, 'ManualReview'],
      [failed.id, 'Failure'],
    ]);
    expect(detail.notes.map((entry) => entry.body)).toEqual(['Asked for her invoice twice.']);
    expect(await auditActionsOf(found.id)).toEqual(['creator.note']);
  });

  it('is missing (404) for a creator outside a TerritoryManager’s territories, as for one that does not exist', async () => {
    const territory = await createTerritory(context, { countries: ['NZ'] });
    const manager = await signedIn(
      context,
      await createStaffMember(context, { role: 'TerritoryManager', territoryIds: [territory.id] }),
    );
    const kiwi = await creator(tagged(), { country: 'NZ', status: 'KYC_CAPTURE' });
    const french = await creator(tagged(), { country: 'FR', status: 'KYC_CAPTURE' });

    expect((await manager.as.get(page(kiwi.id))).statusCode).toBe(200);
    for (const id of [french.id, randomUUID(), 'not-an-id']) {
      expect((await manager.as.get(page(id))).statusCode).toBe(404);
    }
    expect((await manager.as.post(page(french.id, 'notes'), { body: 'Hello' })).statusCode).toBe(404);
    expect((await manager.as.post(page(french.id, 'remind'))).statusCode).toBe(404);
    expect((await manager.as.post(page(kiwi.id, 'remind'))).statusCode).toBe(200);
    // Ending sessions is Support's: a TerritoryManager may not, even in their territory.
    expect((await manager.as.post(page(kiwi.id, 'end-sessions'))).statusCode).toBe(403);
  });
});

describe('what staff do for a creator', () => {
  it('Support signs a creator out everywhere, and it is audited', async () => {
    const account = await creator(tagged());
    const phone = await signedIn(context, account);
    const laptop = await signedIn(context, account);
    expect((await phone.as.get('/server-api/creator/get-info')).statusCode).toBe(200);

    const ended = await support.as.post(page(account.id, 'end-sessions'));
    expect(ended.statusCode, ended.body).toBe(200);
    expect((await phone.as.get('/server-api/creator/get-info')).statusCode).toBe(401);
    expect((await laptop.as.get('/server-api/creator/get-info')).statusCode).toBe(401);
    expect(await auditActionsOf(account.id)).toEqual(['creator.end-sessions']);
  });

  it('Support sends a new verification link to a creator who has not verified, and nothing to one who has', async () => {
    const account = await creator(tagged());
    const verified = await support.as.post(page(account.id, 'resend-verification'));
    expect(verified.json()).toEqual({ message: 'This email address is verified already.' });
    expect(await context.emails.to(account.email)).toEqual([]);

    await context.db.update(accounts).set({ emailVerifiedAt: null }).where(eq(accounts.id, account.id));
    const sent = await support.as.post(page(account.id, 'resend-verification'));
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await context.emails.latestHint(account.email, '/verify')).toBeTruthy();
    expect(await auditActionsOf(account.id)).toEqual(['creator.resend-verification']);
  });

  it('reminds a creator stuck in a step by email, and refuses one who is not in a step', async () => {
    const stuck = await creator(tagged(), { status: 'AGENCY_CAPTURE' });
    const reminded = await support.as.post(page(stuck.id, 'remind'));
    expect(reminded.statusCode, reminded.body).toBe(200);
    const answer = reminded.json<CreatorReminder>();
    expect(answer.creator).toMatchObject({ onboardingStatus: 'AGENCY_CAPTURE' });
    expect(answer.creator.remindedAt).not.toBeNull();
    // This app has no push provider: the email goes alone, and the answer says why.
    expect(answer).toMatchObject({ channels: ['email'], pushNote: PUSH_SKIPPED_NOTE });
    const [email] = await context.emails.to(stuck.email);
    expect(email?.subject).toBe('Finish setting up your account');
    expect(await auditActionsOf(stuck.id)).toEqual(['creator.remind']);

    const active = await creator(tagged());
    expect((await support.as.post(page(active.id, 'remind'))).statusCode).toBe(409);
    expect(await context.emails.to(active.email)).toEqual([]);
  });
});

describe('a creator’s payments on their page', () => {
  it('lists every payment of the creator, newest first, and no one else’s', async () => {
    const found = await creator(tagged());
    const other = await creator(tagged());
    const team = await createTeam(context);
    const territory = await createTerritory(context);
    const campaign = await createCampaign(context, {
      teamId: team.id,
      territoryIds: [territory.id],
      status: 'LIVE',
    });
    const pay = async (creatorId: string, amountMinor: number, status: 'PENDING' | 'PAID') => {
      const { id: entryId } = await createEntry(context, {
        campaignId: campaign.id,
        creatorId,
        status: 'APPROVED',
      });
      const rewardId = randomUUID();
      const at = context.clock.now();
      await context.db.insert(rewards).values({
        id: rewardId,
        campaignId: campaign.id,
        entryId,
        creatorId,
        rule: 'SLOT',
        rank: null,
        period: null,
        amountMinor,
        currency: 'GBP',
        status: 'ACTIVE',
        createdAt: at,
        releasedAt: null,
      });
      const id = randomUUID();
      await context.db.insert(payments).values({
        id,
        rewardId,
        campaignId: campaign.id,
        creatorId,
        amountMinor,
        currency: 'GBP',
        status,
        rejectionReason: null,
        createdAt: at,
        decidedAt: null,
        decidedBy: null,
        updatedAt: at,
      });
      return id;
    };
    const first = await pay(found.id, 1000, 'PAID');
    const second = await pay(found.id, 2500, 'PENDING');
    await pay(other.id, 999, 'PENDING');

    const detail = (await support.as.get(page(found.id))).json<CreatorConsoleDetail>();
    expect(detail.payments.map((payment) => [payment.id, payment.amountMinor, payment.status])).toEqual([
      [second, 2500, 'PENDING'],
      [first, 1000, 'PAID'],
    ]);
    expect(detail.payments[0]?.campaignName).toBe(campaign.name);
    // The entries were written without an RSVP; one that joined shows with its entries.
    expect(detail.campaigns).toEqual([]);
  });

  it('lists the campaigns the creator joined, with their entries to each', async () => {
    const team = await createTeam(context);
    const territory = await createTerritory(context, { countries: ['GB'] });
    const campaign = await createCampaign(context, {
      teamId: team.id,
      territoryIds: [territory.id],
      status: 'LIVE',
    });
    const joined = await joinedCreator(context, campaign.id);
    const entry = await createEntry(context, { campaignId: campaign.id, creatorId: joined.account.id });

    const detail = (await support.as.get(page(joined.account.id))).json<CreatorConsoleDetail>();
    expect(detail.campaigns).toHaveLength(1);
    expect(detail.campaigns[0]).toMatchObject({
      campaignName: campaign.name,
      rsvp: { campaignId: campaign.id, status: 'ACCEPT' },
      entries: [{ id: entry.id, status: 'SUBMITTED' }],
    });
  });
});

/** Details that pass every rule, for a creator moving to Sydney. */
const SYDNEY: CreatorDetailsBody = {
  firstName: 'Robyn',
  lastName: 'Smith',
  dateOfBirth: '1994-02-03',
  gender: 'Female',
  dialCode: '+61',
  mobile: '412 345 678',
  address: {
    country: 'AU',
    line1: '2 George Street',
    city: 'Sydney',
    stateProvince: 'NSW',
    postcode: '2000',
  },
};

const creatorRow = async (id: string) => {
  const [row] = await context.db.select().from(creators).where(eq(creators.accountId, id));
  return row;
};

describe('Support corrects a creator’s details', () => {
  it('saves the details whole, name and date of birth included, and audits what changed', async () => {
    const found = await creator(tagged(), { status: 'ACTIVE' });
    const response = await support.as.patch(page(found.id), SYDNEY);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<CreatorConsoleDetail>()).toMatchObject({
      firstName: 'Robyn',
      lastName: 'Smith',
      dateOfBirth: '1994-02-03',
      gender: 'Female',
      dialCode: '+61',
      mobile: '412345678',
      country: 'AU',
      address: {
        line1: '2 George Street',
        line2: null,
        city: 'Sydney',
        stateProvince: 'NSW',
        postcode: '2000',
      },
    });

    const [entry] = await context.db.select().from(auditLog).where(eq(auditLog.targetId, found.id));
    expect(entry).toMatchObject({ action: 'creator.edit', actorId: support.account.id });
    expect(entry?.before).toMatchObject({ firstName: 'Casey', country: 'GB', postcode: 'SW1A 1AA' });
    expect(entry?.after).toMatchObject({ firstName: 'Robyn', country: 'AU', postcode: '2000' });
    // What did not change is not in the record.
    expect(entry?.after).not.toHaveProperty('addressLine2');

    // The same details again change nothing and record nothing.
    expect((await support.as.patch(page(found.id), SYDNEY)).statusCode).toBe(200);
    expect(await auditActionsOf(found.id)).toEqual(['creator.edit']);
  });

  it('refuses details that break the profile form’s rules with its messages, and writes nothing', async () => {
    const found = await creator(tagged());
    const before = await creatorRow(found.id);
    const response = await support.as.patch(page(found.id), {
      ...SYDNEY,
      firstName: 'R0byn!',
      mobile: '41234',
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(errorOf(response).details).toEqual(
      expect.arrayContaining([
        { field: 'firstName', message: NAME_MESSAGE },
        { field: 'mobile', message: mobileDigitsMessage(9) },
      ]),
    );
    expect(await creatorRow(found.id)).toEqual(before);
    expect(await auditActionsOf(found.id)).toEqual([]);

    const missing = await support.as.patch(page(found.id), { ...SYDNEY, address: undefined });
    expect(missing.statusCode).toBe(422);
    expect((errorOf(missing).details ?? []).map((detail) => detail.field)).toContain('address');
  });

  it('refuses a country the creator’s tax registration does not fit', async () => {
    const found = await creator(tagged());
    await context.db.insert(creatorTaxRegistrations).values({
      creatorId: found.id,
      isRegistered: true,
      type: 'VAT',
      number: 'GB123456789',
      validationStatus: 'valid',
      updatedAt: context.clock.now(),
    });
    const response = await support.as.patch(page(found.id), SYDNEY);
    expect(response.statusCode, response.body).toBe(422);
    expect(errorOf(response).details).toEqual([
      { field: 'address.country', message: CREATOR_MESSAGES.taxTypeForCountry('ABN') },
    ]);
    expect((await creatorRow(found.id))?.country).toBe('GB');
  });

  it('refuses to change a deactivated creator, and a creator who does not exist is missing', async () => {
    const gone = await creator(tagged(), { status: 'INACTIVE' });
    expect((await support.as.patch(page(gone.id), SYDNEY)).statusCode).toBe(409);
    expect((await support.as.patch(page(randomUUID()), SYDNEY)).statusCode).toBe(404);
    expect((await support.as.patch(page('not-an-id'), SYDNEY)).statusCode).toBe(404);
  });

  it('is Support’s and an Admin’s: staff who only read creators are refused, in their territory or not', async () => {
    const territory = await createTerritory(context, { countries: ['NZ'] });
    const manager = await signedIn(
      context,
      await createStaffMember(context, { role: 'TerritoryManager', territoryIds: [territory.id] }),
    );
    const kiwi = await creator(tagged(), { country: 'NZ' });
    const french = await creator(tagged(), { country: 'FR' });
    for (const id of [kiwi.id, french.id]) {
      expect((await manager.as.patch(page(id), SYDNEY)).statusCode).toBe(403);
    }
    const marketer = await signedIn(context, await createStaffMember(context, { role: 'CampaignManager' }));
    expect((await marketer.as.patch(page(kiwi.id), SYDNEY)).statusCode).toBe(403);
    const admin = await signedIn(context, await createStaffMember(context, { role: 'Admin' }));
    expect((await admin.as.patch(page(kiwi.id), SYDNEY)).statusCode).toBe(200);
    expect((await creatorRow(kiwi.id))?.country).toBe('AU');
  });
});

describe('audience clusters', () => {
  it('Support places a creator in a cluster, and the list filters by it', async () => {
    const tag = tagged();
    const cluster = await createLookup(context, 'audience-cluster');
    const placed = await creator(tag);
    const other = await creator(tag);

    const response = await support.as.patch(page(placed.id), { ...SYDNEY, audienceClusterId: cluster.id });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<CreatorConsoleDetail>().audienceClusterId).toBe(cluster.id);
    expect(idsOf(await list(support, { search: tag, audienceClusterId: cluster.id }))).toEqual([placed.id]);
    expect(idsOf(await list(support, { search: tag }))).toEqual([placed.id, other.id].sort());

    // Details sent without a cluster keep it; null takes the creator out of it.
    await support.as.patch(page(placed.id), { ...SYDNEY, firstName: 'Robin' });
    expect((await creatorRow(placed.id))?.audienceClusterId).toBe(cluster.id);
    await support.as.patch(page(placed.id), { ...SYDNEY, audienceClusterId: null });
    expect((await creatorRow(placed.id))?.audienceClusterId).toBeNull();

    const bad = await support.as.get(`${LIST}?audienceClusterId=gen-z`);
    expect(bad.statusCode).toBe(400);
  });

  it('refuses a cluster that is archived or not a cluster, naming the field', async () => {
    const found = await creator(tagged());
    const archived = await createLookup(context, 'audience-cluster', { archived: true });
    const genre = await createLookup(context, 'genre');
    for (const id of [archived.id, genre.id, randomUUID()]) {
      const response = await support.as.patch(page(found.id), { ...SYDNEY, audienceClusterId: id });
      expect(response.statusCode, response.body).toBe(422);
      expect(errorOf(response)).toMatchObject({
        message: 'Please verify the following field(s): Audience cluster',
        details: [{ field: 'audienceClusterId', message: AUDIENCE_CLUSTER_UNKNOWN }],
      });
    }
    const malformed = await support.as.patch(page(found.id), { ...SYDNEY, audienceClusterId: 'gen-z' });
    expect(errorOf(malformed).details).toEqual([
      { field: 'audienceClusterId', message: AUDIENCE_CLUSTER_UNKNOWN },
    ]);
    expect((await creatorRow(found.id))?.audienceClusterId).toBeNull();
  });

  it('keeps a cluster some creator is in when an Admin deletes it: it is archived', async () => {
    const cluster = await createLookup(context, 'audience-cluster');
    const found = await creator(tagged());
    await support.as.patch(page(found.id), { ...SYDNEY, audienceClusterId: cluster.id });
    const admin = await signedIn(context, await createStaffMember(context, { role: 'Admin' }));
    const deleted = await admin.as.delete(`/server-api/marketing/lookups/audience-clusters/${cluster.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ outcome: 'archived' });
    expect((await creatorRow(found.id))?.audienceClusterId).toBe(cluster.id);
  });
});
