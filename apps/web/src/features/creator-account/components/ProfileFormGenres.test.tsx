import { CREATOR_MESSAGES } from '@platform/shared';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { openAsCreator, PAGE_TEST } from '../../../test/creator-app';
import { creatorInfo } from '../../../test/creator-info';
import {
  expectFieldError,
  field,
  fillIn,
  pickDateOfBirth,
  PROFILE_FORM_ROUTES,
  savedProfileInfo,
} from '../../../test/profile-form';
import { screen } from '../../../test/render';

/** Every field of a UK profile but the genres. */
async function fillAllButGenres(user: ReturnType<typeof openAsCreator>['user']) {
  await fillIn(user, field('First name'), 'Casey');
  await fillIn(user, field('Last name'), 'Creator');
  await pickDateOfBirth(user, 1995);
  await user.selectOptions(field('Gender'), 'PreferNotToSay');
  await user.selectOptions(field('Country'), 'GB');
  await fillIn(user, field('Mobile number'), '7700900123');
  await fillIn(user, field('Address'), '1 High Street');
  await fillIn(user, field('Town or city'), 'London');
  await fillIn(user, field('Postcode'), 'SW1A 1AA');
  await fillIn(user, field('Handle'), 'casey');
  await user.tab();
}

describe('DATA_CAPTURE on an install without genres', PAGE_TEST, () => {
  it('says there are none to choose and saves the profile without one', async () => {
    const info = creatorInfo();
    const { user, api } = openAsCreator('/', info, {
      ...PROFILE_FORM_ROUTES,
      'GET /server-api/creator/lookup/genre': { body: [] },
      'PATCH /server-api/creator': { body: savedProfileInfo(info) },
    });
    await screen.findByLabelText('First name', {}, { timeout: 5000 });
    expect(
      await screen.findByText(/No genres have been added yet, so there is nothing to choose here/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Genres' })).not.toBeInTheDocument();

    await fillAllButGenres(user);
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(api.requestsTo('PATCH', '/server-api/creator')).toHaveLength(1));
    expect(api.requestsTo('PATCH', '/server-api/creator')[0]?.body).toMatchObject({ genreIds: [] });
  });

  it('still asks for a genre where there are some', async () => {
    const { user, api } = openAsCreator('/', creatorInfo(), PROFILE_FORM_ROUTES);
    await screen.findByLabelText('First name', {}, { timeout: 5000 });
    const genres = await screen.findByRole('combobox', { name: 'Genres' });
    await fillAllButGenres(user);
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));

    expectFieldError(genres, CREATOR_MESSAGES.genresRequired);
    expect(api.requestsTo('PATCH', '/server-api/creator')).toHaveLength(0);
  });
});
