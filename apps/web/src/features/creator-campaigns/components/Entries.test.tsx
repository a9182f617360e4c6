import type { Entry, Rsvp } from '@platform/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi, type MockReply } from '../../../test/api-mock';
import { creatorCampaign, creatorEntry, SUMMER_ID, TIKTOK_POST } from '../../../test/campaigns';
import { signedIn } from '../../../test/console';
import { CREATOR_ID } from '../../../test/creator-info';
import { renderWidget } from '../../../test/render-widget';
import { clearToasts, shownToasts } from '../../../test/toasts';
import Entries from './Entries';

const ENTRY = '/server-api/campaigns/entry';

const takingPart: Rsvp = {
  id: '6a1b2c3d-0000-4000-8000-0000000000r1',
  campaignId: SUMMER_ID,
  creatorId: CREATOR_ID,
  status: 'ACCEPT',
  createdAt: '2030-06-02T09:00:00.000Z',
  updatedAt: '2030-06-02T09:00:00.000Z',
};

function renderEntries(entries: Entry[], routes: Record<string, MockReply | (() => MockReply)> = {}) {
  signedIn();
  const api = mockApi({
    'POST /server-api/campaigns/rsvp/search': { body: { data: [takingPart] } },
    [`POST ${ENTRY}/search`]: { body: { data: entries } },
    ...routes,
  });
  const view = renderWidget(<Entries campaign={creatorCampaign()} creatorId={CREATOR_ID} />);
  return { api, ...view };
}

const entryList = () => screen.findByRole('list', { name: 'Entries sent' });

describe('Entries', () => {
  afterEach(clearToasts);

  it('says by when an entry waiting for review is reviewed, or approved on its own', async () => {
    renderEntries([creatorEntry({ reviewDueAt: '2030-12-06T10:00:00.000Z' })]);
    const entries = await entryList();
    expect(within(entries).getByText('Waiting for review')).toBeInTheDocument();
    expect(within(entries).getByText('Reviewed by 6 Dec, or approved automatically')).toBeInTheDocument();
  });

  it('shows what the reviewer asked to change, and sends the entry again with a changed link', async () => {
    const asked = creatorEntry({
      status: 'CHANGES_REQUESTED',
      changeRequest: 'Show the product in the first three seconds.',
      reviewedAt: '2030-06-04T10:00:00.000Z',
    });
    const newLink = 'https://www.tiktok.com/@casey/video/7234567890123456790';
    const { api, user } = renderEntries([asked], {
      [`PATCH ${ENTRY}/${asked.id}`]: { body: creatorEntry({ postLink: newLink }) },
    });
    const entries = await entryList();
    expect(within(entries).getByText('Changes requested')).toBeInTheDocument();
    expect(within(entries).getByText('What to change')).toBeInTheDocument();
    expect(within(entries).getByText('Show the product in the first three seconds.')).toBeInTheDocument();
    expect(within(entries).queryByText(/approved automatically/)).not.toBeInTheDocument();

    await user.click(within(entries).getByRole('button', { name: 'Change link' }));
    const field = within(entries).getByRole('textbox', { name: 'New link to your post' });
    expect(field).toHaveValue(TIKTOK_POST);
    await user.clear(field);
    await user.type(field, newLink);
    await user.click(within(entries).getByRole('button', { name: 'Send again' }));

    expect(await shownToasts()).toContain('Entry sent again: Your new link is waiting for review.');
    const [request] = api.requestsTo('PATCH', `${ENTRY}/${asked.id}`);
    expect(request?.body).toEqual({ postLink: newLink });
  });

  it('says an entry was approved automatically, and offers no change of an approved one', async () => {
    renderEntries([
      creatorEntry({ status: 'APPROVED', autoApproved: true, reviewedAt: '2030-06-10T10:01:00.000Z' }),
    ]);
    const entries = await entryList();
    expect(within(entries).getByText('Approved')).toBeInTheDocument();
    expect(
      within(entries).getByText('Approved automatically when its review time ran out'),
    ).toBeInTheDocument();
    expect(within(entries).queryByRole('button', { name: 'Change link' })).not.toBeInTheDocument();
  });
});
