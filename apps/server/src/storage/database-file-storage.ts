import { Readable } from 'node:stream';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';
import {
  assertSafeStorageKey,
  FileNotStoredError,
  type FileStorage,
  type SweepOptions,
  type SweepReport,
} from './file-storage.js';

/** The most bytes one chunk row holds: what a write buffers and a read holds of a file at a time. */
export const CHUNK_BYTES = 256 * 1024;

/** The first key of the advisory locks that order the ends of writes to one key (the second: the key's hash). */
const STORED_FILE_LOCK = 7_303;

/**
 * Files in the database (stored_files and stored_file_chunks, migration 0023; decision 0198), so every server on it
 * reads what any one stored.
 * - A write first adds a row of its own (not yet stored) and then its chunks one statement at a time, and only at
 *   its end, in one short transaction, removes the key's old file and makes its own the key's file. A reader never
 *   sees half a file, and no transaction stays open while a client sends its upload: on the embedded database, whose
 *   one connection every request shares, that would stop the server for as long as the slowest client.
 * - Chunks travel as base64 text: PGlite's own encoding of bytea parameters and results is several times slower
 *   (5 MB took 8 s to insert and 2 s to read on PGlite, against 1.3 s and 0.6 s as base64).
 * - A read streams the chunks one query at a time. A file replaced or deleted while it is read ends the stream with
 *   an error, never with a short file.
 * - A write that never ended (its server killed) leaves its row and chunks; the sweep removes them once idle.
 */
export class DatabaseFileStorage implements FileStorage {
  constructor(private readonly db: Kysely<Database>) {}

  async put(key: string, content: Uint8Array | Readable): Promise<void> {
    assertSafeStorageKey(key);
    const { id } = await this.db
      .insertInto('stored_files')
      .values({ key, folder: folderOf(key) })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      let seq = 0;
      for await (const chunk of chunksOf(content)) {
        await this.append(id, key, seq, chunk);
        seq += 1;
      }
      await this.db.transaction().execute(async (trx) => {
        // Two writes of one key ending together would otherwise both remove the old file and both publish.
        await sql`SELECT pg_advisory_xact_lock(${STORED_FILE_LOCK}, hashtext(${key}))`.execute(trx);
        await trx.deleteFrom('stored_files').where('key', '=', key).where('stored_at', 'is not', null).execute();
        const published = await trx
          .updateTable('stored_files')
          .set({ stored_at: sql`clock_timestamp()`, touched_at: sql`clock_timestamp()` })
          .where('id', '=', id)
          .where('stored_at', 'is', null)
          .returning('id')
          .execute();
        if (published.length !== 1) throw sweptAway(key);
      });
    } catch (error) {
      // Should this fail too (the database gone), the sweep removes the write once its folder is idle.
      await this.db
        .deleteFrom('stored_files')
        .where('id', '=', id)
        .where('stored_at', 'is', null)
        .execute()
        .catch(() => undefined);
      throw error;
    }
  }

  /** Adds one chunk to a write under way, unless a sweep took the write meanwhile. */
  private async append(id: number, key: string, seq: number, bytes: Uint8Array) {
    const { rows } = await sql<{ seq: number }>`
      WITH write AS (
        UPDATE stored_files
        SET size_bytes = size_bytes + ${bytes.length}, chunk_count = chunk_count + 1, touched_at = clock_timestamp()
        WHERE id = ${id} AND stored_at IS NULL
        RETURNING id
      )
      INSERT INTO stored_file_chunks (file_id, seq, bytes)
      SELECT id, ${seq}, decode(${asBuffer(bytes).toString('base64')}, 'base64') FROM write RETURNING seq`.execute(
      this.db,
    );
    if (rows.length !== 1) throw sweptAway(key);
  }

  async get(key: string): Promise<Readable> {
    assertSafeStorageKey(key);
    const file = await this.db
      .selectFrom('stored_files')
      .select(['id', 'chunk_count'])
      .where('key', '=', key)
      .where('stored_at', 'is not', null)
      .executeTakeFirst();
    if (!file) throw new FileNotStoredError(key);
    const db = this.db;
    async function* chunks() {
      for (let seq = 0; seq < file!.chunk_count; seq += 1) {
        const chunk = await db
          .selectFrom('stored_file_chunks')
          .select(sql<string>`encode(bytes, 'base64')`.as('base64'))
          .where('file_id', '=', file!.id)
          .where('seq', '=', seq)
          .executeTakeFirst();
        if (!chunk) throw new Error(`The stored file '${key}' was replaced or deleted while it was read`);
        // PostgreSQL breaks base64 into lines, which Node's decoder skips.
        yield Buffer.from(chunk.base64, 'base64');
      }
    }
    // Byte mode, so a consumer sees a byte stream as from a file; it pulls the next chunk only once it wants it.
    return Readable.from(chunks(), { objectMode: false });
  }

  async exists(key: string): Promise<boolean> {
    assertSafeStorageKey(key);
    const file = await this.db
      .selectFrom('stored_files')
      .select('id')
      .where('key', '=', key)
      .where('stored_at', 'is not', null)
      .executeTakeFirst();
    return file !== undefined;
  }

  async delete(key: string): Promise<void> {
    assertSafeStorageKey(key);
    await this.db.deleteFrom('stored_files').where('key', '=', key).where('stored_at', 'is not', null).execute();
  }

  async sweep(prefix: string, options: SweepOptions): Promise<SweepReport> {
    assertSafeStorageKey(prefix);
    const report: SweepReport = { unfinishedWrites: 0, files: 0, folders: 0, busyFolders: [] };
    const rows = await this.rowsUnder(prefix);
    const idleSince = options.idleSince.getTime();
    for (const [folder, inFolder] of bySubFolder(prefix, rows)) {
      // A write to any of its files, at any depth, lately: something is at work here.
      if (options.inUse(folder) || inFolder.some((row) => row.touched_at.getTime() >= idleSince)) {
        report.busyFolders.push(folder);
        continue;
      }
      const own = inFolder.filter((row) => row.folder === folder);
      const unfinished = own.filter((row) => row.stored_at === null);
      const stored = own.filter((row) => row.stored_at !== null);
      const kept = await options.keep(
        folder,
        stored.map((row) => row.key),
      );
      const unfinishedWrites = await this.removeIdle(unfinished, options.idleSince);
      const files = await this.removeIdle(
        stored.filter((row) => !kept.has(row.key)),
        options.idleSince,
      );
      report.unfinishedWrites += unfinishedWrites;
      report.files += files;
      // A folder is only its files: it is gone once the sweep took the last of them.
      if (unfinishedWrites + files > 0 && (await this.rowsUnder(folder, true)).length === 0) report.folders += 1;
    }
    return report;
  }

  /** The rows of files and writes in a folder's sub-folders (and, when asked, in the folder itself). */
  private rowsUnder(folder: string, itself = false): Promise<FileRow[]> {
    // In bytewise order '0' follows '/', so the sub-folders of 'a' are the range ['a/', 'a0').
    return this.db
      .selectFrom('stored_files')
      .select(['id', 'key', 'folder', 'touched_at', 'stored_at'])
      .where((eb) =>
        eb.or([
          eb.and([eb('folder', '>=', `${folder}/`), eb('folder', '<', `${folder}0`)]),
          ...(itself ? [eb('folder', '=', folder)] : []),
        ]),
      )
      .execute();
  }

  /** Removes the rows (and so their chunks) that are still as the sweep saw them: not written to since. */
  private async removeIdle(rows: readonly { id: number }[], idleSince: Date): Promise<number> {
    if (rows.length === 0) return 0;
    const removed = await this.db
      .deleteFrom('stored_files')
      .where(
        'id',
        'in',
        rows.map((row) => row.id),
      )
      .where('touched_at', '<', idleSince)
      .returning('id')
      .execute();
    return removed.length;
  }
}

