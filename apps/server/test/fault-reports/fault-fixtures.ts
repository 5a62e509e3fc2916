import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { crc32, deflateSync } from 'node:zlib';
import type { FaultReportFields } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { App } from '../../src/app.js';
import type { Database } from '../../src/db/schema.js';
import type { BroadbandTestLine } from '../mobile-device/carrier-fixtures.js';

/** A real PNG: signature, IHDR, one IDAT of a grey image, IEND, with their CRCs (an image viewer opens it). */
export function pngImage(width = 8, height = 8): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  const rows = Buffer.concat(
    Array.from({ length: height }, () => Buffer.concat([Buffer.from([0]), Buffer.alloc(width, 128)])),
  );
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const SLOW_SPEEDS: FaultReportFields = {
  faultType: 'SlowSpeeds',
  faultDescription: 'Downloads crawl every evening',
  faultStartedDate: '2026-11-18',
  speedTestResults: [{ resultId: 'st-1' }, { resultId: 'st-2' }, { resultId: 'st-3' }],
  contactName: 'Ada Lovelace',
  contactNumber: '+44 1632 960000',
  frequency: 'Daily',
  routerType: 'Fritz!Box 7590',
  routerRebooted: true,
  microfiltersSwapTest: true,
  masterSocketTest: true,
  nonAdslEquipmentRemoved: false,
  intrusionConsent: true,
  acceptEngineeringCharges: true,
};

export const NO_CONNECTION: FaultReportFields = { ...SLOW_SPEEDS, faultType: 'NoConnection', speedTestResults: [] };

export type Upload = {
  name: string;
  bytes: Buffer | (() => Readable);
  type?: string;
  /** The Content-Disposition's file name parameter exactly as sent (say `filename*=UTF-8''a%00b.png`), for `name`. */
  filenameParameter?: string;
};

const BOUNDARY = 'fault-test-boundary-1b9e';
export const MULTIPART_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

/**
 * A multipart body as the web app sends it: the `report` JSON first, then `traceRouteImages` files (or parts in
 * any order the test gives), streamed so a 100 MB file is never built in memory.
 */
export function multipartBody(
  report: unknown,
  files: readonly Upload[] = [],
  options: { reportLast?: boolean } = {},
): Readable {
  async function* chunks() {
    const reportPart = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="report"\r\n\r\n${JSON.stringify(report)}\r\n`;
    if (!options.reportLast) yield Buffer.from(reportPart);
    for (const file of files) {
      yield Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="traceRouteImages"; ${file.filenameParameter ?? `filename="${file.name}"`}\r\nContent-Type: ${file.type ?? 'image/png'}\r\n\r\n`,
      );
      if (Buffer.isBuffer(file.bytes)) yield file.bytes;
      else yield* file.bytes();
      yield Buffer.from('\r\n');
    }
    if (options.reportLast) yield Buffer.from(reportPart);
    yield Buffer.from(`--${BOUNDARY}--\r\n`);
  }
  return Readable.from(chunks());
}

/** A file of `size` bytes that starts as a PNG and goes on with filler, produced in 1 MiB chunks. */
export function largePng(size: number): () => Readable {
  return () =>
    Readable.from(
      (function* () {
        const head = pngImage();
        yield head;
        const block = Buffer.alloc(1024 * 1024, 0x5a);
        for (let left = size - head.length; left > 0; left -= block.length) {
          yield left >= block.length ? block : block.subarray(0, left);
        }
      })(),
    );
}

/** A diagnostics group of the line, with a finished test run unless `finished` is false. */
export async function diagnosticsGroup(
  db: Kysely<Database>,
  line: BroadbandTestLine,
  finished = true,
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('diagnostic_groups')
    .values({ id, company_id: line.companyId, endpoint_id: line.endpointId, order_item_id: line.orderItemId })
    .execute();
  await db
    .insertInto('diagnostic_test_runs')
    .values({ group_id: id, test: 'lineStatus', finished_at: finished ? new Date() : null, success: finished })
    .execute();
  return id;
}

const SERVICE = { 494: 'broadbandKeystone', 588: 'broadbandSkylark' } as const;

export type FaultPost = {
  token: string;
  line: BroadbandTestLine;
  carrier: 494 | 588;
  groupId: string;
  fields: unknown;
  files?: readonly Upload[];
  headers?: Record<string, string>;
};

/** POST /api/{bbservice}/:id/reportFault as the token's user, the body streamed as the web app sends it. */
export function postFaultReport(app: App, post: FaultPost) {
  return app.inject({
    method: 'POST',
    url: `/api/${SERVICE[post.carrier]}/${post.line.orderItemId}/reportFault?groupId=${post.groupId}`,
    headers: { ...post.headers, authorization: `Bearer ${post.token}`, 'content-type': MULTIPART_TYPE },
    payload: multipartBody(post.fields, post.files ?? []),
  });
}

/**
 * The environment that keeps an app's files in its database (decision 0198), as a deployment of several servers
 * does: the fault report tests run on it, and read what it holds with filesInStorage.
 */
export const DATABASE_FILES = { FILE_STORAGE: 'database' } as const;

/** Every file the database storage holds, by key, and each write still under way as `<key> (unfinished)`. */
export async function filesInStorage(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom('stored_files').select(['key', 'stored_at']).execute();
  return rows.map((row) => (row.stored_at ? row.key : `${row.key} (unfinished)`)).sort();
}

/** The storage keys the fault_report_images rows name. */
export async function referencedImageKeys(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom('fault_report_images').select('storage_key').execute();
  return rows.map((row) => row.storage_key).sort();
}

/**
 * A PNG of `size` bytes whose first `firstBytes` arrive at once and the rest only once `gate` settles: an upload
 * still in progress, for as long as the test holds the gate. The first bytes are enough for its type to be known,
 * so its storage (an unfinished write) has begun by the time they are read.
 */
export function gatedPng(size: number, gate: Promise<void>, firstBytes = 8 * 1024): () => Readable {
  return () =>
    Readable.from(
      (async function* () {
        const head = pngImage();
        yield Buffer.concat([head, Buffer.alloc(firstBytes - head.length, 0x5a)]);
        await gate;
        yield Buffer.alloc(size - firstBytes, 0x5a);
      })(),
    );
}
