import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NO_TAX_REASONS,
  TAX_MESSAGES,
  TAX_VERIFICATION_MESSAGES,
  type CreatorConsoleDetail,
  type CreatorInfo,
  type Payment,
  type TaxComplianceResponse,
  type TaxVerificationBody,
} from '@platform/shared';
import { auditLog, creatorTaxRegistrations } from '../../db/schema/index';
import {
  createCampaign,
  createCreator,
  createLookup,
  createStaffMember,
  createWorld,
  declareTaxRegistration,
  profileBody,
  signedIn,
  uniqueHandle,
  verifyHandle,
  type SignedIn,
  type World,
} from '../../test/factories';
import { createTestApp, errorOf, NO_AUTH_RATE_LIMITS, type TestApp } from '../../test/harness';
import { pdfText } from '../../test/pdf-text';

const UK_VAT = 'GB980780684';
const AU_ABN = '51824753556';
const verifyPath = (id: string) => `/server-api/marketing/creators/${id}/tax-verification`;

let context: TestApp;
let world: World;
let support: SignedIn;
let genreId: string;

beforeAll(async () => {
  context = await createTestApp({ authRateLimits: NO_AUTH_RATE_LIMITS });
  world = await createWorld(context);
  support = await signedIn(
    context,
    await createStaffMember(context, { role: 'Support', displayName: 'Sam Support' }),
  );
  genreId = (await createLookup(context, 'genre', { name: `Grime ${randomUUID().slice(0, 6)}` })).id;
});
afterAll(async () => {
  await context?.close();
});

const today = () => context.clock.now().toISOString().slice(0, 10);

const verified = (number: string, overrides: Partial<TaxVerificationBody> = {}): TaxVerificationBody => ({
  outcome: 'VERIFIED',
  number,
  note: 'HMRC’s online VAT check named Casey Creator Ltd at 1 High Street',
  reference: 'HMRC consultation 0042-1234',
  checkedOn: today(),
  ...overrides,
});

/** A UK creator who gave a VAT number through their own profile form, on this install without HMRC. */
async function ukVatCreator(): Promise<SignedIn & { handle: string }> {
  const creator = await signedIn(context, await createCreator(context));
  const handle = uniqueHandle();
  const saved = await creator.as.patch(
    '/server-api/creator',
    profileBody(genreId, {
      handles: [{ socialPlatform: 'TikTok', handle }],
      taxRegistration: { isRegistered: true, type: 'VAT', number: 'gb 980 7806 84' },
    }),
  );
  expect(saved.statusCode, saved.body).toBe(200);
  await verifyHandle(context, creator.account.id, 'TikTok');
  return Object.assign(creator, { handle });
}

const infoOf = async (creator: SignedIn) =>
  (await creator.as.get('/server-api/creator/get-info')).json<CreatorInfo>();

const registrationRow = async (creatorId: string) =>
  (
    await context.db
      .select()
      .from(creatorTaxRegistrations)
      .where(eq(creatorTaxRegistrations.creatorId, creatorId))
  )[0];

const auditOf = async (creatorId: string) =>
  (await context.db.select().from(auditLog).where(eq(auditLog.targetId, creatorId))).filter((row) =>
    row.action.startsWith('creator.tax'),
  );

describe('an install without HMRC or ABR credentials', () => {
  it('tells the creator that Support checks their number by hand, and leaves it not verified', async () => {
    const creator = await ukVatCreator();
    const info = await infoOf(creator);
    expect(info.taxNumberChecks).toEqual({ VAT: 'SUPPORT', ABN: 'SUPPORT' });
    expect(info.taxRegistration).toMatchObject({
      number: UK_VAT,
      validationStatus: 'not verified',
      checkSource: 'offline',
    });
  });
});

