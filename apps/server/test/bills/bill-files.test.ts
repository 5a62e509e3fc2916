import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { BillData, BillLineUsage } from '../../src/modules/bills/files/bill-data.js';
import { InconsistentBillError, layOutBill } from '../../src/modules/bills/files/bill-layout.js';
import { renderBillPdf } from '../../src/modules/bills/files/bill-pdf.js';
import {
  CALLS_CSV_HEADER,
  type CallRecordRow,
  neutraliseFormula,
  renderCallsCsv,
} from '../../src/modules/bills/files/calls-csv.js';
import { attachmentDisposition } from '../../src/modules/bills/files/content-disposition.js';
import { formatBytes, formatPence, formatUkDate } from '../../src/modules/bills/files/formats.js';
import { storageKeyOf } from '../../src/modules/bills/files/invoice-files.js';

function line(name: string, costPence: number, extra: Partial<BillLineUsage> = {}): BillLineUsage {
  return { name, identifier: '07700900001', calls: 2, texts: 1, minutes: 3, bytes: 1024, costPence, ...extra };
}

function bill(lines: BillLineUsage[], amounts: Partial<BillData['invoice']> = {}): BillData {
  const usage = amounts.usageChargesPence ?? lines.reduce((sum, l) => sum + l.costPence, 0);
  const fixed = amounts.fixedChargesPence ?? 12_345;
  const vat = amounts.vatPence ?? Math.round(((usage + fixed) * 20) / 100);
  return {
    invoice: {
      invoiceNumber: 'INV2610-TEST01',
      billDate: '2026-11-05',
      periodStart: '2026-10-01',
      periodEnd: '2026-10-31',
      accountNumber: 'TEST01',
      usageChargesPence: usage,
      fixedChargesPence: fixed,
      vatPence: vat,
      invoiceAmountPence: amounts.invoiceAmountPence ?? usage + fixed + vat,
    },
    partner: {
      name: 'Northwind Communications',
      address: { street: ['Northwind House', '12 Granby Row'], town: 'Manchester', county: null, postCode: 'M1 7AR' },
      primaryColour: '#0b4f8a',
      secondaryColour: 'not a colour',
      contacts: [
        { type: 'Customer Services', value: '0161 496 0000' },
        { type: 'Email', value: 'support@example.co.uk' },
      ],
    },
    customer: {
      name: 'Acme Logistics Ltd',
      address: { street: ['1 Dock Road'], town: 'Leeds', county: 'West Yorkshire', postCode: 'LS1 1AA' },
    },
    lines,
  };
}

describe('the bill layout', () => {
  it('adds up exactly: usage + fixed = subtotal, + VAT at 20% = the invoice amount', () => {
    const layout = layOutBill(bill([line('A', 1_050), line('B', 2_001)]));
    expect(layout.summary).toEqual({
      usagePence: 3_051,
      fixedPence: 12_345,
      subtotalPence: 15_396,
      vatPence: 3_079,
      totalPence: 18_475,
    });
    expect(layout.roundingAdjustmentPence).toBe(0);
    expect(layout.usageTotals).toEqual({ calls: 4, texts: 2, minutes: 6, bytes: 2048 });
    expect(layout.dueDate).toBe('2026-11-19');
  });

  it('reconciles lines rounded one by one with usage rounded once, in a row of its own', () => {
    // Three lines of 0.3333 round to 0.33 each (99p); the invoice rounds 0.9999 once, to £1.00.
    const layout = layOutBill(bill([line('A', 33), line('B', 33), line('C', 33)], { usageChargesPence: 100 }));
    expect(layout.roundingAdjustmentPence).toBe(1);
    expect(layout.lines.reduce((sum, l) => sum + l.costPence, 0) + layout.roundingAdjustmentPence).toBe(
      layout.summary.usagePence,
    );
  });

  it('refuses a bill whose figures do not add up, rather than print it', () => {
    expect(() => layOutBill(bill([line('A', 100)], { usageChargesPence: 500 }))).toThrow(InconsistentBillError);
    expect(() => layOutBill(bill([line('A', 100)], { vatPence: 1 }))).toThrow(/not 20%/);
    expect(() => layOutBill(bill([line('A', 100)], { invoiceAmountPence: 1 }))).toThrow(/is not the amount/);
  });
});

