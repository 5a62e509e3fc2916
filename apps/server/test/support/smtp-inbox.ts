import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';
import { type ParsedMessage, parseMessage } from './mime-message.js';

export type SmtpInbox = ReturnType<typeof smtpInbox>;

/**
 * A real SMTP listener, so e-mail travels over SMTP as it would in production. `listen` starts it (on a port of
 * its own, or the one given: a test can start it where a server was already told to send), `close` stops it, and
 * `refuseWith` makes it answer every recipient with an SMTP error until called with null.
 */
export function smtpInbox() {
  const received: Array<{ to: string[]; raw: string }> = [];
  let refusal: { code: number; message: string } | null = null;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (!refusal) return callback();
      callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  let port = 0;

  const to = (address: string) => received.filter((mail) => mail.to.includes(address));
  return {
    async listen(onPort = 0): Promise<void> {
      await new Promise<void>((resolve, reject) => {
        smtp.server.once('error', reject);
        smtp.listen(onPort, '127.0.0.1', () => {
          smtp.server.off('error', reject);
          resolve();
        });
      });
      port = (smtp.server.address() as AddressInfo).port;
    },
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
    refuseWith(code: number | null, message = 'Try again later') {
      refusal = code === null ? null : { code, message };
    },
    get url(): string {
      if (port === 0) throw new Error('the SMTP listener has not been started');
      return `smtp://127.0.0.1:${port}`;
    },
    /** Every message that has reached the address so far, oldest first. */
    to: (address: string): ParsedMessage[] => to(address).map((mail) => parseMessage(mail.raw)),
    /** Every message received so far, oldest first. */
    all: (): ParsedMessage[] => received.map((mail) => parseMessage(mail.raw)),
    /** Waits until `count` messages have reached the address; answers them, oldest first. */
    async mailsTo(address: string, count = 1, timeoutMs = 5_000): Promise<ParsedMessage[]> {
      const deadline = Date.now() + timeoutMs;
      while (to(address).length < count) {
        if (Date.now() > deadline) throw new Error(`${to(address).length} of ${count} e-mails reached ${address}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return to(address).map((mail) => parseMessage(mail.raw));
    },
  };
}

/** An SMTP inbox for one test file, listening from beforeAll to afterAll; read `url` (for SMTP_URL) in tests. */
export function useSmtpInbox(): SmtpInbox {
  const inbox = smtpInbox();
  beforeAll(() => inbox.listen());
  afterAll(() => inbox.close());
  return inbox;
}