describe('Support verifies a registration by hand', () => {
  it('makes the number valid with what was checked, its reference and the day, shown on the creator’s page and audited', async () => {
    const creator = await ukVatCreator();
    const id = creator.account.id;
    const answer = await support.as.post(verifyPath(id), verified(' gb980780684 '));
    expect(answer.statusCode, answer.body).toBe(200);
    const page = answer.json<CreatorConsoleDetail>();
    expect(page.taxStatus).toBe('valid');
    expect(page.taxRegistration).toMatchObject({
      checkableByHand: true,
      number: UK_VAT,
      validationStatus: 'valid',
      checkSource: 'support',
      verification: {
        outcome: 'VERIFIED',
        note: 'HMRC’s online VAT check named Casey Creator Ltd at 1 High Street',
        reference: 'HMRC consultation 0042-1234',
        checkedOn: today(),
        decidedBy: 'Sam Support',
      },
    });
    expect(await infoOf(creator)).toMatchObject({
      taxRegistration: { validationStatus: 'valid', checkSource: 'support' },
    });
    const [entry] = await auditOf(id);
    expect(entry).toMatchObject({
      action: 'creator.tax-verified',
      actorId: support.account.id,
      before: { validationStatus: 'not verified', checkSource: 'offline' },
      after: {
        validationStatus: 'valid',
        checkSource: 'support',
        checkReference: 'HMRC consultation 0042-1234',
        checkedOn: today(),
      },
    });
  });

  it('marks a number not valid with the reason, which the creator reads and must act on', async () => {
    const creator = await ukVatCreator();
    const reason = 'HMRC’s online check says this number is not registered for VAT.';
    const answer = await support.as.post(verifyPath(creator.account.id), {
      outcome: 'NOT_VALID',
      number: UK_VAT,
      note: reason,
      checkedOn: today(),
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<CreatorConsoleDetail>().taxRegistration).toMatchObject({
      validationStatus: 'invalid',
      verification: { outcome: 'NOT_VALID', note: reason, reference: null },
    });
    expect((await infoOf(creator)).taxRegistration).toMatchObject({
      validationStatus: 'invalid',
      checkSource: 'support',
      note: reason,
    });
    // Saving the same number again is refused, as a number HMRC refused would be.
    const again = await creator.as.patch(
      '/server-api/creator',
      profileBody(genreId, {
        handles: [{ socialPlatform: 'TikTok', handle: creator.handle }],
        taxRegistration: { isRegistered: true, type: 'VAT', number: UK_VAT },
      }),
    );
    expect(again.statusCode).toBe(422);
    expect(errorOf(again).details).toEqual([
      { field: 'taxRegistration.number', message: TAX_MESSAGES.vatInvalid },
    ]);
    expect((await auditOf(creator.account.id)).map((row) => row.action)).toEqual(['creator.tax-not-valid']);
  });

  it('verifies an Australian ABN the same way', async () => {
    const account = await createCreator(context, { country: 'AU' });
    await declareTaxRegistration(context, account.id, { type: 'ABN', number: AU_ABN });
    const answer = await support.as.post(verifyPath(account.id), verified(AU_ABN));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<CreatorConsoleDetail>().taxStatus).toBe('valid');
  });

  it('is cleared when the creator changes the number, which goes back to not verified', async () => {
    const creator = await ukVatCreator();
    await support.as.post(verifyPath(creator.account.id), verified(UK_VAT));
    const changed = await creator.as.patch(
      '/server-api/creator',
      profileBody(genreId, {
        handles: [{ socialPlatform: 'TikTok', handle: creator.handle }],
        taxRegistration: { isRegistered: true, type: 'VAT', number: 'GB434031494' },
      }),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await registrationRow(creator.account.id)).toMatchObject({
      number: 'GB434031494',
      validationStatus: 'not verified',
      checkSource: 'offline',
      checkReference: null,
      checkedOn: null,
      checkedBy: null,
    });
    const page = (
      await support.as.get(`/server-api/marketing/creators/${creator.account.id}`)
    ).json<CreatorConsoleDetail>();
    expect(page).toMatchObject({ taxRegistration: { verification: null } });
  });

  it('keeps the number as it is when the creator saves their profile without changing it', async () => {
    const creator = await ukVatCreator();
    await support.as.post(verifyPath(creator.account.id), verified(UK_VAT));
    const saved = await creator.as.patch(
      '/server-api/creator',
      profileBody(genreId, {
        handles: [{ socialPlatform: 'TikTok', handle: creator.handle }],
        taxRegistration: { isRegistered: true, type: 'VAT', number: 'GB 980 780 684' },
      }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await registrationRow(creator.account.id)).toMatchObject({
      validationStatus: 'valid',
      checkSource: 'support',
      checkReference: 'HMRC consultation 0042-1234',
    });
  });

  it('stands when the creator checks the number again and no register can answer', async () => {
    const creator = await ukVatCreator();
    await support.as.post(verifyPath(creator.account.id), verified(UK_VAT));
    const check = await creator.as.get(`/server-api/creator/validate-vat-compliance/${creator.account.id}`);
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json<TaxComplianceResponse>()).toMatchObject({ status: 'VALID', validationStatus: 'valid' });
    expect(await registrationRow(creator.account.id)).toMatchObject({
      validationStatus: 'valid',
      checkSource: 'support',
    });
  });
});

