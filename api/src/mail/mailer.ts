import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Config } from '../config';
import type { Logger } from '../log';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe / List-Unsubscribe-Post (notifications, RFC 8058). */
  headers?: Record<string, string>;
  /** Files, e.g. a booking's .ics. */
  attachments?: { filename: string; content: string | Buffer; contentType?: string }[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Mail through nodemailer: SMTP when SMTP_URL is set; otherwise nodemailer's JSON transport renders the
 * message, which is written to the log and to DATA_DIR/outbox/<time>-<id>.json (the dev outbox).
 */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>, logger: Logger): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      async send(m) {
        await transport.sendMail({ from: config.mailFrom, ...m });
        logger.info(`Mail sent to ${m.to}: ${m.subject}`);
      },
    };
  }
  const transport = nodemailer.createTransport({ jsonTransport: true });
  const outbox = path.join(config.dataDir, 'outbox');
  return {
    async send(m) {
      const info = await transport.sendMail({ from: config.mailFrom, ...m });
      const rendered = JSON.parse(String((info as { message: string | Buffer }).message)) as Record<string, unknown>;
      await mkdir(outbox, { recursive: true });
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.json`);
      const record = { ...rendered, to: m.to, subject: m.subject, text: m.text, ...(m.headers ? { headers: m.headers } : {}), savedAt: new Date().toISOString() };
      await writeFile(file, JSON.stringify(record, null, 2) + '\n', { mode: 0o600 });
      logger.info(`[dev outbox] mail to ${m.to}: ${m.subject} (saved to ${file})\n${m.text}`);
    },
  };
}
