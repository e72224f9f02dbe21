/** Outgoing mail through nodemailer: real SMTP when SMTP_URL is set, otherwise .eml files in data/outbox. */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { Config } from './config';
import { nowMs } from './clock';

export type Mail = { to: string; subject: string; text: string; attachments?: { filename: string; content: Buffer; contentType: string }[] };
export type Mailer = { send: (mail: Mail) => Promise<void> };

export function createMailer(cfg: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>): Mailer {
  // nodemailer is loaded with the first mail, not at every start (issue #30); one transport for the server's life
  let made: Promise<Transporter> | undefined;
  const transport = () =>
    (made ??= import('nodemailer').then(({ default: nodemailer }) =>
      cfg.smtpUrl ? nodemailer.createTransport(cfg.smtpUrl) : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    ));
  if (cfg.smtpUrl) {
    return { send: async (m) => void (await (await transport()).sendMail({ from: cfg.mailFrom, ...m })) };
  }
  const outbox = path.join(cfg.dataDir, 'outbox');
  return {
    send: async (m) => {
      const info = await (await transport()).sendMail({ from: cfg.mailFrom, ...m });
      await fs.mkdir(outbox, { recursive: true });
      const safe = m.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      await fs.writeFile(path.join(outbox, `${nowMs()}-${safe}.eml`), info.message as Buffer);
    },
  };
}
