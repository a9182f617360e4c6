import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_CAMPAIGN_VALIDATION,
  FUNDING_MESSAGES,
  type CampaignBudget,
  type PaymentStatus,
  type RewardBasis,
  type StaffPayment,
} from '@platform/shared';
import { eq } from 'drizzle-orm';
import { campaigns, creators, payments, rewards } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { StaffCaller } from '../../principal';
import {
  actingAs,
  createCampaign,
  createCreator,
  createWorld,
  signIn,
  type World,
} from '../../test/factories';
import { postEntry, recordReading } from '../../test/entry-fixtures';
import { expectLedgerBalanced } from '../../test/ledger';
import {
  createTestApp,
  errorOf,
  NO_AUTH_RATE_LIMITS,
  type TestApp,
  type TestAppOptions,
} from '../../test/harness';
import { randomisedRuns } from '../../test/randomised-runs';

// ADR 038's acceptance property: random sequences of entries read at any size, time passing their
// validation, pay-per-view accruals (two at once, sometimes), an Admin's transfers, a manager's pauses and
// resumes, and payment decisions, on a campaign partly funded or funded in full. After every step the API's
// budget answer, the campaign's payments and the ledger must agree with a model that pays each entry, in
// the order its figure was validated, the least of its earning, its creator's cap left and the budget left.
// The seed is fixed; fast-check prints it with the failing sequence (PPV_MODEL_SEED=… PPV_MODEL_RUNS=…).
const FULL_RUNS = 200;
const RUNS = randomisedRuns(FULL_RUNS, process.env.PPV_MODEL_RUNS);
const SEED = Number(process.env.PPV_MODEL_SEED ?? 20270114);

const STAFF = '/server-api/marketing';
const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Access tokens live 30 minutes of the test clock: staff sign in again well before that. */
const SIGN_IN_AGAIN_AFTER_MS = 20 * MINUTE;
/** Every figure locks (and is validated) a day after its entry: the campaign runs far longer than that. */
const LOCK_DAYS = 1;
const CAMPAIGN_DAYS = 90;

/** Staff sign in again each time the clock passes a token's life; argon2 is not what this file is about. */
const plainHasher: NonNullable<TestAppOptions['hasher']> = {
  hash: async (password) => `plain:${password}`,
  verify: async (stored, password) => stored === `plain:${password}`,
};

let context: TestApp;
let world: World;
/** Creators the sequences draw from: a creator's cap is per campaign, so they serve every sequence. */
let creatorIds: string[] = [];
/** The campaign manager as the payments service receives them from a route: their teams as the scope. */
let staff: StaffCaller;
beforeAll(async () => {
  context = await createTestApp({
    hasher: plainHasher,
    authRateLimits: NO_AUTH_RATE_LIMITS,
    environment: { API_RATE_LIMIT_PER_MINUTE: '100000000' },
  });
  world = await createWorld(context);
  for (let index = 0; index < 3; index += 1) {
    const creator = await createCreator(context, { country: 'GB' });
    // A wallet the onboarding gives without a payouts provider: staff record payments paid by hand.
    await context.db
      .update(creators)
      .set({ walletProvider: 'offline', walletId: `local_${creator.id}` })
      .where(eq(creators.accountId, creator.id));
    creatorIds.push(creator.id);
  }
  const user = await context.services.auth.authenticate(
    await signIn(context, world.account('CampaignManager')),
  );
  if (!user) throw new Error('the campaign manager could not sign in');
  staff = { ...user, role: 'CampaignManager', scope: { kind: 'team', teamIds: [world.homeTeam.id] } };
});
afterAll(async () => {
  creatorIds = [];
  await context?.close();
});

type StaffRole = 'CampaignManager' | 'Admin';
const sessions = new Map<StaffRole, { token: string; signedInAt: number }>();
/** A member of staff with a token the clock has not yet expired. */
async function as(role: StaffRole) {
  const now = context.clock.now().getTime();
  const session = sessions.get(role);
  if (session && now - session.signedInAt <= SIGN_IN_AGAIN_AFTER_MS) return actingAs(context, session.token);
  const token = await signIn(context, world.account(role));
  sessions.set(role, { token, signedInAt: now });
  return actingAs(context, token);
}

