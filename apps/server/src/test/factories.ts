import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  campaignStatusAllows,
  MARKETING_ROLES,
  type CampaignBody,
  type CampaignStatus,
  type CreatorInfo,
  type AccountRole,
  type CountryCode,
  type CreatorPlatform,
  type EntryStatus,
  type KycStatus,
  type LegalLinkType,
  type LookupKind,
  type MarketingRole,
  type OnboardingStatus,
  type TaxRegistrationType,
  type TaxValidationStatus,
} from '@platform/shared';
import {
  accounts,
  campaignEntries,
  campaignFundings,
  campaigns,
  campaignStatusHistory,
  campaignTerritories,
  creatorHandles,
  creators,
  creatorTaxRegistrations,
  creatorTermsAcceptances,
  handleVerificationAttempts,
  kycApplications,
  lookups,
  passwordHistory,
  teamMembers,
  teams,
  territories,
  territoryLinks,
  territoryManagers,
  verifiedHandles,
} from '../db/schema/index';
import { SHIPPED_DOCUMENT_IDS } from '../modules/legal/legal.placeholders';
import { STRONG_PASSWORD, type TestApp } from './harness';

// The world tests build, as Outline's server/test/factories.ts does: records written straight to their
// tables with sensible defaults, so a test names only what it is about. Accounts sign in through the real
// sign-in call, so a test acts with a real session.

const unique = () => randomUUID().slice(0, 8);
const passwordHashes = new WeakMap<TestApp, Promise<string>>();

/** Every factory account has STRONG_PASSWORD; it is hashed once per test app. */
function passwordHash(context: TestApp): Promise<string> {
  let hash = passwordHashes.get(context);
  if (!hash) {
    hash = context.hasher.hash(STRONG_PASSWORD);
    passwordHashes.set(context, hash);
  }
  return hash;
}

export type TestAccount = { id: string; email: string; role: AccountRole; password: string };

async function insertAccount(
  context: TestApp,
  details: { role: AccountRole; status: 'ACTIVE' | 'INACTIVE'; email?: string; displayName?: string | null },
): Promise<TestAccount> {
  const now = context.clock.now();
  const id = randomUUID();
  const email = details.email ?? `${details.role.toLowerCase()}-${unique()}@example.com`;
  const hash = await passwordHash(context);
  await context.db.insert(accounts).values({
    id,
    email,
    displayName: details.displayName ?? null,
    role: details.role,
    status: details.status,
    passwordHash: hash,
    passwordMinimumAgeApplies: false,
    passwordChangedAt: now,
    emailVerifiedAt: now,
    createdAt: now,
    lastSignedInAt: null,
  });
  await context.db
    .insert(passwordHistory)
    .values({ id: randomUUID(), accountId: id, passwordHash: hash, createdAt: now });
  return { id, email, role: details.role, password: STRONG_PASSWORD };
}

/** A staff member of any role, in the given teams and managing the given territories. */
export async function createStaffMember(
  context: TestApp,
  options: {
    role: MarketingRole;
    teamIds?: string[];
    territoryIds?: string[];
    email?: string;
    displayName?: string;
    status?: 'ACTIVE' | 'INACTIVE';
  },
): Promise<TestAccount> {
  const account = await insertAccount(context, {
    role: options.role,
    status: options.status ?? 'ACTIVE',
    displayName: options.displayName ?? `${options.role} ${unique()}`,
    ...(options.email ? { email: options.email } : {}),
  });
  const now = context.clock.now();
  for (const teamId of options.teamIds ?? []) {
    await context.db.insert(teamMembers).values({ teamId, accountId: account.id, addedAt: now });
  }
  for (const territoryId of options.territoryIds ?? []) {
    await context.db.insert(territoryManagers).values({ territoryId, accountId: account.id, addedAt: now });
  }
  return account;
}

/**
 * A creator at any onboarding step (ACTIVE by default), with a verified email and the shipped terms
 * accepted. Past DATA_CAPTURE they have a profile in `country` (the United Kingdom by default).
 */
