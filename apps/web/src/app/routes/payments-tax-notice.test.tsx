import type { CreatorInfo } from '@platform/shared';
import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { openAsCreator, PAGE_TEST } from '../../test/creator-app';
import { creatorInfo, CREATOR_ID, UK_PROFILE } from '../../test/creator-info';
import { PAYMENT_SEARCH_PATH } from '../../test/payments';
import { screen } from '../../test/render';

const CHECK = `/server-api/creator/validate-vat-compliance/${CREATOR_ID}`;

const registered = (overrides: Partial<NonNullable<CreatorInfo['taxRegistration']>> = {}) =>
  creatorInfo({
    status: 'ACTIVE',
    profile: UK_PROFILE,
    taxRegistration: {
      isRegistered: true,
      type: 'VAT',
      number: 'GB980780684',
      validationStatus: 'not verified',
      checkedAt: '2026-11-20T10:00:00.000Z',
      checkSource: 'offline',
      note: null,
      businessName: null,
      ...overrides,
    },
  });

const notice = () =>
  screen.findByRole('region', { name: 'Your invoices have no VAT line yet' }, { timeout: 5000 });

describe('a VAT-registered creator whose number is not confirmed', PAGE_TEST, () => {
  it('is told on their payments page why their invoices have no VAT line and what to do, with a way to their details', async () => {
    openAsCreator('/payments', registered(), { [`POST ${PAYMENT_SEARCH_PATH}`]: { body: { data: [] } } });
    const shown = await notice();
    expect(within(shown).getByText(/has not confirmed GB980780684 yet/)).toBeInTheDocument();
    expect(within(shown).getByText(/contact Support/)).toBeInTheDocument();
    expect(within(shown).getByRole('link', { name: 'Open your details' })).toHaveAttribute(
      'href',
      '/account',
    );
    expect(within(shown).queryByRole('button', { name: 'Check again' })).not.toBeInTheDocument();
  });

  it('checks again with HMRC from the notice where HMRC is configured', async () => {
    const info = registered({ checkSource: 'hmrc' });
    const { api, user } = openAsCreator(
      '/payments',
      { ...info, taxNumberChecks: { VAT: 'REGISTER', ABN: 'REGISTER' } },
      {
        [`POST ${PAYMENT_SEARCH_PATH}`]: { body: { data: [] } },
        [`GET ${CHECK}`]: {
          body: {
            status: 'VALID',
            validationStatus: 'valid',
            message: null,
            note: 'HMRC confirms the number.',
            businessName: null,
            checkedAt: '2026-11-21T10:00:00.000Z',
          },
        },
      },
    );
    await user.click(within(await notice()).getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(api.requestsTo('GET', CHECK)).toHaveLength(1));
  });

  it('is told on their account page too', async () => {
    openAsCreator('/account', registered());
    expect(await notice()).toBeInTheDocument();
  });

  it('says nothing once the number is verified', async () => {
    openAsCreator('/payments', registered({ validationStatus: 'valid', checkSource: 'support' }), {
      [`POST ${PAYMENT_SEARCH_PATH}`]: { body: { data: [] } },
    });
    expect(await screen.findByText('No payments yet', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /no VAT line/ })).not.toBeInTheDocument();
  });
});