/** What a route would answer for a service call: 200, or the status code of the error it refused with. */
const outcome = (call: Promise<unknown>): Promise<number> =>
  call.then(
    () => 200,
    (error: unknown) => {
      if (error instanceof AppError) return error.statusCode;
      throw error;
    },
  );

// ---------------------------------------------------------------------------------------------------------
// The terms, and the model: what the campaign should hold after each command.

type Terms = {
  ratePerThousand: number;
  minimumViews: number;
  capPerEntry: number;
  capPerCreator: number;
  budget: number;
  funded: number;
};

/** Caps within the form's rules (entry ≤ creator ≤ budget), a budget a few creators can spend, some of it funded. */
const termsArbitrary: fc.Arbitrary<Terms> = fc
  .record({
    ratePerThousand: fc.oneof(fc.constantFrom(100, 500, 1000), fc.integer({ min: 1, max: 5000 })),
    minimumViews: fc.constantFrom(0, 100, 1000, 10_000),
    capPerEntry: fc.integer({ min: 1, max: 5_000 }),
    creatorCapPercent: fc.integer({ min: 100, max: 180 }),
    budgetPercent: fc.integer({ min: 100, max: 300 }),
    fundedPercent: fc.oneof(fc.constant(100), fc.integer({ min: 1, max: 100 })),
  })
  .map(({ ratePerThousand, minimumViews, capPerEntry, creatorCapPercent, budgetPercent, fundedPercent }) => {
    const capPerCreator = Math.floor((capPerEntry * creatorCapPercent) / 100);
    const budget = Math.floor((capPerCreator * budgetPercent) / 100);
    const funded = Math.max(Math.floor((budget * fundedPercent) / 100), 1);
    return { ratePerThousand, minimumViews, capPerEntry, capPerCreator, budget, funded };
  });

type Reservation = {
  amount: number;
  earned: number;
  views: number;
  cappedBy: Extract<RewardBasis, { kind: 'VIEWS' }>['cappedBy'];
  order: number;
  status: PaymentStatus;
};
type ModelEntry = {
  id: string;
  creatorId: string;
  /** Test-clock time advanced since it was submitted: its figure locks and is validated at a day. */
  age: number;
  /** Its latest reading's views read before the lock (0 without any: a reading without views counts 0). */
  views: number;
  archived: boolean;
  reservation: Reservation | null;
};
type Model = {
  terms: Terms;
  budget: number;
  funded: number;
  status: 'LIVE' | 'PAUSED';
  pausedFor: 'budget' | 'staff' | null;
  entries: ModelEntry[];
  reservations: number;
};
type Real = { campaignId: string };
type Command = fc.AsyncCommand<Model, Real>;

const reservable = (model: Model) => Math.min(model.budget, model.funded);
/** What the rewards not withdrawn hold: the campaign's ledger balance, as no clawback happens here. */
const committed = (model: Model) =>
  model.entries.reduce(
    (sum, entry) =>
      sum + (entry.reservation && entry.reservation.status !== 'REJECTED' ? entry.reservation.amount : 0),
    0,
  );
const heldBy = (model: Model, creatorId: string) =>
  model.entries
    .filter((entry) => entry.creatorId === creatorId)
    .reduce(
      (sum, entry) =>
        sum + (entry.reservation && entry.reservation.status !== 'REJECTED' ? entry.reservation.amount : 0),
      0,
    );
const totalIn = (model: Model, statuses: PaymentStatus[]) =>
  model.entries.reduce(
    (sum, entry) =>
      sum + (entry.reservation && statuses.includes(entry.reservation.status) ? entry.reservation.amount : 0),
    0,
  );

/** The rate's earning before any cap: nothing under the minimum (ADR 038). */
const earningOf = (terms: Terms, views: number) =>
  views >= terms.minimumViews && views > 0 ? Math.floor((views * terms.ratePerThousand) / 1000) : 0;

/**
 * One accrual as ADR 038 says it: the approved entries validated and not yet reserved, in the order they
 * were validated (here, the order they were submitted), each taking the least of its earning, its entry
 * cap, its creator's cap left and the budget left; the run that spends the budget pauses a live campaign.
 */
