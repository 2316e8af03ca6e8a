import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';

/**
 * A plain-text mail, with an optional HTML alternative (built only by code that escapes every user text: modules/email).
 * `links` are the actionable URLs (tests and tools read them); `headers` are extra header lines (List-Unsubscribe).
 */
export type MailMessage = { to: string; subject: string; text: string; links: string[]; html?: string; headers?: Record<string, string> };

const envelopeOf = (from: string, m: MailMessage) => ({
  from,
  to: m.to,
  subject: m.subject,
  text: m.text,
  ...(m.html === undefined ? {} : { html: m.html }),
  ...(m.headers === undefined ? {} : { headers: m.headers }),
});

export type Mailer = { send(message: MailMessage): Promise<void> };

export type MailerOptions = { smtpUrl: string | null; dataDir: string; appName: string; publicUrl: string };

/**
 * nodemailer to SMTP_URL; when it is unset, each mail is written to DATA_DIR/outbox/ as `<stamp>.eml` (the raw
 * message) beside `<stamp>.json` ({to, subject, links, text, date}), so development and browser tests can open links.
 */
export function createMailer(options: MailerOptions): Mailer {
  const from = `"${options.appName.replace(/["\\]/g, '')}" <no-reply@${hostOf(options.publicUrl)}>`;
  if (options.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail(envelopeOf(from, message));
      },
    };
  }
  const outbox = join(options.dataDir || '.', 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail(envelopeOf(from, message));
      mkdirSync(outbox, { recursive: true });
      const stamp = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}`;
      writeFileSync(join(outbox, `${stamp}.eml`), info.message as Buffer);
      const summary = { to: message.to, subject: message.subject, links: message.links, text: message.text, date: new Date().toISOString() };
      writeFileSync(join(outbox, `${stamp}.json`), JSON.stringify(summary, null, 2));
    },
  };
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname || 'localhost';
  } catch {
    return 'localhost';
  }
}
