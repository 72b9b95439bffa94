import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Mail to staff (password recovery): through SMTP when SMTP_URL is set, else written to
 * `DATA_DIR/outbox/` as a `.eml` file so it works offline. The log names the file and the
 * recipient, never the link inside.
 */

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  describe(): string;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  outboxDir: string;
  from: string;
  log: (line: string) => void;
}

function emlOf(mail: Mail, from: string, date: Date): string {
  return [
    `From: ${from}`,
    `To: ${mail.to}`,
    `Subject: ${mail.subject}`,
    `Date: ${date.toUTCString()}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    mail.text,
    '',
  ].join('\r\n');
}

export function createMailer({ smtpUrl, outboxDir, from, log }: MailerOptions): Mailer {
  if (smtpUrl) {
    let transport: Promise<{ sendMail(message: object): Promise<unknown> }> | undefined;
    return {
      async send(mail) {
        // Loaded on first use: nodemailer is only needed when a mail goes out.
        transport ??= import('nodemailer').then((nodemailer) => nodemailer.createTransport(smtpUrl));
        await (await transport).sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
        log(`Mail "${mail.subject}" sent to ${mail.to} through SMTP`);
      },
      describe: () => 'mail through SMTP (SMTP_URL)',
    };
  }
  return {
    async send(mail) {
      mkdirSync(outboxDir, { recursive: true, mode: 0o700 });
      const date = new Date();
      const file = path.join(outboxDir, `${date.toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`);
      writeFileSync(file, emlOf(mail, from, date), { mode: 0o600 });
      log(`Mail "${mail.subject}" to ${mail.to} written to ${file} (SMTP_URL is not set)`);
    },
    describe: () => `mail written to ${outboxDir} (SMTP_URL is not set)`,
  };
}
