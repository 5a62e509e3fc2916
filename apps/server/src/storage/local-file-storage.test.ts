import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { assertSafeStorageKey, FileNotStoredError } from './file-storage.js';
import { LocalFileStorage } from './local-file-storage.js';

let root: string;
let storage: LocalFileStorage;

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'portal-storage-'));
  storage = new LocalFileStorage(path.join(root, 'files'));
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe('LocalFileStorage', () => {
  it('stores bytes and streams, reads them back and says what exists', async () => {
    expect(await storage.exists('invoices/1/bill.pdf')).toBe(false);
    await storage.put('invoices/1/bill.pdf', Buffer.from('%PDF-1.3 first'));
    await storage.put('invoices/1/calls.csv', Readable.from(['a,b\r\n', '1,2\r\n']));
    expect(await storage.exists('invoices/1/bill.pdf')).toBe(true);
    expect(await text(await storage.get('invoices/1/bill.pdf'))).toBe('%PDF-1.3 first');
    expect(await readFile(path.join(root, 'files', 'invoices', '1', 'calls.csv'), 'utf8')).toBe('a,b\r\n1,2\r\n');
    expect(await storage.exists('invoices/1')).toBe(false);
  });

  it('replaces a file whole and leaves no temporary files behind', async () => {
    await storage.put('invoices/2/bill.pdf', Buffer.from('old'));
    await storage.put('invoices/2/bill.pdf', Buffer.from('new'));
    expect(await text(await storage.get('invoices/2/bill.pdf'))).toBe('new');
    expect(await readdir(path.join(root, 'files', 'invoices', '2'))).toEqual(['bill.pdf']);
  });

  it('cleans up after a failed write and keeps the old file', async () => {
    await storage.put('invoices/3/bill.pdf', Buffer.from('kept'));
    const failing = new Readable({
      read() {
        this.destroy(new Error('producer failed'));
      },
    });
    await expect(storage.put('invoices/3/bill.pdf', failing)).rejects.toThrow('producer failed');
    expect(await readdir(path.join(root, 'files', 'invoices', '3'))).toEqual(['bill.pdf']);
    expect(await text(await storage.get('invoices/3/bill.pdf'))).toBe('kept');
  });

  it('rejects a missing file with FileNotStoredError', async () => {
    await expect(storage.get('invoices/9/bill.pdf')).rejects.toBeInstanceOf(FileNotStoredError);
  });

  it('refuses keys that could leave its folder', async () => {
    await writeFile(path.join(root, 'secret.txt'), 'secret');
    for (const key of [
      '../secret.txt',
      'invoices/../../secret.txt',
      '/etc/passwd',
      'invoices\\1\\bill.pdf',
      'C:/x',
      '.hidden',
      'invoices//bill.pdf',
      'invoices/1/',
      '',
      'a'.repeat(201),
      'Invoices/1/bill.pdf',
      'invoices/1/bill.pdf\u0000',
    ]) {
      expect(() => assertSafeStorageKey(key), key).toThrow(/Unsafe storage key/);
      await expect(storage.get(key)).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow(/Unsafe storage key/);
    }
    expect(await readFile(path.join(root, 'secret.txt'), 'utf8')).toBe('secret');
  });
});

describe('LocalFileStorage.sweep', () => {
  const HOUR_MS = 3_600_000;
  const filesRoot = () => path.join(root, 'files');

  /** Writes files into a sub-folder of uploads/, the files and the folder last touched `ageMs` ago. */
  async function folderOf(name: string, files: string[], ageMs: number) {
    const dir = path.join(filesRoot(), 'uploads', name);
    await mkdir(dir, { recursive: true });
    const when = new Date(Date.now() - ageMs);
    for (const file of files) {
      await writeFile(path.join(dir, file), 'x');
      await utimes(path.join(dir, file), when, when);
    }
    await utimes(dir, when, when);
    return dir;
  }

  it('empties the idle folders of unfinished writes and unkept files, and leaves busy ones alone', async () => {
    const idle = await folderOf('idle', ['1.png', '2.png', '3.png.0123456789ab.tmp'], 2 * HOUR_MS);
    const emptied = await folderOf('emptied', ['1.png.0123456789ab.tmp'], 2 * HOUR_MS);
    const fresh = await folderOf('fresh', ['1.png.0123456789ab.tmp', '1.png'], 0);
    const inUse = await folderOf('in-use', ['1.png.0123456789ab.tmp'], 2 * HOUR_MS);
    const asked: string[] = [];
    const report = await storage.sweep('uploads', {
      idleSince: new Date(Date.now() - HOUR_MS),
      inUse: (folder) => folder === 'uploads/in-use',
      keep: async (folder, keys) => {
        asked.push(folder);
        return new Set(keys.filter((key) => key.endsWith('/2.png')));
      },
    });
    expect(await readdir(idle)).toEqual(['2.png']);
    await expect(readdir(emptied)).rejects.toThrow(/ENOENT/);
    expect((await readdir(fresh)).sort()).toEqual(['1.png', '1.png.0123456789ab.tmp']);
    expect(await readdir(inUse)).toEqual(['1.png.0123456789ab.tmp']);
    expect(asked.sort()).toEqual(['uploads/emptied', 'uploads/idle']);
    expect({ ...report, busyFolders: report.busyFolders.sort() }).toEqual({
      unfinishedWrites: 2,
      files: 1,
      folders: 1,
      busyFolders: ['uploads/fresh', 'uploads/in-use'],
    });
  });

  it('finds nothing to do where nothing was ever stored', async () => {
    const report = await storage.sweep('uploads', {
      idleSince: new Date(),
      inUse: () => false,
      keep: async () => new Set(),
    });
    expect(report).toEqual({ unfinishedWrites: 0, files: 0, folders: 0, busyFolders: [] });
  });
});
