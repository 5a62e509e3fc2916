import type { Config } from '../config.js';
import type { DatabaseHandle, DatabaseKind } from '../db/connection.js';
import { DatabaseFileStorage } from './database-file-storage.js';
import type { FileStorage } from './file-storage.js';
import { filesDir, LocalFileStorage } from './local-file-storage.js';

export type FileStorageKind = 'database' | 'local';

/**
 * The two kinds of files the server keeps: those it generates (bill PDFs, call-detail CSVs, under `invoices/`) and
 * those users upload (fault report images, under `fault-reports/`). In the database both are one storage; locally
 * they are the folders DATA_DIR/files and UPLOADS_DIR.
 */
export type FileStorages = { kind: FileStorageKind; generated: FileStorage; uploads: FileStorage };

/**
 * FILE_STORAGE, or by default the database on PostgreSQL, where several servers may share it, and local folders on
 * the embedded database, which only one server can open (decision 0198).
 */
export function fileStorageKind(configured: FileStorageKind | undefined, database: DatabaseKind): FileStorageKind {
  return configured ?? (database === 'postgres' ? 'database' : 'local');
}

export function openFileStorages(
  config: Pick<Config, 'fileStorage' | 'dataDir' | 'uploadsDir'>,
  database: DatabaseHandle,
): FileStorages {
  const kind = fileStorageKind(config.fileStorage, database.kind);
  if (kind === 'database') {
    const storage = new DatabaseFileStorage(database.db);
    return { kind, generated: storage, uploads: storage };
  }
  return {
    kind,
    generated: new LocalFileStorage(filesDir(config.dataDir)),
    uploads: new LocalFileStorage(config.uploadsDir),
  };
}
