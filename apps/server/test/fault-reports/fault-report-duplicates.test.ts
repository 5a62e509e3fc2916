import { FAULT_REPORT_DUPLICATE_WINDOW_MINUTES } from '@portal/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import {
  ACME,
  type BroadbandTestLine,
  broadbandLine,
  settle,
  TEST_CARRIER_TIMINGS,
} from '../mobile-device/carrier-fixtures.js';
import { useCarrierSimulator } from '../support/carrier-simulator.js';
import { buildTestApp, signIn } from '../support/test-app.js';
import { type TestDatabase, testEngines } from '../support/test-databases.js';
import {
  DATABASE_FILES,
  diagnosticsGroup,
  type FaultPost,
  filesInStorage,
  NO_CONNECTION,
  pngImage,
  postFaultReport,
  referencedImageKeys,
  SLOW_SPEEDS,
} from './fault-fixtures.js';

// A fault report is raised once (docs/decisions/0120): an identical report of the same line within the window,
// or a repeated Idempotency-Key, answers the first report instead of raising another fault (and charge). Tried on
// PGlite and, when TEST_DATABASE_URL is set, on PostgreSQL, where the twenty requests really overlap.

describe.each(testEngines())('fault reports are raised once, on $name', (engine) => {
  const simulator = useCarrierSimulator();
  const state: { app?: App; database?: TestDatabase } = {};
  const app = () => state.app as App;
  const db = () => (state.database as TestDatabase).handle.db;
  let broadbandUser = '';
  let admin = '';
  let line: BroadbandTestLine;
  let group = '';

  beforeAll(async () => {
    state.database = await engine.create('demo data');
    state.app = await buildTestApp(
      state.database.handle,
      { CARRIER_SIM_URL: simulator.sim.url, CARRIER_WORKER_RETRY_MS: '20', ...DATABASE_FILES },
      { carrierTimings: TEST_CARRIER_TIMINGS },
    );
    broadbandUser = (await signIn(app(), 'acme.broadband')).accessToken;
    admin = (await signIn(app(), 'acme.admin')).accessToken;
    // acme.broadband's one line: Acme's first fibre line on Keystone.
    line = await broadbandLine(db(), ACME, 494, { productLineId: 9 });
    group = await diagnosticsGroup(db(), line);
  });
  afterAll(async () => {
    await state.app?.close();
    await state.database?.dispose();
  });

  const post = (overrides: Partial<FaultPost> = {}) =>
    postFaultReport(app(), {
      token: broadbandUser,
      line,
      carrier: 494,
      groupId: group,
      fields: NO_CONNECTION,
      ...overrides,
    });

  /** The fault reports stored for the line, oldest first. */
  const reportsOfLine = () =>
    db()
      .selectFrom('fault_reports')
      .innerJoin('carrier_requests', 'carrier_requests.id', 'fault_reports.carrier_request_id')
      .select([
        'fault_reports.id',
        'fault_reports.reference',
        'fault_reports.fault_description',
        'carrier_requests.id as requestId',
      ])
      .where('carrier_requests.order_item_id', '=', line.orderItemId)
      .orderBy('fault_reports.id')
      .execute();

  /** Moves a report's creation back, as if it had been made that many minutes ago. */
  const makeOlder = (reportId: number, minutes: number) =>
    sql`UPDATE fault_reports SET created_at = created_at - make_interval(mins => ${minutes}) WHERE id = ${reportId}`.execute(
      db(),
    );

  it('stores twenty identical reports sent at once as one, raises one fault, and answers its reference to all', async () => {
    const fields = { ...SLOW_SPEEDS, faultDescription: 'Twenty clicks on Submit' };
    const image = { name: 'trace.png', bytes: pngImage(12, 12) };
    const before = await reportsOfLine();
    const answers = await Promise.all(Array.from({ length: 20 }, () => post({ fields, files: [image] })));

    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(202);
    const first = answers[0]!.json();
    expect(first).toEqual({ id: expect.any(Number), reference: expect.stringMatching(/^FR-/), status: 'queued' });
    for (const answer of answers) expect(answer.json()).toEqual(first);

    const added = (await reportsOfLine()).slice(before.length);
    expect(added.map((report) => report.reference)).toEqual([first.reference]);
    const requests = await db()
      .selectFrom('carrier_requests')
      .select('id')
      .where('order_item_id', '=', line.orderItemId)
      .where('kind', '=', 'fault_report')
      .execute();
    expect(requests).toHaveLength(before.length + 1);
    const events = await db()
      .selectFrom('order_events')
      .select('notes')
      .where('order_item_id', '=', line.orderItemId)
      .where('notes', 'like', `Fault ${first.reference} %`)
      .execute();
    expect(events).toHaveLength(1);
    // The nineteen duplicates' files are gone: what is stored is exactly what the rows name.
    expect(await filesInStorage(db())).toEqual(await referencedImageKeys(db()));

    const done = await settle(app(), db(), added[0]!.requestId);
    expect(done.status).toBe('succeeded');
    const raised = (await simulator.sim.faultReports('broadband-494')).faults.filter(
      (fault) => fault.fields.customerReference === first.reference,
    );
    expect(raised).toHaveLength(1);
  });

  it('answers a repeat of a completed report with the first; another description or image is a new report', async () => {
    const fields = { ...SLOW_SPEEDS, faultDescription: 'Slow since Tuesday' };
    const image = pngImage(10, 10);
    const first = await post({ fields, files: [{ name: 'a.png', bytes: image }] });
    expect(first.statusCode, first.body).toBe(202);

    // The same bytes under another name are the same image.
    const again = await post({ fields, files: [{ name: 'copy of a.png', bytes: image }] });
    expect(again.statusCode, again.body).toBe(202);
    expect(again.json()).toEqual(first.json());

    const otherText = await post({
      fields: { ...fields, faultDescription: 'Slow since Monday' },
      files: [{ name: 'a.png', bytes: image }],
    });
    expect(otherText.statusCode, otherText.body).toBe(202);
    expect(otherText.json().reference).not.toBe(first.json().reference);

    const otherImage = await post({ fields, files: [{ name: 'a.png', bytes: pngImage(10, 11) }] });
    expect(otherImage.statusCode, otherImage.body).toBe(202);
    expect(new Set([first.json().id, otherText.json().id, otherImage.json().id]).size).toBe(3);
    expect(await filesInStorage(db())).toEqual(await referencedImageKeys(db()));
  });

  it(`raises an identical report again once ${FAULT_REPORT_DUPLICATE_WINDOW_MINUTES} minutes have passed`, async () => {
    const fields = { ...NO_CONNECTION, faultDescription: 'No sync again' };
    const first = await post({ fields });
    expect(first.statusCode, first.body).toBe(202);
    await makeOlder(first.json().id, FAULT_REPORT_DUPLICATE_WINDOW_MINUTES - 1);
    expect((await post({ fields })).json()).toEqual(first.json());
    await makeOlder(first.json().id, 2);
    const later = await post({ fields });
    expect(later.statusCode, later.body).toBe(202);
    expect(later.json().id).not.toBe(first.json().id);
  });

  describe('the Idempotency-Key header', () => {
    it('answers the same key for the same line and body with the first report, whenever it comes', async () => {
      const headers = { 'idempotency-key': 'a6f1c3f0-2b7e-4d55-9a59-0d1c8f9e1a11' };
      const fields = { ...NO_CONNECTION, faultDescription: 'Keyed report' };
      const first = await post({ fields, headers });
      expect(first.statusCode, first.body).toBe(202);
      await makeOlder(first.json().id, 24 * 60);
      const retried = await post({ fields, headers });
      expect(retried.statusCode, retried.body).toBe(202);
      expect(retried.json()).toEqual(first.json());
      // Without the key, a day later, the same body is a new report.
      expect((await post({ fields })).json().id).not.toBe(first.json().id);
    });

    it('refuses the same key with another body with 422, storing nothing', async () => {
      const headers = { 'Idempotency-Key': 'key-reused-1' };
      const fields = { ...SLOW_SPEEDS, faultDescription: 'First body' };
      const first = await post({ fields, headers, files: [{ name: 'a.png', bytes: pngImage(9, 9) }] });
      expect(first.statusCode, first.body).toBe(202);
      const reportsBefore = await reportsOfLine();

      const changed = await post({
        fields: { ...fields, faultDescription: 'Second body' },
        headers,
        files: [{ name: 'a.png', bytes: pngImage(9, 9) }],
      });
      expect(changed.statusCode, changed.body).toBe(422);
      expect(changed.json()).toMatchObject({
        statusCode: 422,
        code: 'idempotency_key_reused',
        details: [{ field: 'idempotency-key', rule: 'same_request' }],
        requestId: expect.any(String),
      });
      const otherImage = await post({ fields, headers, files: [{ name: 'a.png', bytes: pngImage(9, 8) }] });
      expect(otherImage.statusCode, otherImage.body).toBe(422);
      expect(await reportsOfLine()).toEqual(reportsBefore);
      expect(await filesInStorage(db())).toEqual(await referencedImageKeys(db()));
    });

    it("keeps one user's keys apart from another's", async () => {
      const headers = { 'idempotency-key': 'shared-key-7' };
      const mine = await post({ fields: { ...NO_CONNECTION, faultDescription: 'Mine' }, headers });
      expect(mine.statusCode, mine.body).toBe(202);
      const theirs = await post({ token: admin, fields: { ...NO_CONNECTION, faultDescription: 'Theirs' }, headers });
      expect(theirs.statusCode, theirs.body).toBe(202);
      expect(theirs.json().id).not.toBe(mine.json().id);
    });

    it('answers 400 naming the header for a key that is empty or too long', async () => {
      for (const key of ['', 'k'.repeat(256)]) {
        const response = await post({ headers: { 'idempotency-key': key } });
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json().details).toEqual([expect.objectContaining({ field: 'idempotency-key' })]);
      }
    });
  });
});
