import { ACCOUNT_ROLES, type AccountRole } from '@platform/shared';
import { describe, expect, it } from 'vitest';
import { consoleMenuFor, consoleSectionOf, firstConsolePath } from './console-menu';

// Written out per role, apart from the grants table, so that a change to either shows here.
const EXPECTED_MENUS: Record<AccountRole, string[]> = {
  Admin: [
    'Campaigns',
    'Creators',
    'Identity checks',
    'Reports',
    'Teams',
    'Territories',
    'Staff',
    'Lookups',
    'Legal documents',
    'Audit log',
  ],
  CampaignManager: ['Campaigns', 'Creators', 'Reports', 'Teams'],
  CampaignMarketer: ['Campaigns', 'Creators', 'Reports'],
  CampaignViewer: ['Campaigns', 'Reports'],
  StatsViewer: ['Campaigns', 'Reports'],
  Support: ['Campaigns', 'Creators', 'Identity checks', 'Staff'],
  TerritoryManager: ['Campaigns', 'Creators', 'Reports', 'Territories'],
  Creator: [],
};

describe('the console menu', () => {
  it.each(ACCOUNT_ROLES)('shows a %s the sections of their role, in order', (role) => {
    expect(consoleMenuFor(role).map((entry) => entry.label)).toEqual(EXPECTED_MENUS[role]);
  });

  it('gives every entry a path under /console and an icon', () => {
    for (const entry of consoleMenuFor('Admin')) {
      expect(entry.path).toMatch(/^\/console\/[a-z-]+$/);
      expect(entry.icon).toBeTruthy();
    }
  });

  it('opens each role’s first section, and none for a creator', () => {
    expect(firstConsolePath('Admin')).toBe('/console/campaigns');
    expect(firstConsolePath('StatsViewer')).toBe('/console/campaigns');
    expect(firstConsolePath('Creator')).toBeNull();
  });

  it('tells which section a path is in', () => {
    expect(consoleSectionOf('/console/teams')?.label).toBe('Teams');
    expect(consoleSectionOf('/console/teams/5b0a4c1e')?.label).toBe('Teams');
    expect(consoleSectionOf('/console/audit-log')?.label).toBe('Audit log');
    expect(consoleSectionOf('/console/identity-checks/5b0a4c1e')?.label).toBe('Identity checks');
    expect(consoleSectionOf('/console/legal-documents')?.label).toBe('Legal documents');
    expect(consoleSectionOf('/console/teamsters')).toBeNull();
    expect(consoleSectionOf('/console')).toBeNull();
  });
});
