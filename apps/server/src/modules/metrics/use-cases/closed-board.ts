import type { MetricsContext } from '../metrics.context';
import type { BoardRow } from '../metrics.repository';
import { figuresOf } from '../readings';

/** A place that wins a prize on a closed board. */
export type ClosedBoardPlace = Pick<
  BoardRow,
  'entryId' | 'creatorId' | 'views' | 'likes' | 'comments' | 'shares' | 'source' | 'readAt'
> & { rank: number };

/**
 * A closed board's winners, for the prize settlement: its first `places` ranked entries (one without
 * views to rank by wins nothing) with the figures they were ranked by, and how many entries it held;
 * whether it is final (every figure on it validated, ADR 037) and every entry it ranks, so that the
 * settlement can wait for those held.
 */
export async function closedBoard(
  context: MetricsContext,
  campaignId: string,
  closure: { closesAt: Date; lockDays: number; submittedFrom?: Date; submittedBefore?: Date },
  places: number,
): Promise<{ entries: number; winners: ClosedBoardPlace[]; final: boolean; entryIds: string[] }> {
  const board = await context.repository.board(context.db, {
    campaignId,
    ...closure,
    size: Number.MAX_SAFE_INTEGER,
  });
  const now = context.clock.now();
  return {
    entries: board.total,
    final: now >= closure.closesAt && (board.validatedBy === null || now >= board.validatedBy),
    entryIds: board.rows.map((row) => row.entryId),
    winners: board.rows.flatMap((row) =>
      row.rank === null || row.rank > places
        ? []
        : [
            {
              rank: row.rank,
              entryId: row.entryId,
              creatorId: row.creatorId,
              ...figuresOf(row),
              source: row.source,
              readAt: row.readAt,
            },
          ],
    ),
  };
}
