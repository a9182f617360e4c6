import { describe, expect, it } from 'vitest';
import { UPLOAD_PROGRESS_STATES, ASSET_FILE_TYPES, ASSET_SCAN_STATUSES, canRemoveUpload } from './assets';
import { PASSWORD_RESET_OUTCOMES, VERIFY_RESULTS } from './auth';
import { CAMPAIGN_STATUSES, CAMPAIGN_TYPES, ENTRY_EVENTS, REWARD_TYPES, RSVP_STATUSES } from './campaign';
import {
  COUNTRIES,
  ISO_COUNTRIES,
  SPECIAL_COUNTRY_IDS,
  countryName,
  isCountryCode,
  isIsoCountryCode,
  normalizeCountryCode,
} from './countries';
import {
  GENDERS,
  KYC_STATUSES,
  ONBOARDING_STATUSES,
  TRACKING_PERMISSION_GROUPS,
  TRACKING_PERMISSION_MODES,
} from './creator';
import {
  CURRENCIES,
  CURRENCY_CODES,
  MARKETING_CURRENCIES,
  currencyMinorUnitDigits,
  currencySymbol,
  isCurrencyCode,
} from './currencies';
import { LEGAL_LINK_TYPES } from './legal';
import { PERMISSION_ACTIONS, PERMISSION_RESOURCES } from './permissions';
import { DEFAULT_DIAL_CODE, dialCodeFor } from './phone';
import { CREATOR_PLATFORMS, MARKETING_PLATFORMS, PLATFORM_LABELS } from './platforms';
import {
  MARKETING_ROLES,
  MARKETING_ROLE_BY_STAFF_ROLE,
  STAFF_ROLES,
  STAFF_ROLE_BY_MARKETING_ROLE,
} from './roles';
import {
  TAX_COMPLIANCE_BY_VALIDATION,
  TAX_COMPLIANCE_STATUSES,
  TAX_LOOKUP_STATUSES,
  TAX_REGISTRATION_TYPES,
  TAX_VALIDATION_BY_COMPLIANCE,
  TAX_VALIDATION_STATUSES,
  DEFAULT_TAX_VALIDATION_STATUS,
  abnValidationStatus,
  taxRegistrationTypeFor,
  vatValidationStatus,
} from './tax';
import { US_STATES, US_STATE_CODES, isUsStateCode, usStateName } from './us-states';

