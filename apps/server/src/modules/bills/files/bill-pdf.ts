import PDFDocument from 'pdfkit';
import { addressLines, compactAddress } from './bill-data.js';
import { type BillLayout, PAYMENT_TERMS_DAYS, VAT_RATE_PERCENT } from './bill-layout.js';
import { formatBytes, formatCount, formatPence, formatUkDate } from './formats.js';

type Doc = PDFKit.PDFDocument;

// A4 in points, and the frame every page shares; the footer sits inside the bottom margin.
const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = { top: 48, bottom: 72, left: 48, right: 48 };
const LEFT = MARGIN.left;
const RIGHT = PAGE.width - MARGIN.right;
const CONTENT_WIDTH = RIGHT - LEFT;
const CONTENT_BOTTOM = PAGE.height - MARGIN.bottom;

const INK = '#1f2937';
const MUTED = '#6b7280';
const RULE = '#d1d5db';
const PANEL = '#f3f4f6';
const FALLBACK_BRAND = '#334155';

const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';

/** The charges-by-line table: one row per line of the bill; numbers right-aligned. */
const COLUMNS = [
  { title: 'Line', width: 150, align: 'left' },
  { title: 'Number', width: 92, align: 'left' },
  { title: 'Calls', width: 52, align: 'right' },
  { title: 'Minutes', width: 62, align: 'right' },
  { title: 'Data', width: 68, align: 'right' },
  { title: 'Cost', width: CONTENT_WIDTH - 150 - 92 - 52 - 62 - 68, align: 'right' },
] as const;
const ROW_HEIGHT = 15;
const CELL_PADDING = 5;

/**
 * Draws the bill as an A4 PDF. Deterministic for a given layout (the creation date is the bill date), so two
 * requests racing to produce the same bill store identical bytes.
 */
export function renderBillPdf(layout: BillLayout): Promise<Buffer> {
  const { invoice, partner } = layout;
  const doc = new PDFDocument({
    size: 'A4',
    margins: MARGIN,
    bufferPages: true,
    lang: 'en-GB',
    info: {
      Title: `Invoice ${invoice.invoiceNumber}`,
      Author: partner.name,
      Subject: `Bill for ${formatUkDate(invoice.periodStart)} to ${formatUkDate(invoice.periodEnd)}`,
      CreationDate: new Date(`${invoice.billDate}T00:00:00Z`),
    },
  });
  const finished = collect(doc);
  const brand = brandColours(layout);

  let y = drawLetterhead(doc, layout, brand.primary, brand.secondary);
  y = drawTitleAndDetails(doc, layout, y, brand.primary);
  y = drawSummary(doc, layout, y, brand.primary);
  y = drawPaymentTerms(doc, layout, y);
  drawLineTable(doc, layout, y, brand.primary);
  drawFooters(doc, layout);

  doc.end();
  return finished;
}

function collect(doc: Doc): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

/** Partner colours are data; anything but #rgb/#rrggbb would make pdfkit throw, so it falls back to slate. */
function brandColours(layout: BillLayout) {
  const valid = (colour: string) => (/^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(colour) ? colour : FALLBACK_BRAND);
  return { primary: valid(layout.partner.primaryColour), secondary: valid(layout.partner.secondaryColour) };
}

/**
 * The partner's logo files are SVG, which pdfkit cannot place, so the letterhead draws a wordmark in the partner's
 * colours the way the logos are built: a mark with the initial, the first word bold, the rest spaced small capitals.
 */
