import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';
import { type ParsedMessage, parseMessage } from './mime-message.js';

/**
 * A real SMTP listener for one test file, so e-mail travels over SMTP as it would in production. Read `url` (for
 * SMTP_URL) once beforeAll has run; `mailsTo` waits for the given number of messages to reach an address.
 */
export function useSmtpInbox() {
  const received: Array<{ to: string[]; raw: string }> = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
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
  beforeAll(async () => {
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    port = (smtp.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

  const to = (address: string) => received.filter((mail) => mail.to.includes(address));
  return {
    get url(): string {
      if (port === 0) throw new Error('the SMTP listener starts in beforeAll');
      return `smtp://127.0.0.1:${port}`;
    },
    /** Every message that has reached the address so far, oldest first. */
    to: (address: string): ParsedMessage[] => to(address).map((mail) => parseMessage(mail.raw)),
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