describe('enumerations are spelled as in the spec', () => {
  it.each<[string, readonly string[], string[]]>([
    [
      'campaign status',
      CAMPAIGN_STATUSES,
      // The spec's seven, and PAUSED (ADR 038).
      ['DRAFT', 'PUBLISHED', 'PENDING', 'UNPUBLISH', 'LIVE', 'PAUSED', 'ENDED', 'REJECTED'],
    ],
    ['campaign type', CAMPAIGN_TYPES, ['CHALLENGE', 'BESPOKE']],
    // The spec's three, and PAY_PER_VIEW (ADR 038).
    ['reward type', REWARD_TYPES, ['FIRST_COME_FIRST_SERVE', 'TOP_PRIZES', 'SPRINT', 'PAY_PER_VIEW']],
    ['RSVP status', RSVP_STATUSES, ['INVITED', 'ACCEPT', 'DECLINE', 'REINVITED', 'UNINVITED', 'UNSELECTED']],
    [
      'entry and notification events',
      ENTRY_EVENTS,
      [
        'VIDEO_SUBMITTED',
        'VIDEO_APPROVED',
        'VIDEO_REJECTED',
        'POST_SUBMITTED',
        'POST_REJECTED',
        'POST_APPROVED',
        'POST_ARCHIVED',
        'PAYMENT_APPROVED',
        'PAYMENT_REJECTED',
      ],
    ],
    [
      'onboarding status',
      ONBOARDING_STATUSES,
      [
        'ACTIVE',
        'INACTIVE',
        'DATA_CAPTURE',
        'AGENCY_CAPTURE',
        'KYC_CAPTURE',
        'WALLET_CREATION_FAILED',
        'KYC_CHECK',
        'ARTIST_SELECTION',
        'PING_ONBOARDING',
      ],
    ],
    [
      'KYC status',
      KYC_STATUSES,
      [
        'Created',
        'Success',
        'Failure',
        'Pending',
        'Review',
        'ManualReview',
        'Submitted',
        'Abandoned',
        'ReVerify',
        'None',
      ],
    ],
    ['tax compliance status', TAX_COMPLIANCE_STATUSES, ['VALID', 'INVALID', 'CANCELLED', 'NOT_VERIFIED']],
    ['tax registration type', TAX_REGISTRATION_TYPES, ['VAT', 'ABN']],
    ['tax lookup status', TAX_LOOKUP_STATUSES, ['ACTIVE', 'CANCELLED', 'INVALID', 'GUID_INVALID']],
    ['tax validation status', TAX_VALIDATION_STATUSES, ['valid', 'invalid', 'cancelled', 'not verified']],
    [
      // The spec's five, and the README's "Not scanned" for a server without a virus scanner.
      'asset scan status',
      ASSET_SCAN_STATUSES,
      ['SUCCESS', 'SCANNING', 'THREATS_FOUND', 'PROCESSING', 'FAILED', 'NOT_SCANNED'],
    ],
    [
      'upload progress',
      UPLOAD_PROGRESS_STATES,
      ['UPLOAD', 'IN_PROGRESS', 'COMPLETED', 'REMOVING', 'SCANNING', 'FAILED', 'THREATHS_FOUND'],
    ],
    ['verify result', VERIFY_RESULTS, ['Pending', 'Verified', 'Failed', 'Expired']],
    [
      'password-reset outcomes',
      PASSWORD_RESET_OUTCOMES,
      ['TokenVerified', 'TokenFailed', 'TokenExpired', 'ResetFailed', 'ResetSuccess', 'EmailSent'],
    ],
    ['marketing platforms', MARKETING_PLATFORMS, ['Youtube', 'Instagram', 'TikTok']],
    ['creator platforms', CREATOR_PLATFORMS, ['TikTok', 'Instagram', 'Snapchat', 'Youtube']],
    ['asset file types', ASSET_FILE_TYPES, ['audio', 'font', 'gif', 'icon', 'image', 'pdf', 'svg', 'video']],
    ['genders', GENDERS, ['Male', 'Female', 'NonBinary', 'Transgender', 'Other', 'PreferNotToSay']],
    ['legal link types', LEGAL_LINK_TYPES, ['CCPA', 'INFLUENCER_GUIDELINES', 'PRIVACY', 'TERMS']],
    [
      'tracking permission groups',
      TRACKING_PERMISSION_GROUPS,
      ['ESSENTIAL_TECHNOLOGIES', 'MARKETING_TECHNOLOGIES'],
    ],
    ['tracking permission modes', TRACKING_PERMISSION_MODES, ['ALLOW', 'CUSTOM']],
    [
      'marketing roles',
      MARKETING_ROLES,
      [
        'CampaignMarketer',
        'CampaignManager',
        'CampaignViewer',
        'StatsViewer',
        'Admin',
        'Support',
        'TerritoryManager',
      ],
    ],
    [
      'staff roles',
      STAFF_ROLES,
      [
        'ADMIN',
        'CAMPAIGN_MARKETER',
        'STATS_VIEWER',
        'TERRITORY_MANAGER',
        'CAMPAIGN_MANAGER',
        'CAMPAIGN_VIEWER',
        'SUPPORT',
      ],
    ],
    [
      'permission actions',
      PERMISSION_ACTIONS,
      [
        'MANAGE',
        'CREATE',
        'READ',
        'VIEW',
        'EDIT',
        'DELETE',
        'ARCHIVE',
        'APPROVE',
        'REJECT',
        'INVITE',
        'ASSIGN',
        'REVIEW',
        'SHARE',
        'COPY',
        'REVOKE',
      ],
    ],
    [
      'permission resources',
      PERMISSION_RESOURCES,
      [
        'ALL',
        'CAMPAIGN',
        'TEAM',
        'CREATOR',
        'CAMPAIGN_CREATOR',
        'MARKETER',
        'USER',
        'REPORT',
        'PROFILE',
        'FORECAST_REPORT',
        'CAMPAIGN_REPORT',
        'PAYMENT',
        'CAMPAIGN_SUBMISSION',
        'CAMPAIGN_BUDGET',
        'TM',
        'TM_USER',
        'CAMPAIGN_EDIT_ACTION',
        'UI_CAMPAIGN_REVIEW_BUTTON',
      ],
    ],
    ['marketing currencies', MARKETING_CURRENCIES, ['AUD', 'EUR', 'GBP', 'USD']],
  ])('%s', (_name, actual, expected) => {
    expect([...actual]).toEqual(expected);
  });
});

