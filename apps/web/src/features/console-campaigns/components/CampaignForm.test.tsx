import {
  CAMPAIGN_MESSAGES,
  CAMPAIGN_VALIDATION_MESSAGES,
  DEFAULT_CAMPAIGN_VALIDATION,
  REQUIRED_MESSAGE,
  type CampaignDetail,
  type MarketingRole,
} from '@platform/shared';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { storeAccessToken } from '../../../lib/session';
import { errorBody, mockApi, type RecordedRequest } from '../../../test/api-mock';
import {
  BRITAIN,
  campaign,
  CAMPAIGNS_PATH,
  campaignPath,
  MUSIC_TEAM,
  rejectedCampaign,
  SUMMER_ID,
  TEAM_PAGE,
  TERRITORY_LOOKUP,
} from '../../../test/campaigns';
import { fieldErrorOf } from '../../../test/render';
import { renderWidget } from '../../../test/render-widget';
import { CampaignForm } from './CampaignForm';

// The date pickers load their code beside the form, which can take a while on a busy machine.
const LOADED = { timeout: 5000 };

function renderForm(
  role: MarketingRole,
  edited: CampaignDetail | null,
  routes: Parameters<typeof mockApi>[0] = {},
) {
  storeAccessToken('token-1', Date.now() + 60_000);
  const api = mockApi({
    'GET /server-api/marketing/campaigns/teams': { body: TEAM_PAGE },
    'PATCH /server-api/territory': { body: TERRITORY_LOOKUP },
    ...routes,
  });
  const onSaved = vi.fn<(saved: CampaignDetail) => void>();
  const view = renderWidget(<CampaignForm campaign={edited} role={role} onSaved={onSaved} />);
  return { api, onSaved, ...view };
}

const field = (name: string) => screen.getByRole('textbox', { name });

/** The message under a field, with the spec's warning icon beside it. */
function expectFieldError(element: HTMLElement, message: string) {
  const error = fieldErrorOf(element);
  expect(error).toHaveTextContent(message);
  expect(error?.querySelector('svg')).not.toBeNull();
}

async function retype(user: UserEvent, element: HTMLElement, text: string) {
  await user.clear(element);
  if (text) await user.type(element, text);
}

/** Picks a day of the month on show in the date and time field named `label`, at midnight GMT. */
async function pickDay(user: UserEvent, label: string, day: string) {
  await user.click(await screen.findByRole('button', { name: new RegExp(`^${label} `) }, LOADED));
  await user.click(await screen.findByRole('button', { name: day }));
  await user.type(screen.getByRole('textbox', { name: `${label}: hours` }), '00');
  await user.type(screen.getByRole('textbox', { name: `${label}: minutes` }), '00');
}

/** The hashtags' tag input. */
const hashtags = () => screen.getByRole('combobox', { name: 'Hashtags' });

const budgetCheck = () => screen.getByRole('region', { name: 'Budget check' });

const VALIDATION_SECTION = 'Checking views and entries';
const lockDays = () => field('Days until an entry’s views lock');
const holdScore = () => field('Risk score that holds earnings');
const reviewDays = () => field('Days an entry may wait for review');
const retentionDays = () => field('Days to take back pay for a removed post');
const changeRequests = () =>
  screen.getByRole('switch', { name: 'Reviewers may ask for changes instead of rejecting' });