function accrueInModel(model: Model) {
  const { terms } = model;
  let reserved = 0;
  for (const entry of model.entries) {
    if (committed(model) >= reservable(model)) break;
    if (entry.archived || entry.reservation || entry.age < LOCK_DAYS * DAY) continue;
    const earned = earningOf(terms, entry.views);
    const creatorLeft = terms.capPerCreator - heldBy(model, entry.creatorId);
    const budgetLeft = reservable(model) - committed(model);
    const amount = Math.max(Math.min(earned, terms.capPerEntry, creatorLeft, budgetLeft), 0);
    if (amount <= 0) continue;
    model.reservations += 1;
    entry.reservation = {
      amount,
      earned,
      views: entry.views,
      cappedBy:
        amount >= earned
          ? null
          : amount === terms.capPerEntry
            ? 'ENTRY_CAP'
            : amount === creatorLeft
              ? 'CREATOR_CAP'
              : 'BUDGET',
      order: model.reservations,
      status: 'PENDING',
    };
    reserved += 1;
  }
  if (reserved > 0 && committed(model) >= reservable(model) && model.status === 'LIVE') {
    model.status = 'PAUSED';
    model.pausedFor = 'budget';
    reached.budgetPauses += 1;
  }
  reached.reserved += reserved;
}

/**
 * How often the sequences reached what the property is about: a property whose sequences never spent a
 * budget, say, would hold vacuously, so the test asks that each was reached.
 */
const reached = {
  reserved: 0,
  cutByEntryCap: 0,
  cutByCreatorCap: 0,
  cutByBudget: 0,
  underMinimum: 0,
  budgetPauses: 0,
  resumeRefused: 0,
  resumedAfterTopUp: 0,
  budgetRaised: 0,
  paid: 0,
};

// ---------------------------------------------------------------------------------------------------------
// The invariants, read through the API (the budget answer, the payments queue) and the whole ledger.

