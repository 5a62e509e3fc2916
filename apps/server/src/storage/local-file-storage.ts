import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, type Stats } from 'node:fs';
import { lstat, mkdir, open, readdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertSafeStorageKey,
  FileNotStoredError,
  type FileStorage,
  type SweepOptions,
  type SweepReport,
} from './file-storage.js';

/** The default folder of generated files: beside the database and the outbox, under DATA_DIR. */
export function filesDir(dataDir: string): string {
  return path.join(dataDir, 'files');
}

const TEMPORARY_SUFFIX = '.tmp';
/** A write's temporary file: the target's name, 12 random hex digits, `.tmp`. A stored key never ends so. */
const TEMPORARY = /\.[0-9a-f]{12}\.tmp$/;

/** Whether a file in the folder is a write under way (or one its server never finished), not a stored file. */
export const isUnfinishedWrite = (fileName: string): boolean => TEMPORARY.test(fileName);

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
    const temporary = `${target}.${randomBytes(6).toString('hex')}${TEMPORARY_SUFFIX}`;
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

  async sweep(prefix: string, options: SweepOptions): Promise<SweepReport> {
    const report: SweepReport = { unfinishedWrites: 0, files: 0, folders: 0, busyFolders: [] };
    const root = this.pathOf(prefix);
    const entries = await readdir(root, { withFileTypes: true }).catch(ifMissing([]));
    for (const entry of entries) {
      const folder = `${prefix}/${entry.name}`;
      if (!entry.isDirectory()) continue;
      const idle =
        !options.inUse(folder) && (await this.sweepFolder(folder, path.join(root, entry.name), options, report));
      if (!idle) report.busyFolders.push(folder);
    }
    return report;
  }

  /** One sub-folder of a sweep, unless it or a file in it was written to lately: then false, and it is left as it is. */
  private async sweepFolder(folder: string, dir: string, options: SweepOptions, report: SweepReport) {
    const names = await readdir(dir).catch(ifMissing(undefined));
    if (!names) return true;
    // The folder's own time moves when an entry is added, renamed or removed; a file's when it is written to. An
    // entry gone meanwhile means something is at work here too.
    const stats = await Promise.all([dir, ...names.map((name) => path.join(dir, name))].map(statIfThere));
    const idleSince = options.idleSince.getTime();
    if (stats.some((stats) => stats === undefined || stats.mtimeMs >= idleSince)) return false;
    const files = names.filter((_name, index) => stats[index + 1]?.isFile());
    const unfinished = files.filter((name) => TEMPORARY.test(name));
    const stored = files.filter((name) => !TEMPORARY.test(name));
    const kept = await options.keep(
      folder,
      stored.map((name) => `${folder}/${name}`),
    );
    for (const name of unfinished) {
      await rm(path.join(dir, name), { force: true });
      report.unfinishedWrites += 1;
    }
    for (const name of stored.filter((name) => !kept.has(`${folder}/${name}`))) {
      await rm(path.join(dir, name), { force: true });
      report.files += 1;
    }
    // Only an empty folder is removed: one that still holds a kept file, or gained one meanwhile, stays.
    const removed = await rmdir(dir).then(
      () => true,
      () => false,
    );
    if (removed) report.folders += 1;
    return true;
  }

  private pathOf(key: string): string {
    assertSafeStorageKey(key);
    const file = path.resolve(this.root, key);
    // Belt and braces: the key check already rules this out.
    if (!file.startsWith(`${this.root}${path.sep}`)) throw new Error(`Storage key '${key}' leaves the root`);
    return file;
  }
}

const statIfThere = (file: string): Promise<Stats | undefined> => lstat(file).catch(ifMissing(undefined));

/** A catch handler that answers `value` for a file or folder that is not there, and rethrows anything else. */
function ifMissing<T>(value: T) {
  return (error: NodeJS.ErrnoException): T => {
    if (error.code === 'ENOENT') return value;
    throw error;
  };
}
