import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACME, broadbandLine } from '../mobile-device/carrier-fixtures.js';
import { signIn, useDemoApp } from '../support/test-app.js';
import { diagnosticsGroup, filesUnder, gatedPng, pngImage, postFaultReport, SLOW_SPEEDS } from './fault-fixtures.js';

// What unfinished uploads leave in UPLOADS_DIR (docs/decisions/0122): a server killed mid-upload leaves its temporary
// file, one killed between the files and the report's row leaves images no row names. Both, and the folders they
// empty, are removed at start-up and by a sweep every UPLOAD_SWEEP_INTERVAL_MS, once their folder has been left
// untouched for an hour; images go only where the database recorded an upload that never ended, and an upload
// still in progress keeps its files however old they look.

const uploadsDir = mkdtempSync(path.join(tmpdir(), 'portal-upload-sweep-'));
const HOUR_MS = 3_600_000;
const inUploads = (...parts: string[]) => path.join(uploadsDir, 'fault-reports', ...parts);

/** Writes a file (and its folder) under fault-reports/, both last touched `ageMs` ago. */
function leave(relative: string, ageMs: number, bytes: Buffer = pngImage()): string {
  const file = inUploads(relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, bytes);
  age(file, ageMs);
  return file;
}

/** Sets a file's and its folder's times `ageMs` into the past. */
function age(file: string, ageMs: number) {
  const when = new Date(Date.now() - ageMs);
  utimesSync(file, when, when);
  utimesSync(path.dirname(file), when, when);
}

const folderOf = (file: string) => path.relative(uploadsDir, path.dirname(file));

const killedMidUpload = leave(`${randomUUID()}/1.png.0a1b2c3d4e5f.tmp`, 2 * HOUR_MS, Buffer.alloc(64 * 1024, 1));
// Stored, then the server died before the report's row: the upload's record says it never ended.
const imageWithoutReport = leave(`${randomUUID()}/1.png`, 2 * HOUR_MS);
// Named by no row of this database, which never saw its upload (a restored backup, say): not this sweep's to judge.
const imageUnknownHere = leave(`${randomUUID()}/1.png`, 2 * HOUR_MS);
const emptyFolder = inUploads(randomUUID());
mkdirSync(emptyFolder);
utimesSync(emptyFolder, new Date(Date.now() - 2 * HOUR_MS), new Date(Date.now() - 2 * HOUR_MS));
// Another server's uploads under way: written a moment ago.
const freshTemporary = leave(`${randomUUID()}/1.png.abcdefabcdef.tmp`, 0);
const freshImage = leave(`${randomUUID()}/1.png`, 0);

const context = useDemoApp(() => ({ UPLOADS_DIR: uploadsDir, UPLOAD_SWEEP: 'on', UPLOAD_SWEEP_INTERVAL_MS: '100' }));
const db = () => context.database.db;

/** Records the upload of a folder as begun two hours ago and never ended, as a server that died leaves it. */
const recordUnfinished = (folder: string) =>
  db()
    .insertInto('fault_report_uploads')
    .values({ folder, started_at: new Date(Date.now() - 2 * HOUR_MS) })
    .execute();

const uploadRecords = async () =>
  (await db().selectFrom('fault_report_uploads').select('folder').execute()).map((row) => row.folder);

let token = '';
beforeAll(async () => {
  // Before the first request, which makes the app ready and so sweeps.
  for (const file of [killedMidUpload, imageWithoutReport, freshImage]) await recordUnfinished(folderOf(file));
  token = (await signIn(context.app, 'acme.admin')).accessToken;
});
afterAll(() => rmSync(uploadsDir, { recursive: true, force: true }));

/** Waits until the sweep has removed a left-over image twice over, so at least one whole sweep ran meanwhile. */
async function aWholeSweep() {
  for (let round = 0; round < 2; round += 1) {
    const marker = leave(`${randomUUID()}/1.png`, 2 * HOUR_MS);
    const folder = folderOf(marker);
    await recordUnfinished(folder);
    await vi.waitFor(
      async () => {
        // A sweep that looked into the folder before its record existed, and ended the old records after, leaves
        // the image with no record for good (as it would a restored backup's): record it again until one takes it.
        if (existsSync(marker) && !(await uploadRecords()).includes(folder)) await recordUnfinished(folder);
        expect(existsSync(marker)).toBe(false);
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
    expect(existsSync(killedMidUpload)).toBe(false);
    expect(existsSync(path.dirname(killedMidUpload))).toBe(false);
    expect(existsSync(imageWithoutReport)).toBe(false);
    expect(existsSync(path.dirname(imageWithoutReport))).toBe(false);
    expect(existsSync(emptyFolder)).toBe(false);
    expect(existsSync(imageUnknownHere)).toBe(true);
    expect(existsSync(freshTemporary)).toBe(true);
    expect(existsSync(freshImage)).toBe(true);
    // The records of the uploads it ended are gone; that of the folder written a moment ago stays.
    expect(await uploadRecords()).toEqual([folderOf(freshImage)]);
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
    expect(await uploadRecords()).not.toContain(path.dirname(storage_key));
    age(path.join(uploadsDir, storage_key), 2 * HOUR_MS);
    await aWholeSweep();
    expect(existsSync(path.join(uploadsDir, storage_key))).toBe(true);
  });

  it('leaves the temporary file of an upload in progress, however long ago it was last written', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const before = new Set(filesUnder(uploadsDir));
    const upload = reportWith([{ name: 'slow.png', bytes: gatedPng(40_000, gate) }], 'Slow upload');
    let temporary = '';
    await vi.waitFor(
      () => {
        temporary = filesUnder(uploadsDir).find((file) => file.endsWith('.tmp') && !before.has(file)) ?? '';
        expect(temporary).not.toBe('');
      },
      { timeout: 10_000 },
    );
    age(path.join(uploadsDir, temporary), 2 * HOUR_MS);
    await aWholeSweep();
    expect(existsSync(path.join(uploadsDir, temporary))).toBe(true);

    release();
    const response = await upload;
    expect(response.statusCode, response.body).toBe(202);
    const image = await db()
      .selectFrom('fault_report_images')
      .select(['storage_key', 'size_bytes'])
      .where('fault_report_id', '=', response.json().id)
      .executeTakeFirstOrThrow();
    expect(statSync(path.join(uploadsDir, image.storage_key)).size).toBe(40_000);
    expect(Number(image.size_bytes)).toBe(40_000);
  });
});
