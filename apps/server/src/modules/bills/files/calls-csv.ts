import { stringify } from 'csv-stringify/sync';

export const CALLS_CSV_HEADER = [
  'Date',
  'Time',
  'Mobile Number/Line',
  'Name',
  'Type',
  'Destination',
  'Number Dialled',
  'Duration (s)',
  'Data (bytes)',
  'Cost (£)',
] as const;

export type CallRecordRow = {
  startedAt: Date;
  identifier: string;
  name: string;
  recordType: 'voice' | 'sms' | 'data';
  destination: string;
  dialledNumber: string | null;
  duration: number;
  bytes: number;
  /** As stored (numeric(10, 4)), e.g. '0.0450': text, so no binary fraction creeps into a bill file. */
  cost: string;
};

// Calls are listed in UK time: a call at 00:30 BST on the 1st belongs to the 1st, as the bill's month does.
const UK_DATE = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const UK_TIME = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

const RECORD_TYPE_LABELS = { voice: 'Voice', sms: 'SMS', data: 'Data' } as const;

/**
 * The call-detail file: a header row, then one row per record. UTF-8 with a byte-order mark and CRLF line ends,
 * so spreadsheet programs open the £ sign and the rows correctly.
 */
export function renderCallsCsv(records: readonly CallRecordRow[]): Buffer {
  const rows = records.map((record) => [
    UK_DATE.format(record.startedAt),
    UK_TIME.format(record.startedAt),
    neutraliseFormula(record.identifier),
    neutraliseFormula(record.name),
    RECORD_TYPE_LABELS[record.recordType],
    neutraliseFormula(record.destination),
    neutraliseFormula(record.dialledNumber ?? ''),
    String(record.duration),
    String(record.bytes),
    record.cost,
  ]);
  return Buffer.from(stringify([[...CALLS_CSV_HEADER], ...rows], { bom: true, record_delimiter: '\r\n' }), 'utf8');
}

/**
 * Text a spreadsheet would run as a formula (=, +, -, @, or a leading tab or carriage return) is prefixed with an
 * apostrophe, which spreadsheets show as text (OWASP CSV injection). Names are typed by users; numbers dialled
 * abroad start with '+'.
 */
export function neutraliseFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}
