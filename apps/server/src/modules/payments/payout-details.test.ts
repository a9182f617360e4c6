import { randomBytes } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PAYMENT_MESSAGES,
  PAYOUT_DETAILS_MESSAGES,
  type CampaignBudget,
  type Paged,
  type Payment,
  type PayoutDetailsResponse,
  type StaffPayment,
} from '@platform/shared';
import { auditLog, payoutDetails, payouts, serverSettings } from '../../db/schema/index';
import {
  createCampaign,
  createWorld,
  joinedCreator,
  uniqueHandle,
  type SignedIn,
  type World,
} from '../../test/factories';
import { createTestApp, errorOf, NO_AUTH_RATE_LIMITS, type TestApp } from '../../test/harness';
import { open, seal, SealedWithAnotherKey, sealingKey } from '../../sealing';
import { FINANCE_EXPORT_COLUMNS, majorUnits, neutralizeFormula } from './payout-details.service';

const STAFF = '/server-api/marketing';
const DETAILS = '/server-api/creator/payout-details';

let context: TestApp;
let world: World;
beforeAll(async () => {
  context = await createTestApp({ authRateLimits: NO_AUTH_RATE_LIMITS });
  world = await createWorld(context);
});
afterAll(async () => {
  await context?.close();
});

const GB_ACCOUNT = {
  method: 'BANK_ACCOUNT',
  country: 'GB',
  accountHolder: 'Casey Creator',
  sortCode: '20-00-00',
  accountNumber: '5567 8901',
};
const DE_IBAN = 'DE89 3704 0044 0532 0130 00';

let nextPost = 7_340_000_000_000_000_000n;

/** A creator with an entry approved and its payment approved (invoice issued, payout waiting by hand). */
async function approvedPayment(
  options: { amount?: number; handle?: string } = {},
): Promise<{ creator: SignedIn; payment: Payment; campaignId: string; postLink: string }> {
  const amount = options.amount ?? 7500;
  const campaign = await createCampaign(context, {
    teamId: world.homeTeam.id,
    territoryIds: [world.homeTerritory.id],
    status: 'LIVE',
    budget: amount * 2,
    reward: { type: 'FIRST_COME_FIRST_SERVE', amountPerEntry: amount, slots: 2 },
  });
  const handle = options.handle ?? uniqueHandle();
  const creator = await joinedCreator(context, campaign.id, { handle });
  nextPost += 1n;
  const postLink = `https://www.tiktok.com/@${handle}/video/${nextPost}`;
  const entered = await creator.as.post('/server-api/campaigns/entry', {
    campaignId: campaign.id,
    postLink,
    platform: 'TikTok',
  });
  expect(entered.statusCode, entered.body).toBe(201);
  const entryId = entered.json<{ id: string }>().id;
  const manager = world.as('CampaignManager');
  expect(
    (await manager.post(`${STAFF}/campaigns/${campaign.id}/entries/${entryId}/approve`)).statusCode,
  ).toBe(200);
  const [pending] = (await creator.as.post('/server-api/creator/payment/search', {})).json<{
    data: Payment[];
  }>().data;
  if (!pending) throw new Error('no payment');
  const approved = await manager.post(`${STAFF}/payments/${pending.id}/approve`);
  expect(approved.statusCode, approved.body).toBe(200);
  return { creator, payment: approved.json<Payment>(), campaignId: campaign.id, postLink };
}

const exportOf = (campaignId: string, as: 'CampaignManager' | 'Admin' | 'Support' = 'CampaignManager') =>
  world.as(as).get(`${STAFF}/campaigns/${campaignId}/payments/export`);

const rowsOf = (csv: string) => parse<Record<string, string>>(csv, { bom: true, columns: true });

const auditOf = (action: string, targetId: string) =>
  context.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));

