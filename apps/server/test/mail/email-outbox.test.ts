import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import { caller, profileIdOf, siteWithDevice } from '../admin/admin-support.js';
import { smtpInbox, useSmtpInbox } from '../support/smtp-inbox.js';
import { buildTestApp, form, useDemoApp } from '../support/test-app.js';

// docs/decisions/0197: every e-mail is queued in email_outbox in the transaction of the change that causes it, and
// sent from there by the sender of any server, once, with its row's id as its Message-ID. The app's own sender is
// off here: the tests drive senders with runOnce, so that what is queued can be seen before it is sent.

const inbox = useSmtpInbox();
const env = () => ({ SMTP_URL: inbox.url, EMAIL_SENDER_RETRY_MS: '20' });
const context = useDemoApp(env);
const db = () => context.database.db;
const call = caller(() => context.app);

async function newSiteManager(userName: string) {
  const { siteId } = await siteWithDevice(db(), 'Acme Logistics Ltd');
  const profileId = await profileIdOf(db(), 'Site Manager');
  return {
    userName,
    emailAddress: `${userName}@example.co.uk`,
    profileId,
    functionalityIds: [],
    sites: [{ id: siteId }],
  };
}

/** Adds a user through the API as acme.admin; answers the response. */
async function addUser(userName: string) {
  const response = await call('acme.admin', 'POST', '/api/users', await newSiteManager(userName));
  return response;
}

const outboxRowsTo = (address: string) =>
  db()
    .selectFrom('email_outbox')
    .selectAll()
    .where(sql<boolean>`${address} = ANY(recipients)`)
    .orderBy('created_at')
    .execute();

/** Runs the senders until no e-mail to these addresses is queued any more (each waits out its retry). */
async function sendUntilDone(senders: App[], addresses: string[], timeoutMs = 10_000) {
  const stillQueued = async () => {
    await Promise.all(senders.map((app) => app.emailSender.runOnce()));
    const queued = await db()
      .selectFrom('email_outbox')
      .select('id')
      .where('status', '=', 'queued')
      .where(sql<boolean>`recipients && ${sql.val(addresses)}::text[]`)
      .execute();
    return queued.length;
  };
  await expect.poll(stillQueued, { timeout: timeoutMs, message: 'e-mails still queued' }).toBe(0);
}

