import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useCarrierSimulator } from '../support/carrier-simulator.js';
import { useSmtpInbox } from '../support/smtp-inbox.js';
import { buildTestApp, EMAIL_SENDER_ON, signIn, useDemoApp } from '../support/test-app.js';
import {
  ACME,
  type CarrierTestLine,
  call,
  carrierLine,
  settle,
  TEST_CARRIER_TIMINGS,
  writesOf,
} from './carrier-fixtures.js';

// The worker that sends stored changes (docs/decisions/0088), driven here with runOnce against the simulator: it
// completes a change once, fails it when the carrier refuses, and waits and tries again while the carrier is down.

const simulator = useCarrierSimulator({ completionMs: 100 });
const inbox = useSmtpInbox();
const env = () => ({
  CARRIER_SIM_URL: simulator.sim.url,
  SMTP_URL: inbox.url,
  CARRIER_WORKER_POLL_MS: '20',
  CARRIER_WORKER_RETRY_MS: '20',
  ...EMAIL_SENDER_ON,
});
const context = useDemoApp(env, { carrierTimings: TEST_CARRIER_TIMINGS });
const db = () => context.database.db;
let token = '';
let acmeAdminEmail = '';

beforeAll(async () => {
  token = (await signIn(context.app, 'acme.admin')).accessToken;
  acmeAdminEmail = (
    await db()
      .selectFrom('users')
      .select('email_address')
      .where('user_name', '=', 'acme.admin')
      .executeTakeFirstOrThrow()
  ).email_address;
});

/** Asks for a SIM swap through the portal and answers the stored request's id. */
async function swapSim(line: CarrierTestLine, simNumber: string): Promise<number> {
  const [url, body] =
    line.supplierId === 33
      ? [`/api/mobileHalo/simswap/${line.endpointId}`, { serialNumber: simNumber, orderItemId: line.orderItemId }]
      : [`/api/mobileVertex/SimSwap/${line.endpointId}`, { simNumber, orderItemId: line.orderItemId }];
  const response = await call(context.app, url, { token, payload: body });
  expect(response.statusCode, response.body).toBe(202);
  return response.json().id;
}

const emailsQueuedTo = async (address: string) =>
  (await db().selectFrom('email_outbox').select('id').where(sql<boolean>`${address} = ANY(recipients)`).execute())
    .length;

const newEvents = async (line: CarrierTestLine, since: number) =>
  (await writesOf(db(), line)).events.slice(since).map((event) => event.status);

