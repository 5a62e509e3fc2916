import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { UploadSweeper } from '../../src/jobs/upload-sweeper.js';
import { faultReportUploads } from '../../src/modules/fault-reports/uploads-in-progress.js';
import { ACME, broadbandLine } from '../mobile-device/carrier-fixtures.js';
import { signIn, useDemoApp } from '../support/test-app.js';
import {
  DATABASE_FILES,
  diagnosticsGroup,
  filesInStorage,
  gatedPng,
  pngImage,
  postFaultReport,
  SLOW_SPEEDS,
} from './fault-fixtures.js';

// What unfinished uploads leave in the file storage (docs/decisions/0122, kept in the database here, 0198): a server
// killed mid-upload leaves its unfinished write, one killed between the files and the report's row leaves images no
// row names. Both are removed at start-up and by a sweep every UPLOAD_SWEEP_INTERVAL_MS, once their folder has been
// left untouched for an hour; images go only where the database recorded an upload that never ended, and an upload
// still in progress keeps its files however old they look.

const HOUR_MS = 3_600_000;
const context = useDemoApp(() => ({ ...DATABASE_FILES, UPLOAD_SWEEP: 'on', UPLOAD_SWEEP_INTERVAL_MS: '100' }));
const db = () => context.database.db;
const storage = () => context.app.files.uploads;

/** Makes the file, or the unfinished write, under a key look last written `ageMs` ago. */
async function age(key: string, ageMs: number) {
  await db()
    .updateTable('stored_files')
    .set({ touched_at: sql`clock_timestamp() - make_interval(secs => ${ageMs / 1000})` })
    .where('key', '=', key)
    .execute();
}

/** Stores a file under fault-reports/, last written `ageMs` ago; answers its key. */
async function leave(relative: string, ageMs: number): Promise<string> {
  const key = `fault-reports/${relative}`;
  await storage().put(key, pngImage());
  await age(key, ageMs);
  return key;
}

