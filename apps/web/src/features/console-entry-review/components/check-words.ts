import { HANDLE_VERIFICATION_METHOD_LABELS, type EntryCheck } from '@platform/shared';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2 Nov', with the year when it is not this one ('2 Nov 2025'); days are GMT, as the console's dates. */
export function shortDay(at: string, now = new Date()): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return at;
  const day = `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]}`;
  return date.getUTCFullYear() === now.getUTCFullYear() ? day : `${day} ${date.getUTCFullYear()}`;
}

/** 'Verified (Code in bio, 2 Nov)' or 'not verified'. */
export function accountText(account: EntryCheck['account']): string {
  const { verified } = account;
  if (!verified) return 'Account: not verified';
  return `Account: Verified (${HANDLE_VERIFICATION_METHOD_LABELS[verified.method]}, ${shortDay(verified.at)})`;
}

/** 'Published: 2 Nov' or 'Published: not known'. */
export const publishedText = (publishedAt: string | null) =>
  `Published: ${publishedAt ? shortDay(publishedAt) : 'not known'}`;

type Closest = NonNullable<NonNullable<EntryCheck['originality']>['closest']>;

/** What a matched video resembles: another creator's entry, or the campaign's own footage. */
export function resemblesText(closest: Closest, distance: number | null): string {
  const what =
    closest.kind === 'CAMPAIGN_FOOTAGE'
      ? `the footage of ${closest.campaignName}`
      : `${closest.creatorName ?? 'another creator'}’s entry in ${closest.campaignName}`;
  return `Resembles ${what}${distance === null ? '' : ` (distance ${distance.toFixed(2)})`}`;
}
