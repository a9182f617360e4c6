import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorBody, mockApi } from '../../../test/api-mock';
import { renderApp, screen } from '../../../test/render';
import { REPORT } from './report-fixtures';

const LOADED = { timeout: 10_000 };
const SHARED = '/server-api/shared-reports/tok-1';

describe('/shared/reports/:token', () => {
  it('shows the report read-only to a visitor without an account, sending no token', async () => {
    const api = mockApi({
      [`GET ${SHARED}`]: { body: { report: REPORT, expiresAt: '2026-11-27T10:00:00.000Z' } },
    });
    const { router } = renderApp('/shared/reports/tok-1');
    expect(
      await screen.findByRole('heading', { name: 'Summer Dance', level: 1 }, LOADED),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Shared read-only report · this link works until 27 Nov, 2026 @ 10:00 AM GMT'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Key figures' })).getByText('125,000'),
    ).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Top 10 entries' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download CSV: Per platform' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Forecast' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Console' })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/shared/reports/tok-1');
    expect(api.requestsTo('GET', SHARED)[0]?.headers.get('Authorization')).toBeNull();
  });

  it('says a link that expired or was revoked no longer works', async () => {
    const api = mockApi({
      [`GET ${SHARED}`]: { status: 404, body: errorBody('NOT_FOUND', 'Not found') },
    });
    const { router } = renderApp('/shared/reports/tok-1');
    expect(
      await screen.findByText(
        'This link has expired or been revoked. Ask whoever shared it for a new one.',
        {},
        LOADED,
      ),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/shared/reports/tok-1');
    expect(api.requestsTo('GET', SHARED)).toHaveLength(1);
  });
});