describe('roles', () => {
  it('maps both spellings of every staff role onto each other', () => {
    for (const role of MARKETING_ROLES) {
      expect(MARKETING_ROLE_BY_STAFF_ROLE[STAFF_ROLE_BY_MARKETING_ROLE[role]]).toBe(role);
    }
    expect(STAFF_ROLE_BY_MARKETING_ROLE.TerritoryManager).toBe('TERRITORY_MANAGER');
    expect(Object.keys(MARKETING_ROLE_BY_STAFF_ROLE).sort()).toEqual([...STAFF_ROLES].sort());
  });
});

describe('platforms', () => {
  it('writes YouTube the usual way in sentences', () => {
    expect(PLATFORM_LABELS).toEqual({
      TikTok: 'TikTok',
      Instagram: 'Instagram',
      Snapchat: 'Snapchat',
      Youtube: 'YouTube',
    });
  });
});

describe('uploads', () => {
  it('ignores removal while uploading', () => {
    expect(canRemoveUpload('IN_PROGRESS')).toBe(false);
    expect(canRemoveUpload('COMPLETED')).toBe(true);
    expect(canRemoveUpload('THREATHS_FOUND')).toBe(true);
  });
});

describe('tax statuses', () => {
  it('starts not verified', () => {
    expect(DEFAULT_TAX_VALIDATION_STATUS).toBe('not verified');
  });

  it.each([
    ['ACTIVE', 'valid'],
    ['CANCELLED', 'cancelled'],
    ['INVALID', 'invalid'],
    ['GUID_INVALID', 'not verified'],
    [null, 'not verified'],
  ] as const)('an ABN lookup answering %s leaves the number %s', (lookup, status) => {
    expect(abnValidationStatus(lookup)).toBe(status);
  });

  it.each([
    [true, 'valid'],
    [false, 'invalid'],
    [null, 'not verified'],
  ] as const)('a VAT check answering %s leaves the number %s', (answer, status) => {
    expect(vatValidationStatus(answer)).toBe(status);
  });

  it('maps validation statuses to compliance statuses and back', () => {
    expect(TAX_COMPLIANCE_BY_VALIDATION['not verified']).toBe('NOT_VERIFIED');
    for (const status of TAX_VALIDATION_STATUSES) {
      expect(TAX_VALIDATION_BY_COMPLIANCE[TAX_COMPLIANCE_BY_VALIDATION[status]]).toBe(status);
    }
  });

  it.each([
    ['GB', 'VAT'],
    ['gb', 'VAT'],
    ['AU', 'ABN'],
    ['US', null],
    ['IE', null],
  ])('tax in %s is %s', (country, type) => {
    expect(taxRegistrationTypeFor(country)).toBe(type);
  });
});

