import { FAULT_REPORT_IMAGE_QUOTA } from '@portal/contract';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ACME, type BroadbandTestLine, broadbandLine, GLOBEX } from '../mobile-device/carrier-fixtures.js';
import { signIn, useDemoApp } from '../support/test-app.js';
import {
  DATABASE_FILES,
  diagnosticsGroup,
  type FaultPost,
  filesInStorage,
  gatedPng,
  largePng,
  NO_CONNECTION,
  postFaultReport,
  referencedImageKeys,
  SLOW_SPEEDS,
} from './fault-fixtures.js';

// Each company may keep a limited amount of trace-route images (docs/decisions/0122): a report that would take it
// past its quota is refused with 413 and stores nothing. The quota is set small here through the environment.

const QUOTA = 100_000;
const context = useDemoApp(() => ({ ...DATABASE_FILES, FAULT_REPORT_QUOTA_BYTES: String(QUOTA) }));
const db = () => context.database.db;

type Reporter = { token: string; line: BroadbandTestLine; groupId: string };
let acme: Reporter;
let globex: Reporter;

async function reporter(username: string, company: string): Promise<Reporter> {
  const line = await broadbandLine(db(), company, 494);
  return {
    token: (await signIn(context.app, username)).accessToken,
    line,
    groupId: await diagnosticsGroup(db(), line),
  };
}

beforeAll(async () => {
  acme = await reporter('acme.admin', ACME);
  globex = await reporter('globex.admin', GLOBEX);
});

let sent = 0;
/** A slow speeds report with one image of `bytes` bytes; each with its own description, so none repeats another. */
function send(who: Reporter, bytes: number | FaultPost['files'], fields: unknown = SLOW_SPEEDS) {
  sent += 1;
  return postFaultReport(context.app, {
    ...who,
    carrier: 494,
    fields: { ...(fields as object), faultDescription: `Quota report ${sent}` },
    files: typeof bytes === 'number' ? [{ name: 'trace.png', bytes: largePng(bytes) }] : bytes,
  });
}

async function stored() {
  return { rows: await referencedImageKeys(db()), files: await filesInStorage(db()) };
}

describe("a company's quota of stored trace-route images", () => {
  it('refuses with 413 (company_quota) a report that would pass the quota, storing nothing', async () => {
    expect((await send(acme, 60_000)).statusCode).toBe(202);
    const before = await stored();
    const refused = await send(acme, 60_000);
    expect(refused.statusCode, refused.body).toBe(413);
    expect(refused.json()).toEqual({
      statusCode: 413,
      error: 'Payload Too Large',
      message: `Your company's fault reports have used their ${FAULT_REPORT_IMAGE_QUOTA.days}-day allowance of stored images`,
      code: 'quota_exceeded',
      details: [
        {
          field: 'traceRouteImages',
          rule: 'company_quota',
          message: `The images of a company's fault reports may total at most ${QUOTA} bytes in ${FAULT_REPORT_IMAGE_QUOTA.days} days; ${QUOTA - 60_000} bytes are left`,
        },
      ],
      requestId: expect.any(String),
    });
    expect(await stored()).toEqual(before);
    expect(before.files).toEqual(before.rows);

    // Up to the quota exactly, and a report without images, are still accepted.
    expect((await send(acme, 40_000)).statusCode).toBe(202);
    expect((await send(acme, [], NO_CONNECTION)).statusCode).toBe(202);
    expect((await send(acme, 1_000)).statusCode).toBe(413);
  });

  it("counts each company's images on their own", async () => {
    expect((await send(globex, 60_000)).statusCode).toBe(202);
  });

  it(`frees what a report took once it is ${FAULT_REPORT_IMAGE_QUOTA.days} days old`, async () => {
    await sql`UPDATE fault_reports SET created_at = created_at - make_interval(days => ${FAULT_REPORT_IMAGE_QUOTA.days})`.execute(
      db(),
    );
    expect((await send(acme, 90_000)).statusCode).toBe(202);
  });

  it('checks again when storing: of two uploads that each fit but not together, the later refused', async () => {
    // Globex's one report is past the window now, so each upload fits alone, but not both. The first one starts (its
    // allowance read), then waits mid-file while the second is stored whole; when the first finishes it no longer fits.
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const before = await stored();
    const slow = send(globex, [{ name: 'slow.png', bytes: gatedPng(60_000, gate) }]);
    await vi.waitFor(
      async () => expect((await filesInStorage(db())).some((file) => file.endsWith('(unfinished)'))).toBe(true),
      { timeout: 10_000 },
    );
    const quick = await send(globex, 60_000);
    expect(quick.statusCode, quick.body).toBe(202);
    release();
    const late = await slow;
    expect(late.statusCode, late.body).toBe(413);
    expect(late.json().details).toEqual([expect.objectContaining({ rule: 'company_quota' })]);
    const after = await stored();
    expect(after.rows).toHaveLength(before.rows.length + 1);
    expect(after.files).toEqual(after.rows);
  });
});
