import { MessageSchema, odataList, PartnerSchema } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { bearer, DEMO_PASSWORD, form, signIn, useDemoApp } from '../support/test-app.js';

const context = useDemoApp();
const get = (url: string, headers: Record<string, string> = {}) => context.app.inject({ method: 'GET', url, headers });

describe('GET /api/partners/current', () => {
  it('brands the sign-in page with the default partner, or the one of the theme cookie', async () => {
    const anonymous = PartnerSchema.parse((await get('/api/partners/current')).json());
    expect(anonymous).toMatchObject({ name: 'Northwind Communications', themeCode: 'northwind' });
    const cookie = await context.app.inject({
      method: 'GET',
      url: '/api/partners/current',
      cookies: { themeCode: 'brightwave' },
    });
    expect(PartnerSchema.parse(cookie.json()).name).toBe('Brightwave Telecom');
  });

  it("answers the signed-in user's partner with its contacts and logo", async () => {
    const session = await signIn(context.app, 'wayne.admin');
    const partner = PartnerSchema.parse((await get('/api/partners/current', bearer(session.accessToken))).json());
    expect(partner).toMatchObject({
      name: 'Brightwave Telecom',
      town: 'Bristol',
      postCode: 'BS1 5TY',
      logoUrl: 'themes/brightwave/logo.svg',
    });
    expect(partner.partnerContacts[0]).toEqual({ type: 'Sales', value: '0117 496 0500' });
  });

  it('sets the theme cookie at sign-in', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/login',
      ...form({ username: 'wayne.admin', password: DEMO_PASSWORD, cookiePolicyAccepted: 'true' }),
    });
    expect(response.cookies).toContainEqual(expect.objectContaining({ name: 'themeCode', value: 'brightwave' }));
  });
});

describe('partner settings and FAQs', () => {
  it('need sign-in', async () => {
    expect((await get('/api/partners/current/settings')).statusCode).toBe(401);
    expect((await get('/api/faqs')).statusCode).toBe(401);
  });

  it("answer the user's partner's", async () => {
    const acme = await signIn(context.app, 'acme.finance');
    const wayne = await signIn(context.app, 'wayne.admin');
    expect((await get('/api/partners/current/settings', bearer(acme.accessToken))).json()).toEqual({
      showContractEndDate: true,
    });
    expect((await get('/api/partners/current/settings', bearer(wayne.accessToken))).json()).toEqual({
      showContractEndDate: false,
    });
    const faqs = (await get('/api/faqs', bearer(acme.accessToken))).json<{ value: Array<{ title: string }> }>();
    expect(faqs.value.length).toBeGreaterThan(3);
    expect(faqs.value[0]?.title).toBe('When will my bill be available?');
  });
});

describe('/api/messages', () => {
  const MessageList = odataList(MessageSchema);

  // The demo data's dates hang on a fixed day (DEMO_ANCHOR_DAY) while "current" is read off the clock, so which
  // messages are current is worked out from the partner's whole list rather than written down.
  it('answers only current messages, to anyone', async () => {
    const staff = await signIn(context.app, 'northwind.staff');
    const all = MessageList.parse((await get('/api/messages/all', bearer(staff.accessToken))).json()).value;
    const now = Date.now();
    const isCurrent = (message: (typeof all)[number]) =>
      (!message.startDate || Date.parse(message.startDate) <= now) &&
      (!message.endDate || Date.parse(message.endDate) >= now);
    const { value } = MessageList.parse((await get('/api/messages')).json());
    expect(value.map((message) => message.id).sort()).toEqual(
      all
        .filter(isCurrent)
        .map((message) => message.id)
        .sort(),
    );
    // The seed's open-ended message is always current, its expired and future ones never.
    expect(value.some((message) => !message.startDate && !message.endDate)).toBe(true);
    expect(all.length - value.length).toBeGreaterThanOrEqual(2);
  });

  it('lets only partner staff see every message and write them', async () => {
    const customer = await signIn(context.app, 'acme.admin');
    expect((await get('/api/messages/all')).statusCode).toBe(401);
    expect((await get('/api/messages/all', bearer(customer.accessToken))).statusCode).toBe(403);
    const staff = await signIn(context.app, 'northwind.staff');
    expect(staff.roles).toEqual(['partner-staff']);
    const all = MessageList.parse((await get('/api/messages/all', bearer(staff.accessToken))).json());
    expect(all.value.length).toBe(4);

    const refused = await context.app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: bearer(customer.accessToken),
      payload: { text: 'Hello' },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('validates, creates, updates and deletes within the staff member’s own partner', async () => {
    const staff = await signIn(context.app, 'northwind.staff');
    const other = await signIn(context.app, 'brightwave.staff');
    const backwards = await context.app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: bearer(staff.accessToken),
      payload: { text: 'Backwards', startDate: '2026-12-02T00:00:00Z', endDate: '2026-12-01T00:00:00Z' },
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().details).toEqual([expect.objectContaining({ field: 'endDate' })]);

    const created = await context.app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: bearer(staff.accessToken),
      payload: { text: 'Network upgrade tonight.' },
    });
    expect(created.statusCode).toBe(201);
    const { id } = MessageSchema.parse(created.json());
    expect(MessageList.parse((await get('/api/messages')).json()).value.map((m) => m.id)).toContain(id);

    const foreign = await context.app.inject({
      method: 'PUT',
      url: `/api/messages/${id}`,
      headers: bearer(other.accessToken),
      payload: { text: 'Hijacked' },
    });
    expect(foreign.statusCode).toBe(404);

    const updated = await context.app.inject({
      method: 'PUT',
      url: `/api/messages/${id}`,
      headers: bearer(staff.accessToken),
      payload: { text: 'Network upgrade tomorrow.' },
    });
    expect(MessageSchema.parse(updated.json()).text).toBe('Network upgrade tomorrow.');

    const audit = await context.database.db
      .selectFrom('audit_log')
      .select(['operation', 'actor_user_id'])
      .where('table_name', '=', 'messages')
      .where('row_key', '=', JSON.stringify({ id }))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.operation)).toEqual(['INSERT', 'UPDATE']);

    expect(
      (await context.app.inject({ method: 'DELETE', url: `/api/messages/${id}`, headers: bearer(staff.accessToken) }))
        .statusCode,
    ).toBe(204);
    expect((await get(`/api/messages/${id}`, bearer(staff.accessToken))).statusCode).toBe(404);
    expect((await get('/api/messages/abc', bearer(staff.accessToken))).statusCode).toBe(400);
  });
});
