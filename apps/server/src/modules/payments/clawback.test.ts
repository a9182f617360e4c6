import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES, type Payment, type PaymentBulkApproveResult } from '@platform/shared';
import {
  auditLog,
  clawbacks,
  entryHolds,
  entryMetricReadings,
  entryMetricSchedule,
  invoices,
  notifications,
  payments,
  payouts,
  rewards,
} from '../../db/schema/index';
import {
  createCampaign,
  createCreator,
  createEntry,
  createWorld,
  declareTaxRegistration,
  signedIn,
  type World,
} from '../../test/factories';
import { expectLedgerBalanced } from '../../test/ledger';
import {
  createTestApp,
  createTestClock,
  errorOf,
  NO_AUTH_RATE_LIMITS,
  type TestApp,
} from '../../test/harness';
import { ledgerAccounts } from './ledger';
import { PAYOUT_NOTES } from './payouts';
import { shareOnExcludedViews } from './use-cases/claw-back';

const STAFF = '/server-api/marketing';
const HOLDS = `${STAFF}/holds`;
const DAY = 24 * 3_600_000;

let context: TestApp;
let world: World;
const clock = createTestClock();
beforeAll(async () => {
  context = await createTestApp({ clock, authRateLimits: NO_AUTH_RATE_LIMITS });
  world = await createWorld(context);
});
afterAll(async () => {
  await context?.close();
});

const today = () => clock.now().toISOString().slice(0, 10);
const manager = () => world.as('CampaignManager');

type Won = { rule: 'SLOT' | 'PRIZE'; amountMinor: number; views?: number };

/** A creator, with a VAT number HMRC confirmed when asked, whose approved entry won `won`. */
async function winner(options: { vat?: boolean } = {}) {
  const account = await createCreator(context);
  if (options.vat) {
    await declareTaxRegistration(context, account.id, {
      type: 'VAT',
      number: 'GB123456789',
      validationStatus: 'valid',
    });
  }
  return account;
}

/** An approved entry of a live campaign of the home team winning `won`: its PENDING payment's id. */
async function pendingPayment(creatorId: string, won: Won) {
  const campaign = await createCampaign(context, {
    teamId: world.homeTeam.id,
    territoryIds: [world.homeTerritory.id],
    status: 'LIVE',
    budget: 1_000_000,
  });
  const entry = await createEntry(context, { campaignId: campaign.id, creatorId, status: 'APPROVED' });
  await context.db.transaction((tx) =>
    context.services.payments.awardReward(tx, {
      rule: won.rule,
      rank: won.rule === 'PRIZE' ? 1 : null,
      period: null,
      amountMinor: won.amountMinor,
      currency: 'GBP',
      entry: { id: entry.id, campaignId: campaign.id, creatorId },
      basis:
        won.rule === 'PRIZE'
          ? {
              kind: 'RANK',
              rank: 1,
              ranked: 3,
              views: won.views ?? null,
              likes: null,
              comments: null,
              shares: null,
              readAt: clock.now().toISOString(),
              source: 'tiktok-business',
              closedAt: clock.now().toISOString(),
            }
          : { kind: 'SLOT', slot: 1, slots: 5 },
    }),
  );
  const [reward] = await context.db.select().from(rewards).where(eq(rewards.entryId, entry.id));
  const [payment] = await context.db
    .select()
    .from(payments)
    .where(eq(payments.rewardId, reward?.id ?? ''));
  if (!payment) throw new Error('no payment was won');
  return { campaignId: campaign.id, entryId: entry.id, paymentId: payment.id };
}

const approve = (paymentId: string) => manager().post(`${STAFF}/payments/${paymentId}/approve`);
const recordPaid = (paymentId: string) =>
  manager().post(`${STAFF}/payments/${paymentId}/paid`, {
    reference: `BACS ${paymentId.slice(0, 8)}`,
    paidOn: today(),
    method: 'BANK_TRANSFER',
  });

