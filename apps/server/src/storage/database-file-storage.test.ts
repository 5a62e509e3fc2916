import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileStorageContract } from '../../test/support/file-storage-contract.js';
import { type TestDatabase, testEngines } from '../../test/support/test-databases.js';
import { CHUNK_BYTES, DatabaseFileStorage } from './database-file-storage.js';

describe.each(testEngines())('DatabaseFileStorage on $name', (engine) => {
  let database: TestDatabase;
  const db = () => database.handle.db;
  beforeAll(async () => {
    database = await engine.create('migrated');
  });
  afterAll(() => database?.dispose());

  describe('as every FileStorage', () => {
    fileStorageContract(async () => {
      await db().deleteFrom('stored_files').execute();
      return {
        storage: new DatabaseFileStorage(db()),
        async age(key, ageMs) {
          await db()
            .updateTable('stored_files')
            .set({ touched_at: sql`clock_timestamp() - make_interval(secs => ${ageMs / 1000})` })
            .where('key', '=', key)
            .execute();
        },
        async leaveUnfinishedWrite(key, ageMs) {
          const { id } = await db()
            .insertInto('stored_files')
            .values({
              key,
              folder: key.slice(0, key.lastIndexOf('/')),
              size_bytes: 4,
              chunk_count: 1,
              touched_at: sql`clock_timestamp() - make_interval(secs => ${ageMs / 1000})`,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await db()
            .insertInto('stored_file_chunks')
            .values({ file_id: id, seq: 0, bytes: Buffer.from('half') })
            .execute();
        },
        async unfinishedWrites(folder) {
          const rows = await db()
            .selectFrom('stored_files')
            .select('key')
            .where('folder', '=', folder)
            .where('stored_at', 'is', null)
            .orderBy('key')
            .execute();
          return rows.map((row) => row.key);
        },
      };
    });
  });

  describe('in chunks', () => {
    const storage = () => new DatabaseFileStorage(db());
    const chunkSizes = async (key: string) =>
      (
        await db()
          .selectFrom('stored_file_chunks')
          .innerJoin('stored_files', 'stored_files.id', 'stored_file_chunks.file_id')
          .select(sql<number>`octet_length(stored_file_chunks.bytes)`.as('size'))
          .where('stored_files.key', '=', key)
          .orderBy('stored_file_chunks.seq')
          .execute()
      ).map((row) => row.size);

    it('keeps a file as chunks of at most 256 kB, and the old chunks go with the file they belonged to', async () => {
      await storage().put('invoices/10/calls.csv', Buffer.alloc(2 * CHUNK_BYTES + 5, 1));
      expect(await chunkSizes('invoices/10/calls.csv')).toEqual([CHUNK_BYTES, CHUNK_BYTES, 5]);
      await storage().put('invoices/10/calls.csv', Readable.from([Buffer.alloc(10, 2), Buffer.alloc(CHUNK_BYTES, 3)]));
      expect(await chunkSizes('invoices/10/calls.csv')).toEqual([CHUNK_BYTES, 10]);
      await storage().delete('invoices/10/calls.csv');
      const { count } = await db()
        .selectFrom('stored_file_chunks')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      expect(Number(count)).toBe(0);
    });

    it('shows no reader the file while it is written, and the old one until the write ends', async () => {
      await storage().put('invoices/11/bill.pdf', Buffer.from('old'));
      let release = () => {};
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const writing = storage().put(
        'invoices/11/bill.pdf',
        Readable.from(
          (async function* () {
            yield Buffer.alloc(CHUNK_BYTES + 1, 4);
            await gate;
            yield Buffer.from('end');
          })(),
        ),
      );
      // The first chunk is in the database, and the key still reads as the old file.
      await expect.poll(() => chunkRows(), { timeout: 10_000 }).toBe(2);
      expect((await buffer(await storage().get('invoices/11/bill.pdf'))).toString()).toBe('old');
      release();
      await writing;
      expect((await buffer(await storage().get('invoices/11/bill.pdf'))).length).toBe(CHUNK_BYTES + 4);
    });

    const chunkRows = async () =>
      Number(
        (
          await db()
            .selectFrom('stored_file_chunks')
            .select((eb) => eb.fn.countAll<number>().as('count'))
            .executeTakeFirstOrThrow()
        ).count,
      );

    it('fails a write that a sweep took while it stalled, rather than storing part of it', async () => {
      let release = () => {};
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const writing = storage().put(
        'uploads/stalled/1.png',
        Readable.from(
          (async function* () {
            yield Buffer.alloc(CHUNK_BYTES, 5);
            await gate;
            yield Buffer.from('rest');
          })(),
        ),
      );
      await expect
        .poll(() => db().selectFrom('stored_files').select('id').where('key', '=', 'uploads/stalled/1.png').execute(), {
          timeout: 10_000,
        })
        .toHaveLength(1);
      const report = await storage().sweep('uploads', {
        idleSince: new Date(Date.now() + 60_000),
        inUse: () => false,
        keep: async () => new Set(),
      });
      expect(report).toMatchObject({ unfinishedWrites: 1, folders: 1 });
      release();
      await expect(writing).rejects.toThrow(/removed by the sweep/);
      expect(await storage().exists('uploads/stalled/1.png')).toBe(false);
    });

    it('ends a read with an error, not a short file, when the file is deleted while it is read', async () => {
      await storage().put('invoices/12/bill.pdf', Buffer.alloc(3 * CHUNK_BYTES, 6));
      const reading = await storage().get('invoices/12/bill.pdf');
      await storage().delete('invoices/12/bill.pdf');
      await expect(buffer(reading)).rejects.toThrow(/replaced or deleted while it was read/);
    });
  });
});