async function budgetNow(real: Real): Promise<CampaignBudget> {
  const answer = await (await as('CampaignManager')).get(`${STAFF}/campaigns/${real.campaignId}/budget`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<CampaignBudget>();
}

async function paymentsNow(real: Real): Promise<StaffPayment[]> {
  const answer = await (
    await as('CampaignManager')
  ).get(`${STAFF}/campaigns/${real.campaignId}/payments?pageSize=100`);
  expect(answer.statusCode, answer.body).toBe(200);
  const page = answer.json<{ items: StaffPayment[]; total: number }>();
  expect(page.items.length, 'every payment on one page').toBe(page.total);
  return page.items;
}

async function expectInvariants(model: Model, real: Real, after: Command) {
  const what = `after ${after.toString()}`;
  const budget = await budgetNow(real);
  // The acceptance's invariants, as the API answers them.
  expect(budget.committedMinor, `${what}: never more reserved than funded`).toBeLessThanOrEqual(
    budget.fundedMinor,
  );
  expect(budget.committedMinor, `${what}: never more reserved than the budget`).toBeLessThanOrEqual(
    budget.budgetMinor,
  );
  expect(budget.paidMinor, `${what}: never more paid than reserved`).toBeLessThanOrEqual(
    budget.committedMinor,
  );
  expect(budget.leftMinor, `${what}: left is the funded budget less what is reserved`).toBe(
    Math.min(budget.budgetMinor, budget.fundedMinor) - budget.committedMinor,
  );
  if (model.status === 'LIVE') {
    expect(budget.leftMinor, `${what}: a live campaign has budget left to reserve`).toBeGreaterThan(0);
  }
  // The model's figures.
  expect(
    {
      budgetMinor: budget.budgetMinor,
      fundedMinor: budget.fundedMinor,
      committedMinor: budget.committedMinor,
      approvedMinor: budget.approvedMinor,
      paidMinor: budget.paidMinor,
    },
    what,
  ).toEqual({
    budgetMinor: model.budget,
    fundedMinor: model.funded,
    committedMinor: committed(model),
    approvedMinor: totalIn(model, ['APPROVED', 'FAILED']),
    paidMinor: totalIn(model, ['PAID']),
  });

  const { terms } = model;
  const listed = await paymentsNow(real);
  const byCreator = new Map<string, number>();
  for (const payment of listed) {
    expect(payment.reward.rule, what).toBe('VIEWS');
    expect(payment.amountMinor, `${what}: an entry's cap`).toBeLessThanOrEqual(terms.capPerEntry);
    const basis = payment.reward.basis;
    if (basis?.kind !== 'VIEWS') throw new Error(`${what}: a VIEWS payment without its basis`);
    expect(payment.amountMinor, `${what}: never more than the views earned`).toBeLessThanOrEqual(
      basis.earnedMinor,
    );
    if (payment.status !== 'REJECTED') {
      byCreator.set(payment.creatorId, (byCreator.get(payment.creatorId) ?? 0) + payment.amountMinor);
    }
  }
  for (const [creatorId, held] of byCreator) {
    expect(held, `${what}: creator ${creatorId}'s cap`).toBeLessThanOrEqual(terms.capPerCreator);
  }
  const actual = listed
    .map((payment) => {
      const basis = payment.reward.basis as Extract<RewardBasis, { kind: 'VIEWS' }>;
      return {
        entryId: payment.entryId,
        amount: payment.amountMinor,
        status: payment.status,
        views: basis.views,
        earned: basis.earnedMinor,
        cappedBy: basis.cappedBy,
        order: basis.order,
      };
    })
    .sort((a, b) => a.order - b.order);
  const expected = model.entries
    .flatMap((entry) => (entry.reservation ? [{ entryId: entry.id, ...entry.reservation }] : []))
    .sort((a, b) => a.order - b.order);
  expect(actual, `${what}: each entry's reservation`).toEqual(expected);

  const [row] = await context.db
    .select({ status: campaigns.status, pausedReason: campaigns.pausedReason })
    .from(campaigns)
    .where(eq(campaigns.id, real.campaignId));
  expect(row, `${what}: the campaign's state`).toEqual({
    status: model.status,
    pausedReason:
      model.pausedFor === 'budget'
        ? FUNDING_MESSAGES.budgetSpent
        : model.pausedFor === 'staff'
          ? REASON
          : null,
  });
  await expectLedgerBalanced(context);
}

// ---------------------------------------------------------------------------------------------------------
// Commands.

const pick = <Item>(items: readonly Item[], index: number): Item | undefined =>
  items.length === 0 ? undefined : items[index % items.length];

const REASON = 'The artist’s single is delayed.';

/** An approved entry of one of the creators, read now (or not yet). A paused campaign takes none. */
class NewEntry implements Command {
  constructor(
    readonly creator: number,
    readonly views: number | null | undefined,
  ) {}
  check = (model: Readonly<Model>) => model.status === 'LIVE';
  async run(model: Model, real: Real) {
    const creatorId = pick(creatorIds, this.creator) ?? '';
    const { id } = await postEntry(context, { campaignId: real.campaignId, creatorId });
    model.entries.push({ id, creatorId, age: 0, views: 0, archived: false, reservation: null });
    if (this.views !== undefined) await readViews(model, id, this.views);
    await expectInvariants(model, real, this);
  }
  toString = () =>
    `entry(creator ${this.creator}${this.views === undefined ? ', unread' : `, ${this.views} views`})`;
}

/** A reading now: it counts while the entry's figure is not locked, and is the figure's latest. */
async function readViews(model: Model, entryId: string, views: number | null) {
  await recordReading(context, entryId, { views, likes: views === null ? null : Math.floor(views / 20) });
  const entry = model.entries.find((candidate) => candidate.id === entryId);
  if (entry && entry.age < LOCK_DAYS * DAY) {
    entry.views = views ?? 0;
    if (views !== null && views < model.terms.minimumViews) reached.underMinimum += 1;
  }
}

class Reading implements Command {
  constructor(
    readonly entry: number,
    readonly views: number | null,
  ) {}
  check = (model: Readonly<Model>) => model.entries.length > 0;
  async run(model: Model, real: Real) {
    const entry = pick(model.entries, this.entry);
    if (!entry) return;
    await readViews(model, entry.id, this.views);
    await expectInvariants(model, real, this);
  }
  toString = () => `reading(entry ${this.entry}, ${this.views} views)`;
}

class Advance implements Command {
  constructor(readonly minutes: number) {}
  check = () => true;
  async run(model: Model, real: Real) {
    context.clock.advance(this.minutes * MINUTE);
    for (const entry of model.entries) entry.age += this.minutes * MINUTE;
    await expectInvariants(model, real, this);
  }
  toString = () => `advance(${this.minutes} min)`;
}

/**
 * The pay-per-view job, once or twice at once (two workers: the campaign's row lock serialises them), now
 * or once every figure read so far is validated (time the job, which runs each minute, would not let pass).
 */
class Accrue implements Command {
  constructor(
    readonly twice: boolean,
    readonly afterValidation: boolean,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    if (this.afterValidation) {
      context.clock.advance(LOCK_DAYS * DAY + MINUTE);
      for (const entry of model.entries) entry.age += LOCK_DAYS * DAY + MINUTE;
    }
    const accrue = () => context.services.rewards.accruePayPerView();
    await Promise.all(Array.from({ length: this.twice ? 2 : 1 }, accrue));
    const before = new Set(model.entries.filter((entry) => entry.reservation).map((entry) => entry.id));
    accrueInModel(model);
    for (const entry of model.entries) {
      const cut = before.has(entry.id) ? undefined : entry.reservation?.cappedBy;
      if (cut === 'ENTRY_CAP') reached.cutByEntryCap += 1;
      if (cut === 'CREATOR_CAP') reached.cutByCreatorCap += 1;
      if (cut === 'BUDGET') reached.cutByBudget += 1;
    }
    await expectInvariants(model, real, this);
  }
  toString = () =>
    `accrue(${this.twice ? 'twice at once' : 'once'}${this.afterValidation ? ', a day later' : ''})`;
}

/**
 * An Admin records a bank transfer of a share of the first budget (so that sequences still spend what they
 * are given): money beyond the budget raises it by as much.
 */
class Transfer implements Command {
  constructor(readonly percent: number) {}
  amount = 0;
  check = () => true;
  async run(model: Model, real: Real) {
    this.amount = Math.max(Math.floor((model.terms.budget * this.percent) / 100), 1);
    const answer = await (
      await as('Admin')
    ).post(`${STAFF}/campaigns/${real.campaignId}/fundings/transfer`, {
      amountMinor: this.amount,
      reference: `BACS ${model.funded}`,
    });
    expect(answer.statusCode, answer.body).toBe(201);
    model.funded += this.amount;
    if (model.funded > model.budget) {
      model.budget = model.funded;
      reached.budgetRaised += 1;
    }
    await expectInvariants(model, real, this);
  }
  toString = () => `transfer(${this.percent} % of the budget: ${this.amount})`;
}

class Pause implements Command {
  check = () => true;
  async run(model: Model, real: Real) {
    const answer = await (
      await as('CampaignManager')
    ).post(`${STAFF}/campaigns/${real.campaignId}/pause`, { reason: REASON });
    expect(answer.statusCode, `pausing a ${model.status} campaign: ${answer.body}`).toBe(
      model.status === 'LIVE' ? 200 : 409,
    );
    if (model.status === 'LIVE') {
      model.status = 'PAUSED';
      model.pausedFor = 'staff';
    }
    await expectInvariants(model, real, this);
  }
  toString = () => 'pause()';
}

/**
 * A manager resumes: refused while nothing is left of the funded budget to reserve, whoever paused it
 * (ADR 038).
 */
class Resume implements Command {
  check = () => true;
  async run(model: Model, real: Real) {
    const answer = await (await as('CampaignManager')).post(`${STAFF}/campaigns/${real.campaignId}/resume`);
    const resumable = model.status === 'PAUSED' && committed(model) < reservable(model);
    expect(
      answer.statusCode,
      `resuming a ${model.status} campaign paused for ${model.pausedFor}: ${answer.body}`,
    ).toBe(resumable ? 200 : 409);
    if (model.status === 'PAUSED' && !resumable) {
      expect(errorOf(answer).message).toBe(FUNDING_MESSAGES.resumeNeedsTopUp);
      reached.resumeRefused += 1;
    }
    if (resumable) {
      if (model.pausedFor === 'budget') reached.resumedAfterTopUp += 1;
      model.status = 'LIVE';
      model.pausedFor = null;
    }
    await expectInvariants(model, real, this);
  }
  toString = () => 'resume()';
}

const paymentOf = async (real: Real, entryId: string) =>
  (
    await context.db
      .select({ id: payments.id })
      .from(payments)
      .innerJoin(rewards, eq(rewards.id, payments.rewardId))
      .where(eq(rewards.entryId, entryId))
  )[0]?.id;

/** A reserved entry's payment in `status` when there is one (the move that can succeed), else any. */
function reservedPreferring(model: Model, status: PaymentStatus, index: number) {
  const reserved = model.entries.filter((entry) => entry.reservation);
  const inStatus = reserved.filter((entry) => entry.reservation?.status === status);
  return pick(inStatus.length > 0 ? inStatus : reserved, index);
}

class DecidePayment implements Command {
  constructor(
    readonly payment: number,
    readonly decision: 'approve' | 'reject',
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const entry = reservedPreferring(model, 'PENDING', this.payment);
    const reservation = entry?.reservation;
    const paymentId = entry && (await paymentOf(real, entry.id));
    if (!reservation || !paymentId) return;
    const code = await outcome(
      this.decision === 'approve'
        ? context.services.payments.approve(staff, paymentId)
        : context.services.payments.reject(staff, paymentId, 'The post came down.'),
    );
    const pending = reservation.status === 'PENDING';
    expect(code, `${this.decision} of a ${reservation.status} payment`).toBe(pending ? 200 : 409);
    if (pending) reservation.status = this.decision === 'approve' ? 'APPROVED' : 'REJECTED';
    await expectInvariants(model, real, this);
  }
  toString = () => `${this.decision}Payment(${this.payment})`;
}

class RecordPaid implements Command {
  constructor(readonly payment: number) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const entry = reservedPreferring(model, 'APPROVED', this.payment);
    const reservation = entry?.reservation;
    const paymentId = entry && (await paymentOf(real, entry.id));
    if (!reservation || !paymentId) return;
    const code = await outcome(
      context.services.payments.recordPaid(staff, paymentId, {
        reference: `BACS ${paymentId}`,
        paidOn: context.clock.now().toISOString().slice(0, 10),
        method: 'BANK_TRANSFER',
      }),
    );
    const approved = reservation.status === 'APPROVED';
    expect(code, `recording a ${reservation.status} payment paid`).toBe(approved ? 200 : 409);
    if (approved) {
      reservation.status = 'PAID';
      reached.paid += 1;
    }
    await expectInvariants(model, real, this);
  }
  toString = () => `recordPaid(${this.payment})`;
}

