/** A real local SMTP server (smtp-server) that keeps what it receives, for mail tests. */
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { to: string[]; raw: string };
export type TestSmtp = { url: string; mails: ReceivedMail[]; close: () => Promise<void>; waitFor: (pred: (m: ReceivedMail) => boolean, ms?: number) => Promise<ReceivedMail> };

/** `onMail` sees each message as it arrives (the e2e setup saves them as files for the specs). */
export async function startSmtp(onMail?: (m: ReceivedMail) => void): Promise<TestSmtp> {
  const mails: ReceivedMail[] = [];
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
    waitFor: async (pred, ms = 10_000) => {
      const end = performance.now() + ms;
      while (performance.now() < end) {
        const m = mails.find(pred);
        if (m) return m;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error('mail not received');
    },
  };
}

/** The text of a quoted-printable body, soft line breaks removed. */
export function decodeQp(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}
