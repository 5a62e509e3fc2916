import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testConfig } from '../../test/support/test-app.js';
import { type TestDatabase, testEngines } from '../../test/support/test-databases.js';
import { buildApp } from '../app.js';
import { adoptLocalFiles } from './adopt-local-files.js';
import { DatabaseFileStorage } from './database-file-storage.js';

/** Writes files under a folder: relative path to content. */
async function writeFiles(folder: string, files: Record<string, string>) {
  for (const [relative, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(folder, relative)), { recursive: true });
    await writeFile(path.join(folder, relative), content);
  }
}

const filesUnder = async (folder: string) =>
  (await readdir(folder, { recursive: true, withFileTypes: true }))
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
    .sort();

describe.each(testEngines())('moving files kept locally into the database, on $name', (engine) => {
  let database: TestDatabase;
  let root: string;
  beforeAll(async () => {
    database = await engine.create('migrated');
  });
  afterAll(() => database?.dispose());
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'portal-adopt-'));
    await database.handle.db.deleteFrom('stored_files').execute();
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('moves each stored file under its key, leaving unfinished writes and names the server never makes', async () => {
    const storage = new DatabaseFileStorage(database.handle.db);
    const files = path.join(root, 'files');
    const uploads = path.join(root, 'uploads');
    await writeFiles(files, { 'invoices/7/bill.pdf': '%PDF local', 'invoices/8/calls.csv': 'a,b' });
    await writeFiles(uploads, {
      'fault-reports/f1/1.png': 'png one',
      'fault-reports/f2/1.png.0123456789ab.tmp': 'half',
      'fault-reports/f2/Notes.TXT': 'not ours',
    });
    await storage.put('invoices/8/calls.csv', Buffer.from('already stored'));

    expect(await adoptLocalFiles(storage, [files, uploads, path.join(root, 'missing')])).toBe(3);
    expect(await text(await storage.get('invoices/7/bill.pdf'))).toBe('%PDF local');
    expect(await text(await storage.get('fault-reports/f1/1.png'))).toBe('png one');
    // The storage's own copy stands: the file on disk was the same file, or an older one.
    expect(await text(await storage.get('invoices/8/calls.csv'))).toBe('already stored');
    expect(await filesUnder(files)).toEqual([]);
    expect(await filesUnder(uploads)).toEqual([
      'fault-reports',
      'fault-reports/f2',
      'fault-reports/f2/1.png.0123456789ab.tmp',
      'fault-reports/f2/Notes.TXT',
    ]);
    expect(await adoptLocalFiles(storage, [files, uploads])).toBe(0);
  });

  it.runIf(engine.name === 'pglite')(
    'happens when a server opens its database with FILE_STORAGE=database',
    async () => {
      await writeFiles(path.join(root, 'uploads'), { 'fault-reports/f3/1.png': 'queued image' });
      await writeFiles(path.join(root, 'files'), { 'invoices/9/bill.pdf': '%PDF nine' });
      const app = await buildApp({ ...testConfig({ DATA_DIR: root, FILE_STORAGE: 'database' }) });
      try {
        expect(await text(await app.files.uploads.get('fault-reports/f3/1.png'))).toBe('queued image');
        expect(await text(await app.files.generated.get('invoices/9/bill.pdf'))).toBe('%PDF nine');
        await expect(readFile(path.join(root, 'uploads', 'fault-reports', 'f3', '1.png'))).rejects.toThrow(/ENOENT/);
      } finally {
        await app.close();
      }
    },
  );
});
