import { InvoiceChartPointSchema, InvoiceSchema, odataList, UnbilledCallsSchema } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertPartner } from '../support/factories.js';
import { bearer, signIn } from '../support/test-app.js';
import { testEngines } from '../support/test-databases.js';
import {
  type BillSpec,
  type InsertedCompany,
  type InsertedInvoice,
  insertBillsUser,
  insertCompany,
  monthStarts,
  type RecordSpec,
} from './billing-fixtures.js';
import { useEngineApp } from './engine-app.js';

describe.each(testEngines())('invoice figures on $name', (engine) => {
  const context = useEngineApp(engine, { demoData: false });
  const Invoices = odataList(InvoiceSchema.partial());
  const Points = odataList(InvoiceChartPointSchema);

  let first: InsertedCompany;
  let second: InsertedCompany;
  let outsider: InsertedCompany;
  const tokens = { both: '', firstOnly: '', outsider: '' };

  const voice = (at: string, duration: number, cost: string): RecordSpec => ({
    line: 'mobile',
    at,
    type: 'voice',
    duration,
    cost,
  });

  beforeAll(async () => {
    const { db } = context.database;
    const partnerId = await insertPartner(db, 'billing');
    // 14 months of bills for the first company, so the charts must drop the oldest two; usage in the last three.
    const months = monthStarts('2025-08-01', 14);
    const bills: BillSpec[] = months.map((periodStart, index) => ({
      periodStart,
      fixedCharges: '25.00',
      records:
        index < 11
          ? []
          : [
              voice(`${periodStart.slice(0, 8)}03T09:00:00Z`, 61, '0.0450'),
              voice(`${periodStart.slice(0, 8)}04T10:00:00Z`, 600 + index, '1.2345'),
              { line: 'mobile', at: `${periodStart.slice(0, 8)}05T11:00:00Z`, type: 'sms', cost: '0.1200' },
              {
                line: 'broadband',
                at: `${periodStart.slice(0, 8)}06T12:00:00Z`,
                type: 'data',
                duration: 3600,
                bytes: 5_000_000 * index,
                cost: '0.3333',
              },
            ],
    }));
    first = await insertCompany(db, partnerId, 'one', {
      bills,
      unbilled: [
        voice('2026-10-02T09:00:00Z', 30, '0.0300'),
        voice('2026-10-03T09:00:00Z', 45, '0.0300'),
        { line: 'mobile', at: '2026-10-03T10:00:00Z', type: 'sms', cost: '0.0000' },
        { line: 'broadband', at: '2026-10-04T10:00:00Z', type: 'data', duration: 60, bytes: 1000, cost: '0.0000' },
      ],
    });
    // The second company is billed for the last three months only, on the same dates: the charts show both bills.
    second = await insertCompany(db, partnerId, 'two', {
      bills: monthStarts('2026-07-01', 3).map((periodStart) => ({
        periodStart,
        fixedCharges: '110.50',
        records: [voice(`${periodStart.slice(0, 8)}10T09:00:00Z`, 125, '2.5000')],
      })),
      unbilled: [voice('2026-10-05T09:00:00Z', 20, '0.0100')],
    });
    outsider = await insertCompany(db, partnerId, 'three', {
      bills: monthStarts('2026-09-01', 1).map((periodStart) => ({ periodStart, fixedCharges: '999.00', records: [] })),
      unbilled: [voice('2026-10-05T09:00:00Z', 20, '0.0100')],
    });

    await insertBillsUser(db, partnerId, 'bills.both', 'Finance', [first.id, second.id]);
    await insertBillsUser(db, partnerId, 'bills.first', 'Finance', [first.id]);
    await insertBillsUser(db, partnerId, 'bills.outsider', 'Finance', [outsider.id]);
    tokens.both = (await signIn(context.app, 'bills.both')).accessToken;
    tokens.firstOnly = (await signIn(context.app, 'bills.first')).accessToken;
    tokens.outsider = (await signIn(context.app, 'bills.outsider')).accessToken;
  });

  const get = (url: string, token: string, query: Record<string, string> = {}) =>
    context.app.inject({ method: 'GET', url, query, headers: bearer(token) });

  function asApiInvoice(invoice: InsertedInvoice) {
    return {
      billDate: invoice.billDate,
      invoiceNumber: invoice.invoiceNumber,
      calls: invoice.calls,
      duration: invoice.duration,
      bytes: invoice.bytes,
      fixedCharges: invoice.fixedPence / 100,
      invoiceAmount: invoice.amountPence / 100,
      webDataPhysicalLocation: invoice.webDataPhysicalLocation,
      pdfFileName: invoice.pdfFileName,
      cdrFileName: invoice.cdrFileName,
    };
  }

  describe('GET /api/invoices', () => {
    it("lists the caller's invoices with the stored figures, newest first", async () => {
      const response = await get('/api/invoices', tokens.firstOnly, { $count: 'true', $top: '20' });
      expect(response.statusCode).toBe(200);
      const body = Invoices.parse(response.json());
      expect(body['@odata.count']).toBe(14);
      expect(body.value).toEqual(
        [...first.invoices].reverse().map((invoice) => ({
          ...asApiInvoice(invoice),
          companyId: first.id,
          companyName: 'Billing one Ltd',
        })),
      );
    });

    it('gives the latest amount with $select=InvoiceAmount&$top=1', async () => {
      const response = await get('/api/invoices', tokens.firstOnly, { $select: 'InvoiceAmount', $top: '1' });
      expect(response.json()).toEqual({ value: [{ invoiceAmount: first.invoices.at(-1)!.amountPence / 100 }] });
    });

    it('filters and sorts on bill date, number, amounts and calls, and narrows to one company', async () => {
      const cutoff = first.invoices.at(-3)!.billDate;
      const recent = Invoices.parse(
        (
          await get('/api/invoices', tokens.both, {
            $filter: `billDate ge ${cutoff} and invoiceAmount gt 100 and calls ge 1`,
            $orderby: 'invoiceAmount desc,invoiceNumber',
            $select: 'invoiceNumber,invoiceAmount',
          })
        ).json(),
      );
      const expected = [...first.invoices.slice(-3), ...second.invoices]
        .filter((i) => i.amountPence > 10_000 && i.calls >= 1)
        .sort((a, b) => b.amountPence - a.amountPence || a.invoiceNumber.localeCompare(b.invoiceNumber))
        .map((i) => ({ invoiceNumber: i.invoiceNumber, invoiceAmount: i.amountPence / 100 }));
      expect(expected.length).toBe(3);
      expect(recent.value).toEqual(expected);

      const secondOnly = Invoices.parse(
        (
          await get('/api/invoices', tokens.both, { $filter: `companyId eq ${second.id}`, $select: 'invoiceNumber' })
        ).json(),
      );
      expect(secondOnly.value.map((i) => i.invoiceNumber)).toEqual(
        [...second.invoices].reverse().map((i) => i.invoiceNumber),
      );
    });

    it("never lists another company's invoices, however the filter is written", async () => {
      const response = await get('/api/invoices', tokens.outsider, {
        $filter: `companyId eq ${first.id} or invoiceAmount ge 0`,
      });
      expect(Invoices.parse(response.json()).value.map((i) => i.invoiceNumber)).toEqual([
        outsider.invoices[0]!.invoiceNumber,
      ]);
    });

    it('answers 400 naming the option for a field that may not be filtered', async () => {
      const response = await get('/api/invoices', tokens.both, { $filter: "pdfFileName eq 'x.pdf'" });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'invalid_odata', details: [{ field: '$filter' }] });
    });
  });

  describe('invoice charts', () => {
    it('give the last 12 bills oldest first, with the company and the bill file on every point', async () => {
      const { value } = Points.parse((await get('/api/invoices/costChart', tokens.firstOnly)).json());
      const last12 = first.invoices.slice(-12);
      expect(value).toEqual(
        last12.map((i) => ({
          name: i.billDate,
          value: i.amountPence / 100,
          companyId: first.id,
          companyName: first.name,
          webDataPhysicalLocation: i.webDataPhysicalLocation,
          pdfFileName: i.pdfFileName,
        })),
      );
      const calls = Points.parse((await get('/api/invoices/callsChart', tokens.firstOnly)).json());
      expect(calls.value.map((p) => p.value)).toEqual(last12.map((i) => i.calls));
      const duration = Points.parse((await get('/api/invoices/durationChart', tokens.firstOnly)).json());
      expect(duration.value.map((p) => p.value)).toEqual(last12.map((i) => i.duration));
    });

    it("give each company's bill of a month its own point, naming the company, never a sum", async () => {
      const { value } = Points.parse((await get('/api/invoices/costChart', tokens.both)).json());
      // The latest 12 bill months: 12 of the first company's bills, and the second's three in the same months.
      const expected = [
        ...first.invoices.slice(-12).map((i) => ({ company: first, bill: i })),
        ...second.invoices.map((i) => ({ company: second, bill: i })),
      ]
        .sort((a, b) => a.bill.billDate.localeCompare(b.bill.billDate) || a.company.name.localeCompare(b.company.name))
        .map(({ company, bill }) => ({
          name: bill.billDate,
          value: bill.amountPence / 100,
          companyId: company.id,
          companyName: company.name,
          webDataPhysicalLocation: bill.webDataPhysicalLocation,
          pdfFileName: bill.pdfFileName,
        }));
      expect(value).toEqual(expected);
      // The bills the list gives for the newest month are exactly the chart's points of that month.
      const newestMonth = value.at(-1)!.name;
      const listed = Invoices.parse(
        (
          await get('/api/invoices', tokens.both, {
            $filter: `billDate eq ${newestMonth}`,
            $select: 'invoiceAmount,pdfFileName',
          })
        ).json(),
      );
      const byFile = (a: { pdfFileName?: string }, b: { pdfFileName?: string }) =>
        (a.pdfFileName ?? '').localeCompare(b.pdfFileName ?? '');
      expect(
        value
          .filter((p) => p.name === newestMonth)
          .map((p) => ({ invoiceAmount: p.value, pdfFileName: p.pdfFileName }))
          .sort(byFile),
      ).toEqual(listed.value.sort(byFile));
      const calls = Points.parse((await get('/api/invoices/callsChart', tokens.both)).json());
      expect(calls.value.filter((p) => p.name === newestMonth).map((p) => [p.companyName, p.value])).toEqual([
        [first.name, first.invoices.at(-1)!.calls],
        [second.name, second.invoices.at(-1)!.calls],
      ]);
    });

    it('narrow to one company with companyId, and show nothing of a company outside the estate', async () => {
      const own = Points.parse(
        (await get('/api/invoices/callsChart', tokens.both, { companyId: String(second.id) })).json(),
      );
      expect(own.value.map((p) => p.value)).toEqual(second.invoices.map((i) => i.calls));
      expect(new Set(own.value.map((p) => p.companyName))).toEqual(new Set([second.name]));
      const foreign = await get('/api/invoices/costChart', tokens.outsider, { companyId: String(first.id) });
      expect(foreign.json()).toEqual({ value: [] });
      const invalid = await get('/api/invoices/costChart', tokens.both, { companyId: 'abc' });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().details).toEqual([expect.objectContaining({ field: 'companyId' })]);
    });
  });

  describe('GET /api/invoices/unbilledCalls', () => {
    it("counts the voice calls on the caller's lines that no invoice holds yet", async () => {
      const both = UnbilledCallsSchema.parse((await get('/api/invoices/unbilledCalls', tokens.both)).json());
      expect(both).toEqual({ value: 3 });
      const firstOnly = UnbilledCallsSchema.parse((await get('/api/invoices/unbilledCalls', tokens.firstOnly)).json());
      expect(firstOnly).toEqual({ value: 2 });
    });

    it('narrow to one company with companyId, and count nothing of a company outside the estate', async () => {
      const count = async (token: string, companyId: number) =>
        UnbilledCallsSchema.parse(
          (await get('/api/invoices/unbilledCalls', token, { companyId: String(companyId) })).json(),
        ).value;
      expect(await count(tokens.both, first.id)).toBe(2);
      expect(await count(tokens.both, second.id)).toBe(1);
      expect(await count(tokens.firstOnly, second.id)).toBe(0);
      expect(await count(tokens.outsider, first.id)).toBe(0);
      const invalid = await get('/api/invoices/unbilledCalls', tokens.both, { companyId: '0' });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().details).toEqual([expect.objectContaining({ field: 'companyId' })]);
    });

    it('changes when a call is billed', async () => {
      const { db } = context.database;
      await db
        .updateTable('call_detail_records')
        .set({ invoice_id: second.invoices.at(-1)!.id })
        .where('endpoint_id', '=', second.lines.mobile)
        .where('invoice_id', 'is', null)
        .execute();
      expect((await get('/api/invoices/unbilledCalls', tokens.both)).json()).toEqual({ value: 2 });
    });
  });
});
