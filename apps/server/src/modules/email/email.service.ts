import type { FastifyBaseLogger } from 'fastify';
import type { EmailTransport } from '../../adapters/email/email-transport';
import type { Clock } from '../../clock';
import type { Database, Executor } from '../../db/client';
import { emailRepository } from './email.repository';
import type { EmailContent } from './email.templates';

export { emailTemplates } from './email.templates';

const MAX_ATTEMPTS = 8;
const BATCH_SIZE = 20;
const CLAIM_SECONDS = 120;

export type EmailService = ReturnType<typeof createEmailService>;

/** Retries back off from 30 s, doubling, up to an hour. */
export function retryDelaySeconds(attempt: number): number {
  return Math.min(30 * 2 ** (attempt - 1), 3600);
}

export function createEmailService(dependencies: {
  db: Database;
  clock: Clock;
  logger: FastifyBaseLogger;
  mailFrom: string;
  transport: EmailTransport | undefined;
}) {
  const { db, clock, logger, mailFrom, transport } = dependencies;
  let onEnqueued: () => void = () => {};

  return {
    /** Writes the email in the caller's transaction; it is sent only if that transaction commits. */
    async enqueue(executor: Executor, recipient: string, content: EmailContent): Promise<void> {
      await emailRepository.insert(
        executor,
        {
          recipient,
          subject: content.subject,
          textBody: content.text,
          htmlBody: content.html,
          actionUrl: content.actionUrl,
        },
        clock.now(),
      );
    },

    /** Lets the outbox job wake up at once after a commit instead of at its next tick. */
    notifyEnqueued(): void {
      onEnqueued();
    },

    onEnqueued(listener: () => void): void {
      onEnqueued = listener;
    },

    /** Sends (or, without SMTP, logs) every due email once; returns how many were handled. */
    async dispatchDue(): Promise<number> {
      const batch = await emailRepository.claimDue(db, clock.now(), BATCH_SIZE, CLAIM_SECONDS);
      for (const email of batch) {
        if (!transport) {
          logger.info(
            { emailId: email.id, to: email.recipient, subject: email.subject, link: email.actionUrl },
            'email kept in the outbox (SMTP_URL is not set); its link is logged here',
          );
          await emailRepository.markDone(db, email.id, 'logged', clock.now());
          continue;
        }
        try {
          await transport.send({
            from: mailFrom,
            to: email.recipient,
            subject: email.subject,
            text: email.textBody,
            html: email.htmlBody,
          });
          await emailRepository.markDone(db, email.id, 'sent', clock.now());
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          const retryAt =
            email.attempts >= MAX_ATTEMPTS
              ? null
              : new Date(clock.now().getTime() + retryDelaySeconds(email.attempts) * 1000);
          logger.warn(
            { emailId: email.id, attempt: email.attempts, error: message, willRetry: retryAt !== null },
            'email delivery failed',
          );
          await emailRepository.markFailedAttempt(db, email.id, message, retryAt);
        }
      }
      return batch.length;
    },
  };
}
