import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** Links in the mail; logged when mail goes to the outbox. */
  links: string[];
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * Over SMTP when smtpUrl is set; otherwise each mail becomes an .eml file in
 * `${dataDir}/outbox` and its links are logged, so a local user can follow them.
 */
export function createMailer(options: { smtpUrl?: string; from: string; dataDir: string; log: Logger }): Mailer {
  const { smtpUrl, from, dataDir, log } = options;
  const transport = smtpUrl
    ? nodemailer.createTransport(smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const outbox = path.join(dataDir, 'outbox');

  return {
    async send(mail) {
      const info = await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
      if (smtpUrl) return;
      await mkdir(outbox, { recursive: true });
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`);
      await writeFile(file, (info as unknown as { message: Buffer }).message);
      log.info({ to: mail.to, subject: mail.subject, links: mail.links, file }, 'mail written to outbox');
    },
  };
}
