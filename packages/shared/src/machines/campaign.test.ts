import { describe, expect, it } from 'vitest';
import { CAMPAIGN_STATUSES as STATUSES } from '../vocabulary/campaign';
import {
  CAMPAIGN_APPROVED_STATUSES,
  CAMPAIGN_EDITABLE_STATUSES,
  CAMPAIGN_EVENTS,
  CAMPAIGN_STATUS_CAPABILITIES,
  CREATOR_VISIBLE_CAMPAIGN_STATUSES,
  campaignStatusAllows,
  campaignStatusesThat,
  nextCampaignStatus,
  type CampaignEvent,
} from './campaign';

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
      status = nextCampaignStatus(status as (typeof STATUSES)[number], event);
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

  it('pauses a live campaign and resumes it; a paused one still ends on its date (ADR 038)', () => {
    expect(nextCampaignStatus('LIVE', 'pause')).toBe('PAUSED');
    expect(nextCampaignStatus('PAUSED', 'resume')).toBe('LIVE');
    expect(nextCampaignStatus('PAUSED', 'end')).toBe('ENDED');
    expect(nextCampaignStatus('PAUSED', 'pause')).toBeNull();
    for (const status of ['DRAFT', 'PENDING', 'PUBLISHED', 'UNPUBLISH', 'ENDED'] as const) {
      expect(nextCampaignStatus(status, 'pause'), status).toBeNull();
      expect(nextCampaignStatus(status, 'resume'), status).toBeNull();
    }
  });

  it('lets a paused campaign be seen, its figures read and its prizes settled, but take no joins or entries', () => {
    expect(campaignStatusAllows('PAUSED', 'visibleToCreators')).toBe(true);
    expect(campaignStatusAllows('PAUSED', 'readsFigures')).toBe(true);
    expect(campaignStatusAllows('PAUSED', 'settlesPrizes')).toBe(true);
    expect(campaignStatusAllows('PAUSED', 'acceptsJoins')).toBe(false);
    expect(campaignStatusAllows('PAUSED', 'acceptsEntries')).toBe(false);
    expect(CAMPAIGN_STATUS_CAPABILITIES.PAUSED.scheduledMove).toEqual({ event: 'end', at: 'endsAt' });
  });

  it('lets nothing move an ENDED campaign, nor approve one that was not submitted', () => {
    for (const event of CAMPAIGN_EVENTS) expect(nextCampaignStatus('ENDED', event), event).toBeNull();
    expect(nextCampaignStatus('DRAFT', 'approve')).toBeNull();
    expect(nextCampaignStatus('PUBLISHED', 'approve')).toBeNull();
    expect(nextCampaignStatus('DRAFT', 'start')).toBeNull();
  });
});

describe('what each campaign status allows', () => {
  it('has a row for every status', () => {
    expect(Object.keys(CAMPAIGN_STATUS_CAPABILITIES).sort()).toEqual([...STATUSES].sort());
  });

  it('takes entries only where it takes joins, and joins only where creators see the campaign', () => {
    for (const status of STATUSES) {
      if (campaignStatusAllows(status, 'acceptsEntries'))
        expect(campaignStatusAllows(status, 'acceptsJoins')).toBe(true);
      if (campaignStatusAllows(status, 'acceptsJoins'))
        expect(campaignStatusAllows(status, 'visibleToCreators')).toBe(true);
      if (campaignStatusAllows(status, 'readsFigures'))
        expect(campaignStatusAllows(status, 'showsFigures')).toBe(true);
    }
  });

  it('schedules only the moves the state machine allows', () => {
    for (const status of STATUSES) {
      const move = CAMPAIGN_STATUS_CAPABILITIES[status].scheduledMove;
      if (move) expect(nextCampaignStatus(status, move.event), status).not.toBeNull();
      else
        expect(nextCampaignStatus(status, 'start') ?? nextCampaignStatus(status, 'end'), status).toBeNull();
    }
  });

  it('agrees with the lists the contracts enumerate', () => {
    expect(campaignStatusesThat('visibleToCreators')).toEqual([...CREATOR_VISIBLE_CAMPAIGN_STATUSES]);
    expect(campaignStatusesThat('editableFreely')).toEqual([...CAMPAIGN_EDITABLE_STATUSES]);
    expect(campaignStatusesThat('approved')).toEqual([...CAMPAIGN_APPROVED_STATUSES]);
  });

  it('lets creators enter only a live campaign, and archive none that is on offer or running', () => {
    expect(campaignStatusesThat('acceptsEntries')).toEqual(['LIVE']);
    expect(campaignStatusesThat('archivable')).not.toContain('LIVE');
    expect(campaignStatusesThat('archivable')).not.toContain('PUBLISHED');
  });
});