/** Archived, an approved entry earns nothing more, and gives back a reservation not yet approved. */
class Archive implements Command {
  constructor(readonly entry: number) {}
  check = (model: Readonly<Model>) => model.entries.length > 0;
  async run(model: Model, real: Real) {
    const entry = pick(model.entries, this.entry);
    if (!entry) return;
    const answer = await (
      await as('CampaignManager')
    ).post(`${STAFF}/campaigns/${real.campaignId}/entries/${entry.id}/archive`);
    expect(answer.statusCode, `archive of an entry${entry.archived ? ' archived' : ''}: ${answer.body}`).toBe(
      entry.archived ? 409 : 200,
    );
    entry.archived = true;
    if (entry.reservation?.status === 'PENDING') entry.reservation.status = 'REJECTED';
    await expectInvariants(model, real, this);
  }
  toString = () => `archive(entry ${this.entry})`;
}

// ---------------------------------------------------------------------------------------------------------
// The property.

const index = fc.nat(20);
/** Views of any size: none, under a minimum, around it, millions, billions. */
const views = fc.oneof(
  fc.constant(null),
  fc.integer({ min: 0, max: 999 }),
  fc.integer({ min: 0, max: 20_000 }),
  fc.integer({ min: 0, max: 5_000_000 }),
  fc.integer({ min: 0, max: 2_000_000_000 }),
);
const newEntry = fc
  .tuple(index, fc.option(views, { nil: undefined, freq: 6 }))
  .map(([creator, seen]) => new NewEntry(creator, seen));

