import {
  AGE_MESSAGE,
  AUTH_MESSAGES,
  CHANNEL_ID_MESSAGE,
  CREATOR_MESSAGES,
  NAME_MESSAGE,
  REQUIRED_MESSAGE,
  SOCIAL_HANDLE_MESSAGES,
  TAX_MESSAGES,
  US_STATE_MESSAGE,
  invalidFieldsMessage,
  mobileDigitsMessage,
  postcodeDigitsMessage,
  taxNumberRequiredMessage,
  type CreatorInfo,
} from '@platform/shared';
import { waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred, errorBody, type MockReply } from '../../../test/api-mock';
import { openAsCreator, PAGE_TEST } from '../../../test/creator-app';
import { creatorInfo, UK_PROFILE } from '../../../test/creator-info';
import {
  chooseGenre,
  expectFieldError,
  field,
  fillUkProfile,
  pickDateOfBirth,
  POP_GENRE,
  PROFILE_FORM_ROUTES,
  savedProfileInfo,
} from '../../../test/profile-form';
import { fieldErrorOf, screen } from '../../../test/render';
import { clearToasts, shownToasts } from '../../../test/toasts';

async function openProfileForm(
  info: CreatorInfo = creatorInfo(),
  routes: Parameters<typeof openAsCreator>[2] = {},
) {
  const view = openAsCreator('/', info, { ...PROFILE_FORM_ROUTES, ...routes });
  // The step's code loads on first use, which takes a while in the first test of the file.
  await screen.findByLabelText('First name', {}, { timeout: 5000 });
  return view;
}

const saveButton = () => screen.getByRole('button', { name: 'Save and continue' });

const patches = (api: ReturnType<typeof openAsCreator>['api']) =>
  api.requestsTo('PATCH', '/server-api/creator');

/** The date 17 years ago today, as the server would have saved it. */
function seventeenYearsAgo() {
  const today = new Date();
  return `${today.getUTCFullYear() - 17}-01-01`;
}

