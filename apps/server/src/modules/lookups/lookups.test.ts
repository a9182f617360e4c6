import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LOOKUP_KIND_SLUGS,
  LOOKUP_KINDS,
  LOOKUP_MESSAGES,
  maxLengthMessage,
  REQUIRED_MESSAGE,
  type Lookup,
  type LookupKind,
} from '@platform/shared';
import { auditLog, lookups } from '../../db/schema/index';
import { createWorld, type World } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { createLookupsService } from './lookups.service';

let context: TestApp;
let world: World;
beforeAll(async () => {
  context = await createTestApp({ environment: { API_RATE_LIMIT_PER_MINUTE: '100000' } });
  world = await createWorld(context);
});
afterAll(async () => {
  await context?.close();
});

type ErrorBody = {
  error: { code: string; message: string; details?: { field: string; message: string }[]; requestId: string };
};
type Page = { items: Lookup[]; total: number; page: number; pageSize: number };

const admin = () => world.as('Admin');
const staffPath = (kind: LookupKind, rest = '') =>
  `/server-api/marketing/lookups/${LOOKUP_KIND_SLUGS[kind]}${rest}`;

let counter = 0;
/** Letters only, so that a name holding it stays plain text and sorts the same wherever it is. */
function token(): string {
  counter += 1;
  let value = counter;
  let letters = '';
  do {
    letters = String.fromCharCode(97 + (value % 26)) + letters;
    value = Math.floor(value / 26);
  } while (value > 0);
  return `zq${letters}`;
}

async function createQuestion(name = `Question ${token()}`): Promise<Lookup> {
  const response = await admin().post(staffPath('question'), { name });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Lookup>();
}

