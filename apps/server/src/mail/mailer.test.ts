import { watch } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseMessage } from '../../test/support/mime-message.js';
import { generateTemporaryPassword } from '../auth/password-policy.js';
import { createMailer, outboxDir, temporaryPasswordEmail } from './mailer.js';

const FROM = 'Business Portal <no-reply@portal.localhost>';
const SIGN_IN = 'http://localhost:3000/login';

describe('temporaryPasswordEmail', () => {
  const mail = temporaryPasswordEmail({
    userName: 'jsmith',
    temporaryPassword: 'Hk7#mPq9!vLw2xZr',
    partnerName: 'Northwind Telecom',
    signInUrl: 'https://portal.example.co.uk/login',
  });

  it('links to the sign-in page (decision 0139)', () => {
    expect(mail.text).toContain('Log in at https://portal.example.co.uk/login with your username');
    expect(mail.html).toContain('<a href="https://portal.example.co.uk/login">https://portal.example.co.uk/login</a>');
  });

  it('gives the temporary password and says it must be changed at the next login', () => {
    expect(mail.subject).toBe('Your temporary password for the Northwind Telecom business portal');
    expect(mail.text).toContain('Hello jsmith,');
    expect(mail.text).toContain('\n    Hk7#mPq9!vLw2xZr\n');
    expect(mail.text).toMatch(/You must then change it to a new\s+password of your own before you can continue\./);
    expect(mail.text).toContain('Kind regards,\nNorthwind Telecom');
    expect(mail.html).toContain('<strong>Hk7#mPq9!vLw2xZr</strong>');
    expect(mail.html).toContain('lang="en-GB"');
  });

  it('escapes what it puts into the HTML', () => {
    const html = temporaryPasswordEmail({
      userName: '<b>x</b>',
      temporaryPassword: 'a&b<c>"d\'',
      partnerName: 'Smith & Sons <script>',
      signInUrl: 'https://portal.example.co.uk/login?a=1&b="2"',
    }).html;
    expect(html).toContain('href="https://portal.example.co.uk/login?a=1&amp;b=&quot;2&quot;"');
    expect(html).toContain('&lt;b&gt;x&lt;/b&gt;');
    expect(html).toContain('a&amp;b&lt;c&gt;&quot;d&#39;');
    expect(html).toContain('Smith &amp; Sons &lt;script&gt;');
    expect(html).not.toContain('<script>');
  });
});

describe('createMailer without SMTP_URL', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'portal-mail-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('writes each message as an .eml file in DATA_DIR/outbox that reads back', async () => {
    const mailer = createMailer(
      { dataDir, mailFrom: FROM, smtpUrl: undefined },
      { clock: () => new Date('2025-06-01T09:30:00.123Z') },
    );
    expect(mailer.mode).toBe('outbox');
    const temporaryPassword = generateTemporaryPassword();
    const content = temporaryPasswordEmail({
      userName: 'jsmith',
      temporaryPassword,
      partnerName: 'Northwind',
      signInUrl: SIGN_IN,
    });
    const sent = await mailer.send({ to: 'j.smith@example.co.uk', ...content });
    mailer.close();

    expect(sent.file).toMatch(/[/\\]outbox[/\\]2025-06-01T09-30-00-123Z-[0-9a-f-]{36}\.eml$/);
    expect(path.dirname(sent.file ?? '')).toBe(outboxDir(dataDir));
    expect(await readdir(outboxDir(dataDir))).toEqual([path.basename(sent.file ?? '')]);
    if (process.platform !== 'win32') expect((await stat(sent.file ?? '')).mode & 0o777).toBe(0o600);

    const raw = await readFile(sent.file ?? '', 'utf8');
    expect(raw).toContain('\r\n'); // RFC 5322 line endings
    const message = parseMessage(raw);
    expect(message.headers.from).toBe(FROM);
    expect(message.headers.to).toBe('j.smith@example.co.uk');
    expect(message.headers.subject).toBe(content.subject);
    expect(message.headers['message-id']).toBe(sent.messageId);
    expect(sent.messageId).toMatch(/^<[0-9a-f-]{36}@portal\.localhost>$/);
    expect(sent.file).toContain(sent.messageId.slice(1, 37));
    expect(message.text).toBe(content.text.replace(/\n/g, '\r\n'));
    expect(message.text).toContain(temporaryPassword);
    expect(message.html).toContain(`<strong>${temporaryPassword}</strong>`);
  });

  it('gives a message with an id the Message-ID of that id, each time it is sent', async () => {
    // A second later, as a message sent again (after a lease ran out) would be.
    const times = [new Date('2025-06-02T10:00:00Z'), new Date('2025-06-02T10:00:01Z')];
    const mailer = createMailer(
      { dataDir, mailFrom: FROM, smtpUrl: undefined },
      { clock: () => times.shift() ?? new Date() },
    );
    const id = '0b6e1c52-5d0e-4a49-9f53-3a7c1f0e2d11';
    const first = await mailer.send({ id, to: 'a@example.com', subject: 'again', text: 'hello' });
    const again = await mailer.send({ id, to: 'a@example.com', subject: 'again', text: 'hello' });
    mailer.close();
    expect([first.messageId, again.messageId]).toEqual([`<${id}@portal.localhost>`, `<${id}@portal.localhost>`]);
    expect(first.file).not.toBe(again.file);
    const raw = await readFile(again.file ?? '', 'utf8');
    expect(parseMessage(raw).headers['message-id']).toBe(`<${id}@portal.localhost>`);
  });

  it('never overwrites: every message gets its own file', async () => {
    const mailer = createMailer({ dataDir, mailFrom: FROM, smtpUrl: undefined }, { clock: () => new Date(0) });
    await Promise.all([1, 2, 3].map((n) => mailer.send({ to: 'a@example.com', subject: `n${n}`, text: 'hello' })));
    const files = (await readdir(outboxDir(dataDir))).filter((file) => file.startsWith('1970-'));
    expect(files).toHaveLength(3);
  });

  it('never shows a reader of the outbox a message half written', async () => {
    const ownDataDir = await mkdtemp(path.join(dataDir, 'reader-'));
    const mailer = createMailer({ dataDir: ownDataDir, mailFrom: FROM, smtpUrl: undefined });
    const dir = outboxDir(ownDataDir);
    await mkdir(dir);
    const body = `${'x'.repeat(2_000_000)}\nEND`;
    const reads = new Map<string, Promise<string>>();
    const watcher = watch(dir, (_event, name) => {
      if (name?.endsWith('.eml') && !reads.has(name)) reads.set(name, readFile(path.join(dir, name), 'utf8'));
    });
    try {
      await Promise.all([1, 2, 3, 4].map((n) => mailer.send({ to: 'a@example.com', subject: `big ${n}`, text: body })));
      await expect.poll(() => reads.size).toBe(4);
    } finally {
      watcher.close();
      mailer.close();
    }
    for (const raw of await Promise.all(reads.values())) expect(parseMessage(raw).text).toMatch(/\r\nEND\r\n$/);
    expect((await readdir(dir)).filter((file) => !file.endsWith('.eml'))).toEqual([]);
  });
});

