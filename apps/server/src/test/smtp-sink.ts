import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedEmail = { from: string; to: string[]; raw: string };

/**
 * A real SMTP server on 127.0.0.1 that keeps what it receives; `rejectNext` makes the next
 * deliveries fail with a temporary error, as a busy mail server would.
 */
export async function startSmtpSink() {
  const received: ReceivedEmail[] = [];
  const waiters: (() => void)[] = [];
  let rejections = 0;

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (rejections > 0) {
          rejections -= 1;
          const error = Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 });
          callback(error);
          return;
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        waiters.splice(0).forEach((wake) => wake());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    rejectNext(count: number) {
      rejections = count;
    },
    /** Resolves with the first email to `recipient` that matches, waiting for it up to `timeoutMs`. */
    async waitFor(
      recipient: string,
      matches: (email: ReceivedEmail) => boolean = () => true,
      timeoutMs = 15_000,
    ) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.find((email) => email.to.includes(recipient) && matches(email));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no email to ${recipient} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link to `path` in a raw email, with quoted-printable soft breaks undone. */
export function linkIn(raw: string, path: string): string {
  const unfolded = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = new RegExp(`https?://[^\\s"<>]*${path.replace(/[?/]/g, '\\$&')}[^\\s"<>]*`).exec(unfolded);
  if (!match) throw new Error(`no ${path} link in the email`);
  return match[0];
}
