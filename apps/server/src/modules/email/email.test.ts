import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpTransport } from '../../adapters/email/email-transport';
import { createTestApp, type TestApp } from '../../test/harness';
import { linkIn, startSmtpSink } from '../../test/smtp-sink';
import { emailTemplates } from './email.templates';
import { retryDelaySeconds } from './email.service';

let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let context: TestApp;
let offline: TestApp;
beforeAll(async () => {
  smtp = await startSmtpSink();
  context = await createTestApp({ emailTransport: createSmtpTransport(smtp.url) });
  offline = await createTestApp();
});
afterAll(async () => {
  await context?.close();
  await offline?.close();
  await smtp?.close();
});

describe('the email outbox', () => {
  it('delivers over SMTP and marks the email sent', async () => {
    const { db, services } = context;
    await db.transaction((tx) =>
      services.email.enqueue(
        tx,
        'reader@example.com',
        emailTemplates.resetPassword('http://app.test/reset-password?hint=abc'),
      ),
    );
    expect(await services.email.dispatchDue()).toBe(1);
    const delivered = await smtp.waitFor('reader@example.com');
    expect(delivered.raw).toContain('Subject: Reset your password');
    expect(linkIn(delivered.raw, '/reset-password?hint=')).toBe('http://app.test/reset-password?hint=abc');
    expect((await context.emails.to('reader@example.com'))[0]).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('writes nothing when the transaction that causes the email rolls back', async () => {
    const { db, services } = context;
    await expect(
      db.transaction(async (tx) => {
        await services.email.enqueue(
          tx,
          'rolled-back@example.com',
          emailTemplates.verifyEmail('http://app.test/verify?hint=x'),
        );
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await context.emails.to('rolled-back@example.com')).toHaveLength(0);
  });

  it('retries with growing delays when the mail server refuses, then delivers', async () => {
    const { db, services, clock } = context;
    smtp.rejectNext(2);
    await db.transaction((tx) =>
      services.email.enqueue(
        tx,
        'patient@example.com',
        emailTemplates.verifyEmail('http://app.test/verify?hint=later'),
      ),
    );
    await services.email.dispatchDue();
    let [row] = await context.emails.to('patient@example.com');
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row?.lastError).toContain('Mailbox busy');

    expect(await services.email.dispatchDue()).toBe(0);
    clock.advance(retryDelaySeconds(1) * 1000);
    await services.email.dispatchDue();
    clock.advance(retryDelaySeconds(2) * 1000);
    await services.email.dispatchDue();
    [row] = await context.emails.to('patient@example.com');
    expect(row).toMatchObject({ status: 'sent', attempts: 3 });
    await smtp.waitFor('patient@example.com');
  });

  it('without SMTP keeps the email readable in the outbox and logs its link', async () => {
    const { db, services } = offline;
    await db.transaction((tx) =>
      services.email.enqueue(
        tx,
        'local@example.com',
        emailTemplates.verifyEmail('http://app.test/verify?hint=offline'),
      ),
    );
    await services.email.dispatchDue();
    const [row] = await offline.emails.to('local@example.com');
    expect(row).toMatchObject({ status: 'logged', actionUrl: 'http://app.test/verify?hint=offline' });
    expect(offline.logText()).toContain('http://app.test/verify?hint=offline');
  });

  it('backs off from 30 seconds up to an hour', () => {
    expect([1, 2, 3, 8, 20].map(retryDelaySeconds)).toEqual([30, 60, 120, 3600, 3600]);
  });
});
