import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatorConsoleListResponse, OnboardingStatus } from '@platform/shared';
import { creators, creatorTaxRegistrations } from '../../db/schema/index';
import {
  createCreator,
  createKycApplication,
  createLookup,
  createStaffMember,
  createTerritory,
  giveHandle,
  signedIn,
  type SignedIn,
  type TestAccount,
} from '../../test/factories';
import { createTestApp, NO_AUTH_RATE_LIMITS, type TestApp } from '../../test/harness';

const LIST = '/server-api/marketing/creators';

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

  it('is closed to staff who may not read creators', async () => {
    const viewer = await signedIn(context, await createStaffMember(context, { role: 'StatsViewer' }));
    expect((await viewer.as.get(LIST)).statusCode).toBe(403);
  });
});
