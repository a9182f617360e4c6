import {
  CAMPAIGN_MESSAGES,
  FUNDING_MESSAGES,
  type CampaignDetail as Campaign,
  type MarketingRole,
} from '@platform/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { errorBody, mockApi, type MockReply } from '../../../test/api-mock';
import { campaign, campaignPath, historyEntry, SUMMER_ID } from '../../../test/campaigns';
import { signedIn } from '../../../test/console';
import { fieldErrorOf } from '../../../test/render';
import { renderWidget } from '../../../test/render-widget';
import { clearToasts, shownToasts } from '../../../test/toasts';
import { CampaignDetail } from './CampaignDetail';

// Dialogs load their code when first opened, which can take a while on a busy machine.
const LOADED = { timeout: 5000 };

const PAUSE = campaignPath(SUMMER_ID, '/pause');
const RESUME = campaignPath(SUMMER_ID, '/resume');

const live = campaign({ status: 'LIVE' });
const paused = (reason: string) => campaign({ status: 'PAUSED', pausedReason: reason });

function renderDetail(role: MarketingRole, shown: Campaign, routes: Record<string, MockReply> = {}) {
  signedIn();
  const api = mockApi({ [`GET ${campaignPath(shown.id)}`]: { body: shown }, ...routes });
  const view = renderWidget(<CampaignDetail id={shown.id} role={role} />);
  return { api, ...view };
}

const heading = () => screen.findByRole('heading', { level: 1, name: live.name }, LOADED);

afterEach(clearToasts);

describe('Pausing and resuming a campaign', () => {
  it('offers Pause on a live campaign to those who approve campaigns only', async () => {
    const manager = renderDetail('CampaignManager', live);
    await heading();
    expect(screen.getByRole('button', { name: 'Pause' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Resume' })).not.toBeInTheDocument();
    manager.unmount();

    renderDetail('CampaignMarketer', live);
    await heading();
    expect(screen.queryByRole('button', { name: 'Pause' })).not.toBeInTheDocument();
  });

  it('asks for a reason, requires one, and sends it', async () => {
    const { api, user } = renderDetail('CampaignManager', live, {
      [`POST ${PAUSE}`]: { body: paused('The brand is reshooting its video.') },
    });
    await heading();
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    const dialog = await screen.findByRole('dialog', { name: `Pause ${live.name}` }, LOADED);
    const reason = within(dialog).getByRole('textbox', { name: 'Why it is paused' });

    await user.click(within(dialog).getByRole('button', { name: 'Pause' }));
    await waitFor(() =>
      expect(fieldErrorOf(reason)).toHaveTextContent(CAMPAIGN_MESSAGES.pauseReasonRequired),
    );
    expect(api.requestsTo('POST', PAUSE)).toHaveLength(0);

    await user.type(reason, 'x'.repeat(501));
    await user.click(within(dialog).getByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(fieldErrorOf(reason)).toHaveTextContent('500'));
    expect(api.requestsTo('POST', PAUSE)).toHaveLength(0);

    await user.clear(reason);
    await user.type(reason, 'The brand is reshooting its video.');
    await user.click(within(dialog).getByRole('button', { name: 'Pause' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.requestsTo('POST', PAUSE)[0]?.body).toEqual({ reason: 'The brand is reshooting its video.' });
    expect(await shownToasts()).toEqual([
      `Campaign paused: “${live.name}” takes no joins or entries until it is resumed.`,
    ]);
    expect(within(screen.getByRole('group', { name: 'Status' })).getByText('Paused')).toBeVisible();
    expect(screen.getByText('The brand is reshooting its video.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Resume' })).toBeVisible();
  });

  it('shows a paused campaign’s reason and resumes it', async () => {
    const { api, user } = renderDetail('Admin', paused('Waiting for the label’s sign-off.'), {
      [`POST ${RESUME}`]: { body: live },
    });
    await heading();
    expect(screen.getByText('Waiting for the label’s sign-off.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Pause' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(api.requestsTo('POST', RESUME)).toHaveLength(1));
    expect(await shownToasts()).toEqual([`Campaign resumed: “${live.name}” is live again.`]);
    await waitFor(() =>
      expect(within(screen.getByRole('group', { name: 'Status' })).getByText('Live')).toBeVisible(),
    );
  });

  it('says to top up a campaign paused because its budget is spent, and shows the refusal to resume', async () => {
    const refusal = 'Top up the budget before resuming this campaign.';
    const spent = campaign({
      status: 'PAUSED',
      pausedReason: FUNDING_MESSAGES.budgetSpent,
      history: [
        historyEntry({
          at: '2030-06-09T10:00:00.000Z',
          from: 'LIVE',
          to: 'PAUSED',
          by: null,
          reason: FUNDING_MESSAGES.budgetSpent,
        }),
      ],
    });
    const { user } = renderDetail('CampaignManager', spent, {
      [`POST ${RESUME}`]: { status: 409, body: errorBody('CONFLICT', refusal) },
    });
    await heading();
    const history = within(screen.getByRole('table', { name: 'Status history' })).getAllByRole('row');
    expect(history[1]).toHaveTextContent('Automatically, as its budget ran out');
    expect(within(history[1] as HTMLElement).getByText(FUNDING_MESSAGES.budgetSpent)).toBeVisible();
    expect(screen.getByText(/Top up the budget before resuming it/)).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Resume' }));
    expect((await screen.findByText(refusal)).closest('[role="alert"]')).toBeVisible();
  });
});
