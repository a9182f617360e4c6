import type { PlatformModule } from '../module';
import { createEmailService, type EmailService } from './email.service';

/** The email outbox: other modules enqueue in their transactions; the jobs deliver. No routes. */
export function emailModule(
  dependencies: Parameters<typeof createEmailService>[0],
): PlatformModule<EmailService> {
  return { name: 'email', service: createEmailService(dependencies) };
}