/** `pauses` weighs the manager's pauses and resumes against the rest. */
const anyCommand = (pauses: number) =>
  fc.oneof(
    { weight: 4, arbitrary: newEntry },
    { weight: 2, arbitrary: fc.tuple(index, views).map(([entry, seen]) => new Reading(entry, seen)) },
    {
      weight: 4,
      arbitrary: fc.constantFrom(30, 6 * 60, 25 * 60, 25 * 60).map((minutes) => new Advance(minutes)),
    },
    {
      weight: 5,
      arbitrary: fc
        .tuple(fc.integer({ min: 0, max: 3 }), fc.boolean())
        .map(([draw, later]) => new Accrue(draw === 0, later)),
    },
    {
      weight: 3,
      arbitrary: fc
        .oneof(fc.integer({ min: 0, max: 10 }), fc.integer({ min: 0, max: 150 }))
        .map((percent) => new Transfer(percent)),
    },
    { weight: 2 * pauses, arbitrary: fc.constant(null).map(() => new Pause()) },
    { weight: 3 * pauses, arbitrary: fc.constant(null).map(() => new Resume()) },
    {
      weight: 4,
      arbitrary: fc
        .tuple(index, fc.constantFrom('approve' as const, 'approve' as const, 'reject' as const))
        .map(([payment, decision]) => new DecidePayment(payment, decision)),
    },
    { weight: 2, arbitrary: index.map((payment) => new RecordPaid(payment)) },
    { weight: 1, arbitrary: index.map((entry) => new Archive(entry)) },
  );

