import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
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