type FileRow = { id: number; key: string; folder: string; touched_at: Date; stored_at: Date | null };

/** The rows under a prefix by its sub-folder (`prefix/name`) they lie in, at any depth, in the sub-folders' order. */
function bySubFolder(prefix: string, rows: readonly FileRow[]): [string, FileRow[]][] {
  const groups = new Map<string, FileRow[]>();
  for (const row of rows) {
    const folder = `${prefix}/${row.folder.slice(prefix.length + 1).split('/')[0]}`;
    groups.set(folder, [...(groups.get(folder) ?? []), row]);
  }
  return [...groups].sort(([a], [b]) => (a < b ? -1 : 1));
}

/** The key without its last segment. */
function folderOf(key: string): string {
  const slash = key.lastIndexOf('/');
  return slash < 0 ? '' : key.slice(0, slash);
}

const sweptAway = (key: string) =>
  new Error(`The write of '${key}' was removed by the sweep of unfinished writes before it ended`);

/** A Buffer over the same bytes: pg answers bytea as Buffer, PGlite as Uint8Array. */
function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** The content in pieces of CHUNK_BYTES (the last one shorter), read from a stream only as fast as they are written. */
async function* chunksOf(content: Uint8Array | Readable): AsyncGenerator<Uint8Array> {
  if (!(content instanceof Readable)) {
    for (let offset = 0; offset < content.length; offset += CHUNK_BYTES) {
      yield asBuffer(content.subarray(offset, offset + CHUNK_BYTES));
    }
    return;
  }
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const piece of content as AsyncIterable<Uint8Array | string>) {
    let bytes = typeof piece === 'string' ? Buffer.from(piece) : asBuffer(piece);
    while (pendingBytes + bytes.length >= CHUNK_BYTES) {
      const take = CHUNK_BYTES - pendingBytes;
      yield Buffer.concat([...pending, bytes.subarray(0, take)]);
      pending = [];
      pendingBytes = 0;
      bytes = bytes.subarray(take);
    }
    if (bytes.length > 0) {
      pending.push(bytes);
      pendingBytes += bytes.length;
    }
  }
  if (pendingBytes > 0) yield Buffer.concat(pending);
}