describe('sealing payout details', () => {
  const key = sealingKey(randomBytes(32));

  it('opens what it sealed, for the same creator, and nothing else', () => {
    const sealed = seal(key, '{"iban":"DE89370400440532013000"}', 'creator-1');
    expect(sealed).not.toContain('DE89');
    expect(open(key, sealed, 'creator-1')).toBe('{"iban":"DE89370400440532013000"}');
    expect(seal(key, 'same', 'creator-1')).not.toBe(seal(key, 'same', 'creator-1'));
    expect(() => open(key, sealed, 'creator-2')).toThrow();
    const [version, id, nonce, ciphertext, tag] = sealed.split('.');
    const altered = Buffer.from(ciphertext ?? '', 'base64url');
    altered[0] = (altered[0] ?? 0) ^ 1;
    expect(() =>
      open(key, [version, id, nonce, altered.toString('base64url'), tag].join('.'), 'creator-1'),
    ).toThrow();
  });

  it('says so when the key has changed, and refuses a key of the wrong length', () => {
    const sealed = seal(key, 'details', 'creator-1');
    expect(() => open(sealingKey(randomBytes(32)), sealed, 'creator-1')).toThrow(SealedWithAnotherKey);
    expect(() => sealingKey(randomBytes(16))).toThrow(/32 bytes/);
  });

  it('keeps a generated key in the database when none is configured, the same for every start', async () => {
    const [setting] = await context.db
      .select()
      .from(serverSettings)
      .where(eq(serverSettings.key, 'payout-details-key'));
    expect(Buffer.from(setting?.value ?? '', 'base64')).toHaveLength(32);
  });
});