describe('the carrier-request worker', () => {
  it('sends a SIM swap once with the request id as key, and records its completion: Succeeded, not pending', async () => {
    const line = await carrierLine(db(), ACME, [33], 10);
    const eventsBefore = (await writesOf(db(), line)).events.length;
    const id = await swapSim(line, '89411111111');

    const done = await settle(context.app, db(), id);
    expect(done).toMatchObject({ status: 'succeeded', last_error: null, attempts: 1 });
    expect((await simulator.sim.haloLine(line.cli)).serial_number.number).toBe('89411111111');
    const atCarrier = (await simulator.sim.requests('mobile-33')).requests.filter(
      (request) => request.idempotencyKey === String(id),
    );
    expect(atCarrier).toHaveLength(1);
    expect(done.carrier_reference).toBe(atCarrier[0]?.reference);
    expect(await newEvents(line, eventsBefore)).toEqual(['In Progress', 'Succeeded']);

    const pending = await call(context.app, `/api/orders/pending/${line.cli}/${line.orderItemId}`, { token });
    expect(pending.json()).toEqual({ isPending: false, daysPending: 0 });
  });

  it('fails a change the carrier refuses, with the reason in the Failed event', async () => {
    const line = await carrierLine(db(), ACME, [27], 10);
    const eventsBefore = (await writesOf(db(), line)).events.length;
    const id = await swapSim(line, '894400000000000777');
    await simulator.sim.setFault('mobile-27-36', { mode: 'reject' });

    const done = await settle(context.app, db(), id);
    expect(done.status).toBe('failed');
    expect(done.last_error).toMatch(/Vertex Wireless refused it/);
    expect(await newEvents(line, eventsBefore)).toEqual(['In Progress', 'Failed']);
    const failed = (await writesOf(db(), line)).events.at(-1);
    expect(failed?.notes).toContain(done.last_error ?? '');
    expect((await simulator.sim.vertexLine(27, line.cli)).simNo).not.toBe('894400000000000777');
  });

  it('waits and tries again while the carrier is down, then completes the change once', async () => {
    const line = await carrierLine(db(), ACME, [33], 11);
    const eventsBefore = (await writesOf(db(), line)).events.length;
    const id = await swapSim(line, '89422222222');
    await simulator.sim.setFault('mobile-33', { mode: 'error' });

    await context.app.carrierWorker.runOnce();
    const waiting = (await writesOf(db(), line)).requests.find((request) => request.id === id);
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1, last_error: expect.stringMatching(/503/) });
    expect(new Date(waiting?.next_attempt_at ?? 0).getTime()).toBeGreaterThan(Date.now() - 1000);
    expect(await newEvents(line, eventsBefore)).toEqual(['In Progress']);

    await simulator.sim.clearFaults();
    const done = await settle(context.app, db(), id);
    expect(done.status).toBe('succeeded');
    expect(done.attempts).toBeGreaterThanOrEqual(2);
    expect(await newEvents(line, eventsBefore)).toEqual(['In Progress', 'Succeeded']);
    const changes = (await simulator.sim.requests('mobile-33')).requests.filter((r) => r.idempotencyKey === String(id));
    expect(changes).toHaveLength(1);
    expect((await simulator.sim.haloLine(line.cli)).serial_number.number).toBe('89422222222');
  });

  it('e-mails the requester when a supplier 36 change completes', async () => {
    const line = await carrierLine(db(), ACME, [36], 10);
    const before = inbox.to(acmeAdminEmail).length;
    const queuedBefore = await emailsQueuedTo(acmeAdminEmail);
    const id = await swapSim(line, '8944000000000000555');
    expect((await settle(context.app, db(), id)).status).toBe('succeeded');
    // Queued with the completion, then sent by the e-mail sender (docs/decisions/0197).
    expect(await emailsQueuedTo(acmeAdminEmail)).toBe(queuedBefore + 1);
    const mails = await inbox.mailsTo(acmeAdminEmail, before + 1);
    const mail = mails.at(-1);
    expect(mail?.headers.subject).toBe(`Your SIM swap for ${line.cli} has completed`);
    expect(mail?.text).toContain('8944000000000000555');
  });

  it('sends no e-mail for the other suppliers', async () => {
    const line = await carrierLine(db(), ACME, [27], 11);
    const before = inbox.to(acmeAdminEmail).length;
    const queuedBefore = await emailsQueuedTo(acmeAdminEmail);
    const id = await swapSim(line, '894400000000000888');
    expect((await settle(context.app, db(), id)).status).toBe('succeeded');
    // An e-mail would have been queued in the completion's transaction (docs/decisions/0197).
    expect(await emailsQueuedTo(acmeAdminEmail)).toBe(queuedBefore);
    expect(inbox.to(acmeAdminEmail)).toHaveLength(before);
  });

  it('lifts a barred spend limit, and refuses to lift one already lifted (409)', async () => {
    const status = async (line: CarrierTestLine) =>
      (await call(context.app, `/api/mobileHalo/SpendLimit/${line.endpointId}/status`, { token })).json<{
        lifted: boolean;
        barApplied: boolean;
      }>();
    // A line's starting state is a function of its number: among Acme's thirty, some are barred and some lifted.
    // The lifted one is only asked about; the barred one is changed, so it is none the other tests use (0 to 13).
    const candidates = await Promise.all(Array.from({ length: 30 }, (_, nth) => carrierLine(db(), ACME, [33], nth)));
    const states = await Promise.all(candidates.map(status));
    const barred = candidates.find((_, index) => index >= 14 && states[index]?.barApplied && !states[index]?.lifted);
    const lifted = candidates.find((_, index) => states[index]?.lifted);
    if (!barred || !lifted) throw new Error('Acme Halo lines should hold a barred and a lifted one');

    const refused = await call(context.app, `/api/mobileHalo/SpendLimit/${lifted.endpointId}/Unbar`, {
      token,
      payload: { orderItemId: lifted.orderItemId, addEvent: true },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'spend_limit_lifted' });

    const eventsBefore = (await writesOf(db(), barred)).events.length;
    const accepted = await call(context.app, `/api/mobileHalo/SpendLimit/${barred.endpointId}/Unbar`, {
      token,
      payload: { orderItemId: barred.orderItemId, addEvent: true },
    });
    expect(accepted.statusCode, accepted.body).toBe(202);
    expect((await settle(context.app, db(), accepted.json().id)).status).toBe('succeeded');
    expect(await status(barred)).toMatchObject({ lifted: true });
    expect(await newEvents(barred, eventsBefore)).toEqual(['In Progress', 'Succeeded']);
  });

  it('writes no events for a change asked with addEvent false', async () => {
    const line = await carrierLine(db(), ACME, [33], 13);
    const eventsBefore = (await writesOf(db(), line)).events.length;
    const response = await call(context.app, `/api/mobileHalo/bars/${line.endpointId}`, {
      token,
      payload: { barsToAdd: [52], barsToRemove: [], orderItemId: line.orderItemId, addEvent: false },
    });
    expect(response.statusCode, response.body).toBe(202);
    expect((await settle(context.app, db(), response.json().id)).status).toBe('succeeded');
    expect(await newEvents(line, eventsBefore)).toEqual([]);
  });

  it('two servers on one database send and complete a change once', async () => {
    const other = await buildTestApp(context.database, env(), { carrierTimings: TEST_CARRIER_TIMINGS });
    try {
      const line = await carrierLine(db(), ACME, [33], 12);
      const eventsBefore = (await writesOf(db(), line)).events.length;
      const id = await swapSim(line, '89433333333');
      const deadline = Date.now() + 15_000;
      for (;;) {
        await Promise.all([context.app.carrierWorker.runOnce(), other.carrierWorker.runOnce()]);
        const row = (await writesOf(db(), line)).requests.find((request) => request.id === id);
        if (row?.status === 'succeeded') break;
        if (Date.now() > deadline) throw new Error(`request ${id} still ${row?.status}`);
        await new Promise((resolve) => setTimeout(resolve, 30));
      }
      const changes = (await simulator.sim.requests('mobile-33')).requests.filter(
        (r) => r.idempotencyKey === String(id),
      );
      expect(changes).toHaveLength(1);
      expect(await newEvents(line, eventsBefore)).toEqual(['In Progress', 'Succeeded']);
    } finally {
      await other.close();
    }
  });
});
