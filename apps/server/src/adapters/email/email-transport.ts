import nodemailer from 'nodemailer';

export type OutgoingEmail = {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
};

export interface EmailTransport {
  send(email: OutgoingEmail): Promise<void>;
  close(): void;
}

export function createSmtpTransport(smtpUrl: string): EmailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    async send(email) {
      await transporter.sendMail(email);
    },
    close() {
      transporter.close();
    },
  };
}
