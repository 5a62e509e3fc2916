import { type ApiDateTimeProblem, apiInstantProblem } from '@portal/contract';
import { at, ODataSyntaxError } from './syntax-error.js';

// The tokenizer shared by $filter, $orderby, $select and $expand. Positions are 1-based.
//
// Tokens: identifiers (letters, digits, underscore; not starting with a digit), 'strings' with '' for a quote,
// numbers (-12, 3.5), dates (2026-11-21), date-times with an offset (2026-11-21T10:00:00Z, ...+01:00), and the
// punctuation ( ) , *. Keywords (and, eq, true, asc, ...) are identifiers here; the parsers decide what they mean.

export type Punctuation = '(' | ')' | ',' | '*';

export type Token =
  | { kind: 'identifier'; text: string; position: number }
  | { kind: 'string'; value: string; position: number }
  | { kind: 'number'; text: string; value: number; position: number }
  | { kind: 'date'; value: string; position: number }
  | { kind: 'datetime'; value: string; position: number }
  | { kind: 'punctuation'; text: Punctuation; position: number }
  | { kind: 'end'; position: number };

const IDENTIFIER_START = /[A-Za-z_]/;
const IDENTIFIER_PART = /[A-Za-z0-9_]/;
const DIGIT = /[0-9]/;
/** What a number or date token may be made of; the whole run is read, then classified. */
const NUMERIC_RUN_PART = /[0-9A-Za-z_:.+-]/;
const WHITESPACE = new Set([' ', '\t', '\n', '\r']);
const PUNCTUATION = new Set<string>(['(', ')', ',', '*']);

const NUMBER = /^-?[0-9]+(\.[0-9]+)?$/;
const DATE = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/;
const DATE_TIME =
  /^([0-9]{4})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2})(?::([0-9]{2})(?:\.[0-9]{1,9})?)?(Z|[+-]([0-9]{2}):([0-9]{2}))$/;

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let index = 0;
  while (index < text.length) {
    const char = text[index]!;
    const position = index + 1;
    if (WHITESPACE.has(char)) {
      index += 1;
    } else if (PUNCTUATION.has(char)) {
      tokens.push({ kind: 'punctuation', text: char as Punctuation, position });
      index += 1;
    } else if (char === "'") {
      index = readString(text, index, tokens);
    } else if (IDENTIFIER_START.test(char)) {
      let end = index + 1;
      while (end < text.length && IDENTIFIER_PART.test(text[end]!)) end += 1;
      tokens.push({ kind: 'identifier', text: text.slice(index, end), position });
      index = end;
    } else if (DIGIT.test(char) || (char === '-' && DIGIT.test(text[index + 1] ?? ''))) {
      let end = index + 1;
      while (end < text.length && NUMERIC_RUN_PART.test(text[end]!)) end += 1;
      tokens.push(classifyNumericRun(text.slice(index, end), position));
      index = end;
    } else {
      throw new ODataSyntaxError(`Unexpected character ${describeCharacter(text, index)} ${at(position)}`, position);
    }
  }
  tokens.push({ kind: 'end', position: text.length + 1 });
  return tokens;
}

function readString(text: string, start: number, tokens: Token[]): number {
  let value = '';
  let index = start + 1;
  for (;;) {
    const quote = text.indexOf("'", index);
    if (quote === -1) {
      throw new ODataSyntaxError(
        `Unterminated string starting ${at(start + 1)}; close it with ' (write '' for a quote inside it)`,
        start + 1,
      );
    }
    value += text.slice(index, quote);
    if (text[quote + 1] === "'") {
      value += "'";
      index = quote + 2;
    } else {
      index = quote + 1;
      break;
    }
  }
  const nul = value.indexOf('\u0000');
  if (nul !== -1) {
    throw new ODataSyntaxError(`The string starting ${at(start + 1)} contains a NUL character`, start + 1);
  }
  // A lone surrogate has no UTF-8 form: the database would refuse the parameter.
  if (/\p{Cs}/u.test(value)) {
    throw new ODataSyntaxError(`The string starting ${at(start + 1)} is not valid Unicode`, start + 1);
  }
  tokens.push({ kind: 'string', value, position: start + 1 });
  return index;
}

function classifyNumericRun(run: string, position: number): Token {
  if (NUMBER.test(run)) return { kind: 'number', text: run, value: Number(run), position };
  const date = DATE.exec(run);
  if (date && isCalendarDate(date[1]!, date[2]!, date[3]!)) {
    refuseOutOfRange(`the date ${run}`, apiInstantProblem(Date.parse(`${run}T00:00:00Z`)), position);
    return { kind: 'date', value: run, position };
  }
  const dateTime = DATE_TIME.exec(run);
  if (dateTime && isCalendarDate(dateTime[1]!, dateTime[2]!, dateTime[3]!) && isClockTime(dateTime)) {
    refuseOutOfRange(`the date-time ${run}`, apiInstantProblem(Date.parse(run)), position);
    return { kind: 'datetime', value: run, position };
  }
  const shown = quoteForMessage(run);
  if (/^-?[0-9]+[-:T]/.test(run)) {
    throw new ODataSyntaxError(
      `Malformed date or date-time ${shown} ${at(position)}; write a date as 2026-11-21 or a date-time as 2026-11-21T10:00:00Z`,
      position,
    );
  }
  throw new ODataSyntaxError(
    `Malformed number ${shown} ${at(position)}; write numbers like 42, -7 or 12.50 and leave a space before an operator`,
    position,
  );
}

/** The same range as every date the API accepts (docs/decisions/0046-api-date-time-range.md), checked in UTC. */
function refuseOutOfRange(what: string, problem: ApiDateTimeProblem | undefined, position: number): void {
  if (!problem) return;
  throw new ODataSyntaxError(
    `${what[0]!.toUpperCase()}${what.slice(1)} ${at(position)} is out of range: ${problem.message.replace(/^Must be/, 'it must be')}`,
    position,
    'range',
  );
}

function isCalendarDate(year: string, month: string, day: string): boolean {
  const y = Number(year);
  const m = Number(month);
  const d = Number(day);
  if (y < 1 || m < 1 || m > 12 || d < 1) return false;
  const daysInMonth = new Date(Date.UTC(2000, m, 0)).getUTCDate(); // 2000 is a leap year: February has 29
  if (d > daysInMonth) return false;
  return !(m === 2 && d === 29 && !isLeapYear(y));
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function isClockTime(match: RegExpExecArray): boolean {
  const [, , , , hour, minute, second, , offsetHour, offsetMinute] = match;
  if (Number(hour) > 23 || Number(minute) > 59 || Number(second ?? '0') > 59) return false;
  return offsetHour === undefined || (Number(offsetHour) <= 14 && Number(offsetMinute) <= 59);
}

/** Shows a bit of the user's text in a message: quoted, shortened. */
export function quoteForMessage(text: string): string {
  const limit = 40;
  return `'${text.length > limit ? `${text.slice(0, limit)}...` : text}'`;
}

function describeCharacter(text: string, index: number): string {
  const codePoint = text.codePointAt(index)!;
  const char = String.fromCodePoint(codePoint);
  const hex = `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;
  return /^[\p{L}\p{N}\p{P}\p{S}]$/u.test(char) ? `'${char}' (${hex})` : hex;
}