describe('a creator’s payout details', () => {
  it('are needed on an install without a payouts provider, and none are given at first', async () => {
    const { creator } = await approvedPayment();
    expect((await creator.as.get(DETAILS)).json<PayoutDetailsResponse>()).toEqual({
      details: null,
      needed: true,
    });
  });

  it('are kept sealed and answered masked: the stored row and the answer never hold the number', async () => {
    const { creator } = await approvedPayment();
    const saved = await creator.as.put(DETAILS, GB_ACCOUNT);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<PayoutDetailsResponse>().details).toMatchObject({
      method: 'BANK_ACCOUNT',
      country: 'GB',
      masked: 'Bank account (GB) ending ••••8901',
    });
    expect(saved.body).not.toContain('55678901');
    expect(saved.body).not.toContain('200000');
    const [row] = await context.db
      .select()
      .from(payoutDetails)
      .where(eq(payoutDetails.creatorId, creator.account.id));
    expect(JSON.stringify(row)).not.toMatch(/55678901|200000|Casey Creator/);
    expect((await creator.as.get(DETAILS)).json<PayoutDetailsResponse>().details?.masked).toBe(
      'Bank account (GB) ending ••••8901',
    );
    const [given] = await auditOf('payout-details.give', creator.account.id);
    expect(JSON.stringify(given)).not.toContain('55678901');
  });

  it('take an IBAN where the country has one, checked by its checksum and its country', async () => {
    const { creator } = await approvedPayment();
    const iban = (value: string, country = 'DE') =>
      creator.as.put(DETAILS, { method: 'BANK_ACCOUNT', country, accountHolder: 'Kai Weber', iban: value });
    const wrongDigit = await iban('DE89 3704 0044 0532 0130 01');
    expect(wrongDigit.statusCode).toBe(400);
    expect(errorOf(wrongDigit).details).toEqual([{ field: 'iban', message: PAYOUT_DETAILS_MESSAGES.iban }]);
    expect(errorOf(await iban(DE_IBAN, 'FR')).details).toEqual([
      { field: 'iban', message: PAYOUT_DETAILS_MESSAGES.ibanCountry('FR') },
    ]);
    expect(
      (await creator.as.get(DETAILS)).json<PayoutDetailsResponse>().details,
      'nothing written',
    ).toBeNull();
    const saved = await iban(DE_IBAN);
    expect(saved.json<PayoutDetailsResponse>().details?.masked).toBe('Bank account (DE) ending ••••3000');
  });

  it('refuse each country’s bank fields written wrongly, each on its field', async () => {
    const { creator } = await approvedPayment();
    const bank = (body: Record<string, string>) =>
      creator.as.put(DETAILS, { method: 'BANK_ACCOUNT', accountHolder: 'Sam Lee', ...body });
    expect(
      errorOf(await bank({ country: 'GB', sortCode: '12-34', accountNumber: '1234567' })).details,
    ).toEqual([
      { field: 'sortCode', message: PAYOUT_DETAILS_MESSAGES.sortCode },
      { field: 'accountNumber', message: PAYOUT_DETAILS_MESSAGES.gbAccountNumber },
    ]);
    expect(errorOf(await bank({ country: 'AU', bsb: '062-00', accountNumber: '1234' })).details).toEqual([
      { field: 'bsb', message: PAYOUT_DETAILS_MESSAGES.bsb },
      { field: 'accountNumber', message: PAYOUT_DETAILS_MESSAGES.auAccountNumber },
    ]);
    // 021000021 is a real routing number; 021000022 fails its check digit.
    expect(
      errorOf(await bank({ country: 'US', routingNumber: '021000022', accountNumber: '123' })).details,
    ).toEqual([
      { field: 'routingNumber', message: PAYOUT_DETAILS_MESSAGES.routingNumber },
      { field: 'accountNumber', message: PAYOUT_DETAILS_MESSAGES.usAccountNumber },
    ]);
    expect(errorOf(await bank({ country: 'CA', bic: 'ROYC', accountNumber: '' })).details).toEqual([
      { field: 'bic', message: PAYOUT_DETAILS_MESSAGES.bic },
      { field: 'accountNumber', message: PAYOUT_DETAILS_MESSAGES.accountNumber },
    ]);
    expect(errorOf(await bank({ country: 'ZZ' })).details).toEqual([
      { field: 'country', message: PAYOUT_DETAILS_MESSAGES.countryRequired },
    ]);
    expect(
      errorOf(await creator.as.put(DETAILS, { method: 'PAYPAL', paypalEmail: 'not-an-email' })).details,
    ).toEqual([{ field: 'paypalEmail', message: PAYOUT_DETAILS_MESSAGES.paypalEmail }]);
    expect(
      (await creator.as.get(DETAILS)).json<PayoutDetailsResponse>().details,
      'nothing written',
    ).toBeNull();

    expect((await bank({ country: 'AU', bsb: '062-000', accountNumber: '12345678' })).statusCode).toBe(200);
    expect(
      (await bank({ country: 'US', routingNumber: '021000021', accountNumber: '000123456789' })).statusCode,
    ).toBe(200);
    const swift = await bank({ country: 'CA', bic: 'ROYCCAT2', accountNumber: '1234567' });
    expect(swift.json<PayoutDetailsResponse>().details?.masked).toBe('Bank account (CA) ending ••••4567');
  });

  it('take a PayPal address, shown with its name hidden; a change is audited', async () => {
    const { creator } = await approvedPayment();
    await creator.as.put(DETAILS, GB_ACCOUNT);
    const saved = await creator.as.put(DETAILS, {
      method: 'PAYPAL',
      paypalEmail: 'Casey.Creator@Example.com',
    });
    expect(saved.json<PayoutDetailsResponse>().details).toMatchObject({
      method: 'PAYPAL',
      country: null,
      masked: 'PayPal c••••@example.com',
    });
    expect(saved.body).not.toContain('casey.creator');
    const [changed] = await auditOf('payout-details.change', creator.account.id);
    expect(changed).toMatchObject({
      before: { method: 'BANK_ACCOUNT', details: 'Bank account (GB) ending ••••8901' },
      after: { method: 'PAYPAL', details: 'PayPal c••••@example.com' },
    });
  });

  it('are a creator’s own: staff cannot call the creator’s route', async () => {
    expect((await world.as('Admin').get(DETAILS)).statusCode).toBe(403);
    expect((await world.as('Anonymous').put(DETAILS, GB_ACCOUNT)).statusCode).toBe(401);
  });
});