describe('what a check by hand refuses', () => {
  it('answers 400 with each field’s message and writes nothing', async () => {
    const creator = await ukVatCreator();
    const before = await context.rowCounts();
    const bare = await support.as.post(verifyPath(creator.account.id), {
      outcome: 'VERIFIED',
      number: UK_VAT,
      note: '  ',
      checkedOn: today(),
    });
    expect(bare.statusCode).toBe(400);
    expect(errorOf(bare).details).toEqual(
      expect.arrayContaining([
        { field: 'note', message: TAX_VERIFICATION_MESSAGES.evidenceRequired },
        { field: 'reference', message: TAX_VERIFICATION_MESSAGES.referenceRequired },
      ]),
    );
    const tomorrow = new Date(context.clock.now().getTime() + 2 * 86_400_000).toISOString().slice(0, 10);
    const future = await support.as.post(
      verifyPath(creator.account.id),
      verified(UK_VAT, { checkedOn: tomorrow }),
    );
    expect(future.statusCode).toBe(400);
    expect(errorOf(future).details).toEqual([
      { field: 'checkedOn', message: TAX_VERIFICATION_MESSAGES.checkedOnInFuture },
    ]);
    const noDay = await support.as.post(
      verifyPath(creator.account.id),
      verified(UK_VAT, { checkedOn: '27/11/2026' }),
    );
    expect(errorOf(noDay).details).toEqual([
      { field: 'checkedOn', message: TAX_VERIFICATION_MESSAGES.checkedOnRequired },
    ]);
    expect(await context.rowCounts()).toEqual(before);
    expect(await registrationRow(creator.account.id)).toMatchObject({ validationStatus: 'not verified' });
  });

  it('refuses a number the creator has changed since the page was loaded (409)', async () => {
    const creator = await ukVatCreator();
    const stale = await support.as.post(verifyPath(creator.account.id), verified('GB434031494'));
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).message).toBe(TAX_VERIFICATION_MESSAGES.numberChanged);
    expect(await auditOf(creator.account.id)).toEqual([]);
  });

  it('refuses a creator who declared no registration, one whose register answered, and one whose check would change nothing', async () => {
    const unregistered = await createCreator(context);
    const nothing = await support.as.post(verifyPath(unregistered.id), verified(UK_VAT));
    expect(nothing.statusCode).toBe(409);
    expect(errorOf(nothing).message).toBe(TAX_VERIFICATION_MESSAGES.nothingToCheck);

    const confirmed = await createCreator(context);
    await declareTaxRegistration(context, confirmed.id, {
      type: 'VAT',
      number: UK_VAT,
      validationStatus: 'valid',
      checkSource: 'hmrc',
    });
    const answered = await support.as.post(verifyPath(confirmed.id), verified(UK_VAT));
    expect(answered.statusCode).toBe(409);
    expect(errorOf(answered).message).toBe(TAX_VERIFICATION_MESSAGES.checkedByRegister('HMRC'));
    const confirmedPage = await support.as.get(`/server-api/marketing/creators/${confirmed.id}`);
    expect(confirmedPage.json<CreatorConsoleDetail>().taxRegistration?.checkableByHand).toBe(false);

    const german = await createCreator(context);
    await declareTaxRegistration(context, german.id, { type: 'VAT', number: 'DE123456789' });
    const pointless = await support.as.post(verifyPath(german.id), verified('DE123456789'));
    expect(pointless.statusCode).toBe(409);
    expect(errorOf(pointless).message).toContain(NO_TAX_REASONS.vatNumberNotUk);
    const germanPage = await support.as.get(`/server-api/marketing/creators/${german.id}`);
    expect(germanPage.json<CreatorConsoleDetail>().taxRegistration?.checkableByHand).toBe(false);

    const gone = await createCreator(context, { status: 'INACTIVE' });
    await declareTaxRegistration(context, gone.id, { type: 'VAT', number: UK_VAT });
    const deactivated = await support.as.post(verifyPath(gone.id), verified(UK_VAT));
    expect(deactivated.statusCode).toBe(409);
    expect(errorOf(deactivated).message).toBe(TAX_VERIFICATION_MESSAGES.deactivated);
  });

  it('is Support’s and the Admin’s alone: others are refused, an unknown creator is 404', async () => {
    const creator = await ukVatCreator();
    for (const role of ['CampaignManager', 'TerritoryManager', 'StatsViewer'] as const) {
      expect((await world.as(role).post(verifyPath(creator.account.id), verified(UK_VAT))).statusCode).toBe(
        403,
      );
    }
    expect((await creator.as.post(verifyPath(creator.account.id), verified(UK_VAT))).statusCode).toBe(403);
    expect((await support.as.post(verifyPath(randomUUID()), verified(UK_VAT))).statusCode).toBe(404);
    expect((await world.as('Admin').post(verifyPath(creator.account.id), verified(UK_VAT))).statusCode).toBe(
      200,
    );
  });
});