/** A payment approved and recorded paid by hand. */
async function paidPayment(creatorId: string, won: Won) {
  const pending = await pendingPayment(creatorId, won);
  const approved = await approve(pending.paymentId);
  expect(approved.statusCode, approved.body).toBe(200);
  const paid = await recordPaid(pending.paymentId);
  expect(paid.statusCode, paid.body).toBe(200);
  return pending;
}

async function hold(entry: { entryId: string; campaignId: string }, creatorId: string) {
  const id = randomUUID();
  await context.db.insert(entryHolds).values({
    id,
    entryId: entry.entryId,
    campaignId: entry.campaignId,
    creatorId,
    status: 'HELD',
    score: 65,
    signals: [],
    heldAt: clock.now(),
  });
  return id;
}

const clawbackOf = async (paymentId: string) =>
  context.db.select().from(clawbacks).where(eq(clawbacks.paymentId, paymentId));
const payoutOf = async (paymentId: string) =>
  (await context.db.select().from(payouts).where(eq(payouts.paymentId, paymentId)))[0];
const statusOf = async (paymentId: string) =>
  (await context.db.select().from(payments).where(eq(payments.id, paymentId)))[0]?.status;
const balanceOf = async (account: string) => {
  const result = await context.db.execute<{ total: string }>(
    sql`select coalesce(sum(amount_minor), 0)::text as total from ledger_lines where account = ${account}`,
  );
  return Number((result as { rows: { total: string }[] }).rows[0]?.total);
};
const creditNotesOf = (paymentId: string) =>
  context.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.paymentId, paymentId), eq(invoices.kind, 'CREDIT_NOTE')));
const lastCreditNoteSequence = async () => {
  const result = await context.db.execute<{ last: number | null }>(
    sql`select max(sequence) as last from invoices where kind = 'CREDIT_NOTE'`,
  );
  return Number((result as { rows: { last: number | null }[] }).rows[0]?.last ?? 0);
};
const markPostGone = (entryId: string) =>
  context.db
    .update(entryMetricSchedule)
    .set({ lastOutcome: 'private' })
    .where(eq(entryMetricSchedule.entryId, entryId));

