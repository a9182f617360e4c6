import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AGE_MESSAGE,
  DEACTIVATED_MESSAGES,
  ERROR_CODES,
  CHANNEL_ID_MESSAGE,
  CREATOR_MESSAGES,
  DATE_INVALID_MESSAGE,
  DEACTIVATION_MESSAGE,
  invalidFieldsMessage,
  NAME_MESSAGE,
  POSTCODE_MESSAGES,
  postcodeDigitsMessage,
  mobileDigitsMessage,
  REQUIRED_MESSAGE,
  SOCIAL_HANDLE_MESSAGES,
  STATE_PROVINCE_MESSAGE,
  TAX_MESSAGES,
  taxNumberRequiredMessage,
  US_STATE_MESSAGE,
  type CreatorInfo,
  type OnboardingStatus,
  type TaxComplianceResponse,
} from '@platform/shared';
import { OFFLINE_WALLET_NOTE } from '../../adapters/payouts/offline-payouts';
import { PUSH_NOT_CONFIGURED_NOTE } from '../../adapters/push/disabled-push-sender';
import { PushUnavailable, type PushSender } from '../../adapters/push/push-sender';
import { accounts, creatorDevices, creators, creatorTermsAcceptances } from '../../db/schema/index';
import { startFakeAbr, type FakeAbr } from '../../test/fakes/abr';
import { HMRC_ERRORS, startFakeHmrc, type FakeHmrc } from '../../test/fakes/hmrc';
import { startFakeStripe, stripeErrors, type FakeStripe } from '../../test/fakes/stripe';
import {
  actingAs,
  createCreator,
  createLookup,
  createStaffMember,
  creatorInfoOf,
  profileBody,
  signedIn,
  signIn,
  uniqueHandle,
  type ProfileBody,
  type SignedIn,
} from '../../test/factories';
import {
  createTestApp,
  errorOf,
  NO_AUTH_RATE_LIMITS,
  SHIPPED_TERMS_ID,
  STRONG_PASSWORD,
  type TestApp,
} from '../../test/harness';
import { DEVICE_UNCHECKED_NOTE, WALLET_MAX_ATTEMPTS, WALLET_NOTES } from './creator.service';

// Providers are chosen when the app starts, so there are two: `context` with each left at its offline
// default (no tax register, offline payouts, no push), and, further down, one talking to fake HMRC, ABR and
// Stripe servers with a push stand-in.

type Response = { statusCode: number; body: string; json: <T>() => T };

/** The error body without its request id, to show two refusals are indistinguishable. */
const sameAnswer = (response: Response) => ({ ...errorOf(response), requestId: undefined });
const tag = () => randomUUID().slice(0, 8);

const GB_ADDRESS = { country: 'GB', line1: '1 High Street', city: 'London', postcode: 'SW1A 1AA' };
const AU_ADDRESS = { country: 'AU', line1: '1 George Street', city: 'Sydney', postcode: '2000' };

const REGISTERED_VRN = '980780684';
const SECOND_REGISTERED_VRN = '555012373';
const UNREGISTERED_VRN = '999999973';
const ACTIVE_ABN = '51824753556';
const CANCELLED_ABN = '53004085616';
const NOT_ON_REGISTER_ABN = '33051775556';

/** A creator at `status` in `app`, signed in. */
const creatorIn = async (
  app: TestApp,
  status: OnboardingStatus = 'DATA_CAPTURE',
  options: { country?: string } = {},
) => signedIn(app, await createCreator(app, { status, ...options }));

async function saveProfile(creator: SignedIn, body: ProfileBody): Promise<CreatorInfo> {
  const response = await creator.as.patch('/server-api/creator', body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CreatorInfo>();
}

let context: TestApp;
let genre: { id: string; name: string };
beforeAll(async () => {
  context = await createTestApp({
    authRateLimits: NO_AUTH_RATE_LIMITS,
    environment: { API_RATE_LIMIT_PER_MINUTE: '100000' },
  });
  genre = await createLookup(context, 'genre');
});
afterAll(async () => {
  await context?.close();
});

const creatorAt = (status?: OnboardingStatus, options?: { country?: string }) =>
  creatorIn(context, status, options);

/** Expects the spec's 422 listing `labels`, with `detail` among its fields, and nothing written. */
async function expectRefusal(
  send: () => Promise<Response>,
  labels: string[],
  detail: { field: string; message: string },
  app: TestApp = context,
) {
  const before = await app.rowCounts();
  const response = await send();
  expect(response.statusCode, response.body).toBe(422);
  expect(errorOf(response)).toMatchObject({ code: 'INVALID_FIELDS', message: invalidFieldsMessage(labels) });
  expect(errorOf(response).details).toContainEqual(detail);
  expect(await app.rowCounts()).toEqual(before);
  return response;
}

describe('GET /server-api/creator/profile', () => {
  it('gives a creator’s onboarding step as their status, and a staff member’s account status', async () => {
    const creator = await creatorAt('AGENCY_CAPTURE');
    const response = await creator.as.get('/server-api/creator/profile');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: creator.account.id,
      email: creator.account.email,
      emailVerified: true,
      status: 'AGENCY_CAPTURE',
      role: 'Creator',
    });

    const admin = await createStaffMember(context, { role: 'Admin' });
    const staff = await actingAs(context, await signIn(context, admin)).get('/server-api/creator/profile');
    expect(staff.json()).toMatchObject({ status: 'ACTIVE', role: 'Admin' });
  });
});

describe('GET /server-api/creator/get-info', () => {
  it('shows a new creator where they stand: no profile yet, the shipped terms accepted, nothing else', async () => {
    const creator = await creatorAt('DATA_CAPTURE');
    expect(await creatorInfoOf(creator)).toEqual({
      id: creator.account.id,
      email: creator.account.email,
      emailVerified: true,
      status: 'DATA_CAPTURE',
      profile: null,
      taxRegistration: null,
      taxNumberChecks: { VAT: 'SUPPORT', ABN: 'SUPPORT' },
      agency: { decided: false, id: null, name: null },
      kyc: { status: 'None', provider: null, reason: null, updatedAt: null },
      artistIds: [],
      wallet: { state: 'none', note: null, nextAttemptAt: null },
      trackingPermissions: null,
      terms: {
        acceptedId: SHIPPED_TERMS_ID,
        acceptedVersion: '2026-11-01',
        currentId: SHIPPED_TERMS_ID,
        currentVersion: '2026-11-01',
        updateToAccept: false,
      },
    });
  });
});

