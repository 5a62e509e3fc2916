import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { TRACE_ROUTE_UPLOAD_MAX_BYTES } from '@portal/contract';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openConfiguredDatabase } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { ensureDemoData } from '../../src/db/seed/ensure-demo-data.js';
import { ACME, type BroadbandTestLine, broadbandLine } from '../mobile-device/carrier-fixtures.js';
import { type BuiltServer, killBuiltServer, signInTo, startBuiltServer } from '../support/built-server.js';
import {
  diagnosticsGroup,
  largePng,
  MULTIPART_TYPE,
  multipartBody,
  pngImage,
  SLOW_SPEEDS,
  type Upload,
} from './fault-fixtures.js';

// The upload is streamed (docs/decisions/0098): a 100 MB trace-route image raises the built server's resident
// memory by far less than its size. The server runs as a child process, so its memory is its own, read from
// /proc/<pid>/status (VmRSS) before and during the upload.

const UPLOAD_BYTES = TRACE_ROUTE_UPLOAD_MAX_BYTES - 64 * 1024;
const MAX_GROWTH_BYTES = 150 * 1024 * 1024;
const MiB = 1024 * 1024;

let dataDir = '';
let line: BroadbandTestLine;
let groupId = '';

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'portal-upload-memory-'));
  // The demo data and a diagnostics group are written before the server starts: PGlite has one process at a time.
  const handle = await openConfiguredDatabase({ databaseUrl: undefined, dataDir });
  try {
    await migrateToLatest(handle.db);
    await ensureDemoData(handle, 'small', pino({ level: 'silent' }));
    line = await broadbandLine(handle.db, ACME, 494);
    groupId = await diagnosticsGroup(handle.db, line);
  } finally {
    await handle.close();
  }
}, 240_000);

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

async function residentBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kib = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
  if (!kib) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(kib) * 1024;
}

/**
 * The body at about 100 MB/s, still faster than any customer's line, rather than as fast as the loopback takes
 * it: at full loopback speed the measure is of how soon the garbage collector runs, not of what the upload holds.
 */
async function* paced(body: Readable): AsyncGenerator<Buffer> {
  let sincePause = 0;
  for await (const chunk of body) {
    yield chunk as Buffer;
    sincePause += (chunk as Buffer).length;
    if (sincePause >= MiB) {
      sincePause = 0;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}

/** The resident memory once it has stopped moving (two readings 250 ms apart within 2 MiB), or after 10 s. */
async function settledResidentBytes(pid: number): Promise<number> {
  let last = await residentBytes(pid);
  for (let tries = 0; tries < 40; tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = await residentBytes(pid);
    if (Math.abs(now - last) < 2 * MiB) return now;
    last = now;
  }
  return last;
}

async function upload(server: BuiltServer, token: string, files: Upload[]) {
  const response = await fetch(
    `${server.baseUrl}/api/broadbandKeystone/${line.orderItemId}/reportFault?groupId=${groupId}`,
    {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': MULTIPART_TYPE },
      body: Readable.toWeb(Readable.from(paced(multipartBody(SLOW_SPEEDS, files)))) as ReadableStream,
      duplex: 'half',
    } as RequestInit,
  );
  return { status: response.status, body: await response.text() };
}

// In local folders, the embedded database's default, and in the database (decision 0198), which a write reaches in
// chunks of 256 kB.
it.each(['local', 'database'])(
  'streams a 100 MB image to %s storage with the server growing by less than 150 MB',
  async (storage) => {
    // The worker stays off: only the upload is measured.
    const server = await startBuiltServer(dataDir, { CARRIER_WORKER: 'off', SEED: 'none', FILE_STORAGE: storage });
    try {
      const pid = server.child.pid!;
      const token = await signInTo(server);
      // A small report first, so the route's code is loaded before the baseline.
      expect((await upload(server, token, [{ name: 'warm-up.png', bytes: pngImage() }])).status).toBe(202);
      const before = await settledResidentBytes(pid);

      let peak = before;
      let sampling = true;
      const sampler = (async () => {
        while (sampling) {
          peak = Math.max(peak, await residentBytes(pid));
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      })();
      const started = Date.now();
      const answer = await upload(server, token, [{ name: 'big-trace.png', bytes: largePng(UPLOAD_BYTES) }]);
      const seconds = (Date.now() - started) / 1000;
      sampling = false;
      await sampler;
      peak = Math.max(peak, await residentBytes(pid));

      expect(answer.status, answer.body).toBe(202);
      const growth = peak - before;
      console.log(
        `upload memory, ${storage} storage: ${(UPLOAD_BYTES / MiB).toFixed(1)} MiB streamed in ${seconds.toFixed(1)} s; server RSS before ${(before / MiB).toFixed(1)} MiB, peak ${(peak / MiB).toFixed(1)} MiB, growth ${(growth / MiB).toFixed(1)} MiB (limit ${MAX_GROWTH_BYTES / MiB} MiB)`,
      );
      expect(growth).toBeLessThan(MAX_GROWTH_BYTES);
    } finally {
      await killBuiltServer(server);
    }
  },
  240_000,
);
