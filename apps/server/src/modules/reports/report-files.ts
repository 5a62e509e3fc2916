import type { ReportFormat } from '@portal/contract';
import { stringify } from 'csv-stringify/sync';
import PDFDocument from 'pdfkit';
import { neutraliseFormula } from '../bills/files/calls-csv.js';
import { formatBytes, formatCount, formatPence, formatUkDate, toPence } from '../bills/files/formats.js';
import type { Cell, ColumnType, ReportColumn, ReportDocument } from './report-data.js';

// A report as a file: CSV (one header row, then each company's rows and its totals) or PDF (A4 landscape, a table per
// company). Both say whose each figure is (the company column or heading) and the period (docs/decisions/0216).

export type ReportFile = { fileName: string; contentType: string; content: Buffer };

const CONTENT_TYPES: Record<ReportFormat, string> = { csv: 'text/csv; charset=utf-8', pdf: 'application/pdf' };

export async function renderReport(report: ReportDocument, format: ReportFormat, day: string): Promise<ReportFile> {
  const slug = report.title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const content = format === 'csv' ? renderReportCsv(report) : await renderReportPdf(report);
  return { fileName: `${slug}-${day}.${format}`, contentType: CONTENT_TYPES[format], content };
}

/** Raw figures, as the bills' call-detail file has them: seconds, bytes, pounds; UTF-8 with a BOM and CRLF. */
export function renderReportCsv(report: ReportDocument): Buffer {
  const header = ['Company', ...report.columns.map((column) => column.title)];
  const csvCell = (cell: Cell) => (typeof cell === 'number' ? String(cell) : neutraliseFormula(cell));
  const rows = report.sections.flatMap((section) =>
    [...section.rows, ...section.totals].map((row) => [neutraliseFormula(section.companyName), ...row.map(csvCell)]),
  );
  return Buffer.from(stringify([header, ...rows], { bom: true, record_delimiter: '\r\n' }), 'utf8');
}

const PAGE = { width: 841.89, height: 595.28 };
// Half an inch.
const MARGIN = 72 / 2;
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN;
const BOTTOM = PAGE.height - MARGIN - 14;
const ROW_HEIGHT = 14;
const INK = '#1f2937';
const MUTED = '#6b7280';
const RULE = '#d1d5db';
const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';

function duration(seconds: number): string {
  const whole = Math.round(seconds);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

function shown(cell: Cell, type: ColumnType): string {
  if (typeof cell === 'string') return type === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(cell) ? formatUkDate(cell) : cell;
  switch (type) {
    case 'money':
      return formatPence(toPence(cell));
    case 'bytes':
      return formatBytes(cell);
    case 'seconds':
      return duration(cell);
    default:
      return formatCount(cell);
  }
}

/** The PDF's column titles carry no unit: its cells are formatted (£1.50, 2.5 MB, 0:01:30). */
const pdfTitle = (column: ReportColumn) => column.title.replace(/ \((s|bytes|£)\)$/, '');

export function renderReportPdf(report: ReportDocument): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    lang: 'en-GB',
    info: { Title: `${report.title}: ${report.period}`, Author: report.subscriberName },
  });
  const chunks: Buffer[] = [];
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const weights = report.columns.map((column, index) => (column.type === 'text' ? (index === 0 ? 3 : 2) : 1.2));
  const unit = CONTENT_WIDTH / weights.reduce((a, b) => a + b, 0);
  const widths = weights.map((weight) => weight * unit);
  const align = (type: ColumnType) => (type === 'text' || type === 'date' ? 'left' : 'right');

  doc.font(BOLD).fontSize(16).fillColor(INK).text(report.title, MARGIN, MARGIN);
  doc.font(FONT).fontSize(9.5).fillColor(MUTED);
  doc.text(`Period: ${report.period}`);
  doc.text(`For ${report.subscriberName}, as they may see it in the portal. Built ${report.builtAt}.`);
  if (report.note) doc.text(report.note);
  let y = doc.y + 8;

  const drawRow = (cells: string[], bold: boolean, colour = INK) => {
    doc
      .font(bold ? BOLD : FONT)
      .fontSize(8)
      .fillColor(colour);
    let x = MARGIN;
    cells.forEach((cell, index) => {
      const column = report.columns[index];
      const width = widths[index] ?? 0;
      doc.text(cell, x + 3, y + 3, {
        width: width - 6,
        align: column ? align(column.type) : 'left',
        lineBreak: false,
        ellipsis: true,
      });
      x += width;
    });
    y += ROW_HEIGHT;
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + CONTENT_WIDTH, y)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
  };
  const header = () => drawRow(report.columns.map(pdfTitle), true, MUTED);
  const room = (rows: number) => {
    if (y + rows * ROW_HEIGHT <= BOTTOM) return false;
    doc.addPage();
    y = MARGIN;
    return true;
  };

  if (report.sections.length === 0) {
    doc
      .font(FONT)
      .fontSize(10)
      .fillColor(INK)
      .text('You see no company in the portal, so there is nothing to report.', MARGIN, y);
  }
  for (const section of report.sections) {
    room(4);
    doc
      .font(BOLD)
      .fontSize(11.5)
      .fillColor(INK)
      .text(section.companyName, MARGIN, y + 6, { lineBreak: false });
    y += 24;
    if (section.rows.length === 0) {
      doc.font(FONT).fontSize(9).fillColor(MUTED).text('Nothing in this period.', MARGIN, y, { lineBreak: false });
      y += ROW_HEIGHT + 4;
      continue;
    }
    header();
    for (const row of section.rows) {
      if (room(1)) header();
      drawRow(
        row.map((cell, index) => shown(cell, report.columns[index]?.type ?? 'text')),
        false,
      );
    }
    for (const row of section.totals) {
      if (room(1)) header();
      drawRow(
        row.map((cell, index) => shown(cell, report.columns[index]?.type ?? 'text')),
        true,
      );
    }
    y += 6;
  }

  const range = doc.bufferedPageRange();
  for (let page = range.start; page < range.start + range.count; page++) {
    doc.switchToPage(page);
    // Within the bottom margin: without this pdfkit would start a new page for the footer.
    doc.page.margins.bottom = 0;
    doc.font(FONT).fontSize(7.5).fillColor(MUTED);
    doc.text(`${report.title} · ${report.period} · page ${page + 1} of ${range.count}`, MARGIN, PAGE.height - MARGIN, {
      width: CONTENT_WIDTH,
      align: 'center',
      lineBreak: false,
    });
  }
  doc.end();
  return finished;
}
