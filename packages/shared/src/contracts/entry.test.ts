import { describe, expect, it } from 'vitest';
import {
  ENTRY_MESSAGES,
  entryChangeRequestBodySchema,
  entryFailureMessage,
  entryRejectionBodySchema,
} from './entry';

describe('entryFailureMessage (SPEC §8)', () => {
  it.each([
    [{ code: '16', message: 'busy' }, ENTRY_MESSAGES.highTraffic],
    [{ code: '8', message: 'handle' }, ENTRY_MESSAGES.handleNotMapped],
    [
      { code: 'CONFLICT', message: 'This post has already been entered.' },
      'This post has already been entered.',
    ],
    [{ description: 'The link could not be read' }, 'The link could not be read'],
    [{}, 'An unknown error occurred.'],
    [null, 'An unknown error occurred.'],
  ])('%j -> %s', (failure, text) => {
    expect(entryFailureMessage(failure)).toBe(text);
  });
});

describe('entryRejectionBodySchema', () => {
  const issuesOf = (body: unknown) => {
    const parsed = entryRejectionBodySchema.safeParse(body);
    return parsed.success ? [] : parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
  };

  it('takes a listed reason, with an optional note', () => {
    expect(issuesOf({ reason: 'LOW_QUALITY' })).toEqual([]);
    expect(issuesOf({ reason: 'NOT_ORIGINAL', note: 'Reposted from another account.' })).toEqual([]);
  });

  it('asks for a reason, and for words of their own when it is another reason', () => {
    expect(issuesOf({})).toEqual([['reason', ENTRY_MESSAGES.reasonRequired]]);
    expect(issuesOf({ reason: 'BORING' })).toEqual([['reason', ENTRY_MESSAGES.reasonRequired]]);
    expect(issuesOf({ reason: 'OTHER', note: '   ' })).toEqual([['note', ENTRY_MESSAGES.noteRequired]]);
    expect(issuesOf({ reason: 'OTHER', note: 'x'.repeat(501) })).toEqual([
      ['note', 'You cannot enter more than 500 characters'],
    ]);
  });
});

describe('entryChangeRequestBodySchema', () => {
  const parse = (body: unknown) => {
    const parsed = entryChangeRequestBodySchema.safeParse(body);
    return parsed.success
      ? { data: parsed.data }
      : { issues: parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]) };
  };

  it('takes a note of up to 1000 characters, trimmed', () => {
    expect(parse({ note: '  Show the product in the first 3 seconds.  ' })).toEqual({
      data: { note: 'Show the product in the first 3 seconds.' },
    });
    expect(parse({ note: 'x'.repeat(1000) })).toEqual({ data: { note: 'x'.repeat(1000) } });
  });

  it('asks for words, at most 1000 characters of them', () => {
    expect(parse({})).toEqual({ issues: [['note', ENTRY_MESSAGES.changeNoteRequired]] });
    expect(parse({ note: '   ' })).toEqual({ issues: [['note', ENTRY_MESSAGES.changeNoteRequired]] });
    expect(parse({ note: 'x'.repeat(1001) })).toEqual({
      issues: [['note', 'You cannot enter more than 1000 characters']],
    });
  });
});