describe('PATCH /server-api/creator', () => {
  it('saves the profile at DATA_CAPTURE and moves the creator on to AGENCY_CAPTURE', async () => {
    const creator = await creatorAt('DATA_CAPTURE');
    const handle = uniqueHandle();
    const info = await saveProfile(
      creator,
      profileBody(genre.id, {
        address: {
          country: 'gb',
          line1: ' 1 High Street ',
          line2: 'Flat 2',
          city: 'London',
          postcode: 'sw1a 1aa',
        },
        handles: [
          { socialPlatform: 'TikTok', handle },
          { socialPlatform: 'Youtube', handle: `${handle}_tube` },
        ],
        youtubeChannelId: 'UCabcdefghijklmnopqrstuA',
      }),
    );
    expect(info.status).toBe('AGENCY_CAPTURE');
    expect(info.profile).toEqual({
      firstName: 'Casey',
      lastName: 'Creator',
      dateOfBirth: '1995-04-12',
      gender: 'PreferNotToSay',
      dialCode: '+44',
      mobile: '7700900123',
      address: {
        country: 'GB',
        line1: '1 High Street',
        line2: 'Flat 2',
        city: 'London',
        stateProvince: null,
        postcode: 'SW1A 1AA',
      },
      handles: expect.arrayContaining([
        { socialPlatform: 'TikTok', handle },
        { socialPlatform: 'Youtube', handle: `${handle}_tube` },
      ]) as unknown,
      youtubeChannelId: 'UCabcdefghijklmnopqrstuA',
      genreIds: [genre.id],
    });
    expect(info.taxRegistration).toBeNull();
    expect(await creatorInfoOf(creator)).toEqual(info);

    const profile = await creator.as.get('/server-api/creator/profile');
    expect(profile.json()).toMatchObject({ status: 'AGENCY_CAPTURE' });
  });

  it('takes a later edit without moving the creator on again, replacing the handles', async () => {
    const creator = await creatorAt('AGENCY_CAPTURE');
    await saveProfile(creator, profileBody(genre.id));
    const handle = uniqueHandle();
    const info = await saveProfile(
      creator,
      profileBody(genre.id, { handles: [{ socialPlatform: 'Instagram', handle }] }),
    );
    expect(info.status).toBe('AGENCY_CAPTURE');
    expect(info.profile?.handles).toEqual([{ socialPlatform: 'Instagram', handle }]);
  });

  it('keeps a US state as its code, in capitals', async () => {
    const creator = await creatorAt('DATA_CAPTURE');
    const info = await saveProfile(
      creator,
      profileBody(genre.id, {
        dialCode: '+1',
        mobile: '2125550123',
        address: {
          country: 'US',
          line1: '1 Main St',
          city: 'Albany',
          stateProvince: 'ny',
          postcode: '12207',
        },
      }),
    );
    expect(info.profile?.address).toMatchObject({ country: 'US', stateProvince: 'NY', postcode: '12207' });
  });

  const underage = `${new Date().getUTCFullYear() - 17}-01-01`;
  const cases: [string, (body: ProfileBody) => ProfileBody, string, string, string][] = [
    [
      'a name with digits',
      (body) => ({ ...body, firstName: 'Casey2' }),
      'firstName',
      NAME_MESSAGE,
      'First name',
    ],
    ['a blank last name', (body) => ({ ...body, lastName: '  ' }), 'lastName', REQUIRED_MESSAGE, 'Last name'],
    [
      'a creator under 18',
      (body) => ({ ...body, dateOfBirth: underage }),
      'dateOfBirth',
      AGE_MESSAGE,
      'Date of birth',
    ],
    [
      'a day that does not exist',
      (body) => ({ ...body, dateOfBirth: '2001-02-30' }),
      'dateOfBirth',
      DATE_INVALID_MESSAGE,
      'Date of birth',
    ],
    [
      'a gender not on the list',
      (body) => ({ ...body, gender: 'Unknown' }),
      'gender',
      REQUIRED_MESSAGE,
      'Gender',
    ],
    [
      'a UK mobile of 9 digits',
      (body) => ({ ...body, mobile: '770090012' }),
      'mobile',
      mobileDigitsMessage(10),
      'Mobile number',
    ],
    [
      'an Australian mobile of 10 digits',
      (body) => ({ ...body, dialCode: '+61', mobile: '0412345678' }),
      'mobile',
      mobileDigitsMessage(9),
      'Mobile number',
    ],
    [
      'a US address without a state',
      (body) => ({
        ...body,
        address: { country: 'US', line1: '1 Main St', city: 'Albany', postcode: '12207' },
      }),
      'address.stateProvince',
      US_STATE_MESSAGE,
      'State or province',
    ],
    [
      'a US address with a state that is not one',
      (body) => ({
        ...body,
        address: {
          country: 'US',
          line1: '1 Main St',
          city: 'Albany',
          stateProvince: 'XX',
          postcode: '12207',
        },
      }),
      'address.stateProvince',
      STATE_PROVINCE_MESSAGE,
      'State or province',
    ],
    [
      'a UK postcode that is not one',
      (body) => ({ ...body, address: { ...GB_ADDRESS, postcode: 'SW1 ZZZ9' } }),
      'address.postcode',
      POSTCODE_MESSAGES.invalidUk,
      'Postcode',
    ],
    [
      'an Australian postcode of 5 digits',
      (body) => ({ ...body, address: { ...AU_ADDRESS, postcode: '20000' } }),
      'address.postcode',
      postcodeDigitsMessage(4),
      'Postcode',
    ],
    [
      'a French postcode of 4 digits',
      (body) => ({
        ...body,
        address: { country: 'FR', line1: '1 rue de Rivoli', city: 'Paris', postcode: '7500' },
      }),
      'address.postcode',
      postcodeDigitsMessage(5),
      'Postcode',
    ],
    [
      'a country not on the list',
      (body) => ({ ...body, address: { ...GB_ADDRESS, country: 'XY' } }),
      'address.country',
      CREATOR_MESSAGES.chooseFromList,
      'Country',
    ],
    [
      'a handle with an @',
      (body) => ({ ...body, handles: [{ socialPlatform: 'TikTok', handle: '@casey' }] }),
      'handles.0.handle',
      SOCIAL_HANDLE_MESSAGES.atSign,
      'Social handles',
    ],
    [
      'two handles on one platform',
      (body) => ({
        ...body,
        handles: [
          { socialPlatform: 'Instagram', handle: uniqueHandle() },
          { socialPlatform: 'Instagram', handle: uniqueHandle() },
        ],
      }),
      'handles.1.socialPlatform',
      SOCIAL_HANDLE_MESSAGES.duplicatePlatform,
      'Social handles',
    ],
    [
      'no handle at all',
      (body) => ({ ...body, handles: [] }),
      'handles',
      CREATOR_MESSAGES.handlesRequired,
      'Social handles',
    ],
    [
      'a YouTube channel ID that is not one',
      (body) => ({ ...body, youtubeChannelId: 'UCshort' }),
      'youtubeChannelId',
      CHANNEL_ID_MESSAGE,
      'YouTube channel ID',
    ],
    [
      'no genre',
      (body) => ({ ...body, genreIds: [] }),
      'genreIds',
      CREATOR_MESSAGES.genresRequired,
      'Genres',
    ],
    [
      'a tax registration in a country where none applies',
      (body) => ({
        ...body,
        address: { country: 'FR', line1: '1 rue de Rivoli', city: 'Paris', postcode: '75001' },
        dialCode: '+33',
        taxRegistration: { isRegistered: true, type: 'VAT', number: 'FR40303265045' },
      }),
      'taxRegistration.isRegistered',
      CREATOR_MESSAGES.taxNotApplicable,
      'Tax registration',
    ],
    [
      'an ABN for a UK address',
      (body) => ({ ...body, taxRegistration: { isRegistered: true, type: 'ABN', number: ACTIVE_ABN } }),
      'taxRegistration.type',
      CREATOR_MESSAGES.taxTypeForCountry('VAT'),
      'Tax registration type',
    ],
    [
      'a VAT registration without its number',
      (body) => ({ ...body, taxRegistration: { isRegistered: true, type: 'VAT', number: ' ' } }),
      'taxRegistration.number',
      taxNumberRequiredMessage('VAT'),
      'Tax number',
    ],
    [
      'a VAT number with wrong check digits',
      (body) => ({ ...body, taxRegistration: { isRegistered: true, type: 'VAT', number: 'GB123456789' } }),
      'taxRegistration.number',
      TAX_MESSAGES.vatInvalid,
      'Tax number',
    ],
    [
      'an ABN with spaces',
      (body) => ({
        ...body,
        address: AU_ADDRESS,
        dialCode: '+61',
        mobile: '412345678',
        taxRegistration: { isRegistered: true, type: 'ABN', number: '51 824 753 556' },
      }),
      'taxRegistration.number',
      TAX_MESSAGES.abnFormat,
      'Tax number',
    ],
    [
      'an ABN with a wrong checksum',
      (body) => ({
        ...body,
        address: AU_ADDRESS,
        dialCode: '+61',
        mobile: '412345678',
        taxRegistration: { isRegistered: true, type: 'ABN', number: '12345678901' },
      }),
      'taxRegistration.number',
      TAX_MESSAGES.abnInvalid,
      'Tax number',
    ],
  ];
  it.each(cases)(
    'refuses %s with a 422 naming the field, and writes nothing',
    async (_case, change, field, message, label) => {
      const creator = await creatorAt('DATA_CAPTURE');
      await expectRefusal(
        () => creator.as.patch('/server-api/creator', change(profileBody(genre.id))),
        [label],
        {
          field,
          message,
        },
      );
      expect((await creatorInfoOf(creator)).status).toBe('DATA_CAPTURE');
    },
  );

  it('lists every field it refuses at once, each label once', async () => {
    const creator = await creatorAt('DATA_CAPTURE');
    const response = await expectRefusal(
      () =>
        creator.as.patch(
          '/server-api/creator',
          profileBody(genre.id, {
            firstName: 'C4sey',
            mobile: '123',
            address: { ...GB_ADDRESS, postcode: 'nowhere' },
            handles: [
              { socialPlatform: 'TikTok', handle: '@one' },
              { socialPlatform: 'TikTok', handle: '@two' },
            ],
          }),
        ),
      ['First name', 'Mobile number', 'Postcode', 'Social handles'],
      { field: 'handles.1.handle', message: SOCIAL_HANDLE_MESSAGES.atSign },
    );
    expect(errorOf(response).details).toEqual(
      expect.arrayContaining([
        { field: 'firstName', message: NAME_MESSAGE },
        { field: 'mobile', message: mobileDigitsMessage(10) },
        { field: 'address.postcode', message: POSTCODE_MESSAGES.invalidUk },
        { field: 'handles.0.handle', message: SOCIAL_HANDLE_MESSAGES.atSign },
        { field: 'handles.1.socialPlatform', message: SOCIAL_HANDLE_MESSAGES.duplicatePlatform },
      ]),
    );
  });

  it('answers a body that is not a profile with a 422, never a 500', async () => {
    const creator = await creatorAt('DATA_CAPTURE');
    for (const body of [
      {},
      [],
      'profile',
      { ...profileBody(genre.id), handles: 'TikTok' },
      { address: null },
    ]) {
      const before = await context.rowCounts();
      const response = await creator.as.patch('/server-api/creator', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(errorOf(response).code).toBe('INVALID_FIELDS');
      expect(await context.rowCounts()).toEqual(before);
    }
  });

  describe('social handles', () => {
    it('refuses a handle another creator holds, in any case, on that handle', async () => {
      const holder = await creatorAt('DATA_CAPTURE');
      const handle = `Casey_Fan_${tag()}`;
      await saveProfile(
        holder,
        profileBody(genre.id, { handles: [{ socialPlatform: 'Instagram', handle }] }),
      );

      const creator = await creatorAt('DATA_CAPTURE');
      await expectRefusal(
        () =>
          creator.as.patch(
            '/server-api/creator',
            profileBody(genre.id, {
              handles: [
                { socialPlatform: 'TikTok', handle: uniqueHandle() },
                { socialPlatform: 'Instagram', handle: ` ${handle.toUpperCase()} ` },
              ],
            }),
          ),
        ['Social handles'],
        { field: 'handles.1.handle', message: SOCIAL_HANDLE_MESSAGES.selectedInHoc },
      );
      expect((await creatorInfoOf(creator)).profile).toBeNull();
    });

    it('lets only one of two creators saving the same handle at once have it', async () => {
      const [first, second] = [await creatorAt('DATA_CAPTURE'), await creatorAt('DATA_CAPTURE')];
      const handle = uniqueHandle();
      const responses = await Promise.all(
        [first, second].map((creator) =>
          creator.as.patch(
            '/server-api/creator',
            profileBody(genre.id, {
              handles: [
                { socialPlatform: 'Instagram', handle: uniqueHandle() },
                { socialPlatform: 'TikTok', handle },
              ],
            }),
          ),
        ),
      );
      expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 422]);
      const refused = responses.find((response) => response.statusCode === 422);
      expect(refused && errorOf(refused)).toMatchObject({
        message: invalidFieldsMessage(['Social handles']),
        details: [{ field: 'handles.1.handle', message: SOCIAL_HANDLE_MESSAGES.selectedInHoc }],
      });
    });

    it('lets the same handle be someone else’s on another platform, and a creator keep their own', async () => {
      const holder = await creatorAt('DATA_CAPTURE');
      const handle = uniqueHandle();
      await saveProfile(holder, profileBody(genre.id, { handles: [{ socialPlatform: 'Snapchat', handle }] }));
      await saveProfile(holder, profileBody(genre.id, { handles: [{ socialPlatform: 'Snapchat', handle }] }));

      const creator = await creatorAt('DATA_CAPTURE');
      const info = await saveProfile(
        creator,
        profileBody(genre.id, { handles: [{ socialPlatform: 'TikTok', handle }] }),
      );
      expect(info.profile?.handles).toEqual([{ socialPlatform: 'TikTok', handle }]);
    });
  });

  describe('genres', () => {
    it.each([
      ['one nobody added', async () => randomUUID()],
      ['an archived one', async () => (await createLookup(context, 'genre', { archived: true })).id],
      ['a lookup of another kind', async () => (await createLookup(context, 'artist')).id],
    ])('refuses %s', async (_case, genreId) => {
      const creator = await creatorAt('DATA_CAPTURE');
      const unknown = await genreId();
      await expectRefusal(
        () =>
          creator.as.patch('/server-api/creator', profileBody(genre.id, { genreIds: [genre.id, unknown] })),
        ['Genres'],
        { field: 'genreIds', message: CREATOR_MESSAGES.genreUnknown },
      );
    });

    it('keeps each genre once, however its id is written', async () => {
      const creator = await creatorAt('DATA_CAPTURE');
      const info = await saveProfile(
        creator,
        profileBody(genre.id, { genreIds: [genre.id, genre.id.toUpperCase()] }),
      );
      expect(info.profile?.genreIds).toEqual([genre.id]);
    });
  });

  describe('the identity the identity check confirmed', () => {
    it.each(['ARTIST_SELECTION', 'ACTIVE', 'WALLET_CREATION_FAILED'] as const)(
      'cannot change at %s: name and date of birth are refused, the rest is saved',
      async (status) => {
        const creator = await creatorAt(status);
        for (const [field, value] of [
          ['firstName', 'Jamie'],
          ['lastName', 'Other'],
          ['dateOfBirth', '1990-01-01'],
        ] as const) {
          await expectRefusal(
            () => creator.as.patch('/server-api/creator', { ...profileBody(genre.id), [field]: value }),
            [{ firstName: 'First name', lastName: 'Last name', dateOfBirth: 'Date of birth' }[field]],
            { field, message: CREATOR_MESSAGES.identityLocked },
          );
        }
        const info = await saveProfile(creator, profileBody(genre.id, { mobile: '7700900999' }));
        expect(info).toMatchObject({ status, profile: { firstName: 'Casey', mobile: '7700900999' } });
      },
    );

    it('can still change before the check has passed', async () => {
      const creator = await creatorAt('KYC_CHECK');
      const info = await saveProfile(creator, profileBody(genre.id, { firstName: 'Jamie' }));
      expect(info).toMatchObject({ status: 'KYC_CHECK', profile: { firstName: 'Jamie' } });
    });
  });

  describe('tax registration with no register configured', () => {
    it('checks a VAT number’s format and check digits only, and keeps it not verified saying why', async () => {
      const creator = await creatorAt('DATA_CAPTURE');
      const info = await saveProfile(
        creator,
        profileBody(genre.id, {
          taxRegistration: { isRegistered: true, type: 'VAT', number: 'gb 980 7806 84' },
        }),
      );
      expect(info.taxRegistration).toMatchObject({
        isRegistered: true,
        type: 'VAT',
        number: 'GB980780684',
        validationStatus: 'not verified',
        businessName: null,
      });
      expect(info.taxRegistration?.note).toMatch(/^No VAT checking service is configured/);
      expect(info.taxRegistration?.note).toContain('HMRC was not asked');
    });

    it('checks an ABN’s digits and checksum only, and keeps it not verified saying why', async () => {
      const creator = await creatorAt('DATA_CAPTURE', { country: 'AU' });
      const info = await saveProfile(
        creator,
        profileBody(genre.id, {
          address: AU_ADDRESS,
          dialCode: '+61',
          mobile: '412345678',
          taxRegistration: { isRegistered: true, type: 'ABN', number: ACTIVE_ABN },
        }),
      );
      expect(info.taxRegistration).toMatchObject({
        type: 'ABN',
        number: ACTIVE_ABN,
        validationStatus: 'not verified',
      });
      expect(info.taxRegistration?.note).toMatch(/^No ABN lookup service is configured/);
    });

    it('remembers a creator who says they are not registered, and forgets an earlier number', async () => {
      const creator = await creatorAt('DATA_CAPTURE');
      await saveProfile(
        creator,
        profileBody(genre.id, {
          taxRegistration: { isRegistered: true, type: 'VAT', number: 'GB980780684' },
        }),
      );
      const info = await saveProfile(
        creator,
        profileBody(genre.id, {
          taxRegistration: { isRegistered: false, type: 'VAT', number: 'GB980780684' },
        }),
      );
      expect(info.taxRegistration).toEqual({
        isRegistered: false,
        type: 'VAT',
        number: null,
        validationStatus: 'not verified',
        checkedAt: null,
        checkSource: null,
        note: null,
        businessName: null,
      });
    });

    it('answers the compliance check with the offline result and keeps it', async () => {
      const creator = await creatorAt('DATA_CAPTURE');
      await saveProfile(
        creator,
        profileBody(genre.id, {
          taxRegistration: { isRegistered: true, type: 'VAT', number: 'GB980780684' },
        }),
      );
      const response = await creator.as.get(
        `/server-api/creator/validate-vat-compliance/${creator.account.id}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<TaxComplianceResponse>()).toMatchObject({
        status: 'NOT_VERIFIED',
        validationStatus: 'not verified',
        message: null,
        businessName: null,
      });
      expect(response.json<TaxComplianceResponse>().note).toMatch(/^No VAT checking service is configured/);
    });

    it('refuses a compliance check of a number the creator has not saved, or of the other type', async () => {
      const creator = await creatorAt('DATA_CAPTURE');
      await expectRefusal(
        () => creator.as.get(`/server-api/creator/validate-vat-compliance/${creator.account.id}`),
        ['Tax number'],
        { field: 'taxRegistration.number', message: CREATOR_MESSAGES.taxNotSaved('VAT') },
      );
      await saveProfile(
        creator,
        profileBody(genre.id, {
          taxRegistration: { isRegistered: true, type: 'VAT', number: 'GB980780684' },
        }),
      );
      await expectRefusal(
        () => creator.as.get(`/server-api/creator/validate-abn-compliance/${creator.account.id}`),
        ['Tax number'],
        { field: 'taxRegistration.number', message: CREATOR_MESSAGES.taxNotSaved('ABN') },
      );
    });

    it.each(['vat', 'abn'])(
      'answers a %s check of another creator’s id exactly as one of an id nobody has',
      async (segment) => {
        const other = await creatorAt('DATA_CAPTURE');
        await saveProfile(
          other,
          profileBody(genre.id, {
            taxRegistration: { isRegistered: true, type: 'VAT', number: 'GB980780684' },
          }),
        );
        const creator = await creatorAt('DATA_CAPTURE');
        const before = await context.rowCounts();
        const theirs = await creator.as.get(
          `/server-api/creator/validate-${segment}-compliance/${other.account.id}`,
        );
        const nobodys = await creator.as.get(
          `/server-api/creator/validate-${segment}-compliance/${randomUUID()}`,
        );
        const notAnId = await creator.as.get(`/server-api/creator/validate-${segment}-compliance/not-an-id`);
        for (const response of [theirs, nobodys, notAnId]) expect(response.statusCode).toBe(404);
        expect(sameAnswer(theirs)).toEqual(sameAnswer(nobodys));
        expect(sameAnswer(notAnId)).toEqual(sameAnswer(nobodys));
        expect(await context.rowCounts()).toEqual(before);
      },
    );
  });
});

describe('a creator who has not verified their email yet', () => {
  it('cannot set up their account, but can read it, accept terms, choose tracking and register a device', async () => {
    const artist = await createLookup(context, 'artist');
    const creators = {
      profile: await creatorAt('DATA_CAPTURE'),
      agency: await creatorAt('AGENCY_CAPTURE'),
      artists: await creatorAt('ARTIST_SELECTION'),
    };
    for (const creator of Object.values(creators)) {
      await context.db
        .update(accounts)
        .set({ emailVerifiedAt: null })
        .where(eq(accounts.id, creator.account.id));
    }
    const attempts = [
      () => creators.profile.as.patch('/server-api/creator', profileBody(genre.id)),
      () =>
        creators.agency.as.patch(
          `/server-api/creator/${creators.agency.account.id}/user-info?skipAgencyForm=true`,
          {},
        ),
      () => creators.artists.as.patch('/server-api/creator/artist-selection', { artistIds: [artist.id] }),
    ];
    for (const attempt of attempts) {
      const before = await context.rowCounts();
      const response = await attempt();
      expect(response.statusCode, response.body).toBe(409);
      expect(errorOf(response)).toMatchObject({
        code: 'CONFLICT',
        message: CREATOR_MESSAGES.emailNotVerified,
      });
      expect(await context.rowCounts()).toEqual(before);
    }

    const { profile: creator } = creators;
    expect(await creatorInfoOf(creator)).toMatchObject({ emailVerified: false, status: 'DATA_CAPTURE' });
    const terms = await creator.as.patch(`/server-api/creator/${creator.account.id}/user-info`, {
      acceptedTermsId: SHIPPED_TERMS_ID,
    });
    expect(terms.statusCode).toBe(200);
    const tracking = await creator.as.patch('/server-api/creator/user/tracking', {
      trackingPermissions: { mode: 'ALLOW' },
    });
    expect(tracking.statusCode).toBe(200);
    const device = await creator.as.post('/server-api/creator/create-sns-platform-endpoint', {
      creatorId: creator.account.id,
      deviceToken: `unverified-${tag()}`,
    });
    expect(device.statusCode).toBe(200);
  });
});

describe('GET /server-api/creator/validate-handle/{platform}/{handle}', () => {
  it('says whether another account holds the handle on that platform, in any case', async () => {
    const holder = await creatorAt('DATA_CAPTURE');
    const handle = `Taken_${tag()}`;
    await saveProfile(holder, profileBody(genre.id, { handles: [{ socialPlatform: 'Youtube', handle }] }));
    const creator = await creatorAt('DATA_CAPTURE');

    const taken = await creator.as.get(`/server-api/creator/validate-handle/Youtube/${handle.toLowerCase()}`);
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toEqual({ available: false, message: SOCIAL_HANDLE_MESSAGES.selectedInHoc });
    const anyCase = await creator.as.get(
      `/server-api/creator/validate-handle/youtube/${handle.toUpperCase()}`,
    );
    expect(anyCase.json()).toEqual({ available: false, message: SOCIAL_HANDLE_MESSAGES.selectedInHoc });

    const otherPlatform = await creator.as.get(`/server-api/creator/validate-handle/TikTok/${handle}`);
    expect(otherPlatform.json()).toEqual({ available: true });
    const own = await holder.as.get(`/server-api/creator/validate-handle/Youtube/${handle}`);
    expect(own.json()).toEqual({ available: true });
  });

  it('refuses a handle the handle rule refuses, with its message, and answers 404 for a platform creators do not use', async () => {
    const creator = await creatorAt('DATA_CAPTURE');
    for (const [handle, message] of [
      ['%40casey', SOCIAL_HANDLE_MESSAGES.atSign],
      ['%20', REQUIRED_MESSAGE],
    ]) {
      const response = await creator.as.get(`/server-api/creator/validate-handle/TikTok/${handle}`);
      expect(response.statusCode, handle).toBe(400);
      expect(errorOf(response).details).toEqual([{ field: 'handle', message }]);
    }
    const tooLong = await creator.as.get(`/server-api/creator/validate-handle/TikTok/${'c'.repeat(101)}`);
    expect(tooLong.statusCode).toBe(414);
    expect(errorOf(tooLong).code).toBe('URL_TOO_LONG');
    const platform = await creator.as.get('/server-api/creator/validate-handle/Facebook/casey');
    expect(platform.statusCode).toBe(404);
  });
});

describe('PATCH /server-api/creator/{id}/user-info', () => {
  const userInfo = (creator: SignedIn, query = '') =>
    `/server-api/creator/${creator.account.id}/user-info${query}`;

  it('skipping the agency form moves the creator on to KYC_CAPTURE with no agency', async () => {
    const creator = await creatorAt('AGENCY_CAPTURE');
    const response = await creator.as.patch(userInfo(creator, '?skipAgencyForm=true'), {});
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<CreatorInfo>()).toMatchObject({
      status: 'KYC_CAPTURE',
      agency: { decided: true, id: null, name: null },
    });
  });

  it('a chosen agency moves the creator on, and can be changed later without moving them again', async () => {
    const agency = await createLookup(context, 'agency');
    const creator = await creatorAt('AGENCY_CAPTURE');
    const response = await creator.as.patch(userInfo(creator), { agencyId: agency.id });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<CreatorInfo>()).toMatchObject({
      status: 'KYC_CAPTURE',
      agency: { decided: true, id: agency.id, name: agency.name },
    });

    const next = await createLookup(context, 'agency');
    const changed = await creator.as.patch(userInfo(creator), { agencyId: next.id.toUpperCase() });
    expect(changed.json<CreatorInfo>()).toMatchObject({ status: 'KYC_CAPTURE', agency: { id: next.id } });
  });

  it.each([
    ['an archived agency', async () => (await createLookup(context, 'agency', { archived: true })).id],
    ['an agency nobody added', async () => randomUUID()],
    ['a lookup of another kind', async () => genre.id],
  ])('refuses %s with a 422, and the creator stays where they were', async (_case, agencyId) => {
    const creator = await creatorAt('AGENCY_CAPTURE');
    const id = await agencyId();
    await expectRefusal(() => creator.as.patch(userInfo(creator), { agencyId: id }), ['Agency'], {
      field: 'agencyId',
      message: CREATOR_MESSAGES.agencyUnknown,
    });
    expect((await creatorInfoOf(creator)).status).toBe('AGENCY_CAPTURE');
  });

  it('refuses an agency before the profile is done with a 409', async () => {
    const creator = await creatorAt('DATA_CAPTURE');
    const before = await context.rowCounts();
    const response = await creator.as.patch(userInfo(creator, '?skipAgencyForm=true'), {});
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toMatchObject({ code: 'CONFLICT', message: CREATOR_MESSAGES.stepNotReached });
    expect(await context.rowCounts()).toEqual(before);
  });

  it('asks for an agency or a skip when the body has neither', async () => {
    const creator = await creatorAt('AGENCY_CAPTURE');
    const response = await creator.as.patch(userInfo(creator), {});
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).details).toEqual([
      { field: 'agencyId', message: CREATOR_MESSAGES.agencyRequired },
    ]);
  });

  it('answers another creator’s id exactly as an id nobody has', async () => {
    const other = await creatorAt('AGENCY_CAPTURE');
    const creator = await creatorAt('AGENCY_CAPTURE');
    const before = await context.rowCounts();
    const theirs = await creator.as.patch(userInfo(other, '?skipAgencyForm=true'), {});
    const nobodys = await creator.as.patch(
      `/server-api/creator/${randomUUID()}/user-info?skipAgencyForm=true`,
      {},
    );
    expect([theirs.statusCode, nobodys.statusCode]).toEqual([404, 404]);
    expect(sameAnswer(theirs)).toEqual(sameAnswer(nobodys));
    expect(await context.rowCounts()).toEqual(before);
    expect((await creatorInfoOf(other)).status).toBe('AGENCY_CAPTURE');
  });

  it('refuses a document that is not the terms as the terms accepted', async () => {
    const creator = await creatorAt('ACTIVE');
    for (const id of ['00000000-0000-4000-8000-000000000002', randomUUID()]) {
      await expectRefusal(
        () => creator.as.patch(userInfo(creator), { acceptedTermsId: id }),
        ['Terms and Conditions'],
        { field: 'acceptedTermsId', message: CREATOR_MESSAGES.termsUnknown },
      );
    }
  });
});

describe('GET /server-api/creator/lookup/agency?search=', () => {
  it('finds live agencies by any part of the name, in any case, sorted by name', async () => {
    const mark = `zq${tag().replace(/\d/g, 'x')}`;
    const second = await createLookup(context, 'agency', { name: `Talent ${mark} Two` });
    const first = await createLookup(context, 'agency', { name: `Bright ${mark} Agency` });
    await createLookup(context, 'agency', { name: `Closed ${mark}`, archived: true });
    const creator = await creatorAt('AGENCY_CAPTURE');
    const response = await creator.as.get(`/server-api/creator/lookup/agency?search=${mark.toUpperCase()}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: [
        { partyId: first.id, name: first.name },
        { partyId: second.id, name: second.name },
      ],
    });
    const none = await creator.as.get(`/server-api/creator/lookup/agency?search=${mark}nothing`);
    expect(none.json()).toEqual({ data: [] });
  });
});