/** What a server killed while writing a file under fault-reports/ leaves: the write, never made the key's file. */
async function leaveUnfinished(relative: string, ageMs: number): Promise<string> {
  const key = `fault-reports/${relative}`;
  const { id } = await db()
    .insertInto('stored_files')
    .values({ key, folder: folderOf(key), size_bytes: 65_536, chunk_count: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db()
    .insertInto('stored_file_chunks')
    .values({ file_id: id, seq: 0, bytes: Buffer.alloc(65_536, 1) })
    .execute();
  await age(key, ageMs);
  return key;
}

const folderOf = (key: string) => key.slice(0, key.lastIndexOf('/'));
const isUnfinished = async (key: string) => (await filesInStorage(db())).includes(`${key} (unfinished)`);

/** Records the upload of a folder as begun two hours ago and never ended, as a server that died leaves it. */
const recordUnfinished = (folder: string) =>
  db()
    .insertInto('fault_report_uploads')
    .values({ folder, started_at: new Date(Date.now() - 2 * HOUR_MS) })
    .execute();

const uploadRecords = async () =>
  (await db().selectFrom('fault_report_uploads').select('folder').execute()).map((row) => row.folder);

const left = { killedMidUpload: '', imageWithoutReport: '', imageUnknownHere: '', freshUnfinished: '', freshImage: '' };
let token = '';
beforeAll(async () => {
  // Before the first request, which makes the app ready and so sweeps.
  left.killedMidUpload = await leaveUnfinished(`${randomUUID()}/1.png`, 2 * HOUR_MS);
  // Stored, then the server died before the report's row: the upload's record says it never ended.
  left.imageWithoutReport = await leave(`${randomUUID()}/1.png`, 2 * HOUR_MS);
  // Named by no row of this database, which never saw its upload (a restored backup, say): not this sweep's to judge.
  left.imageUnknownHere = await leave(`${randomUUID()}/1.png`, 2 * HOUR_MS);
  // Another server's uploads under way: written a moment ago.
  left.freshUnfinished = await leaveUnfinished(`${randomUUID()}/1.png`, 0);
  left.freshImage = await leave(`${randomUUID()}/1.png`, 0);
  for (const key of [left.killedMidUpload, left.imageWithoutReport, left.freshImage]) {
    await recordUnfinished(folderOf(key));
  }
  token = (await signIn(context.app, 'acme.admin')).accessToken;
});

/** Waits until the sweep has removed a left-over image twice over, so at least one whole sweep ran meanwhile. */
async function aWholeSweep() {
  for (let round = 0; round < 2; round += 1) {
    const marker = await leave(`${randomUUID()}/1.png`, 2 * HOUR_MS);
    const folder = folderOf(marker);
    await recordUnfinished(folder);
    await vi.waitFor(
      async () => {
        // A sweep that looked into the folder before its record existed, and ended the old records after, leaves
        // the image with no record for good (as it would a restored backup's): record it again until one takes it.
        const there = await storage().exists(marker);
        if (there && !(await uploadRecords()).includes(folder)) await recordUnfinished(folder);
        expect(there).toBe(false);
      },
      { timeout: 15_000, interval: 50 },
    );
  }
}

async function reportWith(files: Parameters<typeof postFaultReport>[1]['files'], description: string) {
  const line = await broadbandLine(db(), ACME, 494, { nth: 1 });
  return postFaultReport(context.app, {
    token,
    line,
    carrier: 494,
    groupId: await diagnosticsGroup(db(), line),
    fields: { ...SLOW_SPEEDS, faultDescription: description },
    files,
  });
}

describe('the sweep of unfinished uploads', () => {
  it('removes at start-up what a killed upload left, and keeps what may still be in use', async () => {
    await context.app.ready();
    const stored = await filesInStorage(db());
    expect(stored.filter((file) => file.startsWith(folderOf(left.killedMidUpload)))).toEqual([]);
    expect(stored.filter((file) => file.startsWith(folderOf(left.imageWithoutReport)))).toEqual([]);
    expect(await storage().exists(left.imageUnknownHere)).toBe(true);
    expect(await isUnfinished(left.freshUnfinished)).toBe(true);
    expect(await storage().exists(left.freshImage)).toBe(true);
    // The records of the uploads it ended are gone; that of the folder written a moment ago stays.
    expect(await uploadRecords()).toEqual([folderOf(left.freshImage)]);
  });

  it("sweeps again while the server runs, sparing a stored report's images however old", async () => {
    const response = await reportWith([{ name: 'trace.png', bytes: pngImage(7, 7) }], 'Swept around');
    expect(response.statusCode, response.body).toBe(202);
    const { storage_key } = await db()
      .selectFrom('fault_report_images')
      .select('storage_key')
      .where('fault_report_id', '=', response.json().id)
      .executeTakeFirstOrThrow();
    // Its upload ended with the report, in the same transaction.
    expect(await uploadRecords()).not.toContain(folderOf(storage_key));
    await age(storage_key, 2 * HOUR_MS);
    await aWholeSweep();
    expect(await storage().exists(storage_key)).toBe(true);
  });

  it('leaves the unfinished write of an upload in progress, however long ago it was last written', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const before = new Set(await filesInStorage(db()));
    const upload = reportWith([{ name: 'slow.png', bytes: gatedPng(40_000, gate) }], 'Slow upload');
    let unfinished = '';
    await vi.waitFor(
      async () => {
        const files = await filesInStorage(db());
        unfinished = files.find((file) => file.endsWith(' (unfinished)') && !before.has(file)) ?? '';
        expect(unfinished).not.toBe('');
      },
      { timeout: 10_000 },
    );
    const key = unfinished.replace(' (unfinished)', '');
    await age(key, 2 * HOUR_MS);
    await aWholeSweep();
    expect(await isUnfinished(key)).toBe(true);

    release();
    const response = await upload;
    expect(response.statusCode, response.body).toBe(202);
    const image = await db()
      .selectFrom('fault_report_images')
      .select(['storage_key', 'size_bytes'])
      .where('fault_report_id', '=', response.json().id)
      .executeTakeFirstOrThrow();
    expect((await buffer(await storage().get(image.storage_key))).length).toBe(40_000);
    expect(Number(image.size_bytes)).toBe(40_000);
  });

  it("refuses the report of an upload another server's sweep ended while its client was silent", async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const before = new Set(await filesInStorage(db()));
    // The first image arrives whole; the second's bytes only once the gate opens.
    const silentThenPng = () =>
      Readable.from(
        (async function* () {
          await gate;
          yield pngImage(4, 4);
        })(),
      );
    const upload = reportWith(
      [
        { name: 'first.png', bytes: pngImage(3, 3) },
        { name: 'second.png', bytes: silentThenPng },
      ],
      'Silent client',
    );
    let first = '';
    await vi.waitFor(
      async () => {
        first = (await filesInStorage(db())).find((file) => !before.has(file) && !file.endsWith(')')) ?? '';
        expect(first).not.toBe('');
      },
      { timeout: 10_000 },
    );
    // An hour later, by the look of it, another server's sweep: this upload is not one of its own.
    await age(first, 2 * HOUR_MS);
    await db()
      .updateTable('fault_report_uploads')
      .set({ started_at: new Date(Date.now() - 2 * HOUR_MS) })
      .where('folder', '=', folderOf(first))
      .execute();
    const otherServer = new UploadSweeper(db(), faultReportUploads(storage()), context.app.log, 60_000);
    expect(await otherServer.runOnce()).toMatchObject({ files: 1 });

    release();
    const response = await upload;
    expect(response.statusCode).toBe(500);
    const reports = await db()
      .selectFrom('fault_reports')
      .select('id')
      .where('fault_description', '=', 'Silent client')
      .execute();
    expect(reports).toEqual([]);
    expect((await filesInStorage(db())).filter((file) => file.startsWith(folderOf(first)))).toEqual([]);
  });
});