describe('CampaignForm', () => {
  it('shows the shared schema’s messages under the fields, with the warning icon, and sends nothing', async () => {
    const { api, user } = renderForm('CampaignMarketer', null);
    await screen.findByRole('button', { name: /^Starts / }, LOADED);
    await user.click(screen.getByRole('button', { name: 'Save draft' }));

    await waitFor(() => expectFieldError(field('Name'), REQUIRED_MESSAGE));
    expectFieldError(field('Brand or artist'), REQUIRED_MESSAGE);
    expectFieldError(field('Brief'), REQUIRED_MESSAGE);
    expectFieldError(screen.getByRole('combobox', { name: 'Platform' }), REQUIRED_MESSAGE);
    expect(screen.getByRole('radiogroup', { name: 'Campaign type' })).toHaveAccessibleDescription(
      REQUIRED_MESSAGE,
    );
    expectFieldError(screen.getByRole('combobox', { name: 'Team' }), CAMPAIGN_MESSAGES.teamUnknown);
    expectFieldError(
      screen.getByRole('combobox', { name: 'Territories' }),
      CAMPAIGN_MESSAGES.territoriesRequired,
    );
    expectFieldError(field('Budget'), CAMPAIGN_MESSAGES.amountAboveZero);
    expectFieldError(screen.getByRole('group', { name: 'Starts' }), 'Choose a date and time');
    expectFieldError(field('Amount per approved entry'), CAMPAIGN_MESSAGES.amountAboveZero);
    expectFieldError(field('Slots'), CAMPAIGN_MESSAGES.slotsRange);
    expect(field('Name')).toHaveFocus();
    expect(api.requestsTo('POST', CAMPAIGNS_PATH)).toHaveLength(0);
  });

  it('checks amounts, counts and tags as they are corrected', async () => {
    const { user } = renderForm('CampaignMarketer', null);
    await user.type(field('Budget'), '12.345');
    await user.type(field('Slots'), '2.5');
    await user.type(hashtags(), 'summer!{enter}');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));

    await waitFor(() => expectFieldError(field('Budget'), CAMPAIGN_MESSAGES.amountAboveZero));
    expectFieldError(field('Slots'), CAMPAIGN_MESSAGES.wholeNumber);
    expectFieldError(hashtags(), CAMPAIGN_MESSAGES.hashtagShape);

    await retype(user, field('Budget'), '1,250.50');
    await retype(user, field('Slots'), '0');
    await waitFor(() => expect(fieldErrorOf(field('Budget'))).toBeNull());
    expectFieldError(field('Slots'), CAMPAIGN_MESSAGES.slotsRange);
  });

  it('works out the most the reward can pay as the marketer types, and whether the budget covers it', async () => {
    const { user } = renderForm('CampaignMarketer', null);
    expect(budgetCheck()).toHaveTextContent('Enter the reward to see the most this campaign can pay.');

    await user.type(field('Amount per approved entry'), '10');
    await user.type(field('Slots'), '50');
    expect(budgetCheck()).toHaveTextContent('50 slots × £10.00 = £500.00');
    expect(budgetCheck()).toHaveTextContent('Enter a budget to see whether it fits.');

    await user.type(field('Budget'), '1000');
    expect(budgetCheck()).toHaveTextContent('Fits the budget of £1,000.00, with £500.00 to spare.');

    await retype(user, field('Slots'), '150');
    expect(budgetCheck()).toHaveTextContent('150 slots × £10.00 = £1,500.00');
    expect(budgetCheck()).toHaveTextContent(
      'More than the budget of £1,000.00 by £500.00. Raise the budget or lower the rewards.',
    );

    await user.click(screen.getByRole('radio', { name: /Top prizes/ }));
    await user.type(screen.getByRole('textbox', { name: 'Prize for 1st place' }), '300');
    await user.click(screen.getByRole('button', { name: 'Add a place' }));
    await user.type(screen.getByRole('textbox', { name: 'Prize for 2nd place' }), '200');
    expect(budgetCheck()).toHaveTextContent('£300.00 + £200.00 = £500.00 to the top 2');
    await user.click(screen.getByRole('button', { name: 'Add a place' }));
    await user.type(screen.getByRole('textbox', { name: 'Prize for 3rd place' }), '100');
    await user.click(screen.getByRole('button', { name: 'Remove the prize for 1st place' }));
    expect(screen.getByRole('textbox', { name: 'Prize for 1st place' })).toHaveValue('200.00');
    expect(budgetCheck()).toHaveTextContent('£200.00 + £100.00 = £300.00 to the top 2');

    // Back to the first reward: what was typed for it is still there.
    await user.click(screen.getByRole('radio', { name: /First come, first served/ }));
    expect(field('Slots')).toHaveValue('150');
  });

  it('takes a pay-per-view reward, shows what the budget buys as it is typed, and checks the caps', async () => {
    const { user } = renderForm('CampaignMarketer', null);
    await user.click(screen.getByRole('radio', { name: /Pay per view/ }));
    expect(budgetCheck()).toHaveTextContent('What the budget buys');
    expect(budgetCheck()).toHaveTextContent('Enter the rate and the caps to see what the budget buys.');

    await user.type(field('Rate per 1,000 views'), '4');
    await retype(user, field('Minimum views'), '10,000');
    await user.type(field('Cap per entry'), '200');
    await user.type(field('Cap per creator'), '500');
    expect(budgetCheck()).toHaveTextContent('Enter a budget to see what it buys.');
    await user.type(field('Budget'), '10000');
    expect(budgetCheck()).toHaveTextContent(
      'The budget of £10,000.00 buys 2,500,000 validated views at £4.00 per 1,000.',
    );
    expect(budgetCheck()).toHaveTextContent('An entry reaches its cap of £200.00 at 50,000 views.');
    expect(budgetCheck()).toHaveTextContent(
      'It pays 20 creators at their cap of £500.00, or 50 entries at theirs.',
    );

    await retype(user, field('Cap per entry'), '600');
    expect(budgetCheck()).toHaveTextContent(
      'An entry’s cap is above a creator’s: lower it to the creator’s cap or less.',
    );
    await retype(user, field('Rate per 1,000 views'), '');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expectFieldError(field('Rate per 1,000 views'), CAMPAIGN_MESSAGES.amountAboveZero));
  });

  it('counts a sprint’s periods from the dates', async () => {
    const { user } = renderForm('CampaignManager', campaign());
    await user.click(screen.getByRole('radio', { name: /Sprint/ }));
    expect(field('Period length in days')).toHaveValue('7');
    await user.type(screen.getByRole('textbox', { name: 'Prize for 1st place' }), '100');
    // 1 to 29 June: four weeks.
    expect(budgetCheck()).toHaveTextContent('4 periods × £100.00 (£100.00) = £400.00');
    await retype(user, field('Period length in days'), '10');
    expect(field('Period length in days')).toHaveValue('10');
    expect(budgetCheck()).toHaveTextContent('3 periods × £100.00 (£100.00) = £300.00');
    expect(budgetCheck()).toHaveTextContent('Fits the budget of £1,000.00, with £700.00 to spare.');
  });

  it('drafts a campaign with money in minor units, and shows the brief as creators will read it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-05-15T12:00:00.000Z'));
    const created = campaign({ id: SUMMER_ID });
    const { api, user, onSaved } = renderForm('CampaignMarketer', null, {
      [`POST ${CAMPAIGNS_PATH}`]: { status: 201, body: created },
    });
    await user.type(field('Name'), 'Summer Sound');
    await user.type(field('Brand or artist'), 'The Band');
    await user.type(field('Brief'), 'Dance to the <b>new</b> single.');
    await user.click(field('Brief'));
    await user.paste('https://example.com/brief');
    const preview = await screen.findByRole('region', { name: 'Preview' });
    expect(await within(preview).findByRole('link', { name: 'https://example.com/brief' })).toHaveAttribute(
      'href',
      'https://example.com/brief',
    );
    expect(preview.querySelector('b')).toBeNull();
    expect(preview).toHaveTextContent('Dance to the new single.');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Platform' }), 'TikTok');
    await user.click(screen.getByRole('radio', { name: /Challenge/ }));
    await user.click(screen.getByRole('combobox', { name: 'Team' }));
    await user.click(await screen.findByRole('option', { name: 'Music' }));
    await user.click(screen.getByRole('combobox', { name: 'Territories' }));
    await user.click(await screen.findByRole('option', { name: 'Britain' }));
    await user.keyboard('{Escape}');
    await pickDay(user, 'Starts', '20 May 2030');
    await pickDay(user, 'Ends', '30 May 2030');
    await user.type(field('Budget'), '1,000');
    await user.type(field('Amount per approved entry'), '10');
    await user.type(field('Slots'), '50');
    await user.type(hashtags(), 'summersound{enter}');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(created));
    expect(api.requestsTo('POST', CAMPAIGNS_PATH)[0]?.body).toEqual({
      name: 'Summer Sound',
      brandOrArtist: 'The Band',
      brief:
        'Dance to the <b>new</b> single.<a href="https://example.com/brief" target="_blank">https://example.com/brief</a>',
      platform: 'TikTok',
      type: 'CHALLENGE',
      teamId: MUSIC_TEAM.id,
      territoryIds: [BRITAIN.id],
      currency: 'GBP',
      budget: 100_000,
      startsAt: '2030-05-20T00:00:00.000Z',
      endsAt: '2030-05-30T00:00:00.000Z',
      reward: { type: 'FIRST_COME_FIRST_SERVE', amountPerEntry: 1000, slots: 50 },
      requirements: { hashtags: ['#summersound'], mentions: [], minimumLengthSeconds: null },
      validation: DEFAULT_CAMPAIGN_VALIDATION,
      coverAssetId: null,
    });
    expect(screen.getByText('Files can be added once the draft is saved.')).toBeInTheDocument();
  });

  it('puts the server’s field errors under their fields, and what no field shows above the buttons', async () => {
    let answer: 'fields' | 'conflict' = 'fields';
    const { user, onSaved } = renderForm('CampaignMarketer', campaign(), {
      [`PUT ${campaignPath(SUMMER_ID)}`]: () =>
        answer === 'fields'
          ? {
              status: 400,
              body: errorBody('VALIDATION_FAILED', 'The request is not valid.', [
                { field: 'teamId', message: CAMPAIGN_MESSAGES.teamUnknown },
                { field: 'requirements.hashtags.0', message: CAMPAIGN_MESSAGES.hashtagShape },
              ]),
            }
          : { status: 409, body: errorBody('CONFLICT', CAMPAIGN_MESSAGES.notEditable) },
      [`GET ${campaignPath(SUMMER_ID)}`]: { body: campaign() },
    });
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expectFieldError(screen.getByRole('combobox', { name: 'Team' }), CAMPAIGN_MESSAGES.teamUnknown),
    );
    expectFieldError(hashtags(), CAMPAIGN_MESSAGES.hashtagShape);

    answer = 'conflict';
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(CAMPAIGN_MESSAGES.notEditable);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('changes a campaign with PUT, from the values it has', async () => {
    const saved = campaign({ name: 'Summer Sound 2' });
    const { api, user, onSaved } = renderForm('CampaignMarketer', campaign(), {
      [`PUT ${campaignPath(SUMMER_ID)}`]: { body: saved },
    });
    expect(field('Name')).toHaveValue('Summer Sound');
    expect(field('Budget')).toHaveValue('1000.00');
    expect(field('Amount per approved entry')).toHaveValue('10.00');
    expect(screen.getByRole('combobox', { name: 'Team' })).toHaveValue('Music');
    expect(await screen.findByRole('button', { name: /^Starts / }, LOADED)).toHaveTextContent('01 Jun, 2030');
    expect(screen.getByRole('textbox', { name: 'Starts: hours' })).toHaveValue('09');
    expect(screen.getByRole('textbox', { name: 'Starts: minutes' })).toHaveValue('00');
    // The budget rule of the shared schema, under the budget, before anything is sent.
    await retype(user, field('Slots'), '150');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expectFieldError(field('Budget'), CAMPAIGN_MESSAGES.budgetExceeded('£1,500.00', '£1,000.00')),
    );
    expect(api.requestsTo('PUT', campaignPath(SUMMER_ID))).toHaveLength(0);

    await retype(user, field('Slots'), '50');
    await retype(user, field('Name'), 'Summer Sound 2');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    const body = api.requestsTo('PUT', campaignPath(SUMMER_ID))[0] as RecordedRequest;
    expect(body.body).toMatchObject({
      name: 'Summer Sound 2',
      budget: 100_000,
      teamId: MUSIC_TEAM.id,
      territoryIds: [BRITAIN.id],
      startsAt: '2030-06-01T09:00:00.000Z',
      reward: { type: 'FIRST_COME_FIRST_SERVE', amountPerEntry: 1000, slots: 50 },
      requirements: { hashtags: ['#summersound'], mentions: ['@theband'], minimumLengthSeconds: 15 },
    });
  });

  it('keeps an approved campaign’s reward, budget and dates for those with the edit permission', async () => {
    const published = campaign({ status: 'PUBLISHED' });
    const marketer = renderForm('CampaignMarketer', published);
    expect(screen.getByText(new RegExp(CAMPAIGN_MESSAGES.editNeedsGrant))).toBeInTheDocument();
    expect(field('Budget')).toBeDisabled();
    expect(field('Amount per approved entry')).toBeDisabled();
    expect(await screen.findByRole('button', { name: /^Starts / }, LOADED)).toBeDisabled();
    expect(field('Name')).toBeEnabled();
    marketer.unmount();

    renderForm('CampaignManager', published);
    expect(
      screen.getByText(/Changing its reward, budget or dates sends it back for review/),
    ).toBeInTheDocument();
    expect(field('Budget')).toBeEnabled();
  });

  it('starts a new campaign with the default checks, each saying what it does to creators', () => {
    renderForm('CampaignMarketer', null);
    const section = screen.getByRole('region', { name: VALIDATION_SECTION });
    expect(within(section).getAllByRole('textbox')).toHaveLength(4);
    expect(lockDays()).toHaveValue(String(DEFAULT_CAMPAIGN_VALIDATION.lockDays));
    expect(holdScore()).toHaveValue(String(DEFAULT_CAMPAIGN_VALIDATION.holdScore));
    expect(reviewDays()).toHaveValue(String(DEFAULT_CAMPAIGN_VALIDATION.reviewDeadlineDays));
    expect(retentionDays()).toHaveValue(String(DEFAULT_CAMPAIGN_VALIDATION.retentionDays));
    expect(changeRequests()).toBeChecked();
    expect(lockDays()).toHaveAccessibleDescription(
      /Views count for this many days after the entry is sent in/,
    );
    expect(holdScore()).toHaveAccessibleDescription(/earnings wait until a reviewer decides/);
    expect(reviewDays()).toHaveAccessibleDescription(/approved automatically/);
    expect(retentionDays()).toHaveAccessibleDescription(/the payment is taken back/);
  });

  it('shows an existing campaign’s own checks, refuses one out of range under its field, and sends them', async () => {
    const own = {
      lockDays: 5,
      holdScore: 70,
      reviewDeadlineDays: 3,
      changeRequests: false,
      retentionDays: 60,
    };
    const saved = campaign({ validation: { ...own, holdScore: 60 } });
    const { api, user, onSaved } = renderForm('CampaignMarketer', campaign({ validation: own }), {
      [`PUT ${campaignPath(SUMMER_ID)}`]: { body: saved },
    });
    expect(lockDays()).toHaveValue('5');
    expect(holdScore()).toHaveValue('70');
    expect(reviewDays()).toHaveValue('3');
    expect(retentionDays()).toHaveValue('60');
    expect(changeRequests()).not.toBeChecked();

    await retype(user, lockDays(), '31');
    await retype(user, retentionDays(), '400');
    await retype(user, holdScore(), '');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expectFieldError(lockDays(), CAMPAIGN_VALIDATION_MESSAGES.lockDaysRange));
    expectFieldError(holdScore(), CAMPAIGN_VALIDATION_MESSAGES.holdScoreRange);
    expectFieldError(retentionDays(), CAMPAIGN_VALIDATION_MESSAGES.retentionRange);
    await waitFor(() => expect(lockDays()).toHaveFocus());
    expect(api.requestsTo('PUT', campaignPath(SUMMER_ID))).toHaveLength(0);

    await retype(user, lockDays(), '2.5');
    await waitFor(() => expectFieldError(lockDays(), CAMPAIGN_VALIDATION_MESSAGES.wholeNumber));
    await retype(user, lockDays(), '10');
    await retype(user, holdScore(), '60');
    await retype(user, retentionDays(), '0');
    await user.click(changeRequests());
    await waitFor(() => expect(fieldErrorOf(lockDays())).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    expect(api.requestsTo('PUT', campaignPath(SUMMER_ID))[0]?.body).toMatchObject({
      validation: {
        lockDays: 10,
        holdScore: 60,
        reviewDeadlineDays: 3,
        changeRequests: true,
        retentionDays: 0,
      },
    });
  });

  it('shows a rejected campaign’s reason above its fields', () => {
    renderForm('CampaignMarketer', rejectedCampaign('Add the brand’s mention.'));
    const notice = screen.getByText('Sent back for changes').closest('[role="alert"], .mantine-Alert-root')!;
    expect(notice).toHaveTextContent('Add the brand’s mention.');
    expect(notice).toHaveTextContent('Saving your changes makes it a draft again');
  });
});
