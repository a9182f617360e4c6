import type { CreatorConsoleItem } from '@platform/shared';
import { describe, expect, it } from 'vitest';
import { signedIn } from '../../../test/console';
import { mockApi, queriesTo } from '../../../test/api-mock';
import { exportCreators } from './creators-csv';

const creator = (index: number): CreatorConsoleItem => ({
  id: `id-${index}`,
  firstName: `Robin${index}`,
  lastName: 'Banks',
  email: `robin${index}@example.com`,
  country: 'GB',
  onboardingStatus: 'ACTIVE',
  handles: [{ platform: 'TikTok', handle: `robin${index}`, url: '' }],
  genreIds: [],
  agencyId: null,
  audienceClusterId: null,
  kycStatus: 'Success',
  taxStatus: null,
  remindedAt: null,
  createdAt: '2026-11-02T14:07:00.000Z',
});

describe('exportCreators', () => {
  it('reads every page the filters find and writes one row per creator', async () => {
    signedIn();
    const all = Array.from({ length: 150 }, (_, index) => creator(index));
    const api = mockApi({
      'GET /server-api/marketing/creators': () => {
        const calls = api.requestsTo('GET', '/server-api/marketing/creators').length;
        const items = all.slice((calls - 1) * 100, calls * 100);
        return { body: { items, total: all.length, page: calls, pageSize: 100 } };
      },
    });
    const csv = await exportCreators({ kycStatus: 'Success' });
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('First name,Last name,Email,Country,Onboarding,Handles,KYC,Tax,Joined');
    expect(lines).toHaveLength(151);
    expect(lines[1]).toBe('Robin0,Banks,robin0@example.com,GB,Active,TikTok: robin0,Approved,,2026-11-02');
    const queries = queriesTo(api, '/server-api/marketing/creators');
    expect(
      queries.map((query) => [query.get('page'), query.get('pageSize'), query.get('kycStatus')]),
    ).toEqual([
      ['1', '100', 'Success'],
      ['2', '100', 'Success'],
    ]);
  });
});
