import { describe, expect, it } from 'vitest';
import { NOTIFICATION_EVENTS, notificationText } from './notification';

describe('notificationText', () => {
  it('words every event, naming the campaign', () => {
    for (const event of NOTIFICATION_EVENTS) {
      const { title, body } = notificationText({ event, campaignName: 'Summer Sound' });
      expect(title, event).not.toBe('');
      expect(body, event).toContain('Summer Sound');
    }
  });

  it('gives a rejection’s reason and the reviewer’s words as one sentence, however they end', () => {
    const rejected = (note: string | null) =>
      notificationText({
        event: 'POST_REJECTED',
        campaignName: 'Summer Sound',
        rejection: { reason: 'REQUIREMENTS_NOT_MET', note },
      }).body;
    expect(rejected('Use “Midnight Run” as the sound.')).toBe(
      'Your post for Summer Sound was not approved. Reason: Does not meet the campaign’s requirements: ' +
        'Use “Midnight Run” as the sound. You can change the link and send it again.',
    );
    expect(rejected('Tag the band')).toContain(
      'Reason: Does not meet the campaign’s requirements: Tag the band. You',
    );
    expect(rejected(null)).toContain('Reason: Does not meet the campaign’s requirements. You');
    expect(
      notificationText({
        event: 'VIDEO_REJECTED',
        campaignName: 'Summer Sound',
        rejection: { reason: 'OTHER', note: 'The sound is muted' },
      }).body,
    ).toContain('Reason: The sound is muted. You can change it');
  });

  it('says the amount of a payment when it is known', () => {
    expect(
      notificationText({ event: 'PAYMENT_APPROVED', campaignName: 'Summer Sound', amount: '£250.00' }).body,
    ).toBe('Your £250.00 payment for Summer Sound is approved.');
    expect(
      notificationText({
        event: 'PAYMENT_REJECTED',
        campaignName: 'Summer Sound',
        rejection: { reason: null, note: 'Bank details do not match' },
      }).body,
    ).toBe('Your payment for Summer Sound was rejected. Reason: Bank details do not match.');
  });
});
