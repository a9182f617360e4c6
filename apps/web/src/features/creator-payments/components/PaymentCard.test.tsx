import type { Payment } from '@platform/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { approvedPayment } from '../../../test/payments';
import { renderWidget } from '../../../test/render-widget';
import { PaymentCard } from './PaymentCard';

/** A £12.50 entry reward paid on 10 June 2030. */
const paid = (overrides: Partial<Payment> = {}): Payment =>
  approvedPayment({
    amountMinor: 1250,
    status: 'PAID',
    paidAt: '2030-06-10T09:00:00.000Z',
    keptBackMinor: 0,
    clawback: null,
    ...overrides,
  });

function renderCard(payment: Payment) {
  const onDownload = vi.fn();
  const rendered = renderWidget(
    <PaymentCard payment={payment} downloading={null} downloadFailure={null} onDownload={onDownload} />,
  );
  return { ...rendered, onDownload };
}

describe('PaymentCard', () => {
  it('says what was taken back, why, by which credit note, and what is still to be kept back', async () => {
    const payment = paid({
      creditNoteNumber: 'SBCN-2030-000003',
      clawback: {
        amountMinor: 1250,
        rewardMinor: 1250,
        taxMinor: 0,
        cause: 'POST_GONE',
        reason: 'The post was taken down or made private within 30 days of payment.',
        recoveredMinor: 750,
        creditNoteNumber: 'SBCN-2030-000003',
        createdAt: '2030-06-20T09:00:00.000Z',
      },
    });
    const { user, onDownload } = renderCard(payment);
    expect(
      screen.getByText(
        'Taken back: £12.50 — the post was taken down or made private within 30 days of payment (credit note SBCN-2030-000003)',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('£5.00 of it will be kept back from your next payments.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download credit note SBCN-2030-000003' }));
    expect(onDownload).toHaveBeenCalledWith(payment, 'CREDIT_NOTE');
  });

  it('says once all that was taken back has been recovered', () => {
    renderCard(
      paid({
        clawback: {
          amountMinor: 600,
          rewardMinor: 500,
          taxMinor: 100,
          cause: 'VIEWS_EXCLUDED',
          reason: '6,000 of the 10,000 views the prize was won on were found not to be real: Bought views.',
          recoveredMinor: 600,
          creditNoteNumber: 'SBCN-2030-000004',
          createdAt: '2030-06-20T09:00:00.000Z',
        },
      }),
    );
    expect(screen.getByText(/^Taken back: £6\.00 — 6,000 of the 10,000 views/)).toBeInTheDocument();
    expect(screen.getByText('All of it has been kept back from later payments.')).toBeInTheDocument();
  });

  it('says what a payout kept back for money taken back earlier, and nothing when it kept nothing', () => {
    const { unmount } = renderCard(paid({ keptBackMinor: 500 }));
    expect(screen.getByText('£5.00 kept back for money taken back earlier')).toBeInTheDocument();
    expect(screen.queryByText(/^Taken back/)).not.toBeInTheDocument();
    unmount();
    renderCard(paid());
    expect(screen.queryByText(/kept back/)).not.toBeInTheDocument();
  });
});

describe('PaymentCard of a pay-per-view reward', () => {
  it('explains the amount by the validated views, the rate and the cap that cut it', () => {
    renderCard(
      paid({
        amountMinor: 2500,
        reward: {
          rule: 'VIEWS',
          rank: null,
          period: null,
          basis: {
            kind: 'VIEWS',
            views: 12_400,
            ratePerThousand: 300,
            earnedMinor: 3720,
            cappedBy: 'ENTRY_CAP',
            validatedAt: '2030-06-10T10:00:00.000Z',
            order: 1,
          },
        },
      }),
    );
    expect(screen.getByRole('article', { name: '£25.00' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Pay per view: 12,400 validated views × £3.00 per 1,000 = £37.20, cut to £25.00 by the cap per entry; ' +
          'views validated 10 Jun, 2030 @ 10:00 AM GMT',
      ),
    ).toBeInTheDocument();
  });
});
