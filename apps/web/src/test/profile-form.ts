import type { CreatorInfo } from '@platform/shared';
import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';
import type { MockReply } from './api-mock';
import { CREATOR_ID } from './creator-info';
import { fieldErrorOf } from './render';

export const POP_GENRE = { id: '3f1c2a9e-5b7d-4c1e-8a2f-6d9e0b1c2a31', name: 'Pop' };
export const ROCK_GENRE = { id: '7a2b3c4d-5e6f-4a1b-9c2d-3e4f5a6b7c82', name: 'Rock' };

/** What the profile form reads besides get-info: the genres, and the in-use check of the handle it fills in. */
export const PROFILE_FORM_ROUTES: Record<string, MockReply> = {
  'GET /server-api/creator/lookup/genre': { body: [ROCK_GENRE, POP_GENRE] },
  'GET /server-api/creator/validate-handle/TikTok/casey': { body: { available: true } },
};

/** The field labelled so; a label several rows share (Handle, Platform) takes the row's index. */
export const field = (label: string, row = 0) => {
  const fields = screen.getAllByLabelText(label);
  const found = fields[row];
  if (!found) throw new Error(`No field ${row} labelled ${label}`);
  return found;
};

/** The message under a field, which must carry the warning icon (SPEC §2, §8). */
export function expectFieldError(element: HTMLElement, message: string) {
  const error = fieldErrorOf(element);
  expect(error, `a message under ${element.getAttribute('name') ?? element.id}`).not.toBeNull();
  expect(error).toHaveTextContent(message);
  expect(error?.querySelector('.tabler-icon-alert-triangle')).not.toBeNull();
}

/** Picks 10 April of a year as the date of birth, from the calendar's lists. */
export async function pickDateOfBirth(user: UserEvent, year: number) {
  await user.click(screen.getByRole('button', { name: 'Date of birth' }));
  const calendar = screen.getByRole('dialog');
  const yearList = within(calendar)
    .getAllByRole('combobox', { name: 'Month and year' })
    .find((select) => select.getAttribute('data-select') === 'year');
  const monthList = within(calendar)
    .getAllByRole('combobox', { name: 'Month and year' })
    .find((select) => select.getAttribute('data-select') === 'month');
  if (!yearList || !monthList) throw new Error('The calendar has no month and year lists');
  await user.selectOptions(yearList, String(year));
  await user.selectOptions(monthList, '3');
  await user.click(within(calendar).getByRole('button', { name: `10 April ${year}` }));
}

export async function chooseGenre(user: UserEvent, name: string) {
  await user.click(screen.getByRole('combobox', { name: 'Genres' }));
  await user.click(await screen.findByRole('option', { name }));
  await user.keyboard('{Escape}');
}

/** Puts text in a field at once, as pasting does: typing it key by key re-renders the whole form each time. */
export async function fillIn(user: UserEvent, element: HTMLElement, text: string) {
  await user.click(element);
  await user.paste(text);
}

/** Fills in a complete, valid profile of a creator in the United Kingdom. */
export async function fillUkProfile(user: UserEvent) {
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
  await chooseGenre(user, 'Pop');
}

/** The account the server answers the profile's PATCH with: the creator moves on to their agency. */
export function savedProfileInfo(base: CreatorInfo, overrides: Partial<CreatorInfo> = {}): CreatorInfo {
  return {
    ...base,
    id: CREATOR_ID,
    status: 'AGENCY_CAPTURE',
    profile: {
      firstName: 'Casey',
      lastName: 'Creator',
      dateOfBirth: '1995-04-10',
      gender: 'PreferNotToSay',
      dialCode: '+44',
      mobile: '7700900123',
      address: {
        country: 'GB',
        line1: '1 High Street',
        line2: null,
        city: 'London',
        stateProvince: null,
        postcode: 'SW1A 1AA',
      },
      handles: [{ socialPlatform: 'TikTok', handle: 'casey' }],
      youtubeChannelId: null,
      genreIds: [POP_GENRE.id],
    },
    ...overrides,
  };
}
