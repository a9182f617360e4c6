import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { creatorCampaign, creatorCardOf, pausedCampaign, payPerViewCampaign } from '../../../test/campaigns';
import { renderWidget } from '../../../test/render-widget';
import { CampaignCard } from './CampaignCard';

const now = new Date('2030-06-26T09:00:00.000Z');

const renderCard = (card: Parameters<typeof CampaignCard>[0]['campaign']) =>
  renderWidget(<CampaignCard campaign={card} now={now} />);

describe('CampaignCard', () => {
  it('shows what a pay-per-view campaign’s rate pays and how much of its budget is left, with a named bar', () => {
    renderCard(creatorCardOf(payPerViewCampaign()));
    const card = screen.getByRole('article');
    expect(within(card).getByText('£3.00 per 1,000 views')).toBeInTheDocument();
    expect(within(card).queryByText(/^Up to/)).not.toBeInTheDocument();
    expect(within(card).getByText('Budget: £1,200.00 of £2,000.00 left')).toBeInTheDocument();
    const bar = within(card).getByRole('progressbar', { name: 'Budget left' });
    expect(bar).toHaveAttribute('aria-valuenow', '60');
  });

  it('shows the most any other campaign pays beside its budget left', () => {
    renderCard(creatorCardOf(creatorCampaign({ budgetLeft: { amount: 25_000, currency: 'GBP' } })));
    const card = screen.getByRole('article');
    expect(within(card).getByText('Up to £750.00')).toBeInTheDocument();
    expect(within(card).getByText('Budget: £250.00 of £750.00 left')).toBeInTheDocument();
    expect(within(card).getByRole('progressbar', { name: 'Budget left' })).toHaveAttribute(
      'aria-valuenow',
      '33',
    );
  });

  it('says when the budget is spent', () => {
    renderCard(creatorCardOf(payPerViewCampaign({ budgetLeft: { amount: 0, currency: 'GBP' } })));
    expect(screen.getByText('Budget spent: £0.00 of £2,000.00 left')).toBeInTheDocument();
  });

  it('marks a paused campaign with staff’s reason, still counting down to its end', () => {
    renderCard(creatorCardOf(pausedCampaign('Back on Monday after a brief change.')));
    const card = screen.getByRole('article');
    expect(within(card).getByText('Paused')).toBeInTheDocument();
    expect(within(card).getByText('3 days left')).toBeInTheDocument();
    expect(within(card).getByText('Paused: Back on Monday after a brief change.')).toBeInTheDocument();
    expect(within(card).queryByText('Live')).not.toBeInTheDocument();
  });
});
