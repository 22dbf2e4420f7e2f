import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** Links in the mail; logged when the mail goes to a file. */
  links: string[];
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * A mail server that does not answer fails the attempt within seconds, well
 * inside the sender's lease on the mail (sender.ts), and it is tried again later.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * Over SMTP when smtpUrl is set; otherwise each mail becomes an .eml file in
 * `${dataDir}/mail` and its links are logged, so a local user can follow them.
 */
export function createMailer(options: { smtpUrl?: string; from: string; dataDir: string; log: { info(object: unknown, message: string): void } }): Mailer {
  const { smtpUrl, from, dataDir, log } = options;
  const transport = smtpUrl
    ? nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS })
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const folder = path.join(dataDir, 'mail');

  return {
    async send(mail) {
      const info = await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
      if (smtpUrl) return;
      await mkdir(folder, { recursive: true });
      const file = path.join(folder, `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`);
      await writeFile(file, (info as unknown as { message: Buffer }).message);
      log.info({ to: mail.to, subject: mail.subject, links: mail.links, file }, 'mail written to a file');
    },
  };
}