describe('PATCH /server-api/creator/artist-selection', () => {
  it('at ARTIST_SELECTION saves the artists and, with the offline payouts, makes the creator ACTIVE', async () => {
    const artists = [await createLookup(context, 'artist'), await createLookup(context, 'artist')];
    const creator = await creatorAt('ARTIST_SELECTION');
    const response = await creator.as.patch('/server-api/creator/artist-selection', {
      artistIds: [artists[0]?.id, artists[1]?.id, artists[0]?.id],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<CreatorInfo>()).toMatchObject({
      status: 'ACTIVE',
      artistIds: [artists[0]?.id, artists[1]?.id],
      wallet: { state: 'ready', note: OFFLINE_WALLET_NOTE, nextAttemptAt: null },
    });
    const profile = await creator.as.get('/server-api/creator/profile');
    expect(profile.json()).toMatchObject({ status: 'ACTIVE' });
  });

  it('lets an ACTIVE creator change their artists and keeps their wallet', async () => {
    const artist = await createLookup(context, 'artist');
    const creator = await creatorAt('ARTIST_SELECTION');
    await creator.as.patch('/server-api/creator/artist-selection', { artistIds: [artist.id] });
    const [{ walletId } = { walletId: null }] = await context.db
      .select({ walletId: creators.walletId })
      .from(creators)
      .where(eq(creators.accountId, creator.account.id));
    const next = await createLookup(context, 'artist');
    const response = await creator.as.patch('/server-api/creator/artist-selection', { artistIds: [next.id] });
    expect(response.json<CreatorInfo>()).toMatchObject({ status: 'ACTIVE', artistIds: [next.id] });
    const [after] = await context.db
      .select({ walletId: creators.walletId })
      .from(creators)
      .where(eq(creators.accountId, creator.account.id));
    expect(after?.walletId).toBe(walletId);
  });

  it('refuses artists before the identity check has passed with a 409', async () => {
    const artist = await createLookup(context, 'artist');
    for (const status of ['DATA_CAPTURE', 'KYC_CAPTURE', 'KYC_CHECK'] as const) {
      const creator = await creatorAt(status);
      const before = await context.rowCounts();
      const response = await creator.as.patch('/server-api/creator/artist-selection', {
        artistIds: [artist.id],
      });
      expect(response.statusCode, status).toBe(409);
      expect(errorOf(response).message).toBe(CREATOR_MESSAGES.stepNotReached);
      expect(await context.rowCounts()).toEqual(before);
    }
  });

  it.each([
    ['an artist nobody added', async () => randomUUID()],
    ['an archived artist', async () => (await createLookup(context, 'artist', { archived: true })).id],
  ])('refuses %s with a 422 and creates no wallet', async (_case, artistId) => {
    const creator = await creatorAt('ARTIST_SELECTION');
    const id = await artistId();
    await expectRefusal(
      () => creator.as.patch('/server-api/creator/artist-selection', { artistIds: [id] }),
      ['Artists'],
      {
        field: 'artistIds',
        message: CREATOR_MESSAGES.artistUnknown,
      },
    );
    expect(await creatorInfoOf(creator)).toMatchObject({
      status: 'ARTIST_SELECTION',
      wallet: { state: 'none' },
    });
  });
});

describe('PATCH /server-api/creator/user/tracking', () => {
  it('ALLOW accepts every group; CUSTOM accepts the chosen ones and always the essential ones', async () => {
    const creator = await creatorAt('ACTIVE');
    const track = async (trackingPermissions: unknown) => {
      const response = await creator.as.patch('/server-api/creator/user/tracking', { trackingPermissions });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ trackingPermissions: unknown }>().trackingPermissions;
    };
    const everything = { mode: 'ALLOW', allowed: ['ESSENTIAL_TECHNOLOGIES', 'MARKETING_TECHNOLOGIES'] };
    expect(await track({ mode: 'ALLOW' })).toEqual(everything);
    expect(await track({ mode: 'ALLOW', allowed: [] })).toEqual(everything);
    expect(await track({ mode: 'CUSTOM', allowed: [] })).toEqual({
      mode: 'CUSTOM',
      allowed: ['ESSENTIAL_TECHNOLOGIES'],
    });
    expect(await track({ mode: 'CUSTOM', allowed: ['MARKETING_TECHNOLOGIES'] })).toEqual({
      mode: 'CUSTOM',
      allowed: ['ESSENTIAL_TECHNOLOGIES', 'MARKETING_TECHNOLOGIES'],
    });
    expect((await creatorInfoOf(creator)).trackingPermissions).toEqual({
      mode: 'CUSTOM',
      allowed: ['ESSENTIAL_TECHNOLOGIES', 'MARKETING_TECHNOLOGIES'],
    });
  });

  it('refuses a mode or a group the spec does not name, and writes nothing', async () => {
    const creator = await creatorAt('ACTIVE');
    for (const trackingPermissions of [{ mode: 'DENY' }, { mode: 'CUSTOM', allowed: ['ADS'] }, null]) {
      const before = await context.rowCounts();
      const response = await creator.as.patch('/server-api/creator/user/tracking', { trackingPermissions });
      expect(response.statusCode, JSON.stringify(trackingPermissions)).toBe(400);
      expect(await context.rowCounts()).toEqual(before);
    }
    expect((await creatorInfoOf(creator)).trackingPermissions).toBeNull();
  });
});