async function create(kind: LookupKind, body: Record<string, unknown>): Promise<Lookup> {
  const response = await admin().post(staffPath(kind), body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Lookup>();
}

async function list(kind: LookupKind, query: Record<string, string | number>): Promise<Page> {
  const search = new URLSearchParams(
    Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
  );
  const response = await admin().get(`${staffPath(kind)}?${search.toString()}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Page>();
}

const auditOf = (id: string) =>
  context.db.select().from(auditLog).where(eq(auditLog.targetId, id)).orderBy(asc(auditLog.at));

const errorOf = (response: { json: <T>() => T }) => response.json<ErrorBody>().error;

/** For answers, every call is about the answers of one fresh question. */
async function scopeFor(
  kind: LookupKind,
): Promise<{ body: Record<string, string>; query: Record<string, string> }> {
  if (kind !== 'answer') return { body: {}, query: {} };
  const question = await createQuestion();
  return { body: { questionId: question.id }, query: { questionId: question.id } };
}

describe.each(LOOKUP_KINDS.map((kind) => [kind, LOOKUP_KIND_SLUGS[kind]] as const))(
  'the %s lookups (/%s)',
  (kind) => {
    it('adds lookups and lists them sorted by name, in any case, with numbers by value', async () => {
      const scope = await scopeFor(kind);
      const mark = token();
      const names = ['banana', 'Apple', `item 10`, 'Item 9', 'cherry', '2 Pop'].map(
        (name) => `${name} ${mark}`,
      );
      for (const name of names) await create(kind, { name, ...scope.body });

      const page = await list(kind, { search: mark, ...scope.query });
      expect(page.items.map((item) => item.name)).toEqual(
        ['2 Pop', 'Apple', 'banana', 'cherry', 'Item 9', 'item 10'].map((name) => `${name} ${mark}`),
      );
      expect(page).toMatchObject({ total: 6, page: 1, pageSize: 25 });
      expect(page.items[0]).toMatchObject({
        kind,
        label: null,
        infoContent: null,
        questionId: kind === 'answer' ? scope.body.questionId : null,
        archived: false,
      });
    });

    it('keeps the label and info content, trimmed', async () => {
      const scope = await scopeFor(kind);
      const created = await create(kind, {
        name: `  Spaced ${token()}  `,
        label: ' Short ',
        infoContent: ' Shown under the name ',
        ...scope.body,
      });
      expect(created.name).toMatch(/^Spaced zq[a-z]+$/);
      expect(created).toMatchObject({ label: 'Short', infoContent: 'Shown under the name' });
      expect(created.createdAt).toBe(created.updatedAt);
    });

    it('searches by name in any case, and pages on the server', async () => {
      const scope = await scopeFor(kind);
      const mark = token();
      for (const name of ['Alpha', 'Beta', 'Gamma', 'Delta', 'Epsilon']) {
        await create(kind, { name: `${name} ${mark}`, ...scope.body });
      }
      const found = await list(kind, { search: `ALPHA ${mark.toUpperCase()}`, ...scope.query });
      expect(found.items.map((item) => item.name)).toEqual([`Alpha ${mark}`]);

      const second = await list(kind, { search: mark, page: 2, pageSize: 2, ...scope.query });
      expect(second).toMatchObject({ total: 5, page: 2, pageSize: 2 });
      expect(second.items.map((item) => item.name)).toEqual([`Delta ${mark}`, `Epsilon ${mark}`]);
      const beyond = await list(kind, { search: mark, page: 4, pageSize: 2, ...scope.query });
      expect(beyond).toMatchObject({ items: [], total: 5 });
    });

    it('refuses a name already taken in any case with a 409 on the name, and writes nothing', async () => {
      const scope = await scopeFor(kind);
      const name = `Taken ${token()}`;
      await create(kind, { name, ...scope.body });
      const before = await context.rowCounts();
      const response = await admin().post(staffPath(kind), {
        name: ` ${name.toUpperCase()} `,
        ...scope.body,
      });
      expect(response.statusCode).toBe(409);
      const message = LOOKUP_MESSAGES.duplicateName(kind);
      expect(errorOf(response)).toMatchObject({
        code: 'CONFLICT',
        message,
        details: [{ field: 'name', message }],
      });
      expect(await context.rowCounts()).toEqual(before);
    });

    it('lets only one of two simultaneous additions of a name through', async () => {
      const scope = await scopeFor(kind);
      const name = `Raced ${token()}`;
      const responses = await Promise.all([
        admin().post(staffPath(kind), { name, ...scope.body }),
        admin().post(staffPath(kind), { name: name.toLowerCase(), ...scope.body }),
      ]);
      expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    });

    it('gives creators the live ones only, sorted by name, in the shape SPEC §3 and §7 give', async () => {
      const scope = await scopeFor(kind);
      const mark = token();
      const kept = await create(kind, {
        name: `Kept ${mark}`,
        label: 'Tag',
        infoContent: 'Info',
        ...scope.body,
      });
      const bare = await create(kind, { name: `Bare ${mark}`, ...scope.body });
      const gone = await create(kind, { name: `Archived ${mark}`, ...scope.body });
      await context.db
        .update(lookups)
        .set({ archivedAt: context.clock.now() })
        .where(eq(lookups.id, gone.id));

      const segment = {
        genre: 'genre',
        agency: 'agency',
        'audience-bible': 'audience-bible',
        'vertical-content': 'vertical-content',
        question: 'questions',
        answer: 'answers',
        'audience-cluster': 'audience-cluster',
        artist: 'artist',
      }[kind];
      const response = await world.as('Creator').get(`/server-api/creator/lookup/${segment}`);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<unknown>();
      if (kind === 'agency') {
        const { data } = body as { data: { partyId: string; name: string }[] };
        const mine = data.filter((item) => item.name.endsWith(mark));
        expect(mine).toEqual([
          { partyId: bare.id, name: `Bare ${mark}` },
          { partyId: kept.id, name: `Kept ${mark}` },
        ]);
        return;
      }
      const items = (body as { id: string; name: string }[]).filter((item) => item.name.endsWith(mark));
      const questionId = kind === 'answer' ? { questionId: scope.body.questionId } : {};
      expect(items).toEqual([
        { id: bare.id, name: `Bare ${mark}`, ...questionId },
        { id: kept.id, name: `Kept ${mark}`, label: 'Tag', infoContent: 'Info', ...questionId },
      ]);
    });
  },
);

describe('what a creator reads', () => {
  it('sorts every list by name across the whole kind', async () => {
    const response = await world.as('Creator').get('/server-api/creator/lookup/genre');
    const names = response.json<{ name: string }[]>().map((item) => item.name);
    const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
    expect(names.length).toBeGreaterThan(10);
    expect(names).toEqual([...names].sort((a, b) => collator.compare(a, b)));
  });

  it('answers 404 for a segment SPEC §7 does not name', async () => {
    for (const segment of ['genres', 'agencies', 'question', 'answer', 'territory', '']) {
      const response = await world.as('Creator').get(`/server-api/creator/lookup/${segment}`);
      expect(response.statusCode, segment).toBe(404);
      expect(errorOf(response).code).toBe('NOT_FOUND');
    }
  });

  it('is for creators: staff are refused', async () => {
    const response = await admin().get('/server-api/creator/lookup/genre');
    expect(response.statusCode).toBe(403);
  });
});

describe('validation', () => {
  it('takes names with the punctuation catalogues need', async () => {
    for (const name of [`Hip-hop ${token()}`, `R&B ${token()}`, `What's your go-to song? ${token()}`]) {
      const response = await admin().post(staffPath('question'), { name });
      expect(response.statusCode, name).toBe(201);
    }
  });

  it.each([
    ['a missing name', {}, 'name', REQUIRED_MESSAGE],
    ['a blank name', { name: '   ' }, 'name', REQUIRED_MESSAGE],
    ['a name that is not text', { name: 42 }, 'name', REQUIRED_MESSAGE],
    ['a name over 100 characters', { name: 'a'.repeat(101) }, 'name', maxLengthMessage(100)],
    ['a name on two lines', { name: 'Rock\nRoll' }, 'name', LOOKUP_MESSAGES.nameOnOneLine],
    ['a label over 50 characters', { name: 'Fine', label: 'l'.repeat(51) }, 'label', maxLengthMessage(50)],
    [
      'info content over 500 characters',
      { name: 'Fine', infoContent: 'i'.repeat(501) },
      'infoContent',
      maxLengthMessage(500),
    ],
    [
      'a question id that is not one',
      { name: 'Fine', questionId: 'abc' },
      'questionId',
      LOOKUP_MESSAGES.questionUnknown,
    ],
    [
      'an empty question id',
      { name: 'Fine', questionId: '' },
      'questionId',
      LOOKUP_MESSAGES.questionRequired,
    ],
  ])('refuses %s with its message and writes nothing', async (_case, body, field, message) => {
    const before = await context.rowCounts();
    const response = await admin().post(staffPath('genre'), body);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('VALIDATION_FAILED');
    expect(errorOf(response).details).toContainEqual({ field, message });
    expect(await context.rowCounts()).toEqual(before);
  });

  it('accepts a name of exactly 100 characters, of letters of any script and digits', async () => {
    await create('genre', { name: 'a'.repeat(100) });
    await create('genre', { name: 'Música Ñandú 2024' });
    await create('genre', { name: 'Ёлка 音楽' });
  });

  it('needs the question of an answer, a live one, and no question for any other kind', async () => {
    const archivedQuestion = await createQuestion();
    await context.db
      .update(lookups)
      .set({ archivedAt: context.clock.now() })
      .where(eq(lookups.id, archivedQuestion.id));
    const genre = await create('genre', { name: `Not a question ${token()}` });
    const cases: [LookupKind, Record<string, unknown>, string][] = [
      ['answer', { name: 'Yes' }, LOOKUP_MESSAGES.questionRequired],
      ['answer', { name: 'Yes', questionId: randomUUID() }, LOOKUP_MESSAGES.questionUnknown],
      ['answer', { name: 'Yes', questionId: archivedQuestion.id }, LOOKUP_MESSAGES.questionUnknown],
      ['answer', { name: 'Yes', questionId: genre.id }, LOOKUP_MESSAGES.questionUnknown],
      ['genre', { name: 'Yes', questionId: archivedQuestion.id }, LOOKUP_MESSAGES.questionOnlyForAnswers],
    ];
    for (const [kind, body, message] of cases) {
      const before = await context.rowCounts();
      const response = await admin().post(staffPath(kind), body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(response).details).toEqual([{ field: 'questionId', message }]);
      expect(await context.rowCounts()).toEqual(before);
    }
  });

  it('checks an edit by the same rules', async () => {
    const genre = await create('genre', { name: `Editable ${token()}` });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '' }, 'name', REQUIRED_MESSAGE],
      [{ name: 'b'.repeat(101) }, 'name', maxLengthMessage(100)],
      [{ name: 'Drum\tBass' }, 'name', LOOKUP_MESSAGES.nameOnOneLine],
      [{ label: 'l'.repeat(51) }, 'label', maxLengthMessage(50)],
      [{ infoContent: 'i'.repeat(501) }, 'infoContent', maxLengthMessage(500)],
    ];
    for (const [body, field, message] of cases) {
      const before = await context.rowCounts();
      const response = await admin().patch(staffPath('genre', `/${genre.id}`), body);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).details).toContainEqual({ field, message });
      expect(await context.rowCounts()).toEqual(before);
    }
  });

  it.each([
    ['page=0', 'page', 'Page must be a whole number from 1.'],
    ['pageSize=101', 'pageSize', 'Page size must be from 1 to 100.'],
    ['includeArchived=yes', 'includeArchived', LOOKUP_MESSAGES.includeArchived],
    ['questionId=abc', 'questionId', LOOKUP_MESSAGES.questionUnknown],
    [`search=${'s'.repeat(201)}`, 'search', 'Search must be at most 200 characters.'],
  ])('refuses the list query %s', async (query, field, message) => {
    const response = await admin().get(`${staffPath('answer')}?${query}`);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).details).toContainEqual({ field, message });
  });
});

