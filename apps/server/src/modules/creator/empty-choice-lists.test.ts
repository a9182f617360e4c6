import { CREATOR_MESSAGES, invalidFieldsMessage, type CreatorInfo } from '@platform/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCreator,
  createLookup,
  creatorInfoOf,
  profileBody,
  signedIn,
  type SignedIn,
} from '../../test/factories';
import { createTestApp, errorOf, NO_AUTH_RATE_LIMITS, type TestApp } from '../../test/harness';

// One install that starts with no genres and no artists, as a fresh one does, and gets them later.
let context: TestApp;
beforeAll(async () => {
  context = await createTestApp({ authRateLimits: NO_AUTH_RATE_LIMITS });
});
afterAll(async () => {
  await context?.close();
});

const creatorAt = async (status: 'DATA_CAPTURE' | 'ARTIST_SELECTION'): Promise<SignedIn> =>
  signedIn(context, await createCreator(context, { status }));

const profileWithoutGenres = () => profileBody('unused', { genreIds: [] });

describe('choices from a list staff have not filled yet', () => {
  it('saves a profile without genres while there are none to choose, and asks for one once there are', async () => {
    const early = await creatorAt('DATA_CAPTURE');
    const saved = await early.as.patch('/server-api/creator', profileWithoutGenres());
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<CreatorInfo>()).toMatchObject({ status: 'AGENCY_CAPTURE', profile: { genreIds: [] } });

    await createLookup(context, 'genre');
    const later = await creatorAt('DATA_CAPTURE');
    const before = await context.rowCounts();
    const refused = await later.as.patch('/server-api/creator', profileWithoutGenres());
    expect(refused.statusCode).toBe(422);
    expect(errorOf(refused)).toMatchObject({
      code: 'INVALID_FIELDS',
      message: invalidFieldsMessage(['Genres']),
      details: [{ field: 'genreIds', message: CREATOR_MESSAGES.genresRequired }],
    });
    expect(await context.rowCounts()).toEqual(before);
    expect((await creatorInfoOf(later)).status).toBe('DATA_CAPTURE');
  });

  it('finishes onboarding without artists while there are none to choose, and asks for one once there are', async () => {
    const early = await creatorAt('ARTIST_SELECTION');
    const finished = await early.as.patch('/server-api/creator/artist-selection', { artistIds: [] });
    expect(finished.statusCode, finished.body).toBe(200);
    expect(finished.json<CreatorInfo>()).toMatchObject({ status: 'ACTIVE', artistIds: [] });

    await createLookup(context, 'artist');
    const later = await creatorAt('ARTIST_SELECTION');
    const before = await context.rowCounts();
    const refused = await later.as.patch('/server-api/creator/artist-selection', { artistIds: [] });
    expect(refused.statusCode).toBe(422);
    expect(errorOf(refused).details).toEqual([
      { field: 'artistIds', message: CREATOR_MESSAGES.artistsRequired },
    ]);
    expect(await context.rowCounts()).toEqual(before);
    expect((await creatorInfoOf(later)).status).toBe('ARTIST_SELECTION');
  });

  it('counts only live lookups: an archived artist offers nothing to choose', async () => {
    const archivedOnly = await createTestApp({ authRateLimits: NO_AUTH_RATE_LIMITS });
    try {
      await createLookup(archivedOnly, 'artist', { archived: true });
      const creator = await signedIn(
        archivedOnly,
        await createCreator(archivedOnly, { status: 'ARTIST_SELECTION' }),
      );
      const finished = await creator.as.patch('/server-api/creator/artist-selection', { artistIds: [] });
      expect(finished.statusCode, finished.body).toBe(200);
      expect(finished.json<CreatorInfo>().status).toBe('ACTIVE');
    } finally {
      await archivedOnly.close();
    }
  });
});