function drawLetterhead(doc: Doc, layout: BillLayout, primary: string, secondary: string): number {
  const { partner } = layout;
  const top = MARGIN.top;
  const mark = 38;
  doc.roundedRect(LEFT, top, mark, mark, 8).fill(primary);
  doc.rect(LEFT + 8, top + mark - 9, mark - 16, 3).fill(secondary);
  const initial = partner.name.trim().charAt(0).toUpperCase() || '?';
  doc.font(BOLD).fontSize(22).fillColor('#ffffff');
  doc.text(initial, LEFT, top + 6, { width: mark, align: 'center', lineBreak: false });

  const [firstWord = partner.name, ...rest] = partner.name.trim().split(/\s+/);
  const textLeft = LEFT + mark + 10;
  doc
    .font(BOLD)
    .fontSize(19)
    .fillColor(primary)
    .text(firstWord, textLeft, top + 2, { lineBreak: false });
  if (rest.length > 0) {
    doc.font(FONT).fontSize(8.5).fillColor(MUTED);
    doc.text(rest.join(' ').toUpperCase(), textLeft, top + 25, { lineBreak: false, characterSpacing: 2 });
  }

  const columnLeft = LEFT + CONTENT_WIDTH / 2;
  const columnWidth = CONTENT_WIDTH / 2;
  let y = top;
  doc.font(BOLD).fontSize(9).fillColor(INK).text(partner.name, columnLeft, y, { width: columnWidth, align: 'right' });
  y = doc.y + 1;
  doc.font(FONT).fontSize(8).fillColor(MUTED);
  for (const line of [...compactAddress(partner.address), ...partner.contacts.map((c) => `${c.type}: ${c.value}`)]) {
    doc.text(line, columnLeft, y, { width: columnWidth, align: 'right' });
    y = doc.y + 1;
  }

  const bottom = Math.max(top + mark, y) + 12;
  doc.moveTo(LEFT, bottom).lineTo(RIGHT, bottom).lineWidth(1.5).strokeColor(primary).stroke();
  return bottom + 18;
}

function drawTitleAndDetails(doc: Doc, layout: BillLayout, top: number, primary: string): number {
  const { invoice, customer } = layout;
  doc.font(BOLD).fontSize(24).fillColor(primary).text('INVOICE', LEFT, top, { lineBreak: false });

  let left = top + 38;
  doc.font(BOLD).fontSize(7.5).fillColor(MUTED).text('BILL TO', LEFT, left, { characterSpacing: 1 });
  left = doc.y + 3;
  doc
    .font(BOLD)
    .fontSize(11)
    .fillColor(INK)
    .text(customer.name, LEFT, left, { width: CONTENT_WIDTH / 2 - 10 });
  left = doc.y + 2;
  doc.font(FONT).fontSize(9).fillColor(INK);
  for (const line of addressLines(customer.address)) {
    doc.text(line, LEFT, left, { width: CONTENT_WIDTH / 2 - 10 });
    left = doc.y + 1;
  }

  const details: Array<[string, string]> = [
    ['Invoice number', invoice.invoiceNumber],
    ['Invoice date', formatUkDate(invoice.billDate)],
    ['Billing period', `${formatUkDate(invoice.periodStart)} to ${formatUkDate(invoice.periodEnd)}`],
    ['Account number', invoice.accountNumber],
    ['Payment due', formatUkDate(layout.dueDate)],
  ];
  const boxLeft = LEFT + CONTENT_WIDTH / 2 + 10;
  const boxWidth = RIGHT - boxLeft;
  const rowHeight = 17;
  const boxHeight = details.length * rowHeight + 12;
  doc.rect(boxLeft, top, boxWidth, boxHeight).fill(PANEL);
  details.forEach(([label, value], index) => {
    const rowTop = top + 8 + index * rowHeight;
    doc
      .font(FONT)
      .fontSize(9)
      .fillColor(MUTED)
      .text(label, boxLeft + 10, rowTop, { lineBreak: false });
    doc.font(BOLD).fontSize(9).fillColor(INK);
    doc.text(value, boxLeft + 10, rowTop, { width: boxWidth - 20, align: 'right', lineBreak: false });
  });

  return Math.max(left, top + boxHeight) + 24;
}

