import { DEFAULT_CAMPAIGN_VALIDATION } from '@platform/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWidget } from '../../../test/render-widget';
import { ValidationSummary } from './ValidationSummary';

/** Each setting's term and what it says, as a screen reader pairs them. */
function settings() {
  return screen.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]);
}

describe('ValidationSummary', () => {
  it('reads the default checks out in plain words', () => {
    renderWidget(<ValidationSummary validation={DEFAULT_CAMPAIGN_VALIDATION} />);
    expect(settings()).toEqual([
      [
        'Views lock after',
        '7 days · An entry’s views count for this long after it is sent in, or until the campaign ends if sooner.',
      ],
      ['Earnings held at risk score', '50 or above · The creator’s earnings wait until a reviewer decides.'],
      [
        'Approved automatically after',
        '7 days · An entry nobody reviewed by then is approved, unless its earnings are held.',
      ],
      [
        'Asking for changes',
        'Allowed · Reviewers may send an entry back for changes instead of rejecting it.',
      ],
      [
        'Pay taken back for a removed post',
        'Within 30 days · If a paid post is taken down or made private within this time of payment, the payment is taken back.',
      ],
    ]);
  });

  it('shows a campaign’s own checks, one day singular, no change requests and no clawback', () => {
    renderWidget(
      <ValidationSummary
        validation={{
          lockDays: 1,
          holdScore: 80,
          reviewDeadlineDays: 2,
          changeRequests: false,
          retentionDays: 0,
        }}
      />,
    );
    const values = settings().map(([, value]) => value?.split(' · ')[0]);
    expect(values).toEqual(['1 day', '80 or above', '2 days', 'Not allowed', 'Never']);
    expect(settings()[4]?.[1]).toBe('Never · A post taken down after payment keeps its pay.');
  });
});
