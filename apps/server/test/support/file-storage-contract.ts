import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { FileNotStoredError, type FileStorage } from '../../src/storage/file-storage.js';

/** A storage under test, with what only its own kind can do: make time pass, and leave what a killed write leaves. */
export type StorageFixture = {
  storage: FileStorage;
  /** Makes a stored file, and its folder, look last written `ageMs` ago. */
  age(key: string, ageMs: number): Promise<void>;
  /** Leaves what a write of `key` that never ended leaves (its server killed mid-write), last written `ageMs` ago. */
  leaveUnfinishedWrite(key: string, ageMs: number): Promise<void>;
  /** The keys of the unfinished writes in a folder. */
  unfinishedWrites(folder: string): Promise<string[]>;
  dispose?(): Promise<void>;
};

const HOUR_MS = 3_600_000;

/**
 * What every FileStorage promises (storage/file-storage.ts), as tests: call it inside a describe of one storage,
 * with a function that gives each test a storage holding nothing.
 */
export function fileStorageContract(open: () => Promise<StorageFixture>) {
  let fixture: StorageFixture;
  let storage: FileStorage;
  beforeEach(async () => {
    fixture = await open();
    storage = fixture.storage;
  });
  afterEach(() => fixture?.dispose?.());

  it('stores bytes and streams, reads them back and says what exists', async () => {
    expect(await storage.exists('invoices/1/bill.pdf')).toBe(false);
    await storage.put('invoices/1/bill.pdf', Buffer.from('%PDF-1.3 first'));
    await storage.put('invoices/1/calls.csv', Readable.from(['a,b\r\n', '1,2\r\n']));
    expect(await storage.exists('invoices/1/bill.pdf')).toBe(true);
    expect(await text(await storage.get('invoices/1/bill.pdf'))).toBe('%PDF-1.3 first');
    expect(await text(await storage.get('invoices/1/calls.csv'))).toBe('a,b\r\n1,2\r\n');
    expect(await storage.exists('invoices/1')).toBe(false);
  });

  it('keeps a file of many pieces byte for byte, and an empty one', async () => {
    // 1.1 MB in pieces of odd sizes, so no piece lines up with any storage's own buffers.
    const bytes = Buffer.alloc(1_100_003);
    for (let index = 0; index < bytes.length; index += 1) bytes[index] = (index * 7919) % 251;
    const pieces = Array.from({ length: Math.ceil(bytes.length / 65_537) }, (_, index) =>
      bytes.subarray(index * 65_537, (index + 1) * 65_537),
    );
    await storage.put('fault-reports/big/1.png', Readable.from(pieces));
    await storage.put('fault-reports/big/2.png', bytes);
    await storage.put('fault-reports/big/empty.png', Buffer.alloc(0));
    const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
    expect(sha256(await buffer(await storage.get('fault-reports/big/1.png')))).toBe(sha256(bytes));
    expect(sha256(await buffer(await storage.get('fault-reports/big/2.png')))).toBe(sha256(bytes));
    expect((await buffer(await storage.get('fault-reports/big/empty.png'))).length).toBe(0);
  });

  it('replaces a file whole and leaves no unfinished write behind', async () => {
    await storage.put('invoices/2/bill.pdf', Buffer.from('old'));
    await storage.put('invoices/2/bill.pdf', Buffer.from('new'));
    expect(await text(await storage.get('invoices/2/bill.pdf'))).toBe('new');
    expect(await fixture.unfinishedWrites('invoices/2')).toEqual([]);
  });

  it('cleans up after a failed write and keeps the old file', async () => {
    await storage.put('invoices/3/bill.pdf', Buffer.from('kept'));
    const failing = Readable.from(
      (async function* () {
        yield Buffer.alloc(300 * 1024, 1);
        throw new Error('producer failed');
      })(),
    );
    await expect(storage.put('invoices/3/bill.pdf', failing)).rejects.toThrow('producer failed');
    expect(await fixture.unfinishedWrites('invoices/3')).toEqual([]);
    expect(await text(await storage.get('invoices/3/bill.pdf'))).toBe('kept');
  });

  it('rejects a missing file with FileNotStoredError, and deletes what is there', async () => {
    await expect(storage.get('invoices/9/bill.pdf')).rejects.toBeInstanceOf(FileNotStoredError);
    await storage.delete('invoices/9/bill.pdf');
    await storage.put('invoices/9/bill.pdf', Buffer.from('x'));
    await storage.delete('invoices/9/bill.pdf');
    expect(await storage.exists('invoices/9/bill.pdf')).toBe(false);
    await expect(storage.get('invoices/9/bill.pdf')).rejects.toBeInstanceOf(FileNotStoredError);
  });

  it('refuses keys that could leave its folder', async () => {
    for (const key of ['../secret.txt', 'invoices/../../secret.txt', '/etc/passwd', 'invoices//bill.pdf', '']) {
      await expect(storage.get(key), key).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.put(key, Buffer.from('x')), key).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.exists(key), key).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.delete(key), key).rejects.toThrow(/Unsafe storage key/);
    }
  });

  it('sweeps the idle folders of unfinished writes and unkept files, and leaves busy ones alone', async () => {
    await storage.put('uploads/idle/1.png', Buffer.from('x'));
    await storage.put('uploads/idle/2.png', Buffer.from('x'));
    await fixture.leaveUnfinishedWrite('uploads/idle/3.png', 2 * HOUR_MS);
    await fixture.age('uploads/idle/1.png', 2 * HOUR_MS);
    await fixture.age('uploads/idle/2.png', 2 * HOUR_MS);
    await fixture.leaveUnfinishedWrite('uploads/emptied/1.png', 2 * HOUR_MS);
    await storage.put('uploads/fresh/1.png', Buffer.from('x'));
    await fixture.leaveUnfinishedWrite('uploads/fresh/2.png', 0);
    await fixture.leaveUnfinishedWrite('uploads/in-use/1.png', 2 * HOUR_MS);
    // Stored beside the folders, not in one: no sweep of uploads/ looks at it.
    await storage.put('uploads/loose.png', Buffer.from('x'));
    await fixture.age('uploads/loose.png', 2 * HOUR_MS);

    const asked: string[] = [];
    const report = await storage.sweep('uploads', {
      idleSince: new Date(Date.now() - HOUR_MS),
      inUse: (folder) => folder === 'uploads/in-use',
      keep: async (folder, keys) => {
        asked.push(folder);
        return new Set(keys.filter((key) => key.endsWith('/2.png')));
      },
    });
    expect(await storage.exists('uploads/idle/1.png')).toBe(false);
    expect(await storage.exists('uploads/idle/2.png')).toBe(true);
    expect(await fixture.unfinishedWrites('uploads/idle')).toEqual([]);
    expect(await fixture.unfinishedWrites('uploads/emptied')).toEqual([]);
    expect(await storage.exists('uploads/fresh/1.png')).toBe(true);
    expect(await fixture.unfinishedWrites('uploads/fresh')).toEqual(['uploads/fresh/2.png']);
    expect(await fixture.unfinishedWrites('uploads/in-use')).toEqual(['uploads/in-use/1.png']);
    expect(await storage.exists('uploads/loose.png')).toBe(true);
    expect(asked.sort()).toEqual(['uploads/emptied', 'uploads/idle']);
    expect({ ...report, busyFolders: report.busyFolders.sort() }).toEqual({
      unfinishedWrites: 2,
      files: 1,
      folders: 1,
      busyFolders: ['uploads/fresh', 'uploads/in-use'],
    });
  });

  it('finds nothing to sweep where nothing was ever stored', async () => {
    const report = await storage.sweep('uploads', {
      idleSince: new Date(),
      inUse: () => false,
      keep: async () => new Set(),
    });
    expect(report).toEqual({ unfinishedWrites: 0, files: 0, folders: 0, busyFolders: [] });
  });
}