function drawSummary(doc: Doc, layout: BillLayout, top: number, primary: string): number {
  const { summary, usageTotals, lines, dueDate } = layout;
  doc.font(BOLD).fontSize(12).fillColor(INK).text('Summary of charges', LEFT, top, { lineBreak: false });
  let y = top + 22;

  const rows: Array<[string, number, boolean]> = [
    ['Usage charges (calls, texts and data: see charges by line)', summary.usagePence, false],
    ['Fixed charges (line rental and services)', summary.fixedPence, false],
    ['Subtotal excluding VAT', summary.subtotalPence, true],
    [`VAT at ${VAT_RATE_PERCENT}%`, summary.vatPence, false],
  ];
  for (const [label, pence, strong] of rows) {
    doc
      .font(strong ? BOLD : FONT)
      .fontSize(10)
      .fillColor(INK)
      .text(label, LEFT + 10, y, { lineBreak: false });
    doc.text(formatPence(pence), LEFT, y, { width: CONTENT_WIDTH - 10, align: 'right', lineBreak: false });
    y += 16;
    doc
      .moveTo(LEFT, y - 4)
      .lineTo(RIGHT, y - 4)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
  }

  const bandHeight = 26;
  doc.rect(LEFT, y, CONTENT_WIDTH, bandHeight).fill(primary);
  doc.font(BOLD).fontSize(12).fillColor('#ffffff');
  doc.text(`Total due by ${formatUkDate(dueDate)}`, LEFT + 10, y + 8, { lineBreak: false });
  doc.text(formatPence(summary.totalPence), LEFT, y + 8, {
    width: CONTENT_WIDTH - 10,
    align: 'right',
    lineBreak: false,
  });
  y += bandHeight + 10;

  const glance =
    `This bill covers ${plural(lines.length, 'line')}: ${plural(usageTotals.calls, 'call')} ` +
    `(${plural(usageTotals.minutes, 'chargeable minute')}), ${plural(usageTotals.texts, 'text')} ` +
    `and ${formatBytes(usageTotals.bytes)} of data.`;
  doc.font(FONT).fontSize(9).fillColor(MUTED).text(glance, LEFT, y, { width: CONTENT_WIDTH });
  return doc.y + 16;
}

function drawPaymentTerms(doc: Doc, layout: BillLayout, top: number): number {
  const { invoice, partner, dueDate } = layout;
  const phone = partner.contacts.find((c) => /\d{3}/.test(c.value) && !c.value.includes('@'));
  const email = partner.contacts.find((c) => c.value.includes('@'));
  const contact = [phone && `call ${phone.value}`, email && `email ${email.value}`].filter(Boolean).join(' or ');
  const text =
    `Payment is due by ${formatUkDate(dueDate)}, ${PAYMENT_TERMS_DAYS} days from the invoice date. ` +
    `Please quote account number ${invoice.accountNumber} and invoice number ${invoice.invoiceNumber} with your ` +
    `payment.${contact ? `\nIf you have a question about this bill, ${contact}.` : ''}`;

  doc.font(BOLD).fontSize(10).fillColor(INK).text('Payment terms', LEFT, top, { lineBreak: false });
  doc
    .font(FONT)
    .fontSize(8.5)
    .fillColor(INK)
    .text(text.trim(), LEFT, top + 15, { width: CONTENT_WIDTH, lineGap: 1.5 });
  return doc.y + 22;
}

function drawLineTable(doc: Doc, layout: BillLayout, top: number, primary: string) {
  const { lines, roundingAdjustmentPence, usageTotals, summary } = layout;
  let y = top;
  const needed = 22 + 2 * ROW_HEIGHT;
  if (y + needed > CONTENT_BOTTOM) y = newPage(doc, layout, primary);

  doc.font(BOLD).fontSize(12).fillColor(INK).text('Charges by line', LEFT, y, { lineBreak: false });
  y = drawTableHeader(doc, y + 20, primary);

  const rows: Array<{ cells: string[]; strong?: boolean; shaded?: boolean }> = lines.map((line, index) => ({
    cells: [
      line.name,
      line.identifier,
      formatCount(line.calls),
      formatCount(line.minutes),
      formatBytes(line.bytes),
      formatPence(line.costPence),
    ],
    shaded: index % 2 === 1,
  }));
  if (roundingAdjustmentPence !== 0) {
    rows.push({ cells: ['Rounding adjustment', '', '', '', '', formatPence(roundingAdjustmentPence)] });
  }
  rows.push({
    cells: [
      'Total usage charges',
      '',
      formatCount(usageTotals.calls),
      formatCount(usageTotals.minutes),
      formatBytes(usageTotals.bytes),
      formatPence(summary.usagePence),
    ],
    strong: true,
  });

  for (const row of rows) {
    if (y + ROW_HEIGHT > CONTENT_BOTTOM) {
      y = newPage(doc, layout, primary);
      y = drawTableHeader(doc, y, primary);
    }
    if (row.shaded) doc.rect(LEFT, y, CONTENT_WIDTH, ROW_HEIGHT).fill(PANEL);
    if (row.strong) doc.moveTo(LEFT, y).lineTo(RIGHT, y).lineWidth(1).strokeColor(INK).stroke();
    drawCells(doc, row.cells, y, row.strong ? BOLD : FONT, INK);
    y += ROW_HEIGHT;
  }
  if (lines.length === 0) {
    doc
      .font(FONT)
      .fontSize(8.5)
      .fillColor(MUTED)
      .text('No usage was billed in this period.', LEFT, y + 6);
  }
}

