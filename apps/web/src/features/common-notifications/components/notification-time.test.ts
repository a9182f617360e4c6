import { describe, expect, it } from 'vitest';
import { notificationTime } from './notification-time';

const now = new Date('2030-06-10T12:00:00.000Z');

describe('notificationTime', () => {
  it('says how long ago within a week', () => {
    expect(notificationTime('2030-06-10T11:59:50.000Z', now)).toBe('a few seconds ago');
    expect(notificationTime('2030-06-10T11:55:00.000Z', now)).toBe('5 minutes ago');
    expect(notificationTime('2030-06-08T12:00:00.000Z', now)).toBe('2 days ago');
  });

  it('gives the date and time after a week', () => {
    expect(notificationTime('2030-05-20T09:30:00.000Z', now)).toBe('20 May, 2030 @ 9:30 AM GMT');
  });

  it('says nothing for a time it cannot read', () => {
    expect(notificationTime('not a date', now)).toBe('');
  });
});