describe('answers', () => {
  it('are unique per question: the same answer under two questions is fine', async () => {
    const first = await createQuestion();
    const second = await createQuestion();
    await create('answer', { name: 'Pizza', questionId: first.id });
    await create('answer', { name: 'PIZZA', questionId: second.id });
    const response = await admin().post(staffPath('answer'), { name: 'pizza ', questionId: first.id });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).details).toEqual([
      { field: 'name', message: 'This question already has an answer with this name.' },
    ]);
    expect((await list('answer', { questionId: first.id })).items.map((item) => item.name)).toEqual([
      'Pizza',
    ]);
    expect((await list('answer', { questionId: second.id })).items.map((item) => item.name)).toEqual([
      'PIZZA',
    ]);
  });

  it('lists every question’s answers without a question, each naming its question', async () => {
    const question = await createQuestion();
    const answer = await create('answer', { name: `Everywhere ${token()}`, questionId: question.id });
    const page = await list('answer', { search: answer.name });
    expect(page.items).toEqual([expect.objectContaining({ id: answer.id, questionId: question.id })]);
  });

  it('a question filter is ignored for other kinds', async () => {
    const genre = await create('genre', { name: `Unfiltered ${token()}` });
    const page = await list('genre', { search: genre.name, questionId: randomUUID() });
    expect(page.items.map((item) => item.id)).toEqual([genre.id]);
  });
});

