/** A real local SMTP server (smtp-server) that keeps what it receives, for mail tests. */
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { to: string[]; raw: string };
export type TestSmtp = { url: string; mails: ReceivedMail[]; close: () => Promise<void>; waitFor: (pred: (m: ReceivedMail) => boolean, ms?: number) => Promise<ReceivedMail> };

/** `onMail` sees each message as it arrives (the e2e setup saves them as files for the specs). */
export async function startSmtp(onMail?: (m: ReceivedMail) => void): Promise<TestSmtp> {
  const mails: ReceivedMail[] = [];
  /** The waitFor calls still waiting, told of each mail as it arrives. */
  const waiters = new Set<(m: ReceivedMail) => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const mail = { to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') };
        mails.push(mail);
        onMail?.(mail);
        for (const w of [...waiters]) w(mail);
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise((resolve) => server.close(() => resolve())),
    waitFor: (pred, ms = 10_000) => {
      const m = mails.find(pred);
      if (m) return Promise.resolve(m);
      return new Promise((resolve, reject) => {
        const waiter = (mail: ReceivedMail) => {
          if (!pred(mail)) return;
          clearTimeout(limit);
          waiters.delete(waiter);
          resolve(mail);
        };
        const limit = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error('mail not received'));
        }, ms);
        waiters.add(waiter);
      });
    },
  };
}

/** The text of a quoted-printable body, soft line breaks removed. */
export function decodeQp(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}
