import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { FAULT_REPORT_FOLDER, type FaultReportUploads } from '../modules/fault-reports/uploads-in-progress.js';

/**
 * How long an upload's folder must have been left untouched before the sweep takes what is in it. The storage is
 * shared by every server, whose uploads in progress this one cannot see; an hour is far past any request's life.
 */
export const UPLOAD_IDLE_MS = 3_600_000;

/*
 * Removes what unfinished fault report uploads leave in the file storage (docs/decisions/0122, 0198): the unfinished
 * write of a server killed mid-upload, images stored by one killed before their report's row was written, and the folders
 * that leaves empty. It runs when the app is ready and then every intervalMs.
 * - Only a folder untouched for UPLOAD_IDLE_MS is looked into, and never one this process is still writing (a
 *   stalled client can keep an upload open for longer).
 * - A temporary file is never data, so it goes. A stored image goes only when this database recorded its upload
 *   as begun and never ended (fault_report_uploads): a database restored from a backup, or the wrong database,
 *   makes images look unreferenced, but it has no such record of them, so they stay.
 */
export class UploadSweeper {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly uploads: FaultReportUploads,
    private readonly log: FastifyBaseLogger,
    private readonly intervalMs: number,
  ) {}

  /** Sweeps once now (the start-up sweep, awaited) and then every intervalMs until stopped. */
  async start(): Promise<void> {
    if (!this.stopped) return;
    this.stopped = false;
    this.running = this.sweepLogged();
    await this.running;
    this.running = undefined;
    this.schedule();
  }

  /** Stops sweeping and waits for a sweep under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** One sweep of the fault reports' upload folders, then of the records of uploads it has ended. */
  async runOnce() {
    const idleSince = new Date(Date.now() - UPLOAD_IDLE_MS);
    const removed = await this.uploads.storage.sweep(FAULT_REPORT_FOLDER, {
      idleSince,
      inUse: (folder) => this.uploads.inProgress.has(folder),
      keep: (folder, keys) => this.imagesToKeep(folder, keys),
    });
    // A record older than the idle time whose folder is neither busy nor being written here was swept just now, or
    // its upload never stored a file: either way it has nothing left to judge.
    const spared = [...removed.busyFolders, ...this.uploads.inProgress.list()];
    const ended = await this.db
      .deleteFrom('fault_report_uploads')
      .where('started_at', '<', idleSince)
      .$if(spared.length > 0, (query) => query.where('folder', 'not in', spared))
      .executeTakeFirst();
    return { ...removed, records: Number(ended.numDeletedRows) };
  }

  /**
   * All of a folder's images, unless this database saw its upload begin and never end; then those a row names. The
   * sweep ends such an upload here, before it removes anything: another server may still be taking it (its client
   * silent for an hour), and ending its record is what makes that server refuse the report rather than store one
   * whose images are gone (decision 0198).
   */
  private async imagesToKeep(folder: string, keys: readonly string[]): Promise<ReadonlySet<string>> {
    if (keys.length === 0) return new Set();
    const unfinished = await this.db
      .deleteFrom('fault_report_uploads')
      .where('folder', '=', folder)
      .returning('folder')
      .executeTakeFirst();
    if (!unfinished) return new Set(keys);
    const named = await this.db
      .selectFrom('fault_report_images')
      .select('storage_key')
      .where('storage_key', 'in', keys)
      .execute();
    return new Set(named.map((row) => row.storage_key));
  }

  private schedule() {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.sweepLogged().finally(() => {
        this.running = undefined;
        this.schedule();
      });
    }, this.intervalMs);
    // A sweep due is no reason to keep the process alive.
    this.timer.unref();
  }

  private async sweepLogged(): Promise<void> {
    try {
      const { busyFolders: _busy, ...removed } = await this.runOnce();
      if (removed.unfinishedWrites + removed.files + removed.folders > 0) {
        this.log.info({ removed }, 'uploads: removed what unfinished uploads left');
      }
    } catch (error) {
      this.log.error({ err: error }, 'uploads: the sweep failed');
    }
  }
}
