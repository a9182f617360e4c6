import { ACCOUNT_ROLES, type AccountRole } from '@platform/shared';
import { describe, expect, it } from 'vitest';
import { consoleMenuFor, consoleSectionOf, firstConsolePath, isReportOnly } from './console-menu';

// Written out per role, apart from the grants table, so that a change to either shows here.
const EXPECTED_MENUS: Record<AccountRole, string[]> = {
  Admin: [
    'Setup',
    'Campaigns',
    'Creators',
    'Identity checks',
    'Account evidence',
    'Held earnings',
    'Reports',
    'Teams',
    'Territories',
    'Staff',
    'Lookups',
    'Legal documents',
    'Audit log',
  ],
  CampaignManager: ['Campaigns', 'Creators', 'Held earnings', 'Reports', 'Teams'],
  CampaignMarketer: ['Campaigns', 'Creators', 'Held earnings', 'Reports'],
  CampaignViewer: ['Campaigns', 'Reports'],
  StatsViewer: ['Reports'],
  Support: ['Campaigns', 'Creators', 'Identity checks', 'Account evidence', 'Staff'],
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
    expect(firstConsolePath('Admin')).toBe('/console/setup');
    expect(firstConsolePath('Admin', { setupDismissed: true })).toBe('/console/campaigns');
    expect(firstConsolePath('Support', { setupDismissed: true })).toBe('/console/campaigns');
    expect(firstConsolePath('StatsViewer')).toBe('/console/reports');
    expect(firstConsolePath('Creator')).toBeNull();
  });

  it('offers the reports alone to a role whose only other grant is reading campaigns', () => {
    const reportOnly = ACCOUNT_ROLES.filter((role) => isReportOnly(role));
    expect(reportOnly).toEqual(['StatsViewer']);
    expect(consoleMenuFor('StatsViewer').map((entry) => entry.path)).toEqual(['/console/reports']);
    // A CampaignViewer reads campaigns' entries and creators too: the campaigns stay in their menu.
    expect(isReportOnly('CampaignViewer')).toBe(false);
  });

  it('tells which section a path is in', () => {
    expect(consoleSectionOf('/console/teams')?.label).toBe('Teams');
    expect(consoleSectionOf('/console/teams/5b0a4c1e')?.label).toBe('Teams');
    expect(consoleSectionOf('/console/audit-log')?.label).toBe('Audit log');
    expect(consoleSectionOf('/console/identity-checks/5b0a4c1e')?.label).toBe('Identity checks');
    expect(consoleSectionOf('/console/legal-documents')?.label).toBe('Legal documents');
    expect(consoleSectionOf('/console/setup')?.label).toBe('Setup');
    expect(consoleSectionOf('/console/reports/5b0a4c1e')?.label).toBe('Reports');
    expect(consoleSectionOf('/console/teamsters')).toBeNull();
    expect(consoleSectionOf('/console')).toBeNull();
  });
});