describe('countries', () => {
  it('lists the ISO countries with English names', () => {
    expect(ISO_COUNTRIES.length).toBeGreaterThanOrEqual(249);
    expect(ISO_COUNTRIES.every((country) => /^[A-Z]{2}$/.test(country.code))).toBe(true);
    expect(countryName('GB')).toBe('United Kingdom');
    expect(countryName('AU')).toBe('Australia');
    expect(countryName('DE')).toBe('Germany');
    expect(countryName('XX')).toBeUndefined();
  });

  it('sorts the ISO countries by name', () => {
    const names = ISO_COUNTRIES.map((country) => country.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('adds the territory-wide entries with their ids', () => {
    expect(SPECIAL_COUNTRY_IDS).toEqual({ GLOBAL: 38, GLOBAL_EX_UK: 39, GLOBAL_EX_US: 40 });
    expect(COUNTRIES.slice(0, 3).map((country) => country.code)).toEqual([
      'GLOBAL',
      'GLOBAL_EX_UK',
      'GLOBAL_EX_US',
    ]);
    expect(isCountryCode('GLOBAL_EX_US')).toBe(true);
    expect(isIsoCountryCode('GLOBAL_EX_US')).toBe(false);
    expect(isIsoCountryCode('US')).toBe(true);
    expect(isIsoCountryCode('us')).toBe(false);
  });

  it('reads UK as GB', () => {
    expect(normalizeCountryCode(' uk ')).toBe('GB');
    expect(normalizeCountryCode('au')).toBe('AU');
  });
});

describe('US states', () => {
  it('has the 50 states, DC and the territories', () => {
    expect(US_STATES).toHaveLength(57);
    expect(new Set(US_STATE_CODES).size).toBe(57);
    for (const code of ['CA', 'NY', 'TX', 'DC', 'AS', 'GU', 'MP', 'PR', 'VI', 'UM']) {
      expect(isUsStateCode(code)).toBe(true);
    }
    expect(isUsStateCode('ny')).toBe(false);
    expect(isUsStateCode('XX')).toBe(false);
    expect(usStateName('PR')).toBe('Puerto Rico');
  });
});

describe('currencies', () => {
  it('has about 50 ISO codes, the marketing ones among them', () => {
    expect(CURRENCY_CODES.length).toBeGreaterThanOrEqual(45);
    expect(new Set(CURRENCY_CODES).size).toBe(CURRENCY_CODES.length);
    for (const code of [...MARKETING_CURRENCIES, 'INR', 'JPY']) expect(isCurrencyCode(code)).toBe(true);
  });

  it('takes names and minor units from ISO 4217', () => {
    expect(CURRENCIES.find((currency) => currency.code === 'GBP')).toEqual({
      code: 'GBP',
      name: 'Pound Sterling',
      minorUnitDigits: 2,
      symbol: '£',
    });
    expect(currencyMinorUnitDigits('JPY')).toBe(0);
    expect(currencyMinorUnitDigits('KWD')).toBe(3);
  });

  it.each([
    ['GBP', '£'],
    ['EUR', '€'],
    ['USD', '$'],
    ['AUD', 'A$'],
    ['INR', '₹'],
    ['JPY', '¥'],
    ['CHF', 'CHF'],
    ['XYZ', 'XYZ'],
  ])('shows %s as %s', (code, symbol) => {
    expect(currencySymbol(code)).toBe(symbol);
  });
});

describe('dial codes', () => {
  it.each([
    ['US', '+1'],
    ['GB', '+44'],
    ['UK', '+44'],
    ['AU', '+61'],
    ['DE', '+49'],
    ['FR', '+33'],
    ['au', '+61'],
    ['IE', '+44'],
  ])('%s dials %s', (country, code) => {
    expect(dialCodeFor(country)).toBe(code);
  });

  it('defaults to +44', () => {
    expect(DEFAULT_DIAL_CODE).toBe('+44');
  });
});
