import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Simulator } from '../app.js';
import { testSimulator } from '../testing.js';

const AUTH = { authorization: 'Bearer skylark-demo-token' };
const TICKET = {
  client_reference: 'fr-1',
  line_number: '01632960002',
  fault_category: 'NoConnection',
  description: 'No sync',
  contact_name: 'A',
  contact_phone: '01632 960000',
};
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(100, 1)]);

let sim: Simulator;
beforeEach(async () => {
  sim = await testSimulator();
});
afterEach(async () => {
  await sim.close();
});

const open = (payload: object = TICKET) =>
  sim.inject({ method: 'POST', url: '/skylark/v1/tickets', headers: AUTH, payload });
const attach = (ticketId: string, filename: string, body: Buffer, type = 'image/gif') =>
  sim.inject({
    method: 'PUT',
    url: `/skylark/v1/tickets/${ticketId}/attachments/${filename}`,
    headers: { ...AUTH, 'content-type': type },
    payload: body,
  });

describe('Skylark ticket API', () => {
  it('opens one ticket per client_reference and takes raw attachments, a resend replacing the file', async () => {
    const first = await open();
    expect(first.statusCode).toBe(201);
    const ticketId = first.json().ticket_id as string;
    expect(ticketId).toMatch(/^SKY-\d+$/);
    expect((await open()).json()).toEqual({ ticket_id: ticketId, status: 'open' });

    expect((await attach(ticketId, 'trace-1.gif', GIF)).json()).toEqual({
      filename: 'trace-1.gif',
      size_bytes: GIF.length,
    });
    expect((await attach(ticketId, 'trace-1.gif', GIF)).statusCode).toBe(201);
    const [ticket] = sim.broadbandCarriers.skylark.faultDesk.received.summary().faults;
    expect(ticket).toMatchObject({
      line: '01632960002',
      clientKey: 'fr-1',
      fields: { fault_category: 'NoConnection' },
    });
    expect(ticket!.attachments).toHaveLength(1);
    expect(ticket!.attachments[0]).toMatchObject({ filename: 'trace-1.gif', bytes: GIF.length });
  });

  it('refuses bad tickets, unknown tickets, non-images and a wrong token', async () => {
    const invalid = await open({ ...TICKET, line_number: 'x' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors[0].code).toBe('invalid_parameter');
    const unknown = await attach('SKY-9', 'a.gif', GIF);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors[0].code).toBe('ticket_not_found');
    const ticketId = (await open()).json().ticket_id as string;
    expect((await attach(ticketId, 'a.txt', Buffer.from('hello'), 'text/plain')).statusCode).toBe(415);
    const wrong = await sim.inject({ method: 'POST', url: '/skylark/v1/tickets', payload: TICKET });
    expect(wrong.statusCode).toBe(401);
    // The same token check and dialect as Skylark's diagnostics: one carrier, one API.
    expect(wrong.json()).toEqual({
      errors: [{ code: 'unauthenticated', message: 'A valid bearer token is required' }],
    });
  });

  it("refuses tickets while the 'reject' fault is injected", async () => {
    sim.faults.set('broadband-588', { mode: 'reject', times: 1 });
    const refused = await open();
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[0].code).toBe('ticket_rejected');
    expect((await open()).statusCode).toBe(201);
  });
});