describe('DATA_CAPTURE: the creator’s profile', PAGE_TEST, () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('asks for the profile as step 1 of 4, with every field', async () => {
    await openProfileForm();

    expect(screen.getByRole('heading', { name: 'About you', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Step 1 of 4')).toBeInTheDocument();
    for (const label of [
      'First name',
      'Last name',
      'Gender',
      'Dial code',
      'Mobile number',
      'Country',
      'Address',
      'Address line 2 (optional)',
      'Town or city',
      'County, state or province (optional)',
      'Postcode',
      'Platform',
      'Handle',
      'YouTube channel ID (optional)',
    ]) {
      expect(field(label)).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Date of birth' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Genres' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Tax' })).not.toBeInTheDocument();
  });

  it('asks about tax only in the United Kingdom (VAT) and Australia (ABN)', async () => {
    const { user } = await openProfileForm();

    await user.selectOptions(field('Country'), 'GB');
    expect(screen.getByRole('switch', { name: 'I am registered for VAT' })).not.toBeChecked();
    await user.click(screen.getByRole('switch', { name: 'I am registered for VAT' }));
    expect(field('VAT number')).toBeInTheDocument();

    await user.selectOptions(field('Country'), 'AU');
    expect(
      screen.getByRole('switch', { name: 'I have an ABN and am registered for GST' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'I am registered for VAT' })).not.toBeInTheDocument();

    for (const country of ['US', 'FR', 'DE']) {
      await user.selectOptions(field('Country'), country);
      expect(screen.queryByRole('group', { name: 'Tax' })).not.toBeInTheDocument();
      expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    }
  });

  it('asks for a US state and a ZIP code in the United States', async () => {
    const { user } = await openProfileForm();
    await user.selectOptions(field('Country'), 'US');
    expect(field('State')).toBeInTheDocument();
    expect(field('ZIP code')).toBeInTheDocument();
    expect(screen.queryByLabelText('County, state or province (optional)')).not.toBeInTheDocument();
  });

  describe('says what is wrong under the field, with the warning icon', () => {
    it.each([
      ['First name', 'Casey2', NAME_MESSAGE],
      ['Last name', 'Cr3ator!', NAME_MESSAGE],
      ['YouTube channel ID (optional)', 'UC123', CHANNEL_ID_MESSAGE],
      ['Handle', '@casey', SOCIAL_HANDLE_MESSAGES.atSign],
    ])('%s: %j', async (label, value, message) => {
      const { user } = await openProfileForm();
      await user.type(field(label), value);
      await user.tab();
      expectFieldError(field(label), message);
    });

    it.each([
      ['+61', '77009001', mobileDigitsMessage(9)],
      ['+61', '7700900123', mobileDigitsMessage(9)],
      ['+44', '770090012', mobileDigitsMessage(10)],
      ['+1', '20255501', mobileDigitsMessage(10)],
    ])('the mobile number with %s: %j', async (dialCode, mobile, message) => {
      const { user } = await openProfileForm();
      await user.selectOptions(field('Dial code'), dialCode);
      await user.type(field('Mobile number'), mobile);
      await user.tab();
      expectFieldError(field('Mobile number'), message);
    });

    it('takes 9 digits after +61 and 10 after the other dial codes', async () => {
      const { user } = await openProfileForm();
      await user.selectOptions(field('Dial code'), '+61');
      await user.type(field('Mobile number'), '412345678');
      await user.tab();
      expect(fieldErrorOf(field('Mobile number'))).toBeNull();

      await user.selectOptions(field('Dial code'), '+44');
      await user.clear(field('Mobile number'));
      await user.type(field('Mobile number'), '7700900123');
      await user.tab();
      expect(fieldErrorOf(field('Mobile number'))).toBeNull();
    });

    it.each([
      ['GB', 'SW1A 1AAA', 'Invalid Postcode'],
      ['AU', '20000', postcodeDigitsMessage(4)],
      ['FR', '7500', postcodeDigitsMessage(5)],
    ])('the postcode in %s: %j', async (country, postcode, message) => {
      const { user } = await openProfileForm();
      await user.selectOptions(field('Country'), country);
      await user.type(field('Postcode'), postcode);
      await user.tab();
      expectFieldError(field('Postcode'), message);
    });

    it('the rules checked on saving: a US state, a genre, the date of birth and the required fields', async () => {
      const { user, api } = await openProfileForm();
      await user.selectOptions(field('Country'), 'US');
      await user.click(saveButton());

      expectFieldError(field('State'), US_STATE_MESSAGE);
      expectFieldError(screen.getByRole('combobox', { name: 'Genres' }), CREATOR_MESSAGES.genresRequired);
      expectFieldError(screen.getByRole('button', { name: 'Date of birth' }), REQUIRED_MESSAGE);
      expectFieldError(field('First name'), REQUIRED_MESSAGE);
      expectFieldError(field('Handle'), REQUIRED_MESSAGE);
      expect(patches(api)).toHaveLength(0);
    });

    it('a date of birth under 18', async () => {
      const { user, api } = await openProfileForm(
        creatorInfo({ profile: { ...UK_PROFILE, dateOfBirth: seventeenYearsAgo() } }),
      );
      await user.click(saveButton());
      expectFieldError(screen.getByRole('button', { name: 'Date of birth' }), AGE_MESSAGE);
      expect(patches(api)).toHaveLength(0);
    });

    it('offers no date of birth under 18 in the calendar', async () => {
      const { user } = await openProfileForm();
      await user.click(screen.getByRole('button', { name: 'Date of birth' }));
      const today = new Date();
      const year = today.getUTCFullYear() - 18;
      const yearList = within(screen.getByRole('dialog'))
        .getAllByRole('combobox', { name: 'Month and year' })
        .find((select) => select.getAttribute('data-select') === 'year');
      expect(yearList?.querySelector('option:last-child')).toHaveValue(String(year));
    });

    it('two handles on one platform', async () => {
      const { user } = await openProfileForm();
      await user.click(screen.getByRole('button', { name: 'Add another handle' }));
      await user.selectOptions(field('Platform', 1), 'TikTok');
      await user.click(saveButton());
      expectFieldError(field('Platform', 1), SOCIAL_HANDLE_MESSAGES.duplicatePlatform);
      expect(fieldErrorOf(field('Platform', 0))).toBeNull();
    });

    it('a VAT registration without its number', async () => {
      const { user } = await openProfileForm();
      await user.selectOptions(field('Country'), 'GB');
      await user.click(screen.getByRole('switch', { name: 'I am registered for VAT' }));
      await user.click(saveButton());
      expectFieldError(field('VAT number'), taxNumberRequiredMessage('VAT'));
      expect(taxNumberRequiredMessage('VAT')).toBe('VAT number is required when VAT registered');
    });

    it('an ABN that is not 11 digits', async () => {
      const { user } = await openProfileForm();
      await user.selectOptions(field('Country'), 'AU');
      await user.click(screen.getByRole('switch', { name: 'I have an ABN and am registered for GST' }));
      await user.type(field('ABN'), '5182 475 355');
      await user.click(saveButton());
      expectFieldError(field('ABN'), 'Invalid ABN Format. Ensure you’ve entered 11 digits with no spaces.');
      expect(TAX_MESSAGES.abnFormat).toBe(
        'Invalid ABN Format. Ensure you’ve entered 11 digits with no spaces.',
      );
    });
  });

  it('says nothing about the empty fields a creator tabs through', async () => {
    const { user } = await openProfileForm();
    await user.click(field('First name'));
    for (let step = 0; step < 6; step += 1) await user.tab();
    expect(fieldErrorOf(field('First name'))).toBeNull();
    expect(fieldErrorOf(field('Last name'))).toBeNull();
  });

  it('sets the dial code from the country until the creator chooses one', async () => {
    const { user } = await openProfileForm();
    expect(field('Dial code')).toHaveValue('+44');

    await user.selectOptions(field('Country'), 'AU');
    expect(field('Dial code')).toHaveValue('+61');
    await user.selectOptions(field('Country'), 'US');
    expect(field('Dial code')).toHaveValue('+1');
    await user.selectOptions(field('Country'), 'IE');
    expect(field('Dial code')).toHaveValue('+44');
    await user.selectOptions(field('Country'), 'DE');
    expect(field('Dial code')).toHaveValue('+49');

    // A creator in Germany with a UK phone.
    await user.selectOptions(field('Dial code'), '+44');
    await user.selectOptions(field('Country'), 'FR');
    expect(field('Dial code')).toHaveValue('+44');
    await user.selectOptions(field('Country'), 'AU');
    expect(field('Dial code')).toHaveValue('+44');
  });

  it('checks the mobile number and the postcode again when the dial code or the country changes', async () => {
    const { user } = await openProfileForm();
    await user.type(field('Mobile number'), '412345678');
    await user.tab();
    expectFieldError(field('Mobile number'), mobileDigitsMessage(10));
    await user.selectOptions(field('Dial code'), '+61');
    await waitFor(() => expect(fieldErrorOf(field('Mobile number'))).toBeNull());

    await user.selectOptions(field('Country'), 'GB');
    await user.type(field('Postcode'), '2000');
    await user.tab();
    expectFieldError(field('Postcode'), 'Invalid Postcode');
    await user.selectOptions(field('Country'), 'AU');
    await waitFor(() => expect(fieldErrorOf(field('Postcode'))).toBeNull());
    await user.selectOptions(field('Country'), 'US');
    await waitFor(() => expectFieldError(field('ZIP code'), postcodeDigitsMessage(5)));
  });

  describe('the in-use check of a handle, when the creator leaves its field', () => {
    it('says a handle another account holds is taken, under that handle, and clears it once changed', async () => {
      const { user, api } = await openProfileForm(creatorInfo(), {
        'GET /server-api/creator/validate-handle/Instagram/taken.one': { body: { available: false } },
        'GET /server-api/creator/validate-handle/Instagram/casey.ig': { body: { available: true } },
      });
      await user.type(field('Handle'), 'casey');
      await user.click(screen.getByRole('button', { name: 'Add another handle' }));
      expect(field('Platform', 1)).toHaveValue('Instagram');
      await user.type(field('Handle', 1), 'taken.one');
      await user.tab();

      await waitFor(() => expectFieldError(field('Handle', 1), SOCIAL_HANDLE_MESSAGES.selectedInHoc));
      expect(SOCIAL_HANDLE_MESSAGES.selectedInHoc).toBe('This handle is already selected in HOC');
      expect(fieldErrorOf(field('Handle', 0))).toBeNull();
      expect(api.requestsTo('GET', '/server-api/creator/validate-handle/TikTok/casey')).toHaveLength(1);

      await user.clear(field('Handle', 1));
      await user.type(field('Handle', 1), 'casey.ig');
      await user.tab();
      await waitFor(() =>
        expect(api.requestsTo('GET', '/server-api/creator/validate-handle/Instagram/casey.ig')).toHaveLength(
          1,
        ),
      );
      await waitFor(() => expect(fieldErrorOf(field('Handle', 1))).toBeNull());
    });

    it('does not send the profile while a handle is taken', async () => {
      const { user, api } = await openProfileForm(creatorInfo(), {
        'GET /server-api/creator/validate-handle/TikTok/casey': { body: { available: false } },
      });
      await fillUkProfile(user);
      await waitFor(() => expectFieldError(field('Handle'), SOCIAL_HANDLE_MESSAGES.selectedInHoc));

      await user.click(saveButton());
      expectFieldError(field('Handle'), SOCIAL_HANDLE_MESSAGES.selectedInHoc);
      expect(patches(api)).toHaveLength(0);
    });

    it('counts a handle as invalid when the check fails, with a message', async () => {
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
      const { user, api } = await openProfileForm(creatorInfo(), {
        'GET /server-api/creator/validate-handle/TikTok/casey': {
          status: 503,
          body: errorBody('SERVICE_UNAVAILABLE', 'Down'),
        },
      });
      await fillUkProfile(user);
      await waitFor(() => expectFieldError(field('Handle'), CREATOR_MESSAGES.handleCheckFailed));
      expect(logged).toHaveBeenCalledWith('The handle check failed', expect.anything());

      await user.click(saveButton());
      expectFieldError(field('Handle'), CREATOR_MESSAGES.handleCheckFailed);
      expect(patches(api)).toHaveLength(0);
    });

    it('checks nothing for an empty handle or one with an @', async () => {
      const { user, api } = await openProfileForm();
      await user.click(field('Handle'));
      await user.tab();
      await user.type(field('Handle'), '@casey');
      await user.tab();
      expectFieldError(field('Handle'), SOCIAL_HANDLE_MESSAGES.atSign);
      expect(api.requests.filter((request) => request.path.includes('validate-handle'))).toHaveLength(0);
    });
  });

  it('keeps each handle row’s platform and text when rows are added and removed', async () => {
    const { user } = await openProfileForm(creatorInfo(), {
      'GET /server-api/creator/validate-handle/TikTok/tt.casey': { body: { available: true } },
      'GET /server-api/creator/validate-handle/Instagram/ig.casey': { body: { available: false } },
      'GET /server-api/creator/validate-handle/Snapchat/snap.casey': { body: { available: true } },
    });
    await user.type(field('Handle'), 'tt.casey');
    await user.click(screen.getByRole('button', { name: 'Add another handle' }));
    await user.type(field('Handle', 1), 'ig.casey');
    await user.tab();
    await waitFor(() => expectFieldError(field('Handle', 1), SOCIAL_HANDLE_MESSAGES.selectedInHoc));
    await user.click(screen.getByRole('button', { name: 'Add another handle' }));
    await user.type(field('Handle', 2), 'snap.casey');

    expect(screen.getAllByLabelText('Platform').map((select) => (select as HTMLSelectElement).value)).toEqual(
      ['TikTok', 'Instagram', 'Snapchat'],
    );

    await user.click(screen.getByRole('button', { name: 'Remove the Instagram handle' }));
    expect(screen.getAllByLabelText('Platform').map((select) => (select as HTMLSelectElement).value)).toEqual(
      ['TikTok', 'Snapchat'],
    );
    expect(screen.getAllByLabelText('Handle').map((input) => (input as HTMLInputElement).value)).toEqual([
      'tt.casey',
      'snap.casey',
    ]);
    // The taken Instagram handle's message went with its row.
    expect(fieldErrorOf(field('Handle', 1))).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Remove the TikTok handle' }));
    expect(field('Platform')).toHaveValue('Snapchat');
    expect(field('Handle')).toHaveValue('snap.casey');
    expect(screen.queryByRole('button', { name: /^Remove the/ })).not.toBeInTheDocument();
  });

  it('keeps a handle’s message with its row when a row above it is removed', async () => {
    const { user } = await openProfileForm(creatorInfo(), {
      'GET /server-api/creator/validate-handle/Instagram/ig.casey': { body: { available: true } },
    });
    await user.type(field('Handle'), 'casey');
    await user.click(screen.getByRole('button', { name: 'Add another handle' }));
    await user.type(field('Handle', 1), 'ig.casey');
    await user.click(screen.getByRole('button', { name: 'Add another handle' }));
    await user.type(field('Handle', 2), '@snap');
    await user.tab();
    expectFieldError(field('Handle', 2), SOCIAL_HANDLE_MESSAGES.atSign);

    await user.click(screen.getByRole('button', { name: 'Remove the Instagram handle' }));
    expect(field('Handle', 1)).toHaveValue('@snap');
    expectFieldError(field('Handle', 1), SOCIAL_HANDLE_MESSAGES.atSign);
    expect(fieldErrorOf(field('Handle', 0))).toBeNull();
  });

  it('checks a handle again on the platform the creator moves it to', async () => {
    const { user, api } = await openProfileForm(creatorInfo(), {
      'GET /server-api/creator/validate-handle/TikTok/casey': { body: { available: false } },
      'GET /server-api/creator/validate-handle/Instagram/casey': { body: { available: true } },
    });
    await user.type(field('Handle'), 'casey');
    await user.tab();
    await waitFor(() => expectFieldError(field('Handle'), SOCIAL_HANDLE_MESSAGES.selectedInHoc));

    await user.selectOptions(field('Platform'), 'Instagram');
    await waitFor(() =>
      expect(api.requestsTo('GET', '/server-api/creator/validate-handle/Instagram/casey')).toHaveLength(1),
    );
    expect(fieldErrorOf(field('Handle'))).toBeNull();
  });

  it('offers another handle until every platform has one', async () => {
    const { user } = await openProfileForm();
    for (let added = 0; added < 3; added += 1) {
      await user.click(screen.getByRole('button', { name: 'Add another handle' }));
    }
    expect(screen.getAllByLabelText('Platform').map((select) => (select as HTMLSelectElement).value)).toEqual(
      ['TikTok', 'Instagram', 'Snapchat', 'Youtube'],
    );
    expect(screen.queryByRole('button', { name: 'Add another handle' })).not.toBeInTheDocument();
  });

  describe('saving', () => {
    it('sends the whole profile, saying a UK creator is not VAT registered, and shows the next step', async () => {
      const reply = deferred<MockReply>();
      const { user, api } = await openProfileForm(creatorInfo(), {
        'PATCH /server-api/creator': () => reply.promise,
      });
      await fillUkProfile(user);
      await user.type(field('Address line 2 (optional)'), '  ');
      await user.click(saveButton());

      await waitFor(() => expect(patches(api)).toHaveLength(1));
      expect(patches(api)[0]?.body).toEqual({
        firstName: 'Casey',
        lastName: 'Creator',
        dateOfBirth: '1995-04-10',
        gender: 'PreferNotToSay',
        dialCode: '+44',
        mobile: '7700900123',
        address: { country: 'GB', line1: '1 High Street', city: 'London', postcode: 'SW1A 1AA' },
        handles: [{ socialPlatform: 'TikTok', handle: 'casey' }],
        genreIds: [POP_GENRE.id],
        taxRegistration: { isRegistered: false, type: 'VAT' },
      });
      expect(saveButton()).toHaveAttribute('data-loading', 'true');

      reply.resolve({ body: savedProfileInfo(creatorInfo()) });
      expect(await screen.findByRole('heading', { name: 'Your agency', level: 1 })).toBeInTheDocument();
      expect(screen.getByText('Step 2 of 4')).toBeInTheDocument();
      expect(await shownToasts()).toEqual([]);
    });

    it('sends no tax registration where tax does not apply', async () => {
      const { user, api } = await openProfileForm(creatorInfo(), {
        'PATCH /server-api/creator': { body: savedProfileInfo(creatorInfo()) },
      });
      await fillUkProfile(user);
      await user.selectOptions(field('Country'), 'FR');
      await user.clear(field('Postcode'));
      await user.type(field('Postcode'), '75001');
      await user.selectOptions(field('Dial code'), '+33');
      await user.clear(field('Mobile number'));
      await user.type(field('Mobile number'), '0612345678');
      await user.type(field('YouTube channel ID (optional)'), 'UCuAXFkgsw1L7xaCfnd5JJOw');
      await user.click(saveButton());

      await waitFor(() => expect(patches(api)).toHaveLength(1));
      const body = patches(api)[0]?.body as Record<string, unknown>;
      expect(body).not.toHaveProperty('taxRegistration');
      expect(body).toMatchObject({
        dialCode: '+33',
        mobile: '0612345678',
        address: { country: 'FR', postcode: '75001' },
        youtubeChannelId: 'UCuAXFkgsw1L7xaCfnd5JJOw',
      });
    });

    it('forgets a tax registration the new country does not take', async () => {
      const { user, api } = await openProfileForm(creatorInfo(), {
        'PATCH /server-api/creator': { body: savedProfileInfo(creatorInfo()) },
      });
      await fillUkProfile(user);
      await user.click(screen.getByRole('switch', { name: 'I am registered for VAT' }));
      await user.type(field('VAT number'), 'GB980780684');
      await user.selectOptions(field('Country'), 'AU');
      await user.clear(field('Postcode'));
      await user.type(field('Postcode'), '2000');
      await user.clear(field('Mobile number'));
      await user.type(field('Mobile number'), '412345678');
      expect(
        screen.getByRole('switch', { name: 'I have an ABN and am registered for GST' }),
      ).not.toBeChecked();
      await user.click(saveButton());

      await waitFor(() => expect(patches(api)).toHaveLength(1));
      expect(patches(api)[0]?.body).toMatchObject({
        dialCode: '+61',
        address: { country: 'AU' },
        taxRegistration: { isRegistered: false, type: 'ABN' },
      });
    });

    it('says a VAT number is checked by hand by Support before invoices carry VAT, on an install without HMRC', async () => {
      const { user } = await openProfileForm();
      await user.selectOptions(field('Country'), 'GB');
      await user.click(screen.getByRole('switch', { name: 'I am registered for VAT' }));
      expect(field('VAT number')).toHaveAccessibleDescription(
        'Our Support team checks it by hand with HMRC. Until they have confirmed it, your invoices carry no VAT; those issued after do.',
      );
    });

    it('says HMRC checks the number where HMRC is configured', async () => {
      const { user } = await openProfileForm(
        creatorInfo({ taxNumberChecks: { VAT: 'REGISTER', ABN: 'REGISTER' } }),
      );
      await user.selectOptions(field('Country'), 'GB');
      await user.click(screen.getByRole('switch', { name: 'I am registered for VAT' }));
      expect(field('VAT number')).toHaveAccessibleDescription(
        'We check it with HMRC, so that your invoices carry VAT correctly.',
      );
    });

    it('sends a VAT registration with its number and names HMRC and the business once it is confirmed', async () => {
      const base = creatorInfo();
      const { user, api } = await openProfileForm(base, {
        'PATCH /server-api/creator': {
          body: savedProfileInfo(base, {
            taxRegistration: {
              isRegistered: true,
              type: 'VAT',
              number: 'GB980780684',
              validationStatus: 'valid',
              checkedAt: '2026-11-23T10:00:00.000Z',
              checkSource: 'hmrc',
              note: 'Checked with HMRC',
              businessName: 'Casey Media Ltd',
            },
          }),
        },
      });
      clearToasts();
      await fillUkProfile(user);
      await user.click(screen.getByRole('switch', { name: 'I am registered for VAT' }));
      await user.type(field('VAT number'), 'GB980780684');
      await user.click(saveButton());

      expect(await screen.findByRole('heading', { name: 'Your agency', level: 1 })).toBeInTheDocument();
      expect(patches(api)[0]?.body).toMatchObject({
        taxRegistration: { isRegistered: true, type: 'VAT', number: 'GB980780684' },
      });
      expect(await shownToasts()).toEqual([
        'Tax number checked: HMRC confirmed your VAT for Casey Media Ltd.',
      ]);
    });

    it('names the Australian Business Register for a confirmed ABN', async () => {
      const base = creatorInfo({
        profile: {
          ...UK_PROFILE,
          dialCode: '+61',
          mobile: '412345678',
          address: { ...UK_PROFILE.address, country: 'AU', postcode: '2000' },
        },
      });
      const { user } = await openProfileForm(base, {
        'PATCH /server-api/creator': {
          body: savedProfileInfo(base, {
            taxRegistration: {
              isRegistered: true,
              type: 'ABN',
              number: '51824753556',
              validationStatus: 'valid',
              checkedAt: '2026-11-23T10:00:00.000Z',
              checkSource: 'abr',
              note: null,
              businessName: 'Casey Pty Ltd',
            },
          }),
        },
      });
      clearToasts();
      await chooseGenre(user, 'Pop');
      await user.click(screen.getByRole('switch', { name: 'I have an ABN and am registered for GST' }));
      await user.type(field('ABN'), '51824753556');
      await user.click(saveButton());

      expect(await screen.findByRole('heading', { name: 'Your agency', level: 1 })).toBeInTheDocument();
      expect(await shownToasts()).toEqual([
        'Tax number checked: The Australian Business Register confirmed your ABN for Casey Pty Ltd.',
      ]);
    });

    it('puts each refused field’s message under it, and what no field shows in a message', async () => {
      const { user, api } = await openProfileForm(creatorInfo(), {
        'PATCH /server-api/creator': {
          status: 422,
          body: errorBody(
            'INVALID_FIELDS',
            invalidFieldsMessage(['Postcode', 'Social handles', 'Tax number', 'Agency']),
            [
              { field: 'address.postcode', message: 'Please verify post/zip code is correct' },
              { field: 'handles.0.handle', message: SOCIAL_HANDLE_MESSAGES.selectedInHoc },
              { field: 'taxRegistration.number', message: TAX_MESSAGES.vatInvalid },
              { field: 'agencyId', message: CREATOR_MESSAGES.agencyUnknown },
            ],
          ),
        },
      });
      await fillUkProfile(user);
      await user.click(screen.getByRole('switch', { name: 'I am registered for VAT' }));
      await user.type(field('VAT number'), 'GB980780684');
      await user.click(saveButton());

      const dialog = await screen.findByRole('dialog', { name: 'Please check your details' });
      expect(within(dialog).getByText(CREATOR_MESSAGES.agencyUnknown)).toBeInTheDocument();
      expectFieldError(field('Postcode'), 'Please verify post/zip code is correct');
      expectFieldError(field('Handle'), SOCIAL_HANDLE_MESSAGES.selectedInHoc);
      expectFieldError(field('VAT number'), TAX_MESSAGES.vatInvalid);
      expect(patches(api)).toHaveLength(1);
      expect(screen.getByRole('heading', { name: 'About you', level: 1 })).toBeInTheDocument();
    });

    it('places a 422 whose every field is on the form without any message box', async () => {
      const { user } = await openProfileForm(creatorInfo(), {
        'PATCH /server-api/creator': {
          status: 422,
          body: errorBody('INVALID_FIELDS', invalidFieldsMessage(['Date of birth']), [
            { field: 'dateOfBirth', message: AGE_MESSAGE },
          ]),
        },
      });
      await fillUkProfile(user);
      await user.click(saveButton());
      await waitFor(() =>
        expectFieldError(screen.getByRole('button', { name: 'Date of birth' }), AGE_MESSAGE),
      );
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });

    it('says something went wrong when the server fails', async () => {
      const { user } = await openProfileForm(creatorInfo(), {
        'PATCH /server-api/creator': { status: 500, body: errorBody('INTERNAL', 'Boom') },
      });
      await fillUkProfile(user);
      await user.click(saveButton());
      const dialog = await screen.findByRole('dialog', { name: 'Please check your details' });
      expect(within(dialog).getByText(AUTH_MESSAGES.unknownError)).toBeInTheDocument();
    });
  });

  it('picks the date of birth from the calendar', async () => {
    const { user } = await openProfileForm();
    await pickDateOfBirth(user, 1990);
    expect(screen.getByRole('button', { name: 'Date of birth' })).toHaveTextContent('10 Apr, 1990');
  });
});