describe('money held while views are checked', () => {
  it('refuses to approve a held payment, alone or in bulk, and to record it paid', async () => {
    const creator = await winner();
    const pending = await pendingPayment(creator.id, { rule: 'SLOT', amountMinor: 2500 });
    await hold(pending, creator.id);
    const refused = await approve(pending.paymentId);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toBe(PAYMENT_MESSAGES.entryHeld);

    const bulk = await manager().post(`${STAFF}/campaigns/${pending.campaignId}/payments/bulk-approve`, {
      paymentIds: [pending.paymentId],
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(bulk.json<PaymentBulkApproveResult>()).toEqual({
      approved: [],
      failed: [{ paymentId: pending.paymentId, message: PAYMENT_MESSAGES.entryHeld }],
    });
    expect(await statusOf(pending.paymentId)).toBe('PENDING');
  });

  it('keeps an approved payment’s payout waiting while its entry is held, and sends it once decided', async () => {
    const creator = await winner();
    const pending = await pendingPayment(creator.id, { rule: 'SLOT', amountMinor: 2500 });
    expect((await approve(pending.paymentId)).statusCode).toBe(200);
    const holdId = await hold(pending, creator.id);

    await context.services.payments.deliverDuePayouts();
    const waiting = await payoutOf(pending.paymentId);
    expect(waiting?.note).toContain('held while its views are checked');
    expect(waiting?.nextAttemptAt?.getTime()).toBeGreaterThan(clock.now().getTime());
    const byHand = await recordPaid(pending.paymentId);
    expect(byHand.statusCode).toBe(409);
    expect(errorOf(byHand).message).toBe(PAYMENT_MESSAGES.entryHeld);

    const accepted = await world.as('CampaignMarketer').post(`${HOLDS}/${holdId}/accept`, {});
    expect(accepted.statusCode, accepted.body).toBe(200);
    clock.advance(6 * 60_000);
    await context.services.payments.deliverDuePayouts();
    // No longer held, it goes on its way: here to wait for the creator's payout wallet.
    expect((await payoutOf(pending.paymentId))?.note).toBe(PAYOUT_NOTES.noWallet);
    expect((await recordPaid(pending.paymentId)).statusCode).toBe(200);
    expect(await statusOf(pending.paymentId)).toBe('PAID');
  });
});

describe('a post taken down after payment', () => {
  it('takes the whole invoice back once, within the retention, by the next credit note', async () => {
    const creator = await winner({ vat: true });
    const paid = await paidPayment(creator.id, { rule: 'SLOT', amountMinor: 1250 });
    const [watched] = await context.db
      .select()
      .from(entryMetricSchedule)
      .where(eq(entryMetricSchedule.entryId, paid.entryId));
    expect(watched?.watchUntil?.getTime()).toBeGreaterThan(clock.now().getTime() + 29 * DAY);
    const before = await lastCreditNoteSequence();
    await markPostGone(paid.entryId);

    await context.services.payments.clawBackTakenDown();
    const [clawback] = await clawbackOf(paid.paymentId);
    expect(clawback).toMatchObject({
      cause: 'POST_GONE',
      rewardMinor: 1250,
      taxMinor: 250,
      recoveredMinor: 0,
      reason: 'The post was taken down or made private within 30 days of payment.',
    });
    const [creditNote] = await creditNotesOf(paid.paymentId);
    expect(creditNote?.sequence).toBe(before + 1);
    expect(creditNote?.id).toBe(clawback?.creditNoteId);
    expect(creditNote?.document).toMatchObject({
      amounts: { netMinor: 1250, taxMinor: 250, grossMinor: 1500 },
    });
    expect(await balanceOf(ledgerAccounts.creatorPayable(creator.id))).toBe(1500);
    expect(await balanceOf(ledgerAccounts.campaignRewards(paid.campaignId))).toBe(0);
    await expectLedgerBalanced(context);

    await context.services.payments.clawBackTakenDown();
    expect(await clawbackOf(paid.paymentId)).toHaveLength(1);
    expect(await creditNotesOf(paid.paymentId)).toHaveLength(1);
    const audited = await context.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, paid.paymentId), eq(auditLog.action, 'payment.clawback')));
    expect(audited).toHaveLength(1);
    const [told] = await context.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.accountId, creator.id), eq(notifications.event, 'PAYMENT_CLAWED_BACK')));
    expect(told?.body).toContain('£15.00');

    const shown = await signedIn(context, creator);
    const [listed] = (await shown.as.post('/server-api/creator/payment/search', {})).json<{
      data: Payment[];
    }>().data;
    expect(listed?.clawback).toMatchObject({
      amountMinor: 1500,
      cause: 'POST_GONE',
      creditNoteNumber: `SBCN-${today().slice(0, 4)}-${String(before + 1).padStart(6, '0')}`,
    });
  });
});