describe('the finance export', () => {
  it('lists approved payments not yet paid with the details in full, guarded against formulas, and is audited', async () => {
    const { creator, payment, campaignId } = await approvedPayment({ amount: 7505 });
    await creator.as.put(DETAILS, GB_ACCOUNT);
    const answer = await exportOf(campaignId);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/csv/);
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="payments-.+\.csv"$/);
    const rows = rowsOf(answer.body);
    expect(Object.keys(rows[0] ?? {})).toEqual([...FINANCE_EXPORT_COLUMNS]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      'Payment ID': payment.id,
      'Invoice number': payment.invoiceNumber,
      Amount: '75.05',
      Currency: 'GBP',
      'Payout method': 'Bank account',
      'Account holder': 'Casey Creator',
      'Bank country': 'GB',
      'Sort code': '200000',
      'Account number': '55678901',
    });
    const [exported] = await auditOf('payments.export', campaignId);
    expect(exported?.after).toMatchObject({ payments: 1, paymentIds: [payment.id], withoutDetails: 0 });
  });

  it('keeps what a payment was first exported with when the creator changes their details', async () => {
    const { creator, payment, campaignId } = await approvedPayment();
    await creator.as.put(DETAILS, GB_ACCOUNT);
    expect((await exportOf(campaignId)).statusCode).toBe(200);
    await creator.as.put(DETAILS, {
      method: 'BANK_ACCOUNT',
      country: 'DE',
      accountHolder: 'Casey',
      iban: DE_IBAN,
    });
    const [again] = rowsOf((await exportOf(campaignId)).body);
    expect(again).toMatchObject({ 'Account number': '55678901', IBAN: '' });
    const queue = await world
      .as('CampaignManager')
      .get(`${STAFF}/campaigns/${campaignId}/payments?status=APPROVED`);
    expect(queue.json<Paged<StaffPayment>>().items[0]?.payoutDetails).toBe(
      'Bank account (GB) ending ••••8901',
    );

    const paid = await world.as('CampaignManager').post(`${STAFF}/payments/${payment.id}/paid`, {
      reference: 'BACS 0042',
      paidOn: context.clock.now().toISOString().slice(0, 10),
      method: 'BANK_TRANSFER',
    });
    expect(paid.json<Payment>().paidTo).toBe('Bank account (GB) ending ••••8901');
    expect(rowsOf((await exportOf(campaignId)).body), 'paid: no longer listed').toEqual([]);
  });

  it('says a creator gave no details, and writes a name that looks like a formula as text', async () => {
    const { creator, campaignId } = await approvedPayment();
    const [row] = rowsOf((await exportOf(campaignId)).body);
    expect(row?.['Payout method']).toBe('No payout details given');
    await creator.as.put(DETAILS, { ...GB_ACCOUNT, accountHolder: '=HYPERLINK("http://evil.example")' });
    const [payout] = await context.db
      .select()
      .from(payouts)
      .where(eq(payouts.paymentId, row?.['Payment ID'] ?? ''));
    expect(payout?.exportedAt, 'nothing to keep when nothing was given').toBeNull();
    const [withDetails] = rowsOf((await exportOf(campaignId)).body);
    expect(withDetails?.['Account holder']).toBe(`'=HYPERLINK("http://evil.example")`);
  });

  it('is for staff who approve payments of the campaign’s team: Support is refused, another team’s is a 404', async () => {
    const { campaignId } = await approvedPayment();
    expect((await exportOf(campaignId, 'Support')).statusCode).toBe(403);
    expect(
      (await world.as('Creator').get(`${STAFF}/campaigns/${campaignId}/payments/export`)).statusCode,
    ).toBe(403);
    const elsewhere = await createCampaign(context, {
      teamId: world.otherTeam.id,
      territoryIds: [world.homeTerritory.id],
      status: 'LIVE',
    });
    expect((await exportOf(elsewhere.id)).statusCode).toBe(404);
    expect((await exportOf(elsewhere.id, 'Admin')).statusCode).toBe(200);
  });

  it('neutralises every formula opener and writes amounts in major units', () => {
    for (const opener of ['=', '+', '-', '@', '\t', '\r']) {
      expect(neutralizeFormula(`${opener}1+1`)).toBe(`'${opener}1+1`);
    }
    expect(neutralizeFormula('Casey')).toBe('Casey');
    expect(majorUnits(7500, 'GBP')).toBe('75.00');
    expect(majorUnits(5, 'EUR')).toBe('0.05');
  });
});

