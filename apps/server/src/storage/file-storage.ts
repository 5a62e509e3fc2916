import type { Readable } from 'node:stream';

/**
 * Where files are kept (generated bills and call-detail files, uploaded fault report images), behind an interface:
 * local folders, or the database that every server shares (decision 0198). Keys are relative names the server builds itself, never client text.
 */
export interface FileStorage {
  /** Stores the bytes under the key, replacing any file there; a reader never sees a half-written file. */
  put(key: string, content: Uint8Array | Readable): Promise<void>;
  /** The stored file; rejects with FileNotStoredError when there is none. */
  get(key: string): Promise<Readable>;
  exists(key: string): Promise<boolean>;
  /** Removes the file; a key with no file is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Removes what work that never finished left under a folder (a key prefix): in each of its sub-folders that no
   * one has written to since `idleSince` and `inUse` does not claim, the unfinished writes, the stored files `keep`
   * does not keep, and then the sub-folder itself when that empties it.
   */
  sweep(prefix: string, options: SweepOptions): Promise<SweepReport>;
}

export type SweepOptions = {
  idleSince: Date;
  /** Whether a sub-folder (`prefix/name`) belongs to work still under way in this process. */
  inUse: (folder: string) => boolean;
  /** Which of an idle sub-folder's stored files (keys; perhaps none) must stay. */
  keep: (folder: string, keys: readonly string[]) => Promise<ReadonlySet<string>>;
};

/** What a sweep removed, and the sub-folders it left alone as written to lately or in use. */
export type SweepReport = { unfinishedWrites: number; files: number; folders: number; busyFolders: string[] };

export class FileNotStoredError extends Error {
  constructor(readonly key: string) {
    super(`No stored file under '${key}'`);
    this.name = 'FileNotStoredError';
  }
}

// Segments of lower-case letters, digits, dots, dashes and underscores, not starting with a dot: no '..', no
// absolute paths, no backslashes or drive letters, so a key can never name anything outside the storage root.
const SAFE_KEY = /^[a-z0-9_-][a-z0-9._-]*(\/[a-z0-9_-][a-z0-9._-]*)*$/;
const MAX_KEY_LENGTH = 200;

/** Whether the key is a relative name the server could have built: see assertSafeStorageKey. */
export function isSafeStorageKey(key: string): boolean {
  return key.length <= MAX_KEY_LENGTH && SAFE_KEY.test(key);
}

/** Throws unless the key is a safe relative name; storages call it so a coding mistake cannot escape the root. */
export function assertSafeStorageKey(key: string): void {
  if (!isSafeStorageKey(key)) {
    throw new Error(`Unsafe storage key '${key}'`);
  }
}
