import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fileStorageContract } from '../../test/support/file-storage-contract.js';
import { assertSafeStorageKey } from './file-storage.js';
import { LocalFileStorage } from './local-file-storage.js';

/** A write's temporary file, as LocalFileStorage names it: the target's name, 12 hex digits, `.tmp`. */
const TEMPORARY = /\.[0-9a-f]{12}\.tmp$/;

describe('LocalFileStorage, as every FileStorage', () => {
  fileStorageContract(async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'portal-storage-'));
    const filesRoot = path.join(root, 'files');
    const pathOf = (key: string) => path.join(filesRoot, ...key.split('/'));
    /** Sets a file's and its folder's times `ageMs` into the past. */
    const setAge = async (file: string, ageMs: number) => {
      const when = new Date(Date.now() - ageMs);
      await utimes(file, when, when);
      await utimes(path.dirname(file), when, when);
    };
    return {
      storage: new LocalFileStorage(filesRoot),
      age: (key, ageMs) => setAge(pathOf(key), ageMs),
      async leaveUnfinishedWrite(key, ageMs) {
        const file = `${pathOf(key)}.0123456789ab.tmp`;
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(file, 'half');
        await setAge(file, ageMs);
      },
      async unfinishedWrites(folder) {
        const names = await readdir(pathOf(folder)).catch(() => []);
        return names.filter((name) => TEMPORARY.test(name)).map((name) => `${folder}/${name.replace(TEMPORARY, '')}`);
      },
      dispose: () => rm(root, { recursive: true, force: true }),
    };
  });
});

describe('LocalFileStorage on disk', () => {
  let root: string;
  let storage: LocalFileStorage;

  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'portal-storage-'));
    storage = new LocalFileStorage(path.join(root, 'files'));
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('keeps a file under its key as a path under its folder', async () => {
    await storage.put('invoices/1/calls.csv', Readable.from(['a,b\r\n', '1,2\r\n']));
    expect(await readFile(path.join(root, 'files', 'invoices', '1', 'calls.csv'), 'utf8')).toBe('a,b\r\n1,2\r\n');
  });

  it('replaces a file by renaming, leaving nothing else in its folder', async () => {
    await storage.put('invoices/2/bill.pdf', Buffer.from('old'));
    await storage.put('invoices/2/bill.pdf', Buffer.from('new'));
    expect(await readdir(path.join(root, 'files', 'invoices', '2'))).toEqual(['bill.pdf']);
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

  it('removes a swept folder once it is empty', async () => {
    const folder = path.join(root, 'files', 'uploads', 'emptied');
    await mkdir(folder, { recursive: true });
    const when = new Date(Date.now() - 7_200_000);
    await writeFile(path.join(folder, '1.png.0123456789ab.tmp'), 'x');
    await utimes(path.join(folder, '1.png.0123456789ab.tmp'), when, when);
    await utimes(folder, when, when);
    await storage.sweep('uploads', { idleSince: new Date(), inUse: () => false, keep: async () => new Set() });
    await expect(readdir(folder)).rejects.toThrow(/ENOENT/);
  });
});
