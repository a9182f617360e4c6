import { waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { signedInAs } from '../../../test/console';
import { fieldErrorOf, renderApp, screen } from '../../../test/render';
import { clearToasts, shownToasts } from '../../../test/toasts';
import { CAMPAIGN_ID, FORECAST, REPORT, share } from './report-fixtures';

const LOADED = { timeout: 10_000 };
const CAMPAIGN = `/server-api/marketing/campaigns/${CAMPAIGN_ID}`;
const SHARES = `${CAMPAIGN}/report/shares`;

afterEach(() => {
  clearToasts();
  vi.restoreAllMocks();
});

async function openDialog(routes: Parameters<typeof mockApi>[0]) {
  const api = mockApi({
    ...signedInAs('CampaignManager'),
    [`GET ${CAMPAIGN}/report`]: { body: REPORT },
    [`GET ${CAMPAIGN}/forecast`]: { body: FORECAST },
    ...routes,
  });
  const rendered = renderApp(`/console/reports/${CAMPAIGN_ID}`);
  await rendered.user.click(await screen.findByRole('button', { name: 'Share' }, LOADED));
  const dialog = await screen.findByRole('dialog', { name: 'Share the report on Summer Dance' }, LOADED);
  return { ...rendered, api, dialog };
}

describe('sharing a report', () => {
  it('checks the days on the page, then creates a link lasting them', async () => {
    const { user, api, dialog } = await openDialog({
      [`GET ${SHARES}`]: { body: { items: [] } },
      [`POST ${SHARES}`]: { body: share({ expiresAt: '2026-12-20T10:00:00.000Z' }) },
    });
    const days = within(dialog).getByRole('spinbutton', { name: /Days the link works/ });
    expect(days).toHaveValue(7);
    expect(await within(dialog).findByText('No link yet.')).toBeInTheDocument();

    await user.clear(days);
    await user.type(days, '91');
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
    await waitFor(() => expect(fieldErrorOf(days)).toHaveTextContent('A link lasts from 1 to 90 days.'));
    expect(fieldErrorOf(days)?.querySelector('svg')).not.toBeNull();
    await user.clear(days);
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
    await waitFor(() => expect(fieldErrorOf(days)).toHaveTextContent('A link lasts from 1 to 90 days.'));
    expect(api.requestsTo('POST', SHARES)).toHaveLength(0);

    await user.type(days, '30');
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
    await waitFor(() => expect(api.requestsTo('POST', SHARES)).toHaveLength(1));
    expect(api.requestsTo('POST', SHARES)[0]?.body).toEqual({ expiresInDays: 30 });
    expect(await shownToasts()).toContain(
      'Link created: It works until 20 Dec, 2026 @ 10:00 AM GMT. Copy it from the list below.',
    );
    await waitFor(() => expect(api.requestsTo('GET', SHARES).length).toBeGreaterThan(1));
  });

  it('lists the links with their state, copies one and revokes one after confirming', async () => {
    let revoked = false;
    const { user, api, dialog } = await openDialog({
      [`GET ${SHARES}`]: () => ({
        body: {
          items: [
            share(
              revoked
                ? { state: 'REVOKED', revokedAt: '2026-11-21T09:00:00.000Z' }
                : { lastOpenedAt: '2026-11-20T12:30:00.000Z' },
            ),
            share({ id: 's0', state: 'EXPIRED', expiresAt: '2026-11-10T10:00:00.000Z' }),
          ],
        },
      }),
      [`POST ${SHARES}/s1/revoke`]: () => {
        revoked = true;
        return { body: share({ state: 'REVOKED', revokedAt: '2026-11-21T09:00:00.000Z' }) };
      },
    });
    // user-event puts a clipboard of its own in place when it starts.
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    const links = await within(dialog).findByRole('list', { name: 'Links made so far' });
    const [first, second] = await within(links).findAllByRole('listitem');
    expect(first).toHaveTextContent('Works until 2026-11-27 10:00 GMT');
    expect(first).toHaveTextContent('Last opened 2026-11-20 12:30 GMT');
    expect(second).toHaveTextContent('Expired 2026-11-10 10:00 GMT');
    expect(second).toHaveTextContent('Not opened yet');
    expect(within(second as HTMLElement).queryByRole('button')).not.toBeInTheDocument();

    await user.click(within(first as HTMLElement).getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith('https://platform.example/shared/reports/tok-1');
    expect(await shownToasts()).toContain('Link copied: Paste it wherever you want to share the report.');

    await user.click(within(first as HTMLElement).getByRole('button', { name: 'Revoke' }));
    const sheet = await screen.findByRole('dialog', { name: 'Revoke this link?' });
    await user.click(within(sheet).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(api.requestsTo('POST', `${SHARES}/s1/revoke`)).toHaveLength(1));
    expect(await shownToasts()).toContain('Link revoked: Nobody can open the report with it any more.');
    await waitFor(() =>
      expect(within(links).getAllByRole('listitem')[0]).toHaveTextContent('Revoked 2026-11-21 09:00 GMT'),
    );
  });

  it('says a link whose maker is disabled does not open, and offers to revoke it but not to copy it', async () => {
    const { user, api, dialog } = await openDialog({
      [`GET ${SHARES}`]: { body: { items: [share({ state: 'MAKER_DISABLED' })] } },
      [`POST ${SHARES}/s1/revoke`]: {
        body: share({ state: 'REVOKED', revokedAt: '2026-11-21T09:00:00.000Z' }),
      },
    });
    const links = await within(dialog).findByRole('list', { name: 'Links made so far' });
    const [item] = await within(links).findAllByRole('listitem');
    expect(item).toHaveTextContent('Maker disabled');
    expect(item).toHaveTextContent('Does not open while Casey Manager’s account is disabled');
    expect(within(item as HTMLElement).queryByRole('button', { name: 'Copy link' })).not.toBeInTheDocument();

    await user.click(within(item as HTMLElement).getByRole('button', { name: 'Revoke' }));
    const sheet = await screen.findByRole('dialog', { name: 'Revoke this link?' });
    await user.click(within(sheet).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(api.requestsTo('POST', `${SHARES}/s1/revoke`)).toHaveLength(1));
  });

  it('offers Share only to roles that may share', async () => {
    mockApi({ ...signedInAs('CampaignMarketer'), [`GET ${CAMPAIGN}/report`]: { body: REPORT } });
    renderApp(`/console/reports/${CAMPAIGN_ID}`);
    await screen.findByRole('heading', { name: 'Summer Dance', level: 1 }, LOADED);
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
  });
});
