import type { BillData, BillLineUsage } from './bill-data.js';
import { addDaysToIsoDay, roundHalfAwayFromZero } from './formats.js';

export const VAT_RATE_PERCENT = 20;
/** Days from the bill date to the payment due date. */
export const PAYMENT_TERMS_DAYS = 14;

/** The bill's figures, checked to add up: what the PDF prints, and nothing it computes on its own. */
export type BillLayout = BillData & {
  dueDate: string;
  /**
   * Pence that reconcile the lines (each rounded to the penny) with the invoice's usage charges (the records summed,
   * then rounded): at most half a penny per line plus one. Printed as its own row when not zero.
   */
  roundingAdjustmentPence: number;
  usageTotals: Omit<BillLineUsage, 'name' | 'identifier' | 'costPence'>;
  summary: { usagePence: number; fixedPence: number; subtotalPence: number; vatPence: number; totalPence: number };
};

/** The invoice row and its records disagree: no bill is issued rather than one that does not add up. */
export class InconsistentBillError extends Error {
  constructor(invoiceNumber: string, problem: string) {
    super(`Invoice ${invoiceNumber}: ${problem}`);
    this.name = 'InconsistentBillError';
  }
}

export function layOutBill(data: BillData): BillLayout {
  const { invoice, lines } = data;
  const fail = (problem: string) => new InconsistentBillError(invoice.invoiceNumber, problem);

  const linesPence = lines.reduce((sum, line) => sum + line.costPence, 0);
  const roundingAdjustmentPence = invoice.usageChargesPence - linesPence;
  // n lines each rounded by under half a penny, and the total once more: anything larger is not rounding.
  if (Math.abs(roundingAdjustmentPence) > Math.floor((lines.length + 1) / 2)) {
    throw fail(`the lines add up to ${linesPence}p but the usage charges are ${invoice.usageChargesPence}p`);
  }

  const subtotalPence = invoice.usageChargesPence + invoice.fixedChargesPence;
  const expectedVat = roundHalfAwayFromZero((subtotalPence * VAT_RATE_PERCENT) / 100);
  if (invoice.vatPence !== expectedVat) {
    throw fail(`VAT is ${invoice.vatPence}p, not ${VAT_RATE_PERCENT}% of ${subtotalPence}p (${expectedVat}p)`);
  }
  if (subtotalPence + invoice.vatPence !== invoice.invoiceAmountPence) {
    throw fail(`${subtotalPence}p + VAT ${invoice.vatPence}p is not the amount ${invoice.invoiceAmountPence}p`);
  }

  return {
    ...data,
    dueDate: addDaysToIsoDay(invoice.billDate, PAYMENT_TERMS_DAYS),
    roundingAdjustmentPence,
    usageTotals: {
      calls: sum(lines, 'calls'),
      texts: sum(lines, 'texts'),
      minutes: sum(lines, 'minutes'),
      bytes: sum(lines, 'bytes'),
    },
    summary: {
      usagePence: invoice.usageChargesPence,
      fixedPence: invoice.fixedChargesPence,
      subtotalPence,
      vatPence: invoice.vatPence,
      totalPence: invoice.invoiceAmountPence,
    },
  };
}

function sum(lines: readonly BillLineUsage[], field: 'calls' | 'texts' | 'minutes' | 'bytes'): number {
  return lines.reduce((total, line) => total + line[field], 0);
}
