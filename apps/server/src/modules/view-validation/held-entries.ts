import { payPerViewEarning, type HeldEntry } from '@platform/shared';
import type { StaffCaller } from '../../principal';
import type { EntryFigure, ViewValidationContext } from './view-validation.context';
import type { HeldRow, HoldRow } from './view-validation.repository';

/** How long the link to an appeal's recording opens for staff. */
const RECORDING_URL_SECONDS = 10 * 60;

/** Where an appeal's recording is kept once taken in: no upload URL reaches it. */
export const appealKey = (holdId: string, uploadId: string) => `hold-appeals/${holdId}/${uploadId}`;

export const toFigures = (figures: EntryFigure | undefined): HeldEntry['figures'] =>
  figures
    ? {
        views: figures.views,
        likes: figures.likes,
        comments: figures.comments,
        state: figures.state,
        validatedAt: figures.validatedAt.toISOString(),
        excludedViews: figures.excludedViews,
      }
    : null;

/** How a hold was decided, for staff and for its creator alike. */
export function decisionOf(hold: HoldRow) {
  if (!hold.decidedAt || hold.status === 'HELD' || hold.status === 'APPEALED') return null;
  return {
    outcome: hold.status,
    decidedAt: hold.decidedAt.toISOString(),
    note: hold.decisionNote,
    rejectionReason: hold.rejectionReason,
    excluded:
      hold.excludedFrom && hold.excludedTo
        ? {
            from: hold.excludedFrom.toISOString(),
            to: hold.excludedTo.toISOString(),
            views: hold.excludedViews,
          }
        : null,
  };
}

/**
 * What an entry would be paid as things stand, in the campaign's minor units: a first-come slot's fixed
 * amount; for prizes, the prize of its current place on the board (none past the prizes), or the first
 * prize while it is not on the board yet (not approved), the most it could win; pay per view, what its
 * views earn now, within the entry's and the creator's caps (ADR 038).
 */
export async function amountsAtStake(
  context: ViewValidationContext,
  caller: StaffCaller,
  rows: readonly HeldRow[],
): Promise<Map<string, number>> {
  const ranks = new Map<string, number | null>();
  const prizeCampaigns = new Set(
    rows
      .filter((row) => row.reward.type === 'TOP_PRIZES' || row.reward.type === 'SPRINT')
      .map((row) => row.hold.campaignId),
  );
  const perView = rows.filter((row) => row.reward.type === 'PAY_PER_VIEW').map((row) => row.hold.entryId);
  const figures: ReadonlyMap<string, EntryFigure> =
    perView.length > 0 ? await context.metrics.figuresOf(perView) : new Map();
  for (const campaignId of prizeCampaigns) {
    const board = await context.metrics.staffLeaderboard(caller, campaignId, {});
    for (const place of board.places) ranks.set(place.entryId, place.rank);
  }
  const amounts = new Map<string, number>();
  for (const { hold, reward, entryStatus } of rows) {
    if (reward.type === 'FIRST_COME_FIRST_SERVE') {
      amounts.set(hold.id, reward.amountPerEntry);
      continue;
    }
    if (reward.type === 'PAY_PER_VIEW') {
      const views = figures.get(hold.entryId)?.views ?? 0;
      amounts.set(hold.id, Math.min(payPerViewEarning(reward, views), reward.capPerCreator));
      continue;
    }
    const rank = ranks.get(hold.entryId);
    const onBoard = ranks.has(hold.entryId) || entryStatus === 'APPROVED';
    const amount = onBoard ? (rank ? (reward.prizes[rank - 1] ?? 0) : 0) : (reward.prizes[0] ?? 0);
    amounts.set(hold.id, amount);
  }
  return amounts;
}

async function recordingUrl(context: ViewValidationContext, key: string | null): Promise<string | null> {
  if (!key || !(await context.storage.head(key))) return null;
  const signed = await context.storage.signedUrl({
    method: 'GET',
    key,
    expiresInSeconds: RECORDING_URL_SECONDS,
    downloadName: `appeal-${key.split('/').at(-1)?.slice(0, 8) ?? 'recording'}`,
  });
  return signed.url;
}

/** Holds as staff read them, with figures, money at stake, the appeal's recording and who decided. */
export async function toHeldEntries(
  context: ViewValidationContext,
  rows: readonly HeldRow[],
  atStake: ReadonlyMap<string, number>,
): Promise<HeldEntry[]> {
  const figures = await context.metrics.figuresOf(rows.map((row) => row.hold.entryId));
  const deciders = await context.repository.accountNames(
    context.db,
    rows.flatMap((row) => (row.hold.decidedBy ? [row.hold.decidedBy] : [])),
  );
  return Promise.all(
    rows.map(async (row): Promise<HeldEntry> => {
      const { hold } = row;
      const decision = decisionOf(hold);
      return {
        id: hold.id,
        status: hold.status,
        score: hold.score,
        signals: hold.signals.map(({ code, value, threshold, sentence, window }) => ({
          code,
          value,
          threshold,
          sentence,
          window,
        })),
        heldAt: hold.heldAt.toISOString(),
        campaign: { id: hold.campaignId, name: row.campaignName, currency: row.currency },
        creator: {
          id: hold.creatorId,
          name: [row.firstName, row.lastName].filter(Boolean).join(' ') || null,
          handle: row.handle,
        },
        entry: { id: hold.entryId, postLink: row.postLink, kind: row.kind, status: row.entryStatus },
        figures: toFigures(figures.get(hold.entryId)),
        atStake: { amountMinor: atStake.get(hold.id) ?? 0, currency: row.currency },
        appeal:
          hold.appealedAt && hold.appealNote !== null
            ? {
                note: hold.appealNote,
                recordingUrl: await recordingUrl(context, hold.appealFileKey),
                scanStatus: hold.appealScanStatus ?? 'NOT_SCANNED',
                appealedAt: hold.appealedAt.toISOString(),
              }
            : null,
        decision: decision && {
          ...decision,
          decidedBy: hold.decidedBy
            ? { id: hold.decidedBy, name: deciders.get(hold.decidedBy) ?? null }
            : null,
        },
      };
    }),
  );
}