export async function createCreator(
  context: TestApp,
  options: { status?: OnboardingStatus; email?: string; country?: string } = {},
): Promise<TestAccount> {
  const status = options.status ?? 'ACTIVE';
  const account = await insertAccount(context, {
    role: 'Creator',
    status: status === 'INACTIVE' ? 'INACTIVE' : 'ACTIVE',
    ...(options.email ? { email: options.email } : {}),
  });
  const now = context.clock.now();
  const profiled = status !== 'DATA_CAPTURE';
  await context.db.insert(creators).values({
    accountId: account.id,
    onboardingStatus: status,
    ...(profiled
      ? {
          firstName: 'Casey',
          lastName: 'Creator',
          dateOfBirth: '1995-04-12',
          gender: 'PreferNotToSay' as const,
          dialCode: '+44',
          mobile: '7700900123',
          country: options.country ?? 'GB',
          addressLine1: '1 High Street',
          city: 'London',
          postcode: 'SW1A 1AA',
        }
      : {}),
    agencyDecidedAt: ['DATA_CAPTURE', 'AGENCY_CAPTURE'].includes(status) ? null : now,
    deactivatedAt: status === 'INACTIVE' ? now : null,
    createdAt: now,
    updatedAt: now,
  });
  await context.db
    .insert(creatorTermsAcceptances)
    .values({ creatorId: account.id, documentId: SHIPPED_DOCUMENT_IDS.TERMS, acceptedAt: now });
  return account;
}

/**
 * A tax registration the creator declared, as its last check left it: by default a number whose format
 * the offline rules accepted and no register was asked about, as on an install without credentials.
 */
export async function declareTaxRegistration(
  context: TestApp,
  creatorId: string,
  registration: {
    type: TaxRegistrationType;
    number: string;
    validationStatus?: TaxValidationStatus;
    checkSource?: string;
  },
): Promise<void> {
  const now = context.clock.now();
  await context.db.insert(creatorTaxRegistrations).values({
    creatorId,
    isRegistered: true,
    type: registration.type,
    number: registration.number,
    validationStatus: registration.validationStatus ?? 'not verified',
    checkedAt: now,
    checkSource: registration.checkSource ?? 'offline',
    checkNote: 'The number’s format and check digits are right, but no register was asked.',
    businessName: null,
    updatedAt: now,
  });
}

export async function createTeam(
  context: TestApp,
  options: { name?: string; memberIds?: string[]; archived?: boolean } = {},
): Promise<{ id: string; name: string }> {
  const now = context.clock.now();
  const team = { id: randomUUID(), name: options.name ?? `Team ${unique()}` };
  await context.db
    .insert(teams)
    .values({ ...team, createdAt: now, archivedAt: options.archived ? now : null });
  for (const accountId of options.memberIds ?? []) {
    await context.db.insert(teamMembers).values({ teamId: team.id, accountId, addedAt: now });
  }
  return team;
}

export async function createTerritory(
  context: TestApp,
  options: {
    name?: string;
    countries?: CountryCode[];
    managerIds?: string[];
    links?: Partial<Record<LegalLinkType, string>>;
    active?: boolean;
  } = {},
): Promise<{ id: string; name: string }> {
  const now = context.clock.now();
  const territory = { id: randomUUID(), name: options.name ?? `Territory ${unique()}` };
  await context.db.insert(territories).values({
    ...territory,
    countries: options.countries ?? ['GB'],
    active: options.active ?? true,
    createdAt: now,
    updatedAt: now,
  });
  for (const [type, url] of Object.entries(options.links ?? {})) {
    await context.db
      .insert(territoryLinks)
      .values({ territoryId: territory.id, type: type as LegalLinkType, url });
  }
  for (const accountId of options.managerIds ?? []) {
    await context.db.insert(territoryManagers).values({ territoryId: territory.id, accountId, addedAt: now });
  }
  return territory;
}

/** A campaign body its editor would send: TOP_PRIZES in GBP, starting tomorrow for four weeks. */
export function campaignBody(
  context: TestApp,
  options: { teamId: string; territoryIds: string[] } & Partial<CampaignBody>,
): CampaignBody {
  const start = new Date(context.clock.now().getTime() + 24 * 3600 * 1000);
  return {
    name: `Winter Lights ${unique()}`,
    brandOrArtist: 'Nova Lights',
    brief: 'Show us your <a href="https://example.com/winter">winter lights</a>.<br>Tag the band.',
    platform: 'TikTok',
    type: 'CHALLENGE',
    currency: 'GBP',
    budget: 175000,
    startsAt: start.toISOString(),
    endsAt: new Date(start.getTime() + 28 * 24 * 3600 * 1000).toISOString(),
    reward: { type: 'TOP_PRIZES', prizes: [100000, 50000, 25000] },
    requirements: { hashtags: ['#WinterLights'], mentions: ['@novalights'], minimumLengthSeconds: 15 },
    coverAssetId: null,
    ...options,
  };
}

