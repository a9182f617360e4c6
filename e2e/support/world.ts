import type {
  CampaignBody,
  CreatorInfo,
  CreatorPlatform,
  CreatorProfileBody,
  CurrentLegalDocumentsResponse,
  KycReviewListResponse,
  KycSdkConfig,
  Lookup,
  LookupListResponse,
  MarketingRole,
  TeamDetail,
  Territory,
} from '@platform/shared';
import { linkIn, type startSmtpSink } from '../../apps/server/src/test/smtp-sink';
import type { Credentials } from './browser';
import type { RunningServer } from './server';

// The people and data a journey starts from, made over HTTP as the apps themselves would make them, so
// that a journey's browser steps are only the ones it is about. Every request goes through the public
// API of the running server: nothing here writes to its database behind its back.

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;
/** A bearer token from `/api/auth/sign-in`. */
export type Session = string;
export type StaffMember = Credentials & {
  displayName: string;
  role: MarketingRole;
  teamIds?: string[];
  territoryIds?: string[];
};
export type CreatorPerson = Credentials & { firstName: string; lastName: string };
export type World = ReturnType<typeof createWorldClient>;

/** The smallest valid PNG: identity documents and selfies must really be images. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** What a creator chooses from while onboarding; `activeCreator` makes them if they are not there. */
/** The start of an MP4 file (an `ftyp` box of the ISO brand, then padding): a screen recording's stand-in. */
export const TINY_MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x1c]),
  Buffer.from('ftypisom'),
  Buffer.from([0, 0, 2, 0]),
  Buffer.from('isomiso2mp41'),
  Buffer.from([0, 0, 0x10, 0x08]),
  Buffer.from('free'),
  Buffer.alloc(0x400),
]);

export const CREATOR_CHOICES = { genre: 'Pop', agency: 'Stellar Talent', artist: 'Nova Lights' } as const;

const LOOKUP_SLUGS = { genre: 'genres', agency: 'agencies', artist: 'artists' } as const;
type ChoiceKind = keyof typeof LOOKUP_SLUGS;

/** How long a creator may take to become ACTIVE once their artists are chosen (the wallet is made then). */
const ACTIVE_WITHIN_MS = 30_000;

