import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { campaignPath, SUMMER_ID } from '../../../test/campaigns';
import { signedIn } from '../../../test/console';
import { campaignBudget } from '../../../test/payments';
import { renderWidget } from '../../../test/render-widget';
import { BudgetCard } from './BudgetCard';

function renderCard(budget: ReturnType<typeof campaignBudget>) {
  signedIn();
  mockApi({ [`GET ${campaignPath(SUMMER_ID, '/budget')}`]: { body: budget } });
  renderWidget(<BudgetCard campaignId={SUMMER_ID} />);
}

/** The figure shown under `label` in the region named `region`. */
function figure(region: HTMLElement, label: string) {
  return within(region).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
}

describe('BudgetCard', () => {
  it('shows what is funded, and the pacing: per day, runway and the alerts reached', async () => {
    renderCard(
      campaignBudget({
        budgetMinor: 100_000,
        fundedMinor: 60_000,
        committedMinor: 82_000,
        leftMinor: 0,
        slots: null,
        pacing: { burnPerDayMinor: 4500, runwayDays: 4.4, alertsSent: [50, 80] },
      }),
    );
    const budget = await screen.findByRole('region', { name: 'Budget' });
    expect(figure(budget, 'Funded')).toBe('£600.00');
    expect(figure(budget, 'Reserved')).toBe('£820.00');
    const pacing = within(budget).getByRole('region', { name: 'Pacing' });
    expect(figure(pacing, 'Reserved per day')).toBe('£45.00');
    expect(figure(pacing, 'Runway')).toBe('4 days');
    expect(within(pacing).getByRole('progressbar', { name: 'Budget reserved' })).toHaveAttribute(
      'aria-valuenow',
      '82',
    );
    const alerts = within(pacing)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(alerts).toEqual(['50 %: alert sent', '80 %: alert sent', '95 %: not reached']);
  });

  it('says when nothing is being reserved', async () => {
    renderCard(campaignBudget({ pacing: { burnPerDayMinor: 0, runwayDays: null, alertsSent: [] } }));
    const pacing = await screen.findByRole('region', { name: 'Pacing' });
    expect(figure(pacing, 'Runway')).toBe('Nothing reserved lately');
  });

  it('says, paying per view, what is left still buys, or that nothing is left', async () => {
    const reach = { viewsBudgetBuys: 196_000, viewsToEntryCap: 20_000, creatorsAtCap: 6, entriesAtCap: 9 };
    renderCard(campaignBudget({ slots: null, payPerView: { budget: reach, left: reach } }));
    const pacing = await screen.findByRole('region', { name: 'Pacing' });
    expect(
      within(pacing).getByText(
        'What is left buys 196,000 validated views, or pays 6 more creators at their cap.',
      ),
    ).toBeInTheDocument();
  });

  it('asks for a top-up when a pay-per-view budget has nothing left', async () => {
    renderCard(campaignBudget({ slots: null, leftMinor: 0, payPerView: { budget: null, left: null } }));
    const pacing = await screen.findByRole('region', { name: 'Pacing' });
    expect(
      within(pacing).getByText('Nothing is left to buy views with: top the budget up to pay more.'),
    ).toBeInTheDocument();
  });
});