describe('editing', () => {
  it('changes the fields sent, keeps the others, and audits before and after', async () => {
    const genre = await create('genre', { name: `Before ${token()}`, label: 'Old', infoContent: 'Kept' });
    const renamed = `After ${token()}`;
    const response = await admin().patch(staffPath('genre', `/${genre.id}`), { name: renamed, label: 'New' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Lookup>()).toMatchObject({ name: renamed, label: 'New', infoContent: 'Kept' });
    expect(response.json<Lookup>().updatedAt > genre.updatedAt).toBe(true);

    const [, update] = await auditOf(genre.id);
    expect(update).toMatchObject({
      action: 'lookup.update',
      targetType: 'lookup',
      targetLabel: `genre: ${renamed}`,
      actorEmail: world.account('Admin').email,
      actorRole: 'Admin',
      requestId: response.headers['x-request-id'],
      before: {
        kind: 'genre',
        name: genre.name,
        label: 'Old',
        infoContent: 'Kept',
        questionId: null,
        archived: false,
      },
      after: {
        kind: 'genre',
        name: renamed,
        label: 'New',
        infoContent: 'Kept',
        questionId: null,
        archived: false,
      },
    });
  });

  it('clears the label and info content with an empty text', async () => {
    const genre = await create('genre', { name: `Clear ${token()}`, label: 'L', infoContent: 'I' });
    const response = await admin().patch(staffPath('genre', `/${genre.id}`), {
      label: '',
      infoContent: '  ',
    });
    expect(response.json<Lookup>()).toMatchObject({ label: null, infoContent: null });
  });

  it('lets a lookup change the case of its own name, but not take another’s', async () => {
    const mark = token();
    const pop = await create('genre', { name: `pop ${mark}` });
    await create('genre', { name: `Rock ${mark}` });
    const recased = await admin().patch(staffPath('genre', `/${pop.id}`), { name: `Pop ${mark}` });
    expect(recased.statusCode).toBe(200);
    const before = await context.rowCounts();
    const taken = await admin().patch(staffPath('genre', `/${pop.id}`), { name: `ROCK ${mark}` });
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken).details).toEqual([
      { field: 'name', message: 'A genre with this name already exists.' },
    ]);
    expect(await context.rowCounts()).toEqual(before);
  });

  it('writes nothing when nothing changes', async () => {
    const genre = await create('genre', { name: `Same ${token()}`, label: 'Same' });
    const response = await admin().patch(staffPath('genre', `/${genre.id}`), {
      name: genre.name,
      label: 'Same',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<Lookup>().updatedAt).toBe(genre.updatedAt);
    expect((await auditOf(genre.id)).map((row) => row.action)).toEqual(['lookup.create']);
  });

  it('refuses to edit an archived lookup until it is restored', async () => {
    const genre = await create('genre', { name: `Archived edit ${token()}` });
    await context.db.update(lookups).set({ archivedAt: context.clock.now() }).where(eq(lookups.id, genre.id));
    const before = await context.rowCounts();
    const response = await admin().patch(staffPath('genre', `/${genre.id}`), { label: 'Nope' });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).message).toBe(LOOKUP_MESSAGES.editArchived);
    expect(await context.rowCounts()).toEqual(before);
  });

  it('answers 404 for a missing id, an id that is not a UUID, and an id of another kind', async () => {
    const genre = await create('genre', { name: `Other kind ${token()}` });
    for (const url of [
      staffPath('genre', `/${randomUUID()}`),
      staffPath('genre', '/not-a-uuid'),
      staffPath('agency', `/${genre.id}`),
    ]) {
      const response = await admin().patch(url, { label: 'x' });
      expect(response.statusCode, url).toBe(404);
      expect(errorOf(response).code).toBe('NOT_FOUND');
    }
  });
});

