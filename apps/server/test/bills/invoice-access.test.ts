import { InvoiceSchema, odataList } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, signIn, useDemoApp } from '../support/test-app.js';

const context = useDemoApp();

const ROUTES = [
  '/api/invoices',
  '/api/invoices/callsChart',
  '/api/invoices/durationChart',
  '/api/invoices/costChart',
  '/api/invoices/unbilledCalls',
  '/api/invoices/download?webDataPhysicalLocation=x&fileName=y',
];

const tokens: Record<string, string> = {};
beforeAll(async () => {
  for (const user of ['acme.finance', 'acme.mobile', 'acme.sitemanager', 'acme.teamlead']) {
    tokens[user] = (await signIn(context.app, user)).accessToken;
  }
});

const get = (url: string, token?: string) =>
  context.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

describe('invoice routes', () => {
  it.each(ROUTES)('%s answers 401 without a token', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ statusCode: 401, code: 'invalid_token' });
  });

  it.each(ROUTES)('%s answers 403 to users without the bill permissions', async (url) => {
    for (const user of ['acme.mobile', 'acme.sitemanager', 'acme.teamlead']) {
      const response = await get(url, tokens[user]);
      expect(response.statusCode, user).toBe(403);
      expect(response.json()).toMatchObject({ code: 'missing_functionality' });
    }
  });

  it('show Finance the company’s 24 bills, the latest amount and unbilled calls from the data', async () => {
    const { db } = context.database;
    const acme = await db
      .selectFrom('companies')
      .select('id')
      .where('name', '=', 'Acme Logistics Ltd')
      .executeTakeFirstOrThrow();

    const list = await get('/api/invoices?$count=true&$top=5', tokens['acme.finance']);
    expect(list.statusCode).toBe(200);
    const body = odataList(InvoiceSchema.partial()).parse(list.json());
    expect(body['@odata.count']).toBe(24);
    expect(body.value).toHaveLength(5);

    const latest = await db
      .selectFrom('invoices')
      .select(['invoice_amount', 'bill_date'])
      .where('company_id', '=', acme.id)
      .orderBy('bill_date', 'desc')
      .executeTakeFirstOrThrow();
    expect(body.value[0]?.billDate).toBe(latest.bill_date);
    const amount = await get('/api/invoices?$select=InvoiceAmount&$top=1', tokens['acme.finance']);
    expect(amount.json()).toEqual({ value: [{ invoiceAmount: latest.invoice_amount }] });

    const unbilled = await db
      .selectFrom('call_detail_records')
      .innerJoin('endpoints', 'endpoints.id', 'call_detail_records.endpoint_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('endpoints.company_id', '=', acme.id)
      .where('call_detail_records.invoice_id', 'is', null)
      .where('call_detail_records.record_type', '=', 'voice')
      .executeTakeFirstOrThrow();
    expect(Number(unbilled.n)).toBeGreaterThan(0);
    expect((await get('/api/invoices/unbilledCalls', tokens['acme.finance'])).json()).toEqual({
      value: Number(unbilled.n),
    });

    const chart = await get('/api/invoices/costChart', tokens['acme.finance']);
    const points = chart.json<{ value: Array<{ name: string; value: number }> }>().value;
    expect(points).toHaveLength(12);
    expect(points.at(-1)).toMatchObject({ name: latest.bill_date, value: latest.invoice_amount });
  });
});
