import { defineModule } from '../module';
import { createEmailService, type EmailService } from './email.service';

declare module '../module' {
  interface ModuleServices {
    email: EmailService;
  }
}

/** The email outbox: other modules enqueue in their transactions; the jobs deliver. No routes. */
export const emailModule = defineModule({
  name: 'email',
  needs: [],
  build({ db, clock, logger, config, emailTransport }) {
    return {
      service: createEmailService({
        db,
        clock,
        logger,
        mailFrom: config.mailFrom,
        transport: emailTransport,
      }),
    };
  },
});
