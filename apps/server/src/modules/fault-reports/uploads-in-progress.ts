import { randomUUID } from 'node:crypto';
import type { FileStorage } from '../../storage/file-storage.js';

/** The storage folder under which each fault report's upload has a folder of its own. */
export const FAULT_REPORT_FOLDER = 'fault-reports';

/**
 * The upload folders this process is writing to, or has written and not yet named in a committed row. The sweep of
 * unfinished uploads (docs/decisions/0122) leaves them alone however old their files look: a client may stall
 * mid-upload, or a report wait on the lock, for longer than the sweep's idle time.
 */
export class UploadsInProgress {
  private readonly folders = new Set<string>();

  /** A new folder for one upload, in progress until `done` is called (call it in a finally). */
  begin(): { folder: string; done: () => void } {
    const folder = `${FAULT_REPORT_FOLDER}/${randomUUID()}`;
    this.folders.add(folder);
    return { folder, done: () => this.folders.delete(folder) };
  }

  has(folder: string): boolean {
    return this.folders.has(folder);
  }

  list(): string[] {
    return [...this.folders];
  }
}

/** Where the fault reports' images are kept, and which of their folders this process is writing. */
export type FaultReportUploads = { storage: FileStorage; inProgress: UploadsInProgress };

export function faultReportUploads(storage: FileStorage): FaultReportUploads {
  return { storage, inProgress: new UploadsInProgress() };
}
