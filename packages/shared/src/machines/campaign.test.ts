import { describe, expect, it } from 'vitest';
import type { CAMPAIGN_STATUSES } from '../vocabulary/campaign';
import { CAMPAIGN_EVENTS, nextCampaignStatus, type CampaignEvent } from './campaign';

describe('the campaign state machine (DESIGN §7)', () => {
  it('takes a draft through review to LIVE and ENDED', () => {
    const journey: [CampaignEvent, string][] = [
      ['submit', 'PENDING'],
      ['approve', 'PUBLISHED'],
      ['start', 'LIVE'],
      ['end', 'ENDED'],
    ];
    let status: string | null = 'DRAFT';
    for (const [event, expected] of journey) {
      status = nextCampaignStatus(status as (typeof CAMPAIGN_STATUSES)[number], event);
      expect(status, event).toBe(expected);
    }
  });

  it('sends a rejected campaign back to DRAFT when it is edited, and only then can it be submitted again', () => {
    expect(nextCampaignStatus('PENDING', 'reject')).toBe('REJECTED');
    expect(nextCampaignStatus('REJECTED', 'submit')).toBeNull();
    expect(nextCampaignStatus('REJECTED', 'edit')).toBe('DRAFT');
  });

  it('unpublishes a published or live campaign, and republishes it as PUBLISHED', () => {
    expect(nextCampaignStatus('PUBLISHED', 'unpublish')).toBe('UNPUBLISH');
    expect(nextCampaignStatus('LIVE', 'unpublish')).toBe('UNPUBLISH');
    expect(nextCampaignStatus('UNPUBLISH', 'republish')).toBe('PUBLISHED');
  });

  it('sends an approved campaign whose reward, budget or dates change back to PENDING', () => {
    for (const status of ['PUBLISHED', 'LIVE', 'UNPUBLISH'] as const) {
      expect(nextCampaignStatus(status, 'materialChange'), status).toBe('PENDING');
    }
    expect(nextCampaignStatus('DRAFT', 'materialChange')).toBeNull();
  });

  it('lets nothing move an ENDED campaign, nor approve one that was not submitted', () => {
    for (const event of CAMPAIGN_EVENTS) expect(nextCampaignStatus('ENDED', event), event).toBeNull();
    expect(nextCampaignStatus('DRAFT', 'approve')).toBeNull();
    expect(nextCampaignStatus('PUBLISHED', 'approve')).toBeNull();
    expect(nextCampaignStatus('DRAFT', 'start')).toBeNull();
  });
});
