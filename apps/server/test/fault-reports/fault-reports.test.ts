import { createHash } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { TRACE_ROUTE_UPLOAD_MAX_BYTES, TRACE_ROUTE_UPLOAD_MAX_FILES } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ACME,
  type BroadbandTestLine,
  broadbandLine,
  GLOBEX,
  settle,
  TEST_CARRIER_TIMINGS,
} from '../mobile-device/carrier-fixtures.js';
import { useCarrierSimulator } from '../support/carrier-simulator.js';
import { signIn, useDemoApp } from '../support/test-app.js';
import {
  DATABASE_FILES,
  diagnosticsGroup,
  filesInStorage,
  largePng,
  MULTIPART_TYPE,
  multipartBody,
  NO_CONNECTION,
  pngImage,
  SLOW_SPEEDS,
  type Upload,
} from './fault-fixtures.js';

// The fault report (docs/decisions/0098, 0100): a multipart upload streamed to storage with its checks, stored in
// one transaction, and raised with the carrier by the worker (docs/decisions/0101). Its files are kept in the
// database (decision 0198).

const simulator = useCarrierSimulator();
const context = useDemoApp(
  () => ({ CARRIER_SIM_URL: simulator.sim.url, CARRIER_WORKER_RETRY_MS: '20', ...DATABASE_FILES }),
  { carrierTimings: TEST_CARRIER_TIMINGS },
);
const db = () => context.database.db;
let token = '';

beforeAll(async () => {
  token = (await signIn(context.app, 'acme.admin')).accessToken;
});

const SERVICE = { 494: 'broadbandKeystone', 588: 'broadbandSkylark' } as const;