/** A campaign of `teamId` in `status`, written straight to its tables (history: created in that status). */
export async function createCampaign(
  context: TestApp,
  options: {
    teamId: string;
    territoryIds: string[];
    status?: CampaignStatus;
    archived?: boolean;
    /**
     * Money received for its budget (ADR 038): by default the whole budget once the campaign was approved,
     * as it could not have gone live otherwise, and nothing before; 0 records no funding.
     */
    fundedMinor?: number;
  } & Partial<CampaignBody>,
): Promise<{ id: string; name: string }> {
  const { status = 'DRAFT', archived = false, fundedMinor, ...fields } = options;
  const body = campaignBody(context, fields);
  const now = context.clock.now();
  const id = randomUUID();
  await context.db.insert(campaigns).values({
    id,
    teamId: body.teamId,
    name: body.name,
    brandOrArtist: body.brandOrArtist,
    brief: body.brief,
    platform: body.platform,
    type: body.type,
    status,
    currency: body.currency,
    budget: body.budget,
    startsAt: new Date(body.startsAt),
    endsAt: new Date(body.endsAt),
    reward: body.reward,
    requirements: body.requirements,
    ...(body.validation ? { validation: body.validation } : {}),
    coverAssetId: null,
    createdAt: now,
    updatedAt: now,
    archivedAt: archived ? now : null,
  });
  for (const territoryId of body.territoryIds) {
    await context.db.insert(campaignTerritories).values({ campaignId: id, territoryId });
  }
  await context.db
    .insert(campaignStatusHistory)
    .values({ id: randomUUID(), campaignId: id, fromStatus: null, toStatus: status, at: now });
  const funded =
    fundedMinor ?? (campaignStatusAllows(status, 'approved') || status === 'ENDED' ? body.budget : 0);
  if (funded > 0) {
    await context.db.insert(campaignFundings).values({
      id: randomUUID(),
      campaignId: id,
      amountMinor: funded,
      currency: body.currency,
      method: 'TRANSFER',
      status: 'SUCCEEDED',
      reference: `TRANSFER-${id.slice(0, 8)}`,
      recordedAt: now,
      settledAt: now,
    });
  }
  return { id, name: body.name };
}

/** A live lookup of any kind (a genre, an agency, an artist, …). */
export async function createLookup(
  context: TestApp,
  kind: LookupKind,
  options: { name?: string; archived?: boolean } = {},
): Promise<{ id: string; name: string }> {
  const now = context.clock.now();
  const lookup = { id: randomUUID(), name: options.name ?? `${kind} ${unique()}` };
  await context.db
    .insert(lookups)
    .values({ ...lookup, kind, createdAt: now, updatedAt: now, archivedAt: options.archived ? now : null });
  return lookup;
}

/**
 * A creator's identity check with the built-in provider, submitted and waiting for Support by default,
 * with a document and a selfie in storage.
 */
export async function createKycApplication(
  context: TestApp,
  options: { creatorId: string; status?: KycStatus },
): Promise<{ id: string }> {
  const now = context.clock.now();
  const id = randomUUID();
  const key = (kind: string) => `kyc/${options.creatorId}/${id}/${kind}`;
  for (const kind of ['document', 'selfie']) {
    await context.storage.put(key(kind), TINY_PNG, 'image/png');
  }
  await context.db.insert(kycApplications).values({
    id,
    creatorId: options.creatorId,
    provider: 'built-in',
    status: options.status ?? 'ManualReview',
    documentKey: key('document'),
    selfieKey: key('selfie'),
    submittedAt: now,
    createdAt: now,
    updatedAt: now,
  });
  return { id };
}

/** The smallest valid PNG (one transparent pixel), for uploads that must really be images. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** The start of an MP4 file: an `ftyp` box of the ISO brand, then padding; sniffed as video/mp4. */
export const TINY_MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x1c]),
  Buffer.from('ftypisom'),
  Buffer.from([0, 0, 2, 0]),
  Buffer.from('isomiso2mp41'),
  Buffer.from([0, 0, 0x10, 0x08]),
  Buffer.from('free'),
  Buffer.alloc(0x1000),
]);

/** Signs an account in through the real sign-in call and returns its bearer token. */
export async function signIn(context: TestApp, account: Pick<TestAccount, 'email' | 'password'>) {
  const response = await context.form('/api/auth/sign-in', {
    username: account.email,
    password: account.password,
  });
  if (response.statusCode !== 200) {
    throw new Error(`sign-in of ${account.email} answered ${response.statusCode}: ${response.body}`);
  }
  return response.json<{ id_token: string }>().id_token;
}