describe('createMailer with SMTP_URL', () => {
  type Received = { from: string | undefined; to: string[]; raw: string };
  const received: Received[] = [];
  let server: SMTPServer;
  let port: number;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const mailFrom = session.envelope.mailFrom;
          received.push({
            from: mailFrom ? mailFrom.address : undefined,
            to: session.envelope.rcptTo.map((recipient: SMTPServerAddress) => recipient.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    port = (server.server.address() as AddressInfo).port;
  });
  afterEach(() => {
    received.length = 0;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('delivers to the SMTP server, which receives the temporary password', async () => {
    const mailer = createMailer({ dataDir: '/nonexistent', mailFrom: FROM, smtpUrl: `smtp://127.0.0.1:${port}` });
    expect(mailer.mode).toBe('smtp');
    const temporaryPassword = generateTemporaryPassword();
    const content = temporaryPasswordEmail({
      userName: 'jsmith',
      temporaryPassword,
      partnerName: 'Northwind',
      signInUrl: SIGN_IN,
    });
    const sent = await mailer.send({ to: 'j.smith@example.co.uk', ...content });
    mailer.close();

    expect(received).toHaveLength(1);
    const [delivery] = received;
    expect(delivery?.from).toBe('no-reply@portal.localhost');
    expect(delivery?.to).toEqual(['j.smith@example.co.uk']);
    const message = parseMessage(delivery?.raw ?? '');
    expect(message.headers['message-id']).toBe(sent.messageId);
    expect(message.headers.subject).toBe('Your temporary password for the Northwind business portal');
    expect(message.text).toContain(`    ${temporaryPassword}\r\n`);
    expect(message.html).toContain(temporaryPassword);
  });

  it('sends to several recipients', async () => {
    const mailer = createMailer({ dataDir: '/nonexistent', mailFrom: FROM, smtpUrl: `smtp://127.0.0.1:${port}` });
    await mailer.send({ to: ['a@example.com', 'b@example.com'], subject: 'Hello', text: 'Plain text only' });
    mailer.close();
    expect(received[0]?.to).toEqual(['a@example.com', 'b@example.com']);
    const message = parseMessage(received[0]?.raw ?? '');
    expect(message.text?.trimEnd()).toBe('Plain text only');
    expect(message.html).toBeUndefined();
  });

  it('rejects when the server cannot be reached', async () => {
    const closed = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS'], logger: false });
    const closedPort = await new Promise<number>((resolve) =>
      closed.listen(0, '127.0.0.1', () => resolve((closed.server.address() as AddressInfo).port)),
    );
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const mailer = createMailer({ dataDir: '/nonexistent', mailFrom: FROM, smtpUrl: `smtp://127.0.0.1:${closedPort}` });
    await expect(mailer.send({ to: 'a@example.com', subject: 'x', text: 'x' })).rejects.toThrow(/ECONNREFUSED/);
    mailer.close();
  });
});