describe('POST /server-api/creator/create-sns-platform-endpoint', () => {
  const devicesWith = (deviceToken: string) =>
    context.db.select().from(creatorDevices).where(eq(creatorDevices.deviceToken, deviceToken));

  it('without push configured, stores the device and says it was not checked', async () => {
    const creator = await creatorAt('ACTIVE');
    const deviceToken = `device-${tag()}`;
    const response = await creator.as.post('/server-api/creator/create-sns-platform-endpoint', {
      creatorId: creator.account.id,
      deviceToken,
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<{ deviceId: string; accepted: boolean; note: string }>();
    expect(answer).toMatchObject({ accepted: true, note: PUSH_NOT_CONFIGURED_NOTE });
    expect(await devicesWith(deviceToken)).toEqual([
      expect.objectContaining({ id: answer.deviceId, creatorId: creator.account.id, provider: 'none' }),
    ]);
  });

  it('moves a device to the latest creator to register it', async () => {
    const deviceToken = `shared-${tag()}`;
    const first = await creatorAt('ACTIVE');
    const second = await creatorAt('ACTIVE');
    for (const creator of [first, second]) {
      const response = await creator.as.post('/server-api/creator/create-sns-platform-endpoint', {
        creatorId: creator.account.id,
        deviceToken,
      });
      expect(response.statusCode).toBe(200);
    }
    const devices = await devicesWith(deviceToken);
    expect(devices.map((device) => device.creatorId)).toEqual([second.account.id]);
  });

  it('answers another creator’s id exactly as an id nobody has, and stores nothing', async () => {
    const other = await creatorAt('ACTIVE');
    const creator = await creatorAt('ACTIVE');
    const before = await context.rowCounts();
    const send = (creatorId: string) =>
      creator.as.post('/server-api/creator/create-sns-platform-endpoint', {
        creatorId,
        deviceToken: `d-${tag()}`,
      });
    const theirs = await send(other.account.id);
    const nobodys = await send(randomUUID());
    expect([theirs.statusCode, nobodys.statusCode]).toEqual([404, 404]);
    expect(sameAnswer(theirs)).toEqual(sameAnswer(nobodys));
    expect(await context.rowCounts()).toEqual(before);
  });
});

describe('GET /server-api/creator/user/{id}/deactivate', () => {
  it('deactivates the account: a text answer on payments, every session and device over, handles free again', async () => {
    const creator = await creatorAt('ACTIVE');
    const handle = uniqueHandle();
    await saveProfile(creator, profileBody(genre.id, { handles: [{ socialPlatform: 'TikTok', handle }] }));
    const otherSession = actingAs(context, await signIn(context, creator.account));
    const deviceToken = `phone-${tag()}`;
    await creator.as.post('/server-api/creator/create-sns-platform-endpoint', {
      creatorId: creator.account.id,
      deviceToken,
    });

    const response = await creator.as.get(`/server-api/creator/user/${creator.account.id}/deactivate`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toBe(DEACTIVATION_MESSAGE);
    expect(response.body).toContain('Payments already approved will still be paid');

    for (const session of [creator.as, otherSession]) {
      expect((await session.get('/server-api/creator/get-info')).statusCode).toBe(401);
    }
    const signInAgain = await context.form('/api/auth/sign-in', {
      username: creator.account.email,
      password: STRONG_PASSWORD,
    });
    expect(signInAgain.statusCode).toBe(403);
    expect(errorOf(signInAgain)).toMatchObject({
      code: ERROR_CODES.accountDeactivated,
      message: DEACTIVATED_MESSAGES.creator,
    });

    const [row] = await context.db.select().from(creators).where(eq(creators.accountId, creator.account.id));
    expect(row?.onboardingStatus).toBe('INACTIVE');
    const [account] = await context.db.select().from(accounts).where(eq(accounts.id, creator.account.id));
    expect(account?.status).toBe('INACTIVE');
    const devices = await context.db
      .select()
      .from(creatorDevices)
      .where(eq(creatorDevices.deviceToken, deviceToken));
    expect(devices).toEqual([]);

    const newcomer = await creatorAt('DATA_CAPTURE');
    const check = await newcomer.as.get(`/server-api/creator/validate-handle/TikTok/${handle}`);
    expect(check.json()).toEqual({ available: true });
    await saveProfile(newcomer, profileBody(genre.id, { handles: [{ socialPlatform: 'TikTok', handle }] }));
  });

  it('answers another creator’s id exactly as an id nobody has, and deactivates nobody', async () => {
    const other = await creatorAt('ACTIVE');
    const creator = await creatorAt('ACTIVE');
    const before = await context.rowCounts();
    const theirs = await creator.as.get(`/server-api/creator/user/${other.account.id}/deactivate`);
    const nobodys = await creator.as.get(`/server-api/creator/user/${randomUUID()}/deactivate`);
    expect([theirs.statusCode, nobodys.statusCode]).toEqual([404, 404]);
    expect(sameAnswer(theirs)).toEqual(sameAnswer(nobodys));
    expect(await context.rowCounts()).toEqual(before);
    expect((await creatorInfoOf(other)).status).toBe('ACTIVE');
  });
});

describe('signing up', () => {
  it('creates the creator at DATA_CAPTURE with the terms they were shown and their device', async () => {
    const email = `joiner-${tag()}@example.com`;
    const deviceToken = `signup-device-${tag()}`;
    const earlierOwner = await creatorAt('ACTIVE');
    await earlierOwner.as.post('/server-api/creator/create-sns-platform-endpoint', {
      creatorId: earlierOwner.account.id,
      deviceToken,
    });

    const signUp = await context.form('/api/auth/sign-up', {
      username: email,
      password: STRONG_PASSWORD,
      tncVersion: SHIPPED_TERMS_ID,
      deviceToken,
    });
    expect(signUp.statusCode, signUp.body).toBe(200);
    await context.form('/api/auth/verify', { hint: await context.emails.latestHint(email, '/verify') });
    const joiner = actingAs(context, await signIn(context, { email, password: STRONG_PASSWORD }));

    const info = (await joiner.get('/server-api/creator/get-info')).json<CreatorInfo>();
    expect(info).toMatchObject({
      email,
      emailVerified: true,
      status: 'DATA_CAPTURE',
      terms: { acceptedId: SHIPPED_TERMS_ID, updateToAccept: false },
    });
    const devices = await context.db
      .select()
      .from(creatorDevices)
      .where(eq(creatorDevices.deviceToken, deviceToken));
    expect(devices.map((device) => device.creatorId)).toEqual([info.id]);
    const accepted = await context.db
      .select()
      .from(creatorTermsAcceptances)
      .where(eq(creatorTermsAcceptances.creatorId, info.id));
    expect(accepted.map((row) => row.documentId)).toEqual([SHIPPED_TERMS_ID]);
  });
});

describe('with HMRC, the ABR and Stripe configured', () => {
  const HMRC_CLIENT = { id: 'platform-client', secret: 'hmrc-secret-for-tests' };
  const ABR_GUID = 'b6f1c2e0-0000-4000-8000-abr000000001';
  const STRIPE_KEY = 'sk_test_51CreatorTestsSecretKey0123456789';
  let app: TestApp;
  let hmrc: FakeHmrc;
  let abr: FakeAbr;
  let stripe: FakeStripe;
  let refusedTokens: Set<string>;
  let pushIsDown: boolean;
  let appGenre: { id: string };

  const pushStandIn: PushSender = {
    name: 'fcm',
    async registerDevice(deviceToken) {
      if (pushIsDown) throw new PushUnavailable('FCM did not answer');
      return refusedTokens.has(deviceToken)
        ? { provider: 'fcm', accepted: false, note: 'FCM says this token is not registered to any app.' }
        : { provider: 'fcm', accepted: true, note: 'FCM accepted the token in a validate-only send.' };
    },
    async send() {
      return { outcome: 'sent' };
    },
  };

  beforeAll(async () => {
    hmrc = await startFakeHmrc({
      clientId: HMRC_CLIENT.id,
      clientSecret: HMRC_CLIENT.secret,
      registered: [
        {
          name: 'Sunny Side Studios Ltd',
          vatNumber: REGISTERED_VRN,
          address: { line1: '1 High Street', postcode: 'LS1 1AA', countryCode: 'GB' },
        },
        {
          name: 'Second Act Ltd',
          vatNumber: SECOND_REGISTERED_VRN,
          address: { line1: '2 Low Road', postcode: 'M1 1AA', countryCode: 'GB' },
        },
      ],
    });
    abr = await startFakeAbr({
      guid: ABR_GUID,
      register: [
        {
          abn: ACTIVE_ABN,
          status: 'Active',
          statusEffectiveFrom: '2001-11-01',
          entityName: 'Harbour Lights Pty Ltd',
        },
        {
          abn: CANCELLED_ABN,
          status: 'Cancelled',
          statusEffectiveFrom: '2019-06-30',
          entityName: 'Old Mill Pty Ltd',
        },
      ],
    });
    stripe = await startFakeStripe({ secretKey: STRIPE_KEY });
    refusedTokens = new Set();
    pushIsDown = false;
    app = await createTestApp({
      authRateLimits: NO_AUTH_RATE_LIMITS,
      push: pushStandIn,
      environment: {
        API_RATE_LIMIT_PER_MINUTE: '100000',
        HMRC_CLIENT_ID: HMRC_CLIENT.id,
        HMRC_CLIENT_SECRET: HMRC_CLIENT.secret,
        HMRC_API_URL: hmrc.url,
        ABR_GUID,
        ABR_API_URL: abr.url,
        STRIPE_SECRET_KEY: STRIPE_KEY,
        STRIPE_API_URL: stripe.url,
      },
    });
    appGenre = await createLookup(app, 'genre');
  });
  afterAll(async () => {
    await app?.close();
    await Promise.all([hmrc?.close(), abr?.close(), stripe?.close()]);
  });

  const ukCreator = () => creatorIn(app, 'DATA_CAPTURE');
  const auCreator = () => creatorIn(app, 'DATA_CAPTURE', { country: 'AU' });
  const withVat = (number: string) =>
    profileBody(appGenre.id, { taxRegistration: { isRegistered: true, type: 'VAT', number } });
  const withAbn = (number: string) =>
    profileBody(appGenre.id, {
      address: AU_ADDRESS,
      dialCode: '+61',
      mobile: '412345678',
      taxRegistration: { isRegistered: true, type: 'ABN', number },
    });
  const answerEveryCall = (reply: { status: number; body?: unknown; delayMs?: number }) => () => reply;

  describe('VAT numbers', () => {
    it('saves a number HMRC has registered as valid, with the business’s name', async () => {
      const creator = await ukCreator();
      const info = await saveProfile(creator, withVat(`GB${REGISTERED_VRN}`));
      expect(info.status).toBe('AGENCY_CAPTURE');
      expect(info.taxRegistration).toMatchObject({
        isRegistered: true,
        type: 'VAT',
        number: `GB${REGISTERED_VRN}`,
        validationStatus: 'valid',
        businessName: 'Sunny Side Studios Ltd',
        note: 'HMRC confirms the number is registered for VAT to Sunny Side Studios Ltd.',
        checkSource: 'hmrc',
      });
      // With both registers' credentials, the form says the number is checked at once, not by hand.
      expect(info.taxNumberChecks).toEqual({ VAT: 'REGISTER', ABN: 'REGISTER' });
    });

    it('refuses a number HMRC does not know with the spec’s message, and writes nothing', async () => {
      const creator = await ukCreator();
      await expectRefusal(
        () => creator.as.patch('/server-api/creator', withVat(UNREGISTERED_VRN)),
        ['Tax number'],
        { field: 'taxRegistration.number', message: TAX_MESSAGES.vatInvalid },
        app,
      );
      expect(await creatorInfoOf(creator)).toMatchObject({ status: 'DATA_CAPTURE', profile: null });
    });

    it('saves the number not verified when HMRC is down, saying so', async () => {
      const creator = await ukCreator();
      hmrc.respondWith(answerEveryCall({ status: 503, body: HMRC_ERRORS.internalServerError }));
      try {
        const info = await saveProfile(creator, withVat(REGISTERED_VRN));
        expect(info.taxRegistration).toMatchObject({ validationStatus: 'not verified', businessName: null });
        expect(info.taxRegistration?.note).toMatch(/^HMRC answered with a server error \(HTTP 503\)/);
      } finally {
        hmrc.respondWith(hmrc.documented);
      }
    });

    it('saves the number not verified when HMRC does not answer in time', async () => {
      const creator = await ukCreator();
      hmrc.respondWith(async (request) => ({ ...(await hmrc.documented(request)), delayMs: 5_500 }));
      try {
        const info = await saveProfile(creator, withVat(REGISTERED_VRN));
        expect(info.taxRegistration).toMatchObject({ validationStatus: 'not verified' });
        expect(info.taxRegistration?.note).toMatch(/^HMRC did not answer within 5000 ms/);
      } finally {
        hmrc.respondWith(hmrc.documented);
      }
    });

    it('the compliance check asks HMRC again and keeps what it says now', async () => {
      const creator = await ukCreator();
      await saveProfile(creator, withVat(REGISTERED_VRN));
      const lookupsBefore = hmrc.lookupRequests().length;
      const valid = await creator.as.get(`/server-api/creator/validate-vat-compliance/${creator.account.id}`);
      expect(valid.json<TaxComplianceResponse>()).toMatchObject({
        status: 'VALID',
        validationStatus: 'valid',
        message: null,
        businessName: 'Sunny Side Studios Ltd',
      });
      expect(hmrc.lookupRequests().length).toBe(lookupsBefore + 1);

      hmrc.respondWith((request) =>
        request.url.startsWith('/oauth/token')
          ? hmrc.documented(request)
          : { status: 404, body: HMRC_ERRORS.notFound },
      );
      try {
        const gone = await creator.as.get(
          `/server-api/creator/validate-vat-compliance/${creator.account.id}`,
        );
        expect(gone.statusCode).toBe(200);
        expect(gone.json<TaxComplianceResponse>()).toMatchObject({
          status: 'INVALID',
          validationStatus: 'invalid',
          message: TAX_MESSAGES.vatInvalid,
          businessName: null,
        });
      } finally {
        hmrc.respondWith(hmrc.documented);
      }
      expect((await creatorInfoOf(creator)).taxRegistration).toMatchObject({
        validationStatus: 'invalid',
        businessName: null,
      });
    });

    it('keeps a number changed while the compliance check was asking HMRC about the old one', async () => {
      const creator = await ukCreator();
      await saveProfile(creator, withVat(REGISTERED_VRN));
      let release = () => {};
      const heldBack = new Promise<void>((resolve) => {
        release = resolve;
      });
      const lookupsBefore = hmrc.lookupRequests().length;
      hmrc.respondWith(async (request) => {
        if (request.url.includes(REGISTERED_VRN)) await heldBack;
        return hmrc.documented(request);
      });
      try {
        const checking = creator.as.get(`/server-api/creator/validate-vat-compliance/${creator.account.id}`);
        await expect.poll(() => hmrc.lookupRequests().length, { timeout: 15_000 }).toBe(lookupsBefore + 1);
        const changed = await saveProfile(creator, withVat(SECOND_REGISTERED_VRN));
        expect(changed.taxRegistration).toMatchObject({
          number: SECOND_REGISTERED_VRN,
          businessName: 'Second Act Ltd',
        });
        release();
        const checked = await checking;
        expect(checked.statusCode).toBe(409);
        expect(errorOf(checked)).toMatchObject({
          code: 'CONFLICT',
          message: CREATOR_MESSAGES.taxNumberChanged,
        });
      } finally {
        release();
        hmrc.respondWith(hmrc.documented);
      }
      expect((await creatorInfoOf(creator)).taxRegistration).toMatchObject({
        number: SECOND_REGISTERED_VRN,
        validationStatus: 'valid',
        businessName: 'Second Act Ltd',
      });
    });
  });

  describe('ABNs', () => {
    it('saves an active ABN as valid, with the entity’s name', async () => {
      const creator = await auCreator();
      const info = await saveProfile(creator, withAbn(ACTIVE_ABN));
      expect(info.taxRegistration).toMatchObject({
        type: 'ABN',
        number: ACTIVE_ABN,
        validationStatus: 'valid',
        businessName: 'Harbour Lights Pty Ltd',
      });
    });

    it.each([
      ['a cancelled ABN', CANCELLED_ABN, TAX_MESSAGES.abnInactive],
      ['an ABN the register does not hold', NOT_ON_REGISTER_ABN, TAX_MESSAGES.abnInvalid],
    ])('refuses %s with the spec’s message, and writes nothing', async (_case, number, message) => {
      const creator = await auCreator();
      await expectRefusal(
        () => creator.as.patch('/server-api/creator', withAbn(number)),
        ['Tax number'],
        { field: 'taxRegistration.number', message },
        app,
      );
    });

    it('saves the ABN not verified when the ABR does not recognise the platform’s GUID', async () => {
      const creator = await auCreator();
      abr.respondWith((request) =>
        abr.documented({ ...request, url: request.url.replace(/guid=[^&]*/, 'guid=stale') }),
      );
      try {
        const info = await saveProfile(creator, withAbn(CANCELLED_ABN));
        expect(info.taxRegistration).toMatchObject({ validationStatus: 'not verified' });
        expect(info.taxRegistration?.note).toContain("did not recognise this platform's access key");
        expect(app.logText()).toContain('The ABR ABN check is misconfigured');
        expect(app.logText()).not.toContain(ABR_GUID);
      } finally {
        abr.respondWith(abr.documented);
      }
    });

    it('the compliance check stores what the ABR says, and shows the inactive message when it fails', async () => {
      const creator = await auCreator();
      await saveProfile(creator, withAbn(ACTIVE_ABN));
      const url = `/server-api/creator/validate-abn-compliance/${creator.account.id}`;

      const active = await creator.as.get(url);
      expect(active.json<TaxComplianceResponse>()).toMatchObject({
        status: 'VALID',
        message: null,
        businessName: 'Harbour Lights Pty Ltd',
      });

      abr.respondWith(answerEveryCall({ status: 500, body: '<html>Server Error</html>' }));
      try {
        const failed = await creator.as.get(url);
        expect(failed.statusCode).toBe(200);
        expect(failed.json<TaxComplianceResponse>()).toMatchObject({
          status: 'NOT_VERIFIED',
          validationStatus: 'not verified',
          message: TAX_MESSAGES.abnInactive,
        });
      } finally {
        abr.respondWith(abr.documented);
      }
      expect((await creatorInfoOf(creator)).taxRegistration).toMatchObject({
        validationStatus: 'not verified',
      });

      abr.respondWith(async (request) => {
        const reply = await abr.documented(request);
        return {
          ...reply,
          body: String(reply.body).replace('"AbnStatus":"Active"', '"AbnStatus":"Cancelled"'),
        };
      });
      try {
        const cancelled = await creator.as.get(url);
        expect(cancelled.json<TaxComplianceResponse>()).toMatchObject({
          status: 'CANCELLED',
          validationStatus: 'cancelled',
          message: TAX_MESSAGES.abnInactive,
        });
      } finally {
        abr.respondWith(abr.documented);
      }
      expect((await creatorInfoOf(creator)).taxRegistration).toMatchObject({ validationStatus: 'cancelled' });
      await expectRefusal(
        () => creator.as.patch('/server-api/creator', withAbn(ACTIVE_ABN)),
        ['Tax number'],
        { field: 'taxRegistration.number', message: TAX_MESSAGES.abnInactive },
        app,
      );
    });
  });

  describe('payout wallets with Stripe', () => {
    const walletOf = async (creatorId: string) => {
      const [row] = await app.db.select().from(creators).where(eq(creators.accountId, creatorId));
      return row;
    };
    const selectArtists = async (creator: SignedIn) =>
      creator.as.patch('/server-api/creator/artist-selection', {
        artistIds: [(await createLookup(app, 'artist')).id],
      });

    it('creates a Stripe account, keeps its id, and asks the creator to finish Stripe’s onboarding', async () => {
      stripe.reset();
      const creator = await creatorIn(app, 'ARTIST_SELECTION');
      const response = await selectArtists(creator);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<CreatorInfo>()).toMatchObject({
        status: 'ACTIVE',
        wallet: { state: 'needs-action' },
      });
      const [account] = stripe.accounts;
      expect(account?.metadata).toEqual({ creator_id: creator.account.id });
      expect(await walletOf(creator.account.id)).toMatchObject({
        walletProvider: 'stripe',
        walletId: account?.id,
      });
    });

    it('when Stripe is unavailable, the creator waits at WALLET_CREATION_FAILED and the job tries again', async () => {
      stripe.reset();
      const creator = await creatorIn(app, 'ARTIST_SELECTION');
      stripe.replyOnceWith(stripeErrors.apiError(503));
      const failed = await selectArtists(creator);
      expect(failed.statusCode, failed.body).toBe(200);
      const info = failed.json<CreatorInfo>();
      expect(info).toMatchObject({
        status: 'WALLET_CREATION_FAILED',
        wallet: { state: 'retrying', note: WALLET_NOTES.unavailable },
      });
      expect((await creator.as.get('/server-api/creator/profile')).json()).toMatchObject({
        status: 'WALLET_CREATION_FAILED',
      });

      stripe.replyOnceWith(stripeErrors.apiError(500));
      expect(await app.services.creator.retryDueWallets()).toBe(0);
      const firstWait = Date.parse(info.wallet.nextAttemptAt ?? '') - app.clock.now().getTime();
      expect(firstWait).toBeGreaterThan(55_000);
      app.clock.advance(firstWait + 1_000);
      expect(await app.services.creator.retryDueWallets()).toBe(1);
      const second = await creatorInfoOf(creator);
      expect(second).toMatchObject({ status: 'WALLET_CREATION_FAILED', wallet: { state: 'retrying' } });
      const secondWait = Date.parse(second.wallet.nextAttemptAt ?? '') - app.clock.now().getTime();
      expect(secondWait).toBeGreaterThan(firstWait);

      app.clock.advance(secondWait + 1_000);
      expect(await app.services.creator.retryDueWallets()).toBe(1);
      expect(await creatorInfoOf(creator)).toMatchObject({
        status: 'ACTIVE',
        wallet: { state: 'needs-action', nextAttemptAt: null },
      });
      expect(await app.services.creator.retryDueWallets()).toBe(0);

      const keys = stripe.requests.map((request) => request.headers['idempotency-key']);
      expect(keys).toHaveLength(3);
      expect(new Set(keys).size).toBe(1);
      expect(stripe.accounts).toHaveLength(1);
    });

    it('waits as long as Stripe asks before trying again', async () => {
      stripe.reset();
      const creator = await creatorIn(app, 'ARTIST_SELECTION');
      stripe.replyOnceWith(stripeErrors.rateLimited(900));
      const response = await selectArtists(creator);
      const { wallet } = response.json<CreatorInfo>();
      expect(wallet.state).toBe('retrying');
      const wait = Date.parse(wallet.nextAttemptAt ?? '') - app.clock.now().getTime();
      expect(wait).toBeGreaterThan(890_000);
      expect(wait).toBeLessThanOrEqual(900_000);
    });

    it('stops trying after the last attempt and says Support will be in touch', async () => {
      stripe.reset();
      const creator = await creatorIn(app, 'ARTIST_SELECTION');
      stripe.replyOnceWith(stripeErrors.apiError(503));
      await selectArtists(creator);
      await app.db
        .update(creators)
        .set({ walletAttempts: WALLET_MAX_ATTEMPTS - 1, walletNextAttemptAt: app.clock.now() })
        .where(eq(creators.accountId, creator.account.id));
      stripe.replyOnceWith(stripeErrors.apiError(503));
      expect(await app.services.creator.retryDueWallets()).toBe(1);
      expect(await creatorInfoOf(creator)).toMatchObject({
        status: 'WALLET_CREATION_FAILED',
        wallet: { state: 'failed', note: WALLET_NOTES.gaveUp, nextAttemptAt: null },
      });
      const askedFor = () =>
        stripe.requests.filter((request) =>
          String(request.headers['idempotency-key']).includes(creator.account.id),
        ).length;
      const asked = askedFor();
      app.clock.advance(7 * 3600_000);
      await app.services.creator.retryDueWallets();
      expect(askedFor()).toBe(asked);
      expect(await walletOf(creator.account.id)).toMatchObject({
        onboardingStatus: 'WALLET_CREATION_FAILED',
        walletAttempts: WALLET_MAX_ATTEMPTS,
        walletNextAttemptAt: null,
      });
    });

    it('sends each creator’s wallet under a key of their own', async () => {
      stripe.reset();
      const first = await creatorIn(app, 'ARTIST_SELECTION');
      const second = await creatorIn(app, 'ARTIST_SELECTION');
      await selectArtists(first);
      await selectArtists(second);
      const keys = stripe.requests.map((request) => request.headers['idempotency-key']);
      expect(keys).toHaveLength(2);
      expect(keys[0]).not.toBe(keys[1]);
      expect(keys[0]).toContain(first.account.id);
      expect(keys[1]).toContain(second.account.id);
    });

    it('when Stripe refuses the creator’s country, says so and keeps trying', async () => {
      stripe.reset();
      const creator = await creatorIn(app, 'ARTIST_SELECTION', { country: 'JP' });
      const response = await selectArtists(creator);
      expect(response.json<CreatorInfo>()).toMatchObject({
        status: 'WALLET_CREATION_FAILED',
        wallet: { state: 'retrying', note: WALLET_NOTES.refused },
      });
    });
  });

  describe('device registration with push configured', () => {
    it('refuses a token the push provider says is dead with a 422, storing nothing', async () => {
      const creator = await creatorIn(app, 'ACTIVE');
      const deviceToken = `dead-${tag()}`;
      refusedTokens.add(deviceToken);
      await expectRefusal(
        () =>
          creator.as.post('/server-api/creator/create-sns-platform-endpoint', {
            creatorId: creator.account.id,
            deviceToken,
          }),
        ['Device'],
        { field: 'deviceToken', message: 'FCM says this token is not registered to any app.' },
        app,
      );
    });

    it('stores a token unchecked when the push provider does not answer, and says so', async () => {
      const creator = await creatorIn(app, 'ACTIVE');
      pushIsDown = true;
      try {
        const response = await creator.as.post('/server-api/creator/create-sns-platform-endpoint', {
          creatorId: creator.account.id,
          deviceToken: `later-${tag()}`,
        });
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json()).toMatchObject({ accepted: true, note: DEVICE_UNCHECKED_NOTE });
      } finally {
        pushIsDown = false;
      }
    });
  });

  describe('the updated-terms banner', () => {
    it('shows once an Admin publishes newer terms, and goes once the creator accepts them', async () => {
      const creator = await creatorIn(app, 'ACTIVE');
      const notYetAccepted = await creatorIn(app, 'ACTIVE');
      expect((await creatorInfoOf(creator)).terms.updateToAccept).toBe(false);

      const admin = actingAs(app, await signIn(app, await createStaffMember(app, { role: 'Admin' })));
      const published = await admin.post('/server-api/marketing/legal-documents', {
        territoryId: 'every',
        type: 'TERMS',
        version: '2027-01-01',
        content: 'Terms and Conditions, version of 1 January 2027.',
      });
      expect(published.statusCode, published.body).toBe(201);
      const newTermsId = published.json<{ id: string }>().id;

      expect((await creatorInfoOf(creator)).terms).toEqual({
        acceptedId: SHIPPED_TERMS_ID,
        acceptedVersion: '2026-11-01',
        currentId: newTermsId,
        currentVersion: '2027-01-01',
        updateToAccept: true,
      });

      const accepted = await creator.as.patch(`/server-api/creator/${creator.account.id}/user-info`, {
        acceptedTermsId: newTermsId,
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(accepted.json<CreatorInfo>()).toMatchObject({
        status: 'ACTIVE',
        terms: { acceptedId: newTermsId, acceptedVersion: '2027-01-01', updateToAccept: false },
      });
      expect((await creatorInfoOf(notYetAccepted)).terms.updateToAccept).toBe(true);
    });
  });
});
