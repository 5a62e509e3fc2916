import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Simulator } from '../app.js';
import { testSimulator } from '../testing.js';

const KEY = { 'x-keystone-key': 'keystone-demo-key' };
const LINE = '01632960001';
const PROBLEMS = 'https://developer.keystone.example/problems';
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(64, 7)]);
const FAULT = {
  category: 'SlowSpeeds',
  description: 'Slow',
  startedOn: '2026-11-20',
  contact: { name: 'A', phone: '01632 960000' },
};

let sim: Simulator;
beforeEach(async () => {
  sim = await testSimulator();
});
afterEach(async () => {
  await sim.close();
});

/** A multipart body as fetch would send it. */
async function multipart(fault: unknown, files: Array<{ name: string; bytes: Buffer }> = []) {
  const form = new FormData();
  form.append('fault', JSON.stringify(fault));
  for (const file of files) form.append('attachments', new Blob([file.bytes], { type: 'image/png' }), file.name);
  const request = new Request('http://sim/', { method: 'POST', body: form });
  return { body: Buffer.from(await request.arrayBuffer()), type: request.headers.get('content-type')! };
}

async function raise(key: string | undefined, fault: unknown = FAULT, files = [{ name: 'trace.png', bytes: PNG }]) {
  const { body, type } = await multipart(fault, files);
  return sim.inject({
    method: 'POST',
    url: `/keystone/api/v3/lines/${LINE}/faults`,
    headers: { ...KEY, 'content-type': type, ...(key ? { 'idempotency-key': key } : {}) },
    payload: body,
  });
}

describe('Keystone fault API', () => {
  it('raises a fault with its attachments once per Idempotency-Key', async () => {
    const first = await raise('fr-1');
    expect(first.statusCode).toBe(202);
    const { faultId } = first.json();
    expect(faultId).toMatch(/^KS-\d+$/);

    const again = await raise('fr-1');
    expect(again.statusCode).toBe(200);
    expect(again.json().faultId).toBe(faultId);

    const { received, faults } = sim.broadbandCarriers.keystone.faultDesk.received.summary();
    expect(received).toBe(2);
    expect(faults).toHaveLength(1);
    expect(faults[0]).toMatchObject({ line: LINE, clientKey: 'fr-1', fields: { category: 'SlowSpeeds' } });
    expect(faults[0]!.attachments).toEqual([
      {
        filename: 'trace.png',
        contentType: 'image/png',
        bytes: PNG.length,
        sha256: createHash('sha256').update(PNG).digest('hex'),
      },
    ]);
  });

  it('refuses a call without its key, an unknown line, a bad fault part, and a wrong API key', async () => {
    expect((await raise(undefined)).json()).toEqual({
      type: `${PROBLEMS}/idempotency-key-required`,
      title: 'Send an Idempotency-Key header',
    });
    const { body, type } = await multipart(FAULT);
    const unknownLine = await sim.inject({
      method: 'POST',
      url: '/keystone/api/v3/lines/nope/faults',
      headers: { ...KEY, 'content-type': type, 'idempotency-key': 'k' },
      payload: body,
    });
    expect(unknownLine.statusCode).toBe(404);
    expect(unknownLine.json().type).toBe(`${PROBLEMS}/line-not-found`);
    const invalid = await raise('fr-2', { category: 'SlowSpeeds' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().type).toBe(`${PROBLEMS}/invalid-request`);
    const wrongKey = await sim.inject({
      method: 'POST',
      url: `/keystone/api/v3/lines/${LINE}/faults`,
      headers: { 'x-keystone-key': 'other', 'content-type': type, 'idempotency-key': 'k' },
      payload: body,
    });
    expect(wrongKey.statusCode).toBe(401);
    // The same key check and dialect as Keystone's diagnostics: one carrier, one API.
    expect(wrongKey.json()).toEqual({ type: `${PROBLEMS}/unauthorized`, title: 'Missing or unknown X-Keystone-Key' });
  });

  it("refuses faults while the 'reject' fault is injected, and answers 503 under 'error'", async () => {
    sim.faults.set('broadband-494', { mode: 'reject', times: 1 });
    const refused = await raise('fr-3');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().type).toBe(`${PROBLEMS}/fault-rejected`);
    sim.faults.set('broadband-494', { mode: 'error', times: 1 });
    expect((await raise('fr-3')).statusCode).toBe(503);
    expect((await raise('fr-3')).statusCode).toBe(202);
  });
});