describe('deleting', () => {
  it('deletes a lookup nothing uses, and audits what it was', async () => {
    const agency = await create('agency', { name: `Unused ${token()}`, label: 'Agency' });
    const response = await admin().delete(staffPath('agency', `/${agency.id}`));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ outcome: 'deleted' });
    expect(await context.db.select().from(lookups).where(eq(lookups.id, agency.id))).toEqual([]);
    const [, deleted] = await auditOf(agency.id);
    expect(deleted).toMatchObject({
      action: 'lookup.delete',
      targetLabel: `agency: ${agency.name}`,
      before: { kind: 'agency', name: agency.name, label: 'Agency', archived: false },
      after: null,
    });
    expect((await admin().delete(staffPath('agency', `/${agency.id}`))).statusCode).toBe(404);
  });

  it('archives a question with live answers: the answers stay readable, creators see neither', async () => {
    const question = await createQuestion();
    const answer = await create('answer', { name: `Kept answer ${token()}`, questionId: question.id });
    const response = await admin().delete(staffPath('question', `/${question.id}`));
    expect(response.json()).toEqual({ outcome: 'archived' });

    const [, archived] = await auditOf(question.id);
    expect(archived).toMatchObject({
      action: 'lookup.archive',
      before: { archived: false },
      after: { archived: true, name: question.name },
    });
    expect((await list('question', { search: question.name })).items).toEqual([]);
    expect((await list('question', { search: question.name, includeArchived: 'true' })).items).toEqual([
      expect.objectContaining({ id: question.id, archived: true }),
    ]);
    expect((await list('answer', { questionId: question.id })).items).toEqual([
      expect.objectContaining({ id: answer.id, archived: false }),
    ]);

    const creator = world.as('Creator');
    const questions = (await creator.get('/server-api/creator/lookup/questions')).json<{ id: string }[]>();
    expect(questions.map((item) => item.id)).not.toContain(question.id);
    const answers = (await creator.get('/server-api/creator/lookup/answers')).json<{ id: string }[]>();
    expect(answers.map((item) => item.id)).not.toContain(answer.id);

    // Deleting it again changes nothing: it is still in use.
    const again = await admin().delete(staffPath('question', `/${question.id}`));
    expect(again.json()).toEqual({ outcome: 'archived' });
    expect(await auditOf(question.id)).toHaveLength(2);
  });

  it('deletes a question without live answers, with its archived ones', async () => {
    const question = await createQuestion();
    const answer = await create('answer', { name: 'Old answer', questionId: question.id });
    await context.db
      .update(lookups)
      .set({ archivedAt: context.clock.now() })
      .where(eq(lookups.id, answer.id));
    const response = await admin().delete(staffPath('question', `/${question.id}`));
    expect(response.json()).toEqual({ outcome: 'deleted' });
    expect(await context.db.select().from(lookups).where(eq(lookups.id, answer.id))).toEqual([]);
  });

  it('deletes an archived lookup that is no longer in use', async () => {
    const genre = await create('genre', { name: `Archived then deleted ${token()}` });
    await context.db.update(lookups).set({ archivedAt: context.clock.now() }).where(eq(lookups.id, genre.id));
    expect((await admin().delete(staffPath('genre', `/${genre.id}`))).json()).toEqual({ outcome: 'deleted' });
  });

  it('answers 404 for a missing id, an id that is not a UUID and an id of another kind, writing nothing', async () => {
    const genre = await create('genre', { name: `Wrong path ${token()}` });
    const before = await context.rowCounts();
    for (const url of [
      staffPath('genre', `/${randomUUID()}`),
      staffPath('genre', '/123'),
      staffPath('question', `/${genre.id}`),
    ]) {
      expect((await admin().delete(url)).statusCode, url).toBe(404);
    }
    expect(await context.rowCounts()).toEqual(before);
  });
});

