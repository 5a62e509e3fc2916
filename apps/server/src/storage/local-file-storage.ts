import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertSafeStorageKey, FileNotStoredError, type FileStorage } from './file-storage.js';

/** The default folder of generated files: beside the database and the outbox, under DATA_DIR. */
export function filesDir(dataDir: string): string {
  return path.join(dataDir, 'files');
}

/**
 * Files in a local folder. Writes go to a temporary file in the target folder and are renamed into place (atomic on
 * one file system), so a crash or a concurrent writer never leaves a truncated file under the key. Folders are
 * created on the first write, so merely starting the server touches no disk.
 */
export class LocalFileStorage implements FileStorage {
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  async put(key: string, content: Uint8Array | Readable): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      const source = content instanceof Readable ? content : Readable.from([content]);
      await pipeline(source, createWriteStream(temporary, { flags: 'wx' }));
      // The data must be on disk before the rename makes it visible, or a power cut could expose an empty file.
      const handle = await open(temporary, 'r');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Readable> {
    const file = this.pathOf(key);
    // Opened before returning, so a missing file is a rejected promise here rather than a stream error later.
    const handle = await open(file, 'r').catch((error: NodeJS.ErrnoException) => {
      throw error.code === 'ENOENT' ? new FileNotStoredError(key) : error;
    });
    return createReadStream(file, { fd: handle });
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  private pathOf(key: string): string {
    assertSafeStorageKey(key);
    const file = path.resolve(this.root, key);
    // Belt and braces: the key check already rules this out.
    if (!file.startsWith(`${this.root}${path.sep}`)) throw new Error(`Storage key '${key}' leaves the root`);
    return file;
  }
}