/** A port nothing listens on (it was free a moment ago). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('the e-mail outbox', () => {
  it("queues a new user's e-mail with the user, in the request's transaction, and sends it once", async () => {
    const response = await addUser('outbox.first');
    expect(response.statusCode, response.body).toBe(201);
    const [queued, ...more] = await outboxRowsTo('outbox.first@example.co.uk');
    expect(more).toEqual([]);
    expect(queued).toMatchObject({
      status: 'queued',
      attempts: 0,
      recipients: ['outbox.first@example.co.uk'],
      subject: 'Your new account on the Northwind Communications business portal',
      request_id: response.headers['x-request-id'],
      sent_at: null,
    });
    expect(queued?.text).toMatch(/temporary password is:/);

    await sendUntilDone([context.app], ['outbox.first@example.co.uk']);
    const [mail, ...again] = inbox.to('outbox.first@example.co.uk');
    expect(again).toEqual([]);
    expect(mail?.headers['message-id']).toBe(`<${queued?.id}@portal.localhost>`);
    const [sent] = await outboxRowsTo('outbox.first@example.co.uk');
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, next_attempt_at: null, text: null, html: null });
    expect(sent?.sent_at).toBeInstanceOf(Date);
  });

  it('writes neither the user nor the e-mail when either cannot be written', async () => {
    const refused = await call('acme.admin', 'POST', '/api/users', {
      ...(await newSiteManager('outbox.refused')),
      profileId: 999_999,
    });
    expect(refused.statusCode).toBe(400);
    expect(await outboxRowsTo('outbox.refused@example.co.uk')).toEqual([]);

    // An outbox that refuses the row (as a full disk or a lost connection would) takes the user down with it.
    await sql`CREATE FUNCTION refuse_outbox_row() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF 'outbox.unqueued@example.co.uk' = ANY(NEW.recipients) THEN RAISE EXCEPTION 'outbox refused'; END IF;
        RETURN NEW;
      END $$`.execute(db());
    await sql`CREATE TRIGGER refuse_outbox_row BEFORE INSERT ON email_outbox
      FOR EACH ROW EXECUTE FUNCTION refuse_outbox_row()`.execute(db());
    try {
      const failed = await addUser('outbox.unqueued');
      expect(failed.statusCode).toBe(500);
      const users = await db().selectFrom('users').select('id').where('user_name', '=', 'outbox.unqueued').execute();
      expect(users).toEqual([]);
      expect(await outboxRowsTo('outbox.unqueued@example.co.uk')).toEqual([]);
    } finally {
      await sql`DROP TRIGGER refuse_outbox_row ON email_outbox`.execute(db());
      await sql`DROP FUNCTION refuse_outbox_row()`.execute(db());
    }
  });

  it("queues a forgot-password e-mail with its temporary password, after the answer, and nothing when details don't match", async () => {
    const forgot = (username: string, emailAddress: string) =>
      context.app.inject({ method: 'POST', url: '/api/login/forgotPassword', ...form({ username, emailAddress }) });
    const matched = await forgot('acme.mobile', 'mobile.user@acmelogistics.co.uk');
    const unmatched = await forgot('acme.teamlead', 'outbox.stranger@example.co.uk');
    const eventOf = async (requestId: unknown) =>
      db().selectFrom('audit_log').select('action').where('request_id', '=', String(requestId)).execute();
    const handled = async () =>
      (await eventOf(matched.headers['x-request-id'])).length > 0 &&
      (await eventOf(unmatched.headers['x-request-id'])).length > 0;
    await expect.poll(handled, { timeout: 10_000, message: 'the forgot-password requests handled' }).toBe(true);
    const [queued] = await outboxRowsTo('mobile.user@acmelogistics.co.uk');
    expect(queued).toMatchObject({ status: 'queued', request_id: matched.headers['x-request-id'] });
    const stored = await db()
      .selectFrom('temporary_passwords')
      .innerJoin('users', 'users.id', 'temporary_passwords.user_id')
      .select('temporary_passwords.created_at')
      .where('users.user_name', '=', 'acme.mobile')
      .execute();
    expect(stored).toHaveLength(1);
    expect(await outboxRowsTo('outbox.stranger@example.co.uk')).toEqual([]);
    await sendUntilDone([context.app], ['mobile.user@acmelogistics.co.uk']);
    expect(inbox.to('mobile.user@acmelogistics.co.uk')).toHaveLength(1);
  });

  it('sends each e-mail exactly once with two servers sending from one database', async () => {
    const other = await buildTestApp(context.database, env());
    try {
      // More than one sender's batch, so that both have e-mails to claim.
      const names = Array.from({ length: 14 }, (_, n) => `outbox.pair${n}`);
      for (const response of await Promise.all(names.map(addUser))) {
        expect(response.statusCode, response.body).toBe(201);
      }
      const addresses = names.map((name) => `${name}@example.co.uk`);
      await sendUntilDone([context.app, other], addresses);
      for (const address of addresses) {
        const [row] = await outboxRowsTo(address);
        expect(row).toMatchObject({ status: 'sent', attempts: 1 });
        expect(inbox.to(address).map((mail) => mail.headers['message-id'])).toEqual([`<${row?.id}@portal.localhost>`]);
      }
    } finally {
      await other.close();
    }
  });

  it('sends again, with the same Message-ID, an e-mail whose sending was not recorded (a crash after SMTP)', async () => {
    // The update that records the send is lost, as it would be if the server died between the mail server's
    // acceptance and the commit: the lease runs out and the message goes again, recognisably the same one.
    await sql`CREATE FUNCTION lose_sent_update() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.status = 'sent' AND 'outbox.crash@example.co.uk' = ANY(NEW.recipients)
          AND NOT EXISTS (SELECT FROM pg_class WHERE relname = 'outbox_crash_over') THEN
          RAISE EXCEPTION 'server killed';
        END IF;
        RETURN NEW;
      END $$`.execute(db());
    await sql`CREATE TRIGGER lose_sent_update BEFORE UPDATE ON email_outbox
      FOR EACH ROW EXECUTE FUNCTION lose_sent_update()`.execute(db());
    const sender = await buildTestApp(context.database, { ...env(), EMAIL_SENDER_LEASE_MS: '200' });
    try {
      expect((await addUser('outbox.crash')).statusCode).toBe(201);
      await sender.emailSender.runOnce();
      expect(await outboxRowsTo('outbox.crash@example.co.uk')).toMatchObject([{ status: 'queued', attempts: 0 }]);
      expect(inbox.to('outbox.crash@example.co.uk')).toHaveLength(1);
      await sql`CREATE TABLE outbox_crash_over ()`.execute(db());
      await sendUntilDone([sender], ['outbox.crash@example.co.uk']);
      const [row] = await outboxRowsTo('outbox.crash@example.co.uk');
      const ids = inbox.to('outbox.crash@example.co.uk').map((mail) => mail.headers['message-id']);
      expect(ids).toEqual([`<${row?.id}@portal.localhost>`, `<${row?.id}@portal.localhost>`]);
    } finally {
      await sender.close();
      await sql`DROP TRIGGER lose_sent_update ON email_outbox`.execute(db());
      await sql`DROP FUNCTION lose_sent_update()`.execute(db());
      await sql`DROP TABLE IF EXISTS outbox_crash_over`.execute(db());
    }
  });

  it('keeps an e-mail queued while the mail server is down, and sends it once it answers', async () => {
    const port = await freePort();
    const late = smtpInbox();
    const sender = await buildTestApp(context.database, { ...env(), SMTP_URL: `smtp://127.0.0.1:${port}` });
    try {
      expect((await addUser('outbox.down')).statusCode).toBe(201);
      await sender.emailSender.runOnce();
      const [waiting] = await outboxRowsTo('outbox.down@example.co.uk');
      expect(waiting).toMatchObject({
        status: 'queued',
        attempts: 1,
        last_error: expect.stringMatching(/ECONNREFUSED/),
      });
      expect(waiting?.text).toMatch(/temporary password is:/);

      await late.listen(port);
      await sendUntilDone([sender], ['outbox.down@example.co.uk']);
      expect(late.to('outbox.down@example.co.uk')).toHaveLength(1);
      expect(await outboxRowsTo('outbox.down@example.co.uk')).toMatchObject([{ status: 'sent' }]);
    } finally {
      await sender.close();
      await late.close();
    }
  });

  it('gives an e-mail up as failed after EMAIL_SENDER_MAX_ATTEMPTS failures', async () => {
    const sender = await buildTestApp(context.database, {
      ...env(),
      SMTP_URL: `smtp://127.0.0.1:${await freePort()}`,
      EMAIL_SENDER_MAX_ATTEMPTS: '3',
    });
    try {
      expect((await addUser('outbox.never')).statusCode).toBe(201);
      await sendUntilDone([sender], ['outbox.never@example.co.uk']);
      expect(await outboxRowsTo('outbox.never@example.co.uk')).toMatchObject([
        { status: 'failed', attempts: 3, last_error: expect.stringMatching(/ECONNREFUSED/), text: null, html: null },
      ]);
    } finally {
      await sender.close();
    }
  });

  it('tries again after a temporary refusal (4xx), and gives up at once on a permanent one (5xx)', async () => {
    try {
      inbox.refuseWith(451, 'Mailbox busy');
      expect((await addUser('outbox.busy')).statusCode).toBe(201);
      await context.app.emailSender.runOnce();
      expect(await outboxRowsTo('outbox.busy@example.co.uk')).toMatchObject([
        { status: 'queued', attempts: 1, last_error: expect.stringMatching(/451/) },
      ]);
      inbox.refuseWith(null);
      await sendUntilDone([context.app], ['outbox.busy@example.co.uk']);
      expect(inbox.to('outbox.busy@example.co.uk')).toHaveLength(1);
      expect(await outboxRowsTo('outbox.busy@example.co.uk')).toMatchObject([{ status: 'sent', attempts: 2 }]);

      inbox.refuseWith(550, 'No such mailbox');
      expect((await addUser('outbox.nobody')).statusCode).toBe(201);
      await context.app.emailSender.runOnce();
      expect(await outboxRowsTo('outbox.nobody@example.co.uk')).toMatchObject([
        { status: 'failed', attempts: 1, last_error: expect.stringMatching(/550/), text: null, html: null },
      ]);
      expect(inbox.to('outbox.nobody@example.co.uk')).toEqual([]);
    } finally {
      inbox.refuseWith(null);
    }
  });
});