describe('the usage registry', () => {
  const actor = () => ({
    accountId: world.account('Admin').id,
    email: world.account('Admin').email,
    role: 'Admin' as const,
  });
  const service = () =>
    createLookupsService({ db: context.db, clock: context.clock, audit: context.services.audit });

  it('archives what a registered check says is in use and deletes the rest', async () => {
    const lookupsService = service();
    const used = await create('genre', { name: `Chosen by a creator ${token()}` });
    const unused = await create('genre', { name: `Chosen by nobody ${token()}` });
    const asked: string[][] = [];
    lookupsService.registerUsage('genre', async (ids) => {
      asked.push([...ids]);
      return new Set(ids.filter((id) => id === used.id));
    });
    lookupsService.registerUsage('agency', async (ids) => new Set(ids));

    expect(await lookupsService.remove(actor(), 'genre', used.id)).toEqual({ outcome: 'archived' });
    expect(await lookupsService.remove(actor(), 'genre', unused.id)).toEqual({ outcome: 'deleted' });
    expect(asked).toEqual([[used.id], [unused.id]]);
    const [row] = await context.db.select().from(lookups).where(eq(lookups.id, used.id));
    expect(row?.archivedAt).not.toBeNull();
  });

  it('archives a question when one of its answers is in use, even an archived one', async () => {
    const lookupsService = service();
    const question = await createQuestion();
    const answer = await create('answer', { name: 'Picked', questionId: question.id });
    await context.db
      .update(lookups)
      .set({ archivedAt: context.clock.now() })
      .where(eq(lookups.id, answer.id));
    lookupsService.registerUsage('answer', async (ids) => new Set(ids.filter((id) => id === answer.id)));
    expect(await lookupsService.remove(actor(), 'question', question.id)).toEqual({ outcome: 'archived' });
  });

  it('archives instead when a table still references the lookup that no check reported', async () => {
    await context.db.execute(
      sql`create table lookup_usage_probe (lookup_id uuid not null references lookups (id))`,
    );
    try {
      const genre = await create('genre', { name: `Referenced ${token()}` });
      await context.db.execute(sql`insert into lookup_usage_probe (lookup_id) values (${genre.id})`);
      const response = await admin().delete(staffPath('genre', `/${genre.id}`));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ outcome: 'archived' });
      expect((await auditOf(genre.id)).map((row) => row.action)).toEqual(['lookup.create', 'lookup.archive']);
    } finally {
      await context.db.execute(sql`drop table lookup_usage_probe`);
    }
  });
});