describe('invoices after a check by hand', () => {
  let nextPost = 7_410_000_000_000_000_000n;

  /** A UK VAT creator's approved payment of `amountMinor`, with its invoice's text. */
  async function approvedInvoice(creator: SignedIn & { handle: string }, amountMinor: number) {
    const campaign = await createCampaign(context, {
      teamId: world.homeTeam.id,
      territoryIds: [world.homeTerritory.id],
      status: 'LIVE',
      budget: amountMinor,
      reward: { type: 'FIRST_COME_FIRST_SERVE', amountPerEntry: amountMinor, slots: 1 },
    });
    const joined = await creator.as.post('/server-api/campaigns/rsvp', {
      campaignId: campaign.id,
      creatorId: creator.account.id,
    });
    expect(joined.statusCode, joined.body).toBe(201);
    nextPost += 1n;
    const entry = await creator.as.post('/server-api/campaigns/entry', {
      campaignId: campaign.id,
      postLink: `https://www.tiktok.com/@${creator.handle}/video/${nextPost}`,
      platform: 'TikTok',
    });
    expect(entry.statusCode, entry.body).toBe(201);
    const manager = world.as('CampaignManager');
    const entryId = entry.json<{ id: string }>().id;
    await manager.post(`/server-api/marketing/campaigns/${campaign.id}/entries/${entryId}/approve`);
    const payments = (await creator.as.post('/server-api/creator/payment/search', {})).json<{
      data: Payment[];
    }>();
    const payment = payments.data.find((candidate) => candidate.campaignId === campaign.id);
    if (!payment) throw new Error('no payment');
    const approved = await manager.post(`/server-api/marketing/payments/${payment.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    const pdf = await creator.as.post('/server-api/creator/payment/invoice', { paymentId: payment.id });
    expect(pdf.statusCode).toBe(200);
    return { paymentId: payment.id, text: await pdfText(pdf.rawPayload) };
  }

  it('carry VAT once Support verified the number, as after HMRC’s confirmation; the one issued before stays without', async () => {
    const creator = await ukVatCreator();
    const before = await approvedInvoice(creator, 10_000);
    expect(before.text).toContain('Self-billed invoice');
    expect(before.text).toContain(NO_TAX_REASONS.vatNotVerified);
    expect(before.text).not.toMatch(/VAT at 20%/);

    expect((await support.as.post(verifyPath(creator.account.id), verified(UK_VAT))).statusCode).toBe(200);

    const after = await approvedInvoice(creator, 12_345);
    expect(after.text).toContain('Self-billed VAT invoice');
    expect(after.text).toContain('The VAT shown is your output tax due to HMRC.');
    expect(after.text).toContain('VAT number GB980780684');
    expect(after.text).toMatch(/VAT at 20%\s*£24\.69/);

    // The invoice issued before the check is the same document it was.
    const again = await creator.as.post('/server-api/creator/payment/invoice', {
      paymentId: before.paymentId,
    });
    expect(await pdfText(again.rawPayload)).toBe(before.text);
  });

  it('say the number was found not valid when Support marked it so', async () => {
    const creator = await ukVatCreator();
    await support.as.post(verifyPath(creator.account.id), {
      outcome: 'NOT_VALID',
      number: UK_VAT,
      note: 'Not on HMRC’s register.',
      checkedOn: today(),
    });
    const invoice = await approvedInvoice(creator, 5_000);
    expect(invoice.text).toContain(NO_TAX_REASONS.vatFoundNotValid);
    expect(invoice.text).not.toMatch(/VAT at 20%/);
  });
});