function drawTableHeader(doc: Doc, top: number, primary: string): number {
  doc.rect(LEFT, top, CONTENT_WIDTH, ROW_HEIGHT + 2).fill(primary);
  drawCells(
    doc,
    COLUMNS.map((c) => c.title),
    top + 1,
    BOLD,
    '#ffffff',
  );
  return top + ROW_HEIGHT + 2;
}

function drawCells(doc: Doc, cells: readonly string[], top: number, font: string, colour: string) {
  doc.font(font).fontSize(8.5).fillColor(colour);
  let x = LEFT;
  COLUMNS.forEach((column, index) => {
    const width = column.width - 2 * CELL_PADDING;
    const text = fitText(doc, cells[index] ?? '', width);
    doc.text(text, x + CELL_PADDING, top + 4, { width, align: column.align, lineBreak: false });
    x += column.width;
  });
}

/** Long names are cut with an ellipsis rather than wrapped, so every row keeps its height. */
function fitText(doc: Doc, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let cut = text;
  while (cut.length > 0 && doc.widthOfString(`${cut}…`) > width) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

/** A continuation page: a slim header naming the partner and the invoice, then the caller carries on. */
function newPage(doc: Doc, layout: BillLayout, primary: string): number {
  doc.addPage();
  const top = MARGIN.top;
  doc.font(BOLD).fontSize(11).fillColor(primary).text(layout.partner.name, LEFT, top, { lineBreak: false });
  doc.font(FONT).fontSize(9).fillColor(MUTED);
  doc.text(`Invoice ${layout.invoice.invoiceNumber}: charges by line (continued)`, LEFT, top + 1, {
    width: CONTENT_WIDTH,
    align: 'right',
    lineBreak: false,
  });
  doc
    .moveTo(LEFT, top + 20)
    .lineTo(RIGHT, top + 20)
    .lineWidth(1)
    .strokeColor(primary)
    .stroke();
  return top + 32;
}

/** Page numbers need the page count, so footers are drawn last, on the buffered pages. */
function drawFooters(doc: Doc, layout: BillLayout) {
  const { start, count } = doc.bufferedPageRange();
  const footerTop = PAGE.height - MARGIN.bottom + 24;
  const partnerLine = [layout.partner.name, ...compactAddress(layout.partner.address)].join(', ');
  for (let index = start; index < start + count; index++) {
    doc.switchToPage(index);
    // Writing below the bottom margin would make pdfkit start a new page; the footer lives there on purpose.
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.moveTo(LEFT, footerTop).lineTo(RIGHT, footerTop).lineWidth(0.5).strokeColor(RULE).stroke();
    doc.font(FONT).fontSize(7.5).fillColor(MUTED);
    doc.text(fitText(doc, partnerLine, CONTENT_WIDTH * 0.65), LEFT, footerTop + 7, { lineBreak: false });
    doc.text(`Invoice ${layout.invoice.invoiceNumber}  ·  Page ${index - start + 1} of ${count}`, LEFT, footerTop + 7, {
      width: CONTENT_WIDTH,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = bottomMargin;
  }
}

function plural(count: number, noun: string): string {
  return `${formatCount(count)} ${noun}${count === 1 ? '' : 's'}`;
}
