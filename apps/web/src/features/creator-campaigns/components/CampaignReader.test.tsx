import type { Rsvp } from '@platform/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import {
  creatorCampaign,
  creatorEntry,
  pausedCampaign,
  payPerViewCampaign,
  SUMMER_ID,
} from '../../../test/campaigns';
import { signedIn } from '../../../test/console';
import { CREATOR_ID } from '../../../test/creator-info';
import { renderWidget } from '../../../test/render-widget';
import { CampaignReader } from './CampaignReader';

const DETAIL = `/server-api/campaigns/${SUMMER_ID}`;
const RSVP_SEARCH = 'POST /server-api/campaigns/rsvp/search';
const ENTRY_SEARCH = 'POST /server-api/campaigns/entry/search';

const rsvp = (status: Rsvp['status']): Rsvp => ({
  id: '6a1b2c3d-0000-4000-8000-0000000000r1',
  campaignId: SUMMER_ID,
  creatorId: CREATOR_ID,
  status,
  createdAt: '2030-06-02T09:00:00.000Z',
  updatedAt: '2030-06-02T09:00:00.000Z',
});

function openCampaign(
  campaign: ReturnType<typeof creatorCampaign>,
  rsvps: Rsvp[] = [],
  entries: ReturnType<typeof creatorEntry>[] = [],
) {
  signedIn();
  const api = mockApi({
    [`GET ${DETAIL}`]: { body: campaign },
    [RSVP_SEARCH]: { body: { data: rsvps } },
    [ENTRY_SEARCH]: { body: { data: entries } },
  });
  return { api, ...renderWidget(<CampaignReader id={SUMMER_ID} creatorId={CREATOR_ID} />) };
}

describe('CampaignReader', () => {
  it('gives a pay-per-view campaign’s full terms, an example, and the order its budget pays in', async () => {
    openCampaign(payPerViewCampaign());
    const earn = await screen.findByRole('region', { name: 'What you can earn' });
    expect(within(earn).getByText('£3.00 for every 1,000 validated views')).toBeInTheDocument();
    expect(
      within(earn).getByText(
        'An entry earns nothing until it has 1,000 validated views; from then on, all its views count.',
      ),
    ).toBeInTheDocument();
    expect(within(earn).getByText(/Each entry earns at most £50\.00/)).toHaveTextContent(
      'each creator at most £200.00 over all their entries.',
    );
    expect(within(earn).getByText('For example, 10,000 validated views earn £30.00.')).toBeInTheDocument();
    expect(
      within(earn).getByText(
        /^Only validated views earn: .* 7 days after you enter it, or 72 hours after the campaign ends/,
      ),
    ).toBeInTheDocument();
    expect(
      within(earn).getByText(
        'The budget is £2,000.00 in all. When the budget runs out, entries are paid in the order their views were validated; the entry that meets the end of the budget gets what is left, and later ones get nothing unless the budget is topped up.',
      ),
    ).toBeInTheDocument();
    expect(within(earn).queryByRole('table', { name: 'Prizes by place' })).not.toBeInTheDocument();
    expect(screen.getByText('Budget: £1,200.00 of £2,000.00 left')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Budget left' })).toHaveAttribute('aria-valuenow', '60');
  });

  it('shows any campaign’s budget left on its page', async () => {
    openCampaign(creatorCampaign({ budgetLeft: { amount: 50_000, currency: 'GBP' } }));
    expect(await screen.findByText('Budget: £500.00 of £750.00 left')).toBeInTheDocument();
  });

  it('says why a paused campaign is paused and offers nothing to join', async () => {
    openCampaign(pausedCampaign());
    const notice = await screen.findByRole('alert');
    expect(within(notice).getByText('This campaign is paused')).toBeInTheDocument();
    expect(
      within(notice).getByText('The brand is reviewing the entries so far. We expect to resume on Monday.'),
    ).toBeInTheDocument();
    expect(within(notice).getByText(/takes no new entries and no one can join/)).toBeInTheDocument();
    const panel = await screen.findByRole('region', { name: 'Taking part' });
    expect(
      await within(panel).findByText('This campaign is paused: you can join once it resumes.'),
    ).toBeInTheDocument();
    expect(within(panel).queryByRole('button')).not.toBeInTheDocument();
  });

  it('keeps a paused campaign’s entries to read, with no entry form and no answer to an invitation', async () => {
    const { api } = openCampaign(pausedCampaign(), [rsvp('ACCEPT')], [creatorEntry()]);
    const entries = await screen.findByRole('region', { name: 'Your entries' });
    expect(
      within(entries).getByText('This campaign is paused: it takes no new entries until it resumes.'),
    ).toBeInTheDocument();
    expect(await within(entries).findByRole('list', { name: 'Entries sent' })).toBeInTheDocument();
    expect(within(entries).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(entries).queryByRole('button', { name: /Send/ })).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Taking part' })).getByText(
        'The campaign is paused: you can send new entries once it resumes.',
      ),
    ).toBeInTheDocument();
    expect(api.requestsTo('POST', '/server-api/campaigns/entry')).toEqual([]);
  });

  it('holds an invitation’s answer while the campaign is paused', async () => {
    openCampaign(pausedCampaign(undefined, { type: 'BESPOKE' }), [rsvp('INVITED')]);
    const panel = await screen.findByRole('region', { name: 'Taking part' });
    expect(await within(panel).findByText('You’re invited')).toBeInTheDocument();
    expect(
      within(panel).getByText('The campaign is paused: you can answer the invitation once it resumes.'),
    ).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Decline' })).not.toBeInTheDocument();
  });
});
