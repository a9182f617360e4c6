import { describe, expect, it } from 'vitest';
import {
  HOLD_MESSAGES,
  holdAppealBodySchema,
  holdExcludeBodySchema,
  holdQueueQuerySchema,
  holdRejectBodySchema,
} from './view-validation';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('hold contracts', () => {
  it('takes a window to exclude only when it ends after it starts', () => {
    const window = { from: '2026-11-20T09:00:00Z', to: '2026-11-20T11:00:00Z', reason: 'Bought views' };
    expect(holdExcludeBodySchema.safeParse(window).success).toBe(true);
    const backwards = holdExcludeBodySchema.safeParse({ ...window, to: window.from });
    expect(firstMessage(backwards)).toBe(HOLD_MESSAGES.windowOrder);
    expect(holdExcludeBodySchema.safeParse({ ...window, reason: '  ' }).success).toBe(false);
    expect(holdExcludeBodySchema.safeParse({ ...window, from: 'yesterday' }).success).toBe(false);
  });

  it('rejects only with a reason from the entries’ list and a note', () => {
    expect(holdRejectBodySchema.safeParse({ reason: 'NOT_ORIGINAL', note: 'Bought.' }).success).toBe(true);
    expect(holdRejectBodySchema.safeParse({ reason: 'BOUGHT', note: 'Bought.' }).success).toBe(false);
    expect(firstMessage(holdRejectBodySchema.safeParse({ reason: 'OTHER', note: '' }))).toBe(
      HOLD_MESSAGES.rejectionNoteRequired,
    );
  });

  it('needs the creator’s note to appeal', () => {
    expect(firstMessage(holdAppealBodySchema.safeParse({ note: ' ', fileKey: 'k' }))).toBe(
      HOLD_MESSAGES.noteRequired,
    );
  });

  it('lists open holds, first page, unless asked otherwise', () => {
    expect(holdQueueQuerySchema.parse({})).toMatchObject({ status: 'open', page: 1 });
    expect(holdQueueQuerySchema.parse({ status: 'decided', page: '2' })).toMatchObject({
      status: 'decided',
      page: 2,
    });
    expect(holdQueueQuerySchema.safeParse({ status: 'all' }).success).toBe(false);
  });
});
