import { createReadStream } from 'node:fs';
import { readdir, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { type FileStorage, isSafeStorageKey } from './file-storage.js';
import { isUnfinishedWrite } from './local-file-storage.js';

/**
 * Moves into `storage` the files kept in local folders by an earlier version or under FILE_STORAGE=local (decision
 * 0198), so that switching to the database loses no queued fault report's images and no produced bill: each file
 * under its key (its path below the folder), unless the storage has that key already, then removed from the disk.
 * Unfinished writes and names the server never builds are left where they are. Answers how many files it moved.
 */
export async function adoptLocalFiles(storage: FileStorage, folders: readonly string[]): Promise<number> {
  let moved = 0;
  for (const folder of folders) {
    const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(
      (error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [];
        throw error;
      },
    );
    for (const entry of entries) {
      if (!entry.isFile() || isUnfinishedWrite(entry.name)) continue;
      const file = path.join(entry.parentPath, entry.name);
      const key = path.relative(folder, file).split(path.sep).join('/');
      if (!isSafeStorageKey(key)) continue;
      if (!(await storage.exists(key))) await storage.put(key, createReadStream(file));
      await rm(file);
      moved += 1;
    }
    // The folders it emptied, deepest first; one still holding something stays.
    const folders = entries
      .filter((entry) => entry.isDirectory())
      .map((entry) => path.join(entry.parentPath, entry.name))
      .sort((a, b) => b.length - a.length);
    for (const emptied of folders) await rmdir(emptied).catch(() => undefined);
  }
  return moved;
}
