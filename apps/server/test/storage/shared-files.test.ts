import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import { storageKeyOf } from '../../src/modules/bills/files/invoice-files.js';
import { diagnosticsGroup, pngImage, postFaultReport, SLOW_SPEEDS } from '../fault-reports/fault-fixtures.js';
import { ACME, broadbandLine, settle, TEST_CARRIER_TIMINGS } from '../mobile-device/carrier-fixtures.js';
import { useCarrierSimulator } from '../support/carrier-simulator.js';
import { bearer, buildTestApp, signIn } from '../support/test-app.js';
import { type TestDatabase, testEngines } from '../support/test-databases.js';

/*
 * Two servers on one PostgreSQL database, each with local folders of its own, keep their files in the database by
 * default (decision 0198): what one stores, the other reads. A report's image uploaded through one is raised with
 * the carrier by the other's worker; a bill file one produced is the one the other serves.
 */
const postgres = testEngines().find((engine) => engine.name === 'postgres');

describe.skipIf(!postgres)('files shared by two servers on one PostgreSQL database', () => {
  const simulator = useCarrierSimulator();
  let database: TestDatabase;
  const folders: string[] = [];
  let first: App;
  let second: App;
  const db = () => database.handle.db;

  /** A server with DATA_DIR and UPLOADS_DIR of its own, and FILE_STORAGE left to its default. */
  async function server(): Promise<App> {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-shared-files-'));
    folders.push(dataDir);
    const app = await buildTestApp(
      database.handle,
      { CARRIER_SIM_URL: simulator.sim.url, CARRIER_WORKER_RETRY_MS: '20', DATA_DIR: dataDir },
      { carrierTimings: TEST_CARRIER_TIMINGS },
    );
    await app.ready();
    return app;
  }

  beforeAll(async () => {
    database = await (postgres as NonNullable<typeof postgres>).create('demo data');
    first = await server();
    second = await server();
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await database?.dispose();
    await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
  });

  it('keep their files in the database when FILE_STORAGE is not set', async () => {
    expect([first.files.kind, second.files.kind]).toEqual(['database', 'database']);
  });

  it("raises a report uploaded through one server with its image, from the other's worker", async () => {
    const token = (await signIn(first, 'acme.admin')).accessToken;
    const line = await broadbandLine(db(), ACME, 494, { nth: 2 });
    const png = pngImage(24, 12);
    const response = await postFaultReport(first, {
      token,
      line,
      carrier: 494,
      groupId: await diagnosticsGroup(db(), line),
      fields: SLOW_SPEEDS,
      files: [{ name: 'tracert.png', bytes: png }],
    });
    expect(response.statusCode, response.body).toBe(202);
    const { carrier_request_id } = await db()
      .selectFrom('fault_reports')
      .select('carrier_request_id')
      .where('id', '=', response.json().id)
      .executeTakeFirstOrThrow();

    const done = await settle(second, db(), carrier_request_id);
    expect(done).toMatchObject({ status: 'succeeded', last_error: null });
    const raised = (await simulator.sim.faultReports('broadband-494')).faults.find(
      (fault) => fault.clientKey === String(carrier_request_id),
    );
    expect(raised?.attachments).toEqual([
      expect.objectContaining({ bytes: png.length, sha256: createHash('sha256').update(png).digest('hex') }),
    ]);
    expect(await filesIn(folders)).toEqual([]);
  });

  it('serves from the other server the bill file one produced', async () => {
    const invoice = await db()
      .selectFrom('invoices')
      .innerJoin('companies', 'companies.id', 'invoices.company_id')
      .select(['invoices.id', 'invoices.web_data_physical_location', 'invoices.pdf_file_name'])
      .where('companies.name', '=', 'Acme Logistics Ltd')
      .orderBy('invoices.bill_date', 'desc')
      .executeTakeFirstOrThrow();
    const download = async (app: App) =>
      app.inject({
        method: 'GET',
        url: '/api/invoices/download',
        query: { webDataPhysicalLocation: invoice.web_data_physical_location, fileName: invoice.pdf_file_name },
        headers: bearer((await signIn(app, 'acme.admin')).accessToken),
      });
    const produced = await download(first);
    expect(produced.statusCode, produced.body).toBe(200);
    // What the first server stored, marked so that a bill the second produced itself would not match it.
    const key = storageKeyOf(invoice.id, 'pdf');
    const marked = Buffer.alloc(produced.rawPayload.length, 0x41);
    await first.files.generated.put(key, marked);

    const served = await download(second);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(marked)).toBe(true);
    expect(await filesIn(folders)).toEqual([]);
  });
});

/** Every file under the servers' own folders. */
async function filesIn(folders: readonly string[]): Promise<string[]> {
  const found = await Promise.all(
    folders.map(async (folder) =>
      (await readdir(folder, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()),
    ),
  );
  return found.flat().map((entry) => path.join(entry.parentPath, entry.name));
}