function report(
  line: BroadbandTestLine,
  carrier: 494 | 588,
  groupId: string,
  fields: unknown,
  files: readonly Upload[] = [],
  options: { reportLast?: boolean } = {},
) {
  return context.app.inject({
    method: 'POST',
    url: `/api/${SERVICE[carrier]}/${line.orderItemId}/reportFault?groupId=${groupId}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': MULTIPART_TYPE },
    payload: multipartBody(fields, files, options),
  });
}

async function countRows() {
  const count = async (table: 'fault_reports' | 'fault_report_images' | 'carrier_requests' | 'fault_report_uploads') =>
    Number(
      (
        await db()
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    reports: await count('fault_reports'),
    images: await count('fault_report_images'),
    requests: await count('carrier_requests'),
    // A refused upload is ended too: nothing left for the sweep of unfinished uploads (docs/decisions/0122).
    unfinishedUploads: await count('fault_report_uploads'),
    files: (await filesInStorage(db())).length,
  };
}

/** A line of Acme's on the carrier, and a diagnostics group of it with a finished test. */
async function lineWithGroup(carrier: 494 | 588, nth: number) {
  const line = await broadbandLine(db(), ACME, carrier, { nth });
  return { line, group: await diagnosticsGroup(db(), line) };
}

/** The carrier request a stored report is sent by. */
const requestIdOf = async (reportId: number) =>
  (
    await db()
      .selectFrom('fault_reports')
      .select('carrier_request_id')
      .where('id', '=', reportId)
      .executeTakeFirstOrThrow()
  ).carrier_request_id;

const eventsOf = (line: BroadbandTestLine) =>
  db()
    .selectFrom('order_events')
    .select(['status', 'notes', 'user_name'])
    .where('order_item_id', '=', line.orderItemId)
    .orderBy('id')
    .execute();

/** Sends a refused report and checks that it stored nothing: no rows, no files. */
async function expectRefused(send: () => ReturnType<typeof report>, status: number) {
  const before = await countRows();
  const response = await send();
  expect(response.statusCode, response.body).toBe(status);
  expect(await countRows()).toEqual(before);
  return response.json();
}

describe('POST /api/{bbservice}/:id/reportFault: refusals store nothing', () => {
  it("answers 404 for another company's order item and for a line of the other carrier", async () => {
    const foreign = await broadbandLine(db(), GLOBEX, 494);
    const group = await diagnosticsGroup(db(), foreign);
    expect((await expectRefused(() => report(foreign, 494, group, NO_CONNECTION), 404)).message).toBe(
      'No such broadband contract',
    );
    const skylarkLine = await broadbandLine(db(), ACME, 588);
    const skylarkGroup = await diagnosticsGroup(db(), skylarkLine);
    await expectRefused(() => report(skylarkLine, 494, skylarkGroup, NO_CONNECTION), 404);
  });

  it('answers 404 for a group of another line and 400 naming groupId for a group with no finished test', async () => {
    const line = await broadbandLine(db(), ACME, 494, { nth: 1 });
    const other = await broadbandLine(db(), ACME, 494, { nth: 2 });
    const othersGroup = await diagnosticsGroup(db(), other);
    const notFound = await expectRefused(() => report(line, 494, othersGroup, NO_CONNECTION), 404);
    expect(notFound.message).toBe('No such diagnostics group for this line');
    const unfinished = await diagnosticsGroup(db(), line, false);
    const body = await expectRefused(() => report(line, 494, unfinished, NO_CONNECTION), 400);
    expect(body.details).toEqual([expect.objectContaining({ field: 'groupId', rule: 'test_run' })]);
  });

  it('answers 400 naming the field for missing or invalid fields, and for a file before the report', async () => {
    const { line, group } = await lineWithGroup(494, 1);
    const { contactName: _left, ...missing } = NO_CONNECTION;
    const noName = await expectRefused(() => report(line, 494, group, missing), 400);
    expect(noName.details).toEqual([expect.objectContaining({ field: 'report.contactName' })]);
    const badNumber = await expectRefused(
      () => report(line, 494, group, { ...NO_CONNECTION, contactNumber: '12' }),
      400,
    );
    expect(badNumber.details).toEqual([expect.objectContaining({ field: 'report.contactNumber' })]);
    const twoResults = { ...SLOW_SPEEDS, speedTestResults: SLOW_SPEEDS.speedTestResults.slice(0, 2) };
    const slow = await expectRefused(
      () => report(line, 494, group, twoResults, [{ name: 'a.png', bytes: pngImage() }]),
      400,
    );
    expect(slow.details).toEqual([expect.objectContaining({ field: 'report.speedTestResults' })]);
    const fileFirst = await expectRefused(
      () => report(line, 494, group, NO_CONNECTION, [{ name: 'a.png', bytes: pngImage() }], { reportLast: true }),
      400,
    );
    expect(fileFirst.details).toEqual([expect.objectContaining({ field: 'report', rule: 'first_part' })]);
  });

  it('answers 400 naming report.faultStartedDate for a date the database cannot keep or that is to come', async () => {
    const { line, group } = await lineWithGroup(494, 1);
    const dayAfterTomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const dates: Array<[string, string]> = [
      ['0000-01-01', 'too_small'],
      ['0000-12-31', 'too_small'],
      ['0000-02-29', 'too_small'],
      ['0999-12-31', 'too_small'],
      [dayAfterTomorrow, 'too_big'],
    ];
    for (const [date, rule] of dates) {
      const body = await expectRefused(
        () => report(line, 494, group, { ...NO_CONNECTION, faultStartedDate: date }),
        400,
      );
      expect(body.details, date).toEqual([expect.objectContaining({ field: 'report.faultStartedDate', rule })]);
    }
  });

  it('answers 400 for a slow speeds fault without an image, and over the file count', async () => {
    const { line, group } = await lineWithGroup(494, 1);
    const none = await expectRefused(() => report(line, 494, group, SLOW_SPEEDS), 400);
    expect(none.details).toEqual([expect.objectContaining({ field: 'traceRouteImages', rule: 'min_files' })]);
    const tooMany = Array.from({ length: TRACE_ROUTE_UPLOAD_MAX_FILES + 1 }, (_, n) => ({
      name: `trace-${n}.png`,
      bytes: pngImage(),
    }));
    const count = await expectRefused(() => report(line, 494, group, SLOW_SPEEDS, tooMany), 400);
    expect(count.message).toBe('Exceeded max file count');
    expect(count.details).toEqual([expect.objectContaining({ field: 'traceRouteImages', rule: 'max_files' })]);
  });

  it('answers 415 naming the file for a non-image renamed .png, deleting the images before it', async () => {
    const { line, group } = await lineWithGroup(494, 1);
    const files = [
      { name: 'good.png', bytes: pngImage() },
      { name: 'notes.png', bytes: Buffer.from('traceroute to 8.8.8.8, 30 hops max\n 1 192.168.1.1 1 ms\n') },
    ];
    const body = await expectRefused(() => report(line, 494, group, SLOW_SPEEDS, files), 415);
    expect(body.message).toBe("'notes.png' is not an image");
    expect(body.details).toEqual([expect.objectContaining({ field: 'traceRouteImages', rule: 'image' })]);
  });

  it('answers 413 over the total size, deleting what was stored', async () => {
    const { line, group } = await lineWithGroup(494, 1);
    const files = [
      { name: 'small.png', bytes: pngImage() },
      { name: 'huge.png', bytes: largePng(TRACE_ROUTE_UPLOAD_MAX_BYTES) },
    ];
    const body = await expectRefused(() => report(line, 494, group, SLOW_SPEEDS, files), 413);
    expect(body.message).toBe('Exceeded max upload size');
    expect(body.details).toEqual([expect.objectContaining({ field: 'traceRouteImages', rule: 'max_total_bytes' })]);
  }, 60_000);
});

describe('a good report: stored, then raised with the carrier by the worker', () => {
  it('stores a slow speeds report with its PNG, and the worker raises it with Keystone once', async () => {
    const { line, group } = await lineWithGroup(494, 3);
    const png = pngImage(32, 16);
    const response = await report(line, 494, group, SLOW_SPEEDS, [{ name: 'tracert.png', bytes: png }]);
    expect(response.statusCode, response.body).toBe(202);
    const accepted = response.json();
    expect(accepted).toEqual({
      id: expect.any(Number),
      reference: `FR-${String(accepted.id).padStart(6, '0')}`,
      status: 'queued',
    });

    const stored = await db()
      .selectFrom('fault_reports')
      .innerJoin('fault_report_images', 'fault_report_images.fault_report_id', 'fault_reports.id')
      .select(['fault_reports.carrier_request_id', 'fault_report_images.storage_key', 'fault_report_images.size_bytes'])
      .where('fault_reports.id', '=', accepted.id)
      .executeTakeFirstOrThrow();
    expect(Number(stored.size_bytes)).toBe(png.length);
    expect((await buffer(await context.app.files.uploads.get(stored.storage_key))).equals(png)).toBe(true);
    const [inProgress] = (await eventsOf(line)).slice(-1);
    expect(inProgress).toEqual({
      status: 'In Progress',
      user_name: 'acme.admin',
      notes: `Fault ${accepted.reference} reported by acme.admin: Slow speeds`,
    });

    const done = await settle(context.app, db(), stored.carrier_request_id);
    expect(done).toMatchObject({ status: 'succeeded', attempts: 1, last_error: null });
    const { faults } = await simulator.sim.faultReports('broadband-494');
    const raised = faults.filter((fault) => fault.clientKey === String(stored.carrier_request_id));
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({
      line: line.number,
      fields: { category: 'SlowSpeeds', customerReference: accepted.reference },
    });
    expect(raised[0]!.attachments).toEqual([
      expect.objectContaining({ bytes: png.length, sha256: createHash('sha256').update(png).digest('hex') }),
    ]);
    expect(done.carrier_reference).toBe(raised[0]!.faultId);
    const [succeeded] = (await eventsOf(line)).slice(-1);
    expect(succeeded).toEqual({
      status: 'Succeeded',
      user_name: 'System',
      notes: `Fault ${accepted.reference} raised with Keystone Networks (their reference ${raised[0]!.faultId})`,
    });
  });

  it('keeps a file name with control characters without them, and at most 255 characters of it', async () => {
    const { line, group } = await lineWithGroup(494, 2);
    const files: Upload[] = [
      { name: 'a\u0000b.png', bytes: pngImage(5, 5) },
      { name: 'ignored', filenameParameter: "filename*=UTF-8''c%00d%1B%7F.png", bytes: pngImage(5, 6) },
      { name: `${'x'.repeat(300)}.png`, bytes: pngImage(5, 7) },
      { name: '\u0001\u0002', bytes: pngImage(5, 8) },
    ];
    const response = await report(line, 494, group, SLOW_SPEEDS, files);
    expect(response.statusCode, response.body).toBe(202);
    const names = await db()
      .selectFrom('fault_report_images')
      .select('file_name')
      .where('fault_report_id', '=', response.json().id)
      .orderBy('id')
      .execute();
    expect(names.map((row) => row.file_name)).toEqual(['ab.png', 'cd.png', 'x'.repeat(255), 'image']);
  });

  it('raises a report with Skylark as a ticket and its images as attachments', async () => {
    const { line, group } = await lineWithGroup(588, 0);
    const images = [
      { name: 'one.png', bytes: pngImage(4, 4) },
      { name: 'two.png', bytes: pngImage(6, 6) },
    ];
    const response = await report(line, 588, group, SLOW_SPEEDS, images);
    expect(response.statusCode, response.body).toBe(202);
    const { id, reference } = response.json();
    const requestId = await requestIdOf(id);
    const done = await settle(context.app, db(), requestId);
    expect(done.status).toBe('succeeded');
    const ticket = (await simulator.sim.faultReports('broadband-588')).faults.find(
      (fault) => fault.clientKey === String(requestId),
    );
    expect(ticket?.attachments.map((attachment) => attachment.bytes)).toEqual(
      images.map((image) => image.bytes.length),
    );
    expect((await eventsOf(line)).at(-1)?.notes).toBe(
      `Fault ${reference} raised with Skylark Fibre (their reference ${ticket?.faultId})`,
    );
  });

  it('tries again while the carrier is down, then raises the fault once', async () => {
    const { line, group } = await lineWithGroup(494, 4);
    await simulator.sim.setFault('broadband-494', { mode: 'error', times: 4 });
    const response = await report(line, 494, group, NO_CONNECTION);
    expect(response.statusCode, response.body).toBe(202);
    const requestId = (
      await db()
        .selectFrom('fault_reports')
        .select('carrier_request_id')
        .where('id', '=', response.json().id)
        .executeTakeFirstOrThrow()
    ).carrier_request_id;

    await context.app.carrierWorker.runOnce();
    const waiting = await db()
      .selectFrom('carrier_requests')
      .selectAll()
      .where('id', '=', requestId)
      .executeTakeFirstOrThrow();
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1 });
    expect(waiting.last_error).toMatch(/Keystone Networks answered 503/);

    const done = await settle(context.app, db(), requestId);
    expect(done.status).toBe('succeeded');
    const raised = (await simulator.sim.faultReports('broadband-494')).faults.filter(
      (fault) => fault.clientKey === String(requestId),
    );
    expect(raised).toHaveLength(1);
    expect((await eventsOf(line)).at(-1)?.status).toBe('Succeeded');
  });

  it('fails a report the carrier refuses, with the reason in the Failed event', async () => {
    const { line, group } = await lineWithGroup(494, 5);
    await simulator.sim.setFault('broadband-494', { mode: 'reject' });
    const response = await report(line, 494, group, NO_CONNECTION);
    expect(response.statusCode, response.body).toBe(202);
    const { id, reference } = response.json();
    const requestId = await requestIdOf(id);
    const done = await settle(context.app, db(), requestId);
    expect(done.status).toBe('failed');
    const [failed] = (await eventsOf(line)).slice(-1);
    expect(failed).toEqual({
      status: 'Failed',
      user_name: 'System',
      notes: `Fault ${reference} could not be raised: Keystone Networks refused it: Injected refusal: Keystone does not accept faults on this line`,
    });
  });
});