describe('the bill PDF', () => {
  it('is an A4 PDF, the same bytes every time, with a page per 45 or so lines', async () => {
    const many = Array.from({ length: 150 }, (_, i) =>
      line(`Line ${i} with a rather long name that cannot fit its column`, 100 + i),
    );
    const layout = layOutBill(bill(many));
    const first = await renderBillPdf(layout);
    const second = await renderBillPdf(layout);
    expect(first.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(sha(first)).toBe(sha(second));
    const text = first.toString('latin1');
    expect(text).toContain('/MediaBox [0 0 595.28 841.89]');
    expect(text.match(/\/Type \/Page\b/g)?.length).toBeGreaterThanOrEqual(4);
    expect(text).toContain('(Invoice INV2610-TEST01)');
    expect(text).toContain('(D:20261105000000Z)');
  });

  it('draws a bill without usage', async () => {
    const pdf = await renderBillPdf(layOutBill(bill([])));
    expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(1);
  });
});

describe('the call-detail CSV', () => {
  const record: CallRecordRow = {
    startedAt: new Date('2026-06-30T23:30:05Z'),
    identifier: '07700900001',
    name: '=cmd|"/c calc"!A1, the "boss"',
    recordType: 'voice',
    destination: '@SUM(1+1)',
    dialledNumber: '+33612345678',
    duration: 61,
    bytes: 0,
    cost: '0.0450',
  };

  it('has the header, UK date and time, and neutralises formulas', () => {
    const csv = renderCallsCsv([record, { ...record, recordType: 'data', dialledNumber: null, name: '-1' }]);
    expect(csv.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = csv.toString('utf8').slice(1).split('\r\n');
    expect(lines[0]).toBe(CALLS_CSV_HEADER.join(','));
    // 23:30 UTC on 30 June is 00:30 on 1 July in London (BST).
    expect(lines[1]).toBe(
      `01/07/2026,00:30:05,07700900001,"'=cmd|""/c calc""!A1, the ""boss""",Voice,'@SUM(1+1),'+33612345678,61,0,0.0450`,
    );
    expect(lines[2]).toBe(`01/07/2026,00:30:05,07700900001,'-1,Data,'@SUM(1+1),,61,0,0.0450`);
    expect(lines[3]).toBe('');
  });

  it.each([
    ['=1+1', "'=1+1"],
    ['+44', "'+44"],
    ['-2', "'-2"],
    ['@x', "'@x"],
    ['\tx', "'\tx"],
    ['Smith', 'Smith'],
    ['a=b', 'a=b'],
  ])('neutraliseFormula(%j) is %j', (input, output) => {
    expect(neutraliseFormula(input)).toBe(output);
  });
});

describe('formats and names', () => {
  it('writes money, dates and bytes the en-GB way', () => {
    expect(formatPence(123_456)).toBe('£1,234.56');
    expect(formatPence(5)).toBe('£0.05');
    expect(formatPence(-1_250)).toBe('-£12.50');
    expect(formatUkDate('2026-11-05')).toBe('05/11/2026');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(5 * 1024 ** 3)).toBe('5 GB');
  });

  it('builds Content-Disposition for ASCII and other names (RFC 6266 / 8187)', () => {
    expect(attachmentDisposition('INV2610-NW000001.pdf')).toBe('attachment; filename="INV2610-NW000001.pdf"');
    expect(attachmentDisposition('Rechnung März.pdf')).toBe(
      `attachment; filename="Rechnung M_rz.pdf"; filename*=UTF-8''Rechnung%20M%C3%A4rz.pdf`,
    );
    expect(attachmentDisposition('a"b\\c\r\n(1)*.csv')).toBe(
      `attachment; filename="a_b_c__(1)*.csv"; filename*=UTF-8''a%22b%5Cc%0D%0A%281%29%2A.csv`,
    );
  });

  it('keys stored files by invoice id and kind, never by a client-given name', () => {
    expect(storageKeyOf(42, 'pdf')).toBe('invoices/42/bill.pdf');
    expect(storageKeyOf(42, 'cdr')).toBe('invoices/42/calls.csv');
    expect(() => storageKeyOf(0, 'pdf')).toThrow();
    expect(() => storageKeyOf(1.5, 'pdf')).toThrow();
  });
});

function sha(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}
