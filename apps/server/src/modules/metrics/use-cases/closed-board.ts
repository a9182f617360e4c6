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
 * views to rank by wins nothing) with the figures they were ranked by, and how many entries it held.
 */
export async function closedBoard(
  context: MetricsContext,
  campaignId: string,
  closure: { closesAt: Date; submittedFrom?: Date; submittedBefore?: Date },
  places: number,
): Promise<{ entries: number; winners: ClosedBoardPlace[] }> {
  const board = await context.repository.board(context.db, { campaignId, ...closure, size: places });
  return {
    entries: board.total,
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