describe('restoring', () => {
  it('brings an archived lookup back to creators and audits it', async () => {
    const genre = await create('genre', { name: `Comeback ${token()}` });
    await context.db.update(lookups).set({ archivedAt: context.clock.now() }).where(eq(lookups.id, genre.id));
    const response = await admin().post(staffPath('genre', `/${genre.id}/restore`));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Lookup>()).toMatchObject({ id: genre.id, archived: false });
    const creatorList = (await world.as('Creator').get('/server-api/creator/lookup/genre')).json<
      { id: string }[]
    >();
    expect(creatorList.map((item) => item.id)).toContain(genre.id);
    const actions = await auditOf(genre.id);
    expect(actions.at(-1)).toMatchObject({
      action: 'lookup.restore',
      before: { archived: true },
      after: { archived: false },
    });
  });

  it('refuses when a live lookup took the name meanwhile', async () => {
    const name = `Twice ${token()}`;
    const first = await create('genre', { name });
    await admin().delete(staffPath('genre', `/${first.id}`));
    await context.db.insert(lookups).values({
      id: first.id,
      kind: 'genre',
      name,
      createdAt: context.clock.now(),
      updatedAt: context.clock.now(),
      archivedAt: context.clock.now(),
    });
    await create('genre', { name: name.toLowerCase() });
    const before = await context.rowCounts();
    const response = await admin().post(staffPath('genre', `/${first.id}/restore`));
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).details).toEqual([
      { field: 'name', message: 'A genre with this name already exists.' },
    ]);
    expect(await context.rowCounts()).toEqual(before);
  });

  it('restores an answer only while its question is live', async () => {
    const question = await createQuestion();
    const answer = await create('answer', { name: 'Maybe', questionId: question.id });
    const now = context.clock.now();
    await context.db.update(lookups).set({ archivedAt: now }).where(eq(lookups.id, answer.id));
    await context.db.update(lookups).set({ archivedAt: now }).where(eq(lookups.id, question.id));
    const refused = await admin().post(staffPath('answer', `/${answer.id}/restore`));
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toBe(LOOKUP_MESSAGES.restoreQuestionFirst);
    expect((await admin().post(staffPath('question', `/${question.id}/restore`))).statusCode).toBe(200);
    expect((await admin().post(staffPath('answer', `/${answer.id}/restore`))).statusCode).toBe(200);
  });

  it('leaves a live lookup as it is', async () => {
    const genre = await create('genre', { name: `Already live ${token()}` });
    const response = await admin().post(staffPath('genre', `/${genre.id}/restore`));
    expect(response.json<Lookup>()).toEqual(genre);
    expect(await auditOf(genre.id)).toHaveLength(1);
  });
});

describe('the console routes', () => {
  it('answer 404 for a kind they do not know, and write nothing', async () => {
    const before = await context.rowCounts();
    const id = randomUUID();
    const calls = [
      admin().get('/server-api/marketing/lookups/colours'),
      admin().get('/server-api/marketing/lookups/genre'),
      admin().post('/server-api/marketing/lookups/colours', { name: 'Red' }),
      admin().patch(`/server-api/marketing/lookups/colours/${id}`, { name: 'Red' }),
      admin().delete(`/server-api/marketing/lookups/colours/${id}`),
      admin().post(`/server-api/marketing/lookups/colours/${id}/restore`),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).code).toBe('NOT_FOUND');
    }
    expect(await context.rowCounts()).toEqual(before);
  });

  it('let every staff role read, and only an Admin write', async () => {
    const read = await world.as('CampaignViewer').get(staffPath('genre'));
    expect(read.statusCode).toBe(200);
    const before = await context.rowCounts();
    const write = await world.as('CampaignManager').post(staffPath('genre'), { name: 'Not allowed' });
    expect(write.statusCode).toBe(403);
    expect(await context.rowCounts()).toEqual(before);
  });

  it('audit a creation with the actor, the request and what was made', async () => {
    const response = await admin().post(staffPath('vertical-content'), {
      name: `Audited ${token()}`,
      label: 'L',
    });
    const created = response.json<Lookup>();
    expect(await auditOf(created.id)).toEqual([
      expect.objectContaining({
        action: 'lookup.create',
        actorId: world.account('Admin').id,
        actorRole: 'Admin',
        targetType: 'lookup',
        targetId: created.id,
        targetLabel: `vertical-content: ${created.name}`,
        requestId: response.headers['x-request-id'],
        before: null,
        after: {
          kind: 'vertical-content',
          name: created.name,
          label: 'L',
          infoContent: null,
          questionId: null,
          archived: false,
        },
      }),
    ]);
  });
});
