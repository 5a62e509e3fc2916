import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

/*
 * Files kept in the database (storage/database-file-storage.ts, decision 0198), so that a file one server stored is
 * read by every other: uploaded fault report images and generated bill files.
 * - stored_files: one row per file, and one per write under way (stored_at NULL) whose chunks are being added. A
 *   write becomes the key's file in one short transaction at its end, so a reader never sees half a file.
 * - stored_file_chunks: the bytes, in pieces of at most 256 kB, so neither side holds a whole file in memory.
 * Keys and folders sort bytewise (COLLATE "C"), so a folder's contents are one index range.
 */
const statements = [
  `CREATE TABLE stored_files (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    key text COLLATE "C" NOT NULL,
    folder text COLLATE "C" NOT NULL,
    size_bytes bigint NOT NULL DEFAULT 0,
    chunk_count integer NOT NULL DEFAULT 0,
    touched_at timestamptz NOT NULL DEFAULT clock_timestamp(),
    stored_at timestamptz
  )`,
  'CREATE UNIQUE INDEX stored_files_key ON stored_files (key) WHERE stored_at IS NOT NULL',
  'CREATE INDEX stored_files_folder ON stored_files (folder)',
  `CREATE TABLE stored_file_chunks (
    file_id bigint NOT NULL REFERENCES stored_files (id) ON DELETE CASCADE,
    seq integer NOT NULL CHECK (seq >= 0),
    bytes bytea NOT NULL,
    PRIMARY KEY (file_id, seq)
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, statements);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, ['DROP TABLE stored_file_chunks', 'DROP TABLE stored_files']);
}