/** Entries first, then anything: a sequence that spends a budget needs entries whose figures lock. */
const commands = (pauses: number) =>
  fc
    .tuple(
      fc.array(newEntry, { minLength: 1, maxLength: 4 }),
      fc.array(anyCommand(pauses), { minLength: 3, maxLength: 16 }),
    )
    .map(([opening, rest]): Command[] => [...opening, ...rest]);

async function setUp(terms: Terms): Promise<Real> {
  const startsAt = new Date(context.clock.now().getTime() - MINUTE);
  const campaign = await createCampaign(context, {
    teamId: world.homeTeam.id,
    territoryIds: [world.homeTerritory.id],
    status: 'LIVE',
    budget: terms.budget,
    fundedMinor: terms.funded,
    reward: {
      type: 'PAY_PER_VIEW',
      ratePerThousand: terms.ratePerThousand,
      minimumViews: terms.minimumViews,
      capPerEntry: terms.capPerEntry,
      capPerCreator: terms.capPerCreator,
    },
    validation: { ...DEFAULT_CAMPAIGN_VALIDATION, lockDays: LOCK_DAYS },
    startsAt: startsAt.toISOString(),
    endsAt: new Date(startsAt.getTime() + CAMPAIGN_DAYS * DAY).toISOString(),
  });
  return { campaignId: campaign.id };
}

/** Unpublished, the sequence's campaign is no longer one the accrual walks on the runs after it. */
const retire = (real: Real) =>
  context.db.update(campaigns).set({ status: 'UNPUBLISH' }).where(eq(campaigns.id, real.campaignId));

/** One property: a fresh campaign of random terms and 4 to 20 commands a run. */
const sequences = (options: { pauses: number; numRuns: number; seed: number }) =>
  fc.assert(
    fc.asyncProperty(termsArbitrary, commands(options.pauses), async (terms, sequence) => {
      const real = await setUp(terms);
      const model: Model = {
        terms,
        budget: terms.budget,
        funded: terms.funded,
        status: 'LIVE',
        pausedFor: null,
        entries: [],
        reservations: 0,
      };
      try {
        await fc.asyncModelRun(() => ({ model, real }), sequence);
      } finally {
        await retire(real);
      }
    }),
    { numRuns: options.numRuns, seed: options.seed },
  );

const TIMEOUT = 30 * 60 * 1000;

describe('pay per view, fundings, top-ups and pauses under random sequences', () => {
  it(
    'never reserves more than funded nor pays more than reserved, holds each entry’s and creator’s cap, pays in the order of validation, and balances the ledger',
    { timeout: TIMEOUT },
    async () => {
      for (const what of Object.keys(reached) as (keyof typeof reached)[]) reached[what] = 0;
      await sequences({ pauses: 1, numRuns: RUNS, seed: SEED });
      console.log('pay per view reached', reached);
      if (RUNS < FULL_RUNS) return;
      for (const [what, times] of Object.entries(reached)) {
        expect(times, `sequences that reached ${what}`).toBeGreaterThan(0);
      }
    },
  );

  // A budget spent while a manager had paused the campaign, or a top-up spent again before the resume, once
  // let a resume run it live with nothing left (seed 20270114 shrank it to six steps): pauses and resumes
  // come often here.
  it('never leaves a campaign live with its budget spent', { timeout: TIMEOUT }, () =>
    sequences({ pauses: 4, numRuns: Math.ceil(RUNS / 4), seed: SEED }),
  );
});
