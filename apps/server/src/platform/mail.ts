/** Outgoing mail through nodemailer: real SMTP when SMTP_URL is set, otherwise .eml files in data/outbox. */
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from './config';
import { nowMs } from './clock';

export type Mail = { to: string; subject: string; text: string; attachments?: { filename: string; content: Buffer; contentType: string }[] };
export type Mailer = { send: (mail: Mail) => Promise<void> };

export function createMailer(cfg: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>): Mailer {
  if (cfg.smtpUrl) {
    const transport = nodemailer.createTransport(cfg.smtpUrl);
    return { send: async (m) => void (await transport.sendMail({ from: cfg.mailFrom, ...m })) };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const outbox = path.join(cfg.dataDir, 'outbox');
  return {
    send: async (m) => {
      const info = await transport.sendMail({ from: cfg.mailFrom, ...m });
      await fs.mkdir(outbox, { recursive: true });
      const safe = m.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      await fs.writeFile(path.join(outbox, `${nowMs()}-${safe}.eml`), info.message as Buffer);
    },
  };
}
