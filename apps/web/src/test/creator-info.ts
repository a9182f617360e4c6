import type { CreatorInfo } from '@platform/shared';

export const CREATOR_ID = '5b0a4c1e-7c1b-4e0f-9a39-2f4f3c1d2e10';
export const TERMS_ID = '9d6f1c2a-3b4e-4f50-8a61-7b8c9d0e1f23';

/** The profile of a creator who completed DATA_CAPTURE in the United Kingdom. */
export const UK_PROFILE: NonNullable<CreatorInfo['profile']> = {
  firstName: 'Casey',
  lastName: 'Creator',
  dateOfBirth: '1995-04-12',
  gender: 'PreferNotToSay',
  dialCode: '+44',
  mobile: '7700900123',
  address: {
    country: 'GB',
    line1: '1 High Street',
    line2: null,
    city: 'London',
    stateProvince: null,
    postcode: 'SW1A 1AA',
  },
  handles: [{ socialPlatform: 'TikTok', handle: 'casey' }],
  youtubeChannelId: null,
  genreIds: [],
};

/** A creator's account as GET /server-api/creator/get-info answers it: a new, verified creator by default. */
export function creatorInfo(overrides: Partial<CreatorInfo> = {}): CreatorInfo {
  return {
    id: CREATOR_ID,
    email: 'creator@example.com',
    emailVerified: true,
    status: 'DATA_CAPTURE',
    profile: null,
    taxRegistration: null,
    taxNumberChecks: { VAT: 'SUPPORT', ABN: 'SUPPORT' },
    agency: { decided: false, id: null, name: null },
    kyc: { status: 'None', provider: null, reason: null, updatedAt: null },
    artistIds: [],
    wallet: { state: 'none', note: null, nextAttemptAt: null },
    trackingPermissions: { mode: 'CUSTOM', allowed: ['ESSENTIAL_TECHNOLOGIES'] },
    terms: {
      acceptedId: TERMS_ID,
      acceptedVersion: '2026-11-01',
      currentId: TERMS_ID,
      currentVersion: '2026-11-01',
      updateToAccept: false,
    },
    ...overrides,
  };
}