describe('recording a payment paid by hand', () => {
  it('refuses a day in the future or before the approval, writing nothing', async () => {
    const { creator, payment } = await approvedPayment();
    const manager = world.as('CampaignManager');
    const record = (paidOn: string) =>
      manager.post(`${STAFF}/payments/${payment.id}/paid`, { reference: 'BACS 7', paidOn, method: 'OTHER' });
    const future = await record('2099-01-01');
    expect(future.statusCode).toBe(400);
    expect(errorOf(future).details).toEqual([{ field: 'paidOn', message: PAYMENT_MESSAGES.paidOnInFuture }]);
    const early = await record('2020-01-01');
    expect(errorOf(early).details).toEqual([
      { field: 'paidOn', message: PAYMENT_MESSAGES.paidOnBeforeApproval },
    ]);
    expect(
      errorOf(
        await manager.post(`${STAFF}/payments/${payment.id}/paid`, {
          reference: 'x',
          paidOn: 'today',
          method: 'CASH',
        }),
      ).details,
    ).toEqual(
      expect.arrayContaining([
        { field: 'paidOn', message: PAYMENT_MESSAGES.paidOnRequired },
        { field: 'method', message: PAYMENT_MESSAGES.paidMethodRequired },
      ]),
    );
    const [mine] = (await creator.as.post('/server-api/creator/payment/search', {})).json<{
      data: Payment[];
    }>().data;
    expect(mine?.status, 'nothing written').toBe('APPROVED');
  });

  it('shows the creator PAID with the day, the method and where it went; audited with them', async () => {
    const { creator, payment } = await approvedPayment();
    await creator.as.put(DETAILS, { method: 'PAYPAL', paypalEmail: 'sam@example.com' });
    const today = context.clock.now().toISOString().slice(0, 10);
    const paid = await world
      .as('CampaignManager')
      .post(`${STAFF}/payments/${payment.id}/paid`, { reference: 'PP-991', paidOn: today, method: 'PAYPAL' });
    expect(paid.statusCode, paid.body).toBe(200);
    const [mine] = (await creator.as.post('/server-api/creator/payment/search', {})).json<{
      data: Payment[];
    }>().data;
    expect(mine).toMatchObject({
      status: 'PAID',
      paidOn: today,
      paidMethod: 'PAYPAL',
      paidTo: 'PayPal s••••@example.com',
    });
    const [audited] = await auditOf('payment.paid', payment.id);
    expect(audited?.after).toMatchObject({ reference: 'PP-991', paidOn: today, method: 'PAYPAL' });
  });
});

describe('the console’s payments queue and budget', () => {
  it('names who is paid, for which post, and where to, masked; the budget splits approved from paid', async () => {
    const handle = uniqueHandle();
    const { creator, payment, campaignId, postLink } = await approvedPayment({ amount: 4000, handle });
    await creator.as.put(DETAILS, GB_ACCOUNT);
    const queue = await world.as('CampaignManager').get(`${STAFF}/campaigns/${campaignId}/payments`);
    const [item] = queue.json<Paged<StaffPayment>>().items;
    expect(item).toMatchObject({
      id: payment.id,
      creator: { handle },
      postLink,
      payoutDetails: 'Bank account (GB) ending ••••8901',
    });
    expect(item?.creator.name).toBeTruthy();
    expect(queue.body).not.toContain('55678901');

    const budget = () =>
      world
        .as('CampaignManager')
        .get(`${STAFF}/campaigns/${campaignId}/budget`)
        .then((answer) => answer.json<CampaignBudget>());
    expect(await budget()).toMatchObject({ committedMinor: 4000, approvedMinor: 4000, paidMinor: 0 });
    await world.as('CampaignManager').post(`${STAFF}/payments/${payment.id}/paid`, {
      reference: 'BACS 9',
      paidOn: context.clock.now().toISOString().slice(0, 10),
      method: 'BANK_TRANSFER',
    });
    expect(await budget()).toMatchObject({ committedMinor: 4000, approvedMinor: 0, paidMinor: 4000 });
  });
});