export function createWorldClient(server: RunningServer, smtp: SmtpSink) {
  /** A form post, as the sign-in, sign-up and invitation pages send them. */
  async function form(path: string, fields: Record<string, string>, token?: Session): Promise<Response> {
    return fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: new URLSearchParams(fields).toString(),
    });
  }

  /** A JSON call that must succeed; the error names the call and quotes the server's answer. */
  async function api<Answer = unknown>(
    token: Session | null,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<Answer> {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok)
      throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as Answer;
  }

  async function expectStatus(response: Response, status: number, what: string): Promise<void> {
    if (response.status !== status)
      throw new Error(`${what} answered ${response.status}: ${await response.text()}`);
  }

  async function tokenOf(account: Credentials): Promise<Session> {
    const response = await form('/api/auth/sign-in', { username: account.email, password: account.password });
    await expectStatus(response, 200, `signing in ${account.email}`);
    return ((await response.json()) as { id_token: string }).id_token;
  }

  /** The Admin set up first, who records the money received for campaigns' budgets (ADR 038). */
  let admin: Credentials | undefined;

  /** The first Admin, through the one-time setup link the server prints when its database is empty. */
  async function setUpAdmin(account: Credentials): Promise<Session> {
    admin = account;
    const setupLink = /"link":"([^"]*\/setup\?token=[^"]+)"/.exec(server.output())?.[1];
    if (!setupLink) throw new Error(`no setup link in the server log:\n${server.output()}`);
    const created = await form('/api/setup/admin', {
      token: new URL(setupLink).searchParams.get('token') ?? '',
      email: account.email,
      password: account.password,
    });
    await expectStatus(created, 201, 'setting up the first Admin');
    return tokenOf(account);
  }

  async function createTeam(admin: Session, name: string): Promise<{ id: string; name: string }> {
    const team = await api<TeamDetail>(admin, 'POST', '/server-api/marketing/teams', { name });
    return { id: team.id, name: team.name };
  }

  async function createTerritory(
    admin: Session,
    territory: { name: string; countries: string[] },
  ): Promise<{ id: string; name: string }> {
    const created = await api<Territory>(admin, 'POST', '/server-api/marketing/territories', territory);
    return { id: created.id, name: created.name };
  }

  /** A lookup of `kind` named `name`: the existing one, or a new one. */
  async function lookup(admin: Session, kind: ChoiceKind, name: string): Promise<Lookup> {
    const path = `/server-api/marketing/lookups/${LOOKUP_SLUGS[kind]}`;
    const found = await api<LookupListResponse>(
      admin,
      'GET',
      `${path}?${new URLSearchParams({ search: name })}`,
    );
    const existing = found.items.find((item) => item.name === name);
    return existing ?? api<Lookup>(admin, 'POST', path, { name });
  }

  /** Invited by the Admin and joined through the emailed link, as a new colleague would. */
  async function addStaff(admin: Session, member: StaffMember): Promise<void> {
    await api(admin, 'POST', '/server-api/marketing/staff/invitations', {
      email: member.email,
      displayName: member.displayName,
      role: member.role,
      teamIds: member.teamIds ?? [],
      territoryIds: member.territoryIds ?? [],
    });
    const invitation = await smtp.waitFor(member.email, (email) =>
      email.raw.includes('/accept-invitation?token='),
    );
    const token = new URL(linkIn(invitation.raw, '/accept-invitation?token=')).searchParams.get('token');
    const accepted = await form('/api/staff/accept-invitation', {
      token: token ?? '',
      password: member.password,
      confirmPassword: member.password,
    });
    await expectStatus(accepted, 201, `accepting the invitation of ${member.email}`);
  }

  /** The id of the Terms and Conditions currently published, which a creator accepts by signing up. */
  async function currentTermsId(): Promise<string> {
    const current = await api<CurrentLegalDocumentsResponse>(null, 'GET', '/server-api/legal-documents');
    const terms = current.documents.find(({ type }) => type === 'TERMS');
    if (!terms) throw new Error('no Terms and Conditions are published');
    return terms.id;
  }

  /** Signs a creator up as the sign-up page does, accepting the current terms; the email is not verified. */
  async function signUp(account: Credentials): Promise<void> {
    const response = await form('/api/auth/sign-up', {
      username: account.email,
      password: account.password,
      tncVersion: await currentTermsId(),
    });
    await expectStatus(response, 200, `signing up ${account.email}`);
  }

  /** The verification link emailed to a creator who signed up. */
  async function verificationLink(email: string): Promise<string> {
    const message = await smtp.waitFor(email, (received) => received.raw.includes('/verify?hint='));
    return linkIn(message.raw, '/verify?hint=');
  }

  /**
   * Proves the creator's handle on `platform` theirs as a default install can (ADR 036): a screen
   * recording sent to Support, who verifies it.
   */
  async function proveHandle(
    token: Session,
    supportToken: Session,
    platform: CreatorPlatform,
  ): Promise<void> {
    const base = `/server-api/creator/handle-verifications/${platform}`;
    const { uploadUrl, attemptId } = await api<{ uploadUrl: string; attemptId: string }>(
      token,
      'POST',
      `${base}/evidence-upload`,
      { contentType: 'video/mp4', size: TINY_MP4.length },
    );
    const uploaded = await fetch(uploadUrl, {
      method: 'PUT',
      headers: { 'content-type': 'video/mp4' },
      body: TINY_MP4,
    });
    await expectStatus(uploaded, 200, 'uploading a screen recording of a profile');
    await api(token, 'POST', `${base}/evidence`, { attemptId });
    await api(supportToken, 'POST', `/server-api/marketing/handle-evidence/${attemptId}/decision`, {
      decision: 'VERIFY',
    });
  }

  /**
   * A creator taken through every onboarding step to ACTIVE, as the creator app would take them: signed
   * up and verified by email, a UK profile with a handle on `platform` (TikTok unless told) that Support
   * verifies from a screen recording unless `proveHandle` is false, an agency, an identity check that
   * Support approves, and their artists. `supportToken` is a Support colleague's session.
   */
  async function activeCreator(
    admin: Session,
    supportToken: Session,
    person: CreatorPerson,
    options: { platform?: CreatorPlatform; proveHandle?: boolean } = {},
  ): Promise<{ id: string; token: Session }> {
    const platform = options.platform ?? 'TikTok';
    const genre = await lookup(admin, 'genre', CREATOR_CHOICES.genre);
    const agency = await lookup(admin, 'agency', CREATOR_CHOICES.agency);
    const artist = await lookup(admin, 'artist', CREATOR_CHOICES.artist);

    await signUp(person);
    const hint = new URL(await verificationLink(person.email)).searchParams.get('hint') ?? '';
    await expectStatus(await form('/api/auth/verify', { hint }), 200, `verifying ${person.email}`);
    const token = await tokenOf(person);
    const creator = (method: string, path: string, body?: unknown) =>
      api<CreatorInfo>(token, method, `/server-api/creator${path}`, body);

    const handle = `${person.firstName}_${person.lastName}`.toLowerCase().replace(/[^a-z0-9_.]/g, '');
    const profile: CreatorProfileBody = {
      firstName: person.firstName,
      lastName: person.lastName,
      dateOfBirth: '1995-04-12',
      gender: 'PreferNotToSay',
      dialCode: '+44',
      mobile: '7700900123',
      address: { country: 'GB', line1: '1 High Street', city: 'London', postcode: 'SW1A 1AA' },
      handles: [{ socialPlatform: platform, handle }],
      genreIds: [genre.id],
    };
    const { id } = await creator('PATCH', '', profile);
    await creator('PATCH', `/${id}/user-info`, { agencyId: agency.id });

    // The identity check without a provider configured: a document and a selfie, uploaded to the signed
    // URLs the server hands out, then reviewed by Support.
    const kyc = await api<KycSdkConfig>(token, 'GET', '/server-api/creator/kyc-sdk-config');
    if (!kyc.uploads) throw new Error(`no identity upload URLs for ${person.email}: ${JSON.stringify(kyc)}`);
    for (const upload of [kyc.uploads.document, kyc.uploads.selfie]) {
      const response = await fetch(upload.url, {
        method: 'PUT',
        headers: { 'content-type': 'image/png' },
        body: TINY_PNG,
      });
      await expectStatus(response, 200, `uploading an identity file of ${person.email}`);
    }
    await api(token, 'GET', '/server-api/creator/create-kyc-application');
    const queue = await api<KycReviewListResponse>(
      supportToken,
      'GET',
      '/server-api/marketing/kyc?pageSize=100',
    );
    const check = queue.items.find((item) => item.creatorId === id);
    if (!check) throw new Error(`the identity check of ${person.email} is not waiting for Support`);
    await api(supportToken, 'POST', `/server-api/marketing/kyc/${check.id}/decision`, {
      decision: 'approve',
    });

    if (options.proveHandle ?? true) await proveHandle(token, supportToken, platform);

    let info = await creator('PATCH', '/artist-selection', { artistIds: [artist.id] });
    const deadline = Date.now() + ACTIVE_WITHIN_MS;
    while (info.status !== 'ACTIVE') {
      if (Date.now() > deadline)
        throw new Error(`${person.email} stopped at ${info.status}: ${JSON.stringify(info.wallet)}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
      info = await creator('GET', '/get-info');
    }
    // Terms published after the sign-up would greet the creator with a banner the journey is not about.
    if (info.terms.updateToAccept && info.terms.currentId)
      await creator('PATCH', `/${id}/user-info`, { acceptedTermsId: info.terms.currentId });
    return { id, token };
  }

  /**
   * A campaign drafted by a marketer, approved by a manager and its budget's bank transfer recorded by the
   * Admin, through the console's API: PUBLISHED, and LIVE at `startsAt` when that is soon (a campaign goes
   * live only once funded, ADR 038).
   */
  async function publishedCampaign(
    marketer: Session,
    manager: Session,
    campaign: {
      name: string;
      type: 'CHALLENGE' | 'BESPOKE';
      teamId: string;
      territoryIds: string[];
      startsAt: Date;
      /** Two weeks after the start unless told. */
      endsAt?: Date;
      /** £500 and £250 for the top two unless told. */
      reward?: CampaignBody['reward'];
      /** TikTok unless told. */
      platform?: CampaignBody['platform'];
      /** How it validates views and entries; the defaults unless told (ADR 037). */
      validation?: CampaignBody['validation'];
    },
  ): Promise<{ id: string }> {
    const endsAt = campaign.endsAt ?? new Date(campaign.startsAt.getTime() + 14 * 24 * 3600 * 1000);
    const budget = 100000;
    const draft = await api<{ id: string }>(marketer, 'POST', '/server-api/marketing/campaigns', {
      name: campaign.name,
      brandOrArtist: 'Nova Lights',
      brief: 'Dance to “Midnight Run” and tag @novalights.',
      platform: campaign.platform ?? 'TikTok',
      type: campaign.type,
      teamId: campaign.teamId,
      territoryIds: campaign.territoryIds,
      currency: 'GBP',
      budget,
      startsAt: campaign.startsAt.toISOString(),
      endsAt: endsAt.toISOString(),
      reward: campaign.reward ?? { type: 'TOP_PRIZES', prizes: [50000, 25000] },
      requirements: { hashtags: ['#MidnightRun'], mentions: ['@novalights'], minimumLengthSeconds: 15 },
      ...(campaign.validation ? { validation: campaign.validation } : {}),
      coverAssetId: null,
    });
    await api(marketer, 'POST', `/server-api/marketing/campaigns/${draft.id}/submit`);
    await api(manager, 'POST', `/server-api/marketing/campaigns/${draft.id}/approve`);
    if (!admin)
      throw new Error('set up the Admin first: a campaign goes live only once an Admin records its funding');
    await api(await tokenOf(admin), 'POST', `/server-api/marketing/campaigns/${draft.id}/fundings/transfer`, {
      amountMinor: budget,
      reference: `BACS ${draft.id.slice(0, 8)}`,
    });
    return draft;
  }

  return {
    form,
    api,
    publishedCampaign,
    tokenOf,
    setUpAdmin,
    createTeam,
    createTerritory,
    lookup,
    addStaff,
    signUp,
    verificationLink,
    activeCreator,
    proveHandle,
  };
}