type JsonRequest = Omit<InjectOptions, 'method' | 'url' | 'payload' | 'body'> & { body?: unknown };

/** Calls the JSON API as the holder of `token` (or anonymously with null), as the web app does. */
export function actingAs(context: TestApp, token: string | null) {
  const call = (method: InjectOptions['method'], url: string, options: JsonRequest = {}) => {
    const { body, headers, ...rest } = options;
    return context.app.inject({
      method,
      url,
      ...rest,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
  };
  return {
    get: (url: string, options?: JsonRequest) => call('GET', url, options),
    post: (url: string, body?: unknown, options?: JsonRequest) => call('POST', url, { ...options, body }),
    put: (url: string, body?: unknown, options?: JsonRequest) => call('PUT', url, { ...options, body }),
    patch: (url: string, body?: unknown, options?: JsonRequest) => call('PATCH', url, { ...options, body }),
    delete: (url: string, options?: JsonRequest) => call('DELETE', url, options),
  };
}

/** `account` signed in through the real sign-in call: its token, and calls made as it. */
export async function signedIn(context: TestApp, account: TestAccount) {
  const token = await signIn(context, account);
  return { account, token, as: actingAs(context, token) };
}
export type SignedIn = Awaited<ReturnType<typeof signedIn>>;

/** What the creator app reads about the signed-in creator (`GET /server-api/creator/get-info`). */
export async function creatorInfoOf(creator: Pick<SignedIn, 'as'>): Promise<CreatorInfo> {
  const response = await creator.as.get('/server-api/creator/get-info');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CreatorInfo>();
}

/** A handle nobody else has. */
export const uniqueHandle = () => `casey_${unique()}`;

/**
 * Gives a creator a handle on `platform` (a fresh one unless named), as their profile would; no-op if they
 * have one. The handle is proven theirs (ADR 036), as Support would after evidence, unless `verified` is
 * false: most tests are about what follows an entry, not about proving the account.
 */
export async function giveHandle(
  context: TestApp,
  creatorId: string,
  platform: CreatorPlatform,
  handle: string = uniqueHandle(),
  options: { verified?: boolean } = {},
): Promise<void> {
  const now = context.clock.now();
  const added = await context.db
    .insert(creatorHandles)
    .values({ creatorId, platform, handle, handleKey: handle.toLowerCase(), createdAt: now })
    .onConflictDoNothing()
    .returning();
  if (added.length === 0 || options.verified === false) return;
  await verifyHandle(context, creatorId, platform);
}

/** Marks the creator's handle on `platform` proven theirs by evidence Support accepted. */
export async function verifyHandle(
  context: TestApp,
  creatorId: string,
  platform: CreatorPlatform,
  options: { accountId?: string } = {},
): Promise<void> {
  const now = context.clock.now();
  const [held] = await context.db
    .select()
    .from(creatorHandles)
    .where(and(eq(creatorHandles.creatorId, creatorId), eq(creatorHandles.platform, platform)));
  if (!held) throw new Error(`creator ${creatorId} has no ${platform} handle to verify`);
  const attemptId = randomUUID();
  await context.db.insert(handleVerificationAttempts).values({
    id: attemptId,
    creatorId,
    platform,
    handle: held.handle,
    method: 'EVIDENCE',
    status: 'VERIFIED',
    decidedAt: now,
    createdAt: now,
  });
  await context.db.insert(verifiedHandles).values({
    creatorId,
    platform,
    handleKey: held.handleKey,
    accountId: options.accountId ?? null,
    method: 'EVIDENCE',
    attemptId,
    verifiedBy: null,
    verifiedAt: now,
  });
}

/**
 * A TikTok post entry of `creatorId` to `campaignId` in `status`, written straight to its table. A creator
 * without a TikTok handle is given one, proven theirs, as an entry that can be approved needs.
 */
export async function createEntry(
  context: TestApp,
  options: { campaignId: string; creatorId: string; status?: EntryStatus },
): Promise<{ id: string }> {
  const { campaignId, creatorId, status = 'SUBMITTED' } = options;
  await giveHandle(context, creatorId, 'TikTok');
  const id = randomUUID();
  const videoId = String(7_400_000_000_000_000_000n + BigInt(Math.floor(Math.random() * 1e15)));
  const now = context.clock.now();
  await context.db.insert(campaignEntries).values({
    id,
    campaignId,
    creatorId,
    platform: 'TikTok',
    kind: 'POST',
    postLink: `https://www.tiktok.com/@casey/video/${videoId}`,
    postIdentity: `TikTok:${videoId}`,
    videoKey: null,
    status,
    rejectionReason: status === 'REJECTED' ? 'LOW_QUALITY' : null,
    rejectionNote: null,
    submittedAt: now,
    reviewedAt: status === 'SUBMITTED' ? null : now,
    reviewedBy: null,
    updatedAt: now,
  });
  return { id };
}

/**
 * A signed-in creator with a handle on `platform` (unique unless given) who has joined `campaignId`, a live
 * or published CHALLENGE of their territory, through the creator app's own call.
 */
export async function joinedCreator(
  context: TestApp,
  campaignId: string,
  options: { platform?: CreatorPlatform; handle?: string; verified?: boolean } = {},
): Promise<SignedIn> {
  const creator = await signedIn(context, await createCreator(context));
  await giveHandle(context, creator.account.id, options.platform ?? 'TikTok', options.handle, {
    verified: options.verified ?? true,
  });
  const joined = await creator.as.post('/server-api/campaigns/rsvp', {
    campaignId,
    creatorId: creator.account.id,
  });
  expect(joined.statusCode, joined.body).toBe(201);
  return creator;
}

/** A creator's profile as the creator app sends it (`PATCH /server-api/creator`). */
export type ProfileBody = {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  gender: string;
  dialCode: string;
  mobile: string;
  address: {
    country: string;
    line1: string;
    line2?: string;
    city: string;
    stateProvince?: string;
    postcode: string;
  };
  handles: { socialPlatform: string; handle: string }[];
  youtubeChannelId?: string;
  genreIds: string[];
  taxRegistration?: { isRegistered: boolean; type: string; number?: string };
};

/**
 * A profile every rule accepts, written as a person types it (a space in the mobile, a lower-case
 * postcode), with the name and date of birth the factory gives creators.
 */
export function profileBody(genreId: string, overrides: Partial<ProfileBody> = {}): ProfileBody {
  return {
    firstName: 'Casey',
    lastName: 'Creator',
    dateOfBirth: '1995-04-12',
    gender: 'PreferNotToSay',
    dialCode: '+44',
    mobile: '7700 900123',
    address: { country: 'GB', line1: '1 High Street', city: 'London', postcode: 'sw1a 1aa' },
    handles: [{ socialPlatform: 'TikTok', handle: uniqueHandle() }],
    genreIds: [genreId],
    ...overrides,
  };
}

/**
 * Who tests act as: every staff role, a creator and an anonymous caller. Staff with scoped grants belong
 * to `homeTeam` and manage `homeTerritory`; `otherTeam` and `otherTerritory` are out of their scope.
 */
export type Principal = MarketingRole | 'Creator' | 'Anonymous';
export const PRINCIPALS: readonly Principal[] = [...MARKETING_ROLES, 'Creator', 'Anonymous'];

export async function createWorld(context: TestApp) {
  const homeTeam = await createTeam(context, { name: `Home team ${unique()}` });
  const otherTeam = await createTeam(context, { name: `Other team ${unique()}` });
  const homeTerritory = await createTerritory(context, {
    name: `Home territory ${unique()}`,
    countries: ['GB'],
  });
  const otherTerritory = await createTerritory(context, {
    name: `Other territory ${unique()}`,
    countries: ['AU'],
  });
  const accountsByPrincipal = new Map<Principal, TestAccount>();
  const tokens = new Map<Principal, string | null>([['Anonymous', null]]);
  for (const role of MARKETING_ROLES) {
    const account = await createStaffMember(context, {
      role,
      teamIds: [homeTeam.id],
      territoryIds: [homeTerritory.id],
    });
    accountsByPrincipal.set(role, account);
    tokens.set(role, await signIn(context, account));
  }
  const creator = await createCreator(context);
  accountsByPrincipal.set('Creator', creator);
  tokens.set('Creator', await signIn(context, creator));

  return {
    homeTeam,
    otherTeam,
    homeTerritory,
    otherTerritory,
    account(principal: Exclude<Principal, 'Anonymous'>): TestAccount {
      const account = accountsByPrincipal.get(principal);
      if (!account) throw new Error(`no account for ${principal}`);
      return account;
    },
    token(principal: Principal): string | null {
      return tokens.get(principal) ?? null;
    },
    as(principal: Principal) {
      return actingAs(context, tokens.get(principal) ?? null);
    },
  };
}
export type World = Awaited<ReturnType<typeof createWorld>>;
