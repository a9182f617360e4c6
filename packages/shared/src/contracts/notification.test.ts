import { describe, expect, it } from 'vitest';
import {
  CREATOR_NOTIFICATION_EVENTS,
  NOTIFICATION_EVENTS,
  notificationAudienceOf,
  notificationEventsFor,
  notificationText,
  STAFF_NOTIFICATION_EVENTS,
} from './notification';

describe('notificationText', () => {
  it('words every event, naming the campaign (work waiting on a creator names the creator instead)', () => {
    for (const event of NOTIFICATION_EVENTS) {
      const { title, body } = notificationText({
        event,
        campaignName: 'Summer Sound',
        subject: 'Ada Lovelace',
      });
      expect(title, event).not.toBe('');
      const namesCreator = event === 'IDENTITY_CHECK_WAITING' || event === 'HANDLE_EVIDENCE_WAITING';
      expect(body, event).toContain(namesCreator ? 'Ada Lovelace' : 'Summer Sound');
    }
  });

  it('counts entries in the words people use', () => {
    const waiting = (count: number) =>
      notificationText({ event: 'ENTRIES_WAITING', campaignName: 'Summer Sound', count }).body;
    expect(waiting(1)).toBe('1 entry for Summer Sound is waiting for review.');
    expect(waiting(12)).toBe('12 entries for Summer Sound are waiting for review.');
    expect(notificationText({ event: 'IDENTITY_CHECK_WAITING', campaignName: '' }).body).toMatch(
      /^A creator sent/,
    );
  });
});

describe('the kinds of notification', () => {
  it('belong each to one audience, creators’ or staff’s, which together are every kind', () => {
    expect(notificationEventsFor('creator')).toEqual([...CREATOR_NOTIFICATION_EVENTS]);
    expect(notificationEventsFor('staff')).toEqual([...STAFF_NOTIFICATION_EVENTS]);
    expect(new Set([...notificationEventsFor('creator'), ...notificationEventsFor('staff')])).toEqual(
      new Set(NOTIFICATION_EVENTS),
    );
    expect(notificationAudienceOf('IDENTITY_CHECK_WAITING')).toBe('staff');
    expect(notificationAudienceOf('CAMPAIGN_LIVE')).toBe('creator');
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
