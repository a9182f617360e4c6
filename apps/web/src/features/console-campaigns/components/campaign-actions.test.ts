import type { CampaignStatus, MarketingRole } from '@platform/shared';
import { describe, expect, it } from 'vitest';
import { campaignActions, mayChangeApprovedTerms } from './campaign-actions';

const actionsOf = (role: MarketingRole, status: CampaignStatus, archived = false) =>
  campaignActions(role, { status, archived });

describe('campaignActions', () => {
  it.each<[CampaignStatus, string[]]>([
    ['DRAFT', ['edit', 'submit', 'copy', 'archive']],
    ['PENDING', ['approve', 'reject', 'copy', 'archive']],
    ['REJECTED', ['edit', 'copy', 'archive']],
    ['PUBLISHED', ['edit', 'unpublish', 'copy']],
    ['LIVE', ['edit', 'pause', 'unpublish', 'copy']],
    ['PAUSED', ['edit', 'resume', 'unpublish', 'copy']],
    ['UNPUBLISH', ['edit', 'republish', 'copy', 'archive']],
    ['ENDED', ['copy', 'archive']],
  ])('offers an Admin, on a %s campaign, what its status allows', (status, actions) => {
    expect(actionsOf('Admin', status)).toEqual(actions);
    expect(actionsOf('CampaignManager', status)).toEqual(actions);
  });

  it.each<[CampaignStatus, string[]]>([
    ['DRAFT', ['edit', 'submit', 'copy', 'archive']],
    ['PENDING', ['copy', 'archive']],
    ['REJECTED', ['edit', 'copy', 'archive']],
    ['PUBLISHED', ['edit', 'copy']],
    ['LIVE', ['edit', 'copy']],
    ['PAUSED', ['edit', 'copy']],
    ['UNPUBLISH', ['edit', 'copy', 'archive']],
  ])('offers a CampaignMarketer no review, nor publishing, on a %s campaign', (status, actions) => {
    expect(actionsOf('CampaignMarketer', status)).toEqual(actions);
  });

  it.each<MarketingRole>(['CampaignViewer', 'StatsViewer', 'Support', 'TerritoryManager'])(
    'offers a %s nothing: they read campaigns only',
    (role) => {
      for (const status of ['DRAFT', 'PENDING', 'PUBLISHED', 'UNPUBLISH', 'REJECTED'] as const) {
        expect(actionsOf(role, status)).toEqual([]);
      }
    },
  );

  it('offers only a copy of an archived campaign', () => {
    expect(actionsOf('Admin', 'DRAFT', true)).toEqual(['copy']);
    expect(actionsOf('CampaignMarketer', 'UNPUBLISH', true)).toEqual(['copy']);
  });
});

describe('mayChangeApprovedTerms', () => {
  it('lets anyone who edits change a draft’s terms, and only CAMPAIGN_EDIT_ACTION an approved one’s', () => {
    expect(mayChangeApprovedTerms('CampaignMarketer', 'DRAFT')).toBe(true);
    expect(mayChangeApprovedTerms('CampaignMarketer', 'PUBLISHED')).toBe(false);
    expect(mayChangeApprovedTerms('CampaignManager', 'LIVE')).toBe(true);
    expect(mayChangeApprovedTerms('Admin', 'UNPUBLISH')).toBe(true);
  });
});