describe('a check of the views decided after payment', () => {
  it('takes all of it back when the entry is rejected, and stops a payout not yet made', async () => {
    const creator = await winner();
    const paid = await paidPayment(creator.id, { rule: 'PRIZE', amountMinor: 4000, views: 10_000 });
    const holdId = await hold(paid, creator.id);
    const rejected = await world
      .as('CampaignMarketer')
      .post(`${HOLDS}/${holdId}/reject`, { reason: 'NOT_ORIGINAL', note: 'Views bought.' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const [clawback] = await clawbackOf(paid.paymentId);
    expect(clawback).toMatchObject({ cause: 'REJECTED_ON_HOLD', rewardMinor: 4000, taxMinor: 0 });
    expect(clawback?.reason).toContain('not original content');
    expect(await balanceOf(ledgerAccounts.creatorPayable(creator.id))).toBe(4000);

    // Another creator's, whose payout keeps nothing back and waits to be sent.
    const other = await winner();
    const approved = await pendingPayment(other.id, { rule: 'SLOT', amountMinor: 1500 });
    expect((await approve(approved.paymentId)).statusCode).toBe(200);
    const second = await hold(approved, other.id);
    const rejectedToo = await world
      .as('CampaignMarketer')
      .post(`${HOLDS}/${second}/reject`, { reason: 'NOT_ORIGINAL', note: 'Views bought.' });
    expect(rejectedToo.statusCode, rejectedToo.body).toBe(200);
    expect(await statusOf(approved.paymentId)).toBe('REJECTED');
    expect(await clawbackOf(approved.paymentId)).toEqual([]);
    expect(await creditNotesOf(approved.paymentId)).toHaveLength(1);
    expect((await payoutOf(approved.paymentId))?.nextAttemptAt).toBeNull();
    expect(await balanceOf(ledgerAccounts.campaignRewards(approved.campaignId))).toBe(0);
    await expectLedgerBalanced(context);
  });

  async function excluded(won: Won, vat = false) {
    const creator = await winner({ vat });
    const paid = await paidPayment(creator.id, won);
    const holdId = await hold(paid, creator.id);
    const now = clock.now().getTime();
    for (const [hoursAgo, views] of [
      [10, 2_000],
      [6, 2_000],
      [4, 8_000],
      [1, 10_000],
    ] as const) {
      const readAt = new Date(now - hoursAgo * 3_600_000);
      await context.db.insert(entryMetricReadings).values({
        id: randomUUID(),
        entryId: paid.entryId,
        views,
        likes: 100,
        comments: 0,
        shares: null,
        source: 'tiktok-business',
        readAt,
        recordedAt: readAt,
      });
    }
    const hour = (hoursAgo: number) => new Date(now - hoursAgo * 3_600_000).toISOString();
    const answer = await world.as('CampaignMarketer').post(`${HOLDS}/${holdId}/exclude`, {
      from: hour(6),
      to: hour(4),
      reason: 'Views bought in two hours',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return { creator, paid };
  }

  it('takes back a prize’s share that rested on the views excluded, with the VAT on it', async () => {
    const { creator, paid } = await excluded({ rule: 'PRIZE', amountMinor: 9999, views: 10_000 }, true);
    const [clawback] = await clawbackOf(paid.paymentId);
    // 6,000 of 10,000 views: 9,999 × 0.6 = 5,999.4, rounded down; VAT at 20 % on it.
    expect(clawback).toMatchObject({ cause: 'VIEWS_EXCLUDED', rewardMinor: 5999, taxMinor: 1200 });
    expect(clawback?.reason).toBe(
      '6,000 of the 10,000 views the prize was won on were found not to be real: Views bought in two hours.',
    );
    const [creditNote] = await creditNotesOf(paid.paymentId);
    expect(creditNote?.document).toMatchObject({
      lines: [{ netMinor: 5999 }],
      amounts: { netMinor: 5999, taxMinor: 1200, grossMinor: 7199 },
    });
    expect(await balanceOf(ledgerAccounts.creatorPayable(creator.id))).toBe(7199);
    expect(await balanceOf(ledgerAccounts.campaignRewards(paid.campaignId))).toBe(9999 - 5999);
    await expectLedgerBalanced(context);
  });

  it('takes nothing back of a FIRST_COME_FIRST_SERVE slot, whose amount rested on no views', async () => {
    const { paid } = await excluded({ rule: 'SLOT', amountMinor: 5000 });
    expect(await clawbackOf(paid.paymentId)).toEqual([]);
    expect(await creditNotesOf(paid.paymentId)).toEqual([]);
  });
});

describe('recovering what was taken back', () => {
  it('keeps it back from the next payouts until recovered, and the creator is owed nothing at the end', async () => {
    const creator = await winner();
    const first = await paidPayment(creator.id, { rule: 'SLOT', amountMinor: 5000 });
    await markPostGone(first.entryId);
    await context.services.payments.clawBackTakenDown();
    expect(await balanceOf(ledgerAccounts.creatorPayable(creator.id))).toBe(5000);

    const second = await pendingPayment(creator.id, { rule: 'SLOT', amountMinor: 3000 });
    expect((await approve(second.paymentId)).statusCode).toBe(200);
    expect(await payoutOf(second.paymentId)).toMatchObject({ amountMinor: 0, keptBackMinor: 3000 });
    expect(await statusOf(second.paymentId), 'nothing to send: paid at once').toBe('PAID');

    const third = await pendingPayment(creator.id, { rule: 'SLOT', amountMinor: 4000 });
    expect((await approve(third.paymentId)).statusCode).toBe(200);
    expect(await payoutOf(third.paymentId)).toMatchObject({ amountMinor: 2000, keptBackMinor: 2000 });
    const [clawback] = await clawbackOf(first.paymentId);
    expect(clawback?.recoveredMinor).toBe(5000);

    const exported = await manager().get(`${STAFF}/campaigns/${third.campaignId}/payments/export`);
    expect(exported.statusCode).toBe(200);
    expect(exported.body).toContain('"20.00"');
    expect((await recordPaid(third.paymentId)).statusCode).toBe(200);
    expect(await balanceOf(ledgerAccounts.creatorPayable(creator.id))).toBe(0);
    expect(await balanceOf(ledgerAccounts.paidOut)).toBeLessThan(0);
    await expectLedgerBalanced(context);

    const shown = await signedIn(context, creator);
    const listed = (await shown.as.post('/server-api/creator/payment/search', {})).json<{ data: Payment[] }>()
      .data;
    expect(listed.find((payment) => payment.id === third.paymentId)?.keptBackMinor).toBe(2000);
    expect(listed.find((payment) => payment.id === first.paymentId)?.clawback?.recoveredMinor).toBe(5000);
  });

  it('owes what a withdrawn payout kept back again', async () => {
    const creator = await winner();
    const first = await paidPayment(creator.id, { rule: 'SLOT', amountMinor: 2000 });
    await markPostGone(first.entryId);
    await context.services.payments.clawBackTakenDown();
    const second = await pendingPayment(creator.id, { rule: 'SLOT', amountMinor: 5000 });
    expect((await approve(second.paymentId)).statusCode).toBe(200);
    expect(await payoutOf(second.paymentId)).toMatchObject({ amountMinor: 3000, keptBackMinor: 2000 });
    await context.db.update(payments).set({ status: 'FAILED' }).where(eq(payments.id, second.paymentId));
    const withdrawn = await manager().post(`${STAFF}/payments/${second.paymentId}/withdraw`, {
      reason: 'Account closed',
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect((await clawbackOf(first.paymentId))[0]?.recoveredMinor).toBe(0);
    expect(await balanceOf(ledgerAccounts.creatorPayable(creator.id))).toBe(2000);
    await expectLedgerBalanced(context);
  });
});

// Last: the clock moves on past every session's lifetime.
describe('a post taken down after the retention', () => {
  it('takes nothing back once the retention is over', async () => {
    const creator = await winner();
    const paid = await paidPayment(creator.id, { rule: 'SLOT', amountMinor: 1000 });
    clock.advance(31 * DAY);
    await markPostGone(paid.entryId);
    await context.services.payments.clawBackTakenDown();
    expect(await clawbackOf(paid.paymentId)).toEqual([]);
  });
});

describe('the share of a reward that rested on views excluded', () => {
  it('rounds down, never takes more than the reward, and takes nothing without a figure', () => {
    expect(shareOnExcludedViews(1000, 1, 3)).toBe(333);
    expect(shareOnExcludedViews(1000, 5_000, 4_000)).toBe(1000);
    expect(shareOnExcludedViews(1000, 10, 0)).toBe(0);
    expect(shareOnExcludedViews(1000, 0, 4_000)).toBe(0);
    expect(shareOnExcludedViews(Number.MAX_SAFE_INTEGER, 1, 2)).toBe(Math.floor(Number.MAX_SAFE_INTEGER / 2));
  });
});
