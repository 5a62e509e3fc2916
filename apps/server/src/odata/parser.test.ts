import { describe, expect, it } from 'vitest';
import { tokenize } from './lexer.js';
import {
  type FilterNode,
  formatFilter,
  type ODataLiteral,
  parseExpand,
  parseFilter,
  parseOrderBy,
  parseSelect,
} from './parser.js';
import { ODataSyntaxError } from './syntax-error.js';

/** The tree without positions, written compactly: easier to compare than the full nodes. */
function shape(node: FilterNode): unknown {
  switch (node.kind) {
    case 'and':
    case 'or':
      return { [node.kind]: node.operands.map(shape) };
    case 'not':
      return { not: shape(node.operand) };
    case 'comparison':
      return [node.field.name, node.operator, literal(node.value)];
    case 'in':
      return [node.field.name, 'in', node.values.map(literal)];
    case 'function':
      return [node.name, node.field.name, literal(node.value)];
  }
}

function literal(value: ODataLiteral): unknown {
  return value.type === 'null' ? null : value.type === 'number' ? value.value : value.value;
}

function syntaxError(parse: () => unknown): ODataSyntaxError {
  try {
    parse();
  } catch (error) {
    if (error instanceof ODataSyntaxError) return error;
    throw error;
  }
  throw new Error('expected an ODataSyntaxError');
}

describe('parseFilter: structure', () => {
  it('reads every comparison operator', () => {
    for (const op of ['eq', 'ne', 'gt', 'ge', 'lt', 'le']) {
      expect(shape(parseFilter(`calls ${op} 5`))).toEqual(['calls', op, 5]);
    }
  });

  it('gives and precedence over or, and not precedence over both', () => {
    expect(shape(parseFilter('a eq 1 or b eq 2 and c eq 3'))).toEqual({
      or: [
        ['a', 'eq', 1],
        {
          and: [
            ['b', 'eq', 2],
            ['c', 'eq', 3],
          ],
        },
      ],
    });
    expect(shape(parseFilter('a eq 1 and b eq 2 or c eq 3'))).toEqual({
      or: [
        {
          and: [
            ['a', 'eq', 1],
            ['b', 'eq', 2],
          ],
        },
        ['c', 'eq', 3],
      ],
    });
    expect(shape(parseFilter('not a eq 1 and b eq 2'))).toEqual({ and: [{ not: ['a', 'eq', 1] }, ['b', 'eq', 2]] });
    expect(shape(parseFilter('not not a eq 1'))).toEqual({ not: { not: ['a', 'eq', 1] } });
  });

  it('flattens chains of the same operator and keeps parentheses as grouping', () => {
    expect(shape(parseFilter('a eq 1 and b eq 2 and c eq 3'))).toEqual({
      and: [
        ['a', 'eq', 1],
        ['b', 'eq', 2],
        ['c', 'eq', 3],
      ],
    });
    expect(shape(parseFilter('(a eq 1 or b eq 2) and c eq 3'))).toEqual({
      and: [
        {
          or: [
            ['a', 'eq', 1],
            ['b', 'eq', 2],
          ],
        },
        ['c', 'eq', 3],
      ],
    });
    expect(shape(parseFilter('not (a eq 1 or b eq 2)'))).toEqual({
      not: {
        or: [
          ['a', 'eq', 1],
          ['b', 'eq', 2],
        ],
      },
    });
    expect(shape(parseFilter('((((a eq 1))))'))).toEqual(['a', 'eq', 1]);
    expect(shape(parseFilter('not(a eq 1)'))).toEqual({ not: ['a', 'eq', 1] });
  });

  it('reads the string functions and in lists', () => {
    expect(shape(parseFilter("contains(name, 'smith')"))).toEqual(['contains', 'name', 'smith']);
    expect(shape(parseFilter("startswith(identifier,'07')"))).toEqual(['startswith', 'identifier', '07']);
    expect(shape(parseFilter("endswith( name , 'x' )"))).toEqual(['endswith', 'name', 'x']);
    expect(shape(parseFilter("not contains(name, 'a') or product in ('x', 'y','z')"))).toEqual({
      or: [{ not: ['contains', 'name', 'a'] }, ['product', 'in', ['x', 'y', 'z']]],
    });
    expect(shape(parseFilter('endPointTypeId in (1)'))).toEqual(['endPointTypeId', 'in', [1]]);
  });

  it('accepts camelCase and underscored field names, and any whitespace between tokens', () => {
    expect(shape(parseFilter('\tendPointTypeId\n eq\r\n1  '))).toEqual(['endPointTypeId', 'eq', 1]);
    expect(shape(parseFilter('_x1 eq 1'))).toEqual(['_x1', 'eq', 1]);
  });

  it('records 1-based positions of fields and literals', () => {
    const node = parseFilter("name eq 'x' and  calls gt 5");
    expect(node.kind).toBe('and');
    if (node.kind !== 'and') return;
    const [first, second] = node.operands;
    expect(first).toMatchObject({ field: { name: 'name', position: 1 }, value: { position: 9 } });
    expect(second).toMatchObject({ field: { name: 'calls', position: 18 }, value: { position: 27 } });
  });
});

describe('parseFilter: literals', () => {
  const literalOf = (text: string) => {
    const node = parseFilter(`f eq ${text}`);
    if (node.kind !== 'comparison') throw new Error('not a comparison');
    return node.value;
  };

  it('reads strings with doubled quotes, empty strings and any unicode', () => {
    expect(literalOf("'O''Brien'")).toMatchObject({ type: 'string', value: "O'Brien" });
    expect(literalOf("''")).toMatchObject({ type: 'string', value: '' });
    expect(literalOf("''''")).toMatchObject({ type: 'string', value: "'" });
    expect(literalOf("'a''''b'")).toMatchObject({ type: 'string', value: "a''b" });
    expect(literalOf("'Zoë 🚀 % _ \\ eq and )'")).toMatchObject({ type: 'string', value: 'Zoë 🚀 % _ \\ eq and )' });
    expect(literalOf("''' OR 1=1 --'")).toMatchObject({ type: 'string', value: "' OR 1=1 --" });
  });

  it('reads whole, decimal and negative numbers, keeping the text as written', () => {
    expect(literalOf('42')).toMatchObject({ type: 'number', value: 42, text: '42' });
    expect(literalOf('-7')).toMatchObject({ type: 'number', value: -7, text: '-7' });
    expect(literalOf('12.50')).toMatchObject({ type: 'number', value: 12.5, text: '12.50' });
    expect(literalOf('-0.01')).toMatchObject({ type: 'number', value: -0.01 });
    expect(literalOf('123456789012345678901234567890')).toMatchObject({ text: '123456789012345678901234567890' });
  });

  it('reads true, false and null', () => {
    expect(literalOf('true')).toMatchObject({ type: 'boolean', value: true });
    expect(literalOf('false')).toMatchObject({ type: 'boolean', value: false });
    expect(literalOf('null')).toMatchObject({ type: 'null' });
  });

  it('reads calendar dates and date-times with an offset', () => {
    expect(literalOf('2026-11-21')).toMatchObject({ type: 'date', value: '2026-11-21' });
    expect(literalOf('2024-02-29')).toMatchObject({ type: 'date', value: '2024-02-29' });
    expect(literalOf('2026-11-21T10:00:00Z')).toMatchObject({ type: 'datetime', value: '2026-11-21T10:00:00Z' });
    expect(literalOf('2026-11-21T10:00Z')).toMatchObject({ type: 'datetime' });
    expect(literalOf('2026-11-21T23:59:59.123456Z')).toMatchObject({ type: 'datetime' });
    expect(literalOf('2026-11-21T10:00:00+01:00')).toMatchObject({ type: 'datetime' });
    expect(literalOf('2026-11-21T10:00:00-05:30')).toMatchObject({ type: 'datetime' });
  });

  it('refuses dates that are not on the calendar and malformed numbers', () => {
    for (const text of ['2026-02-30', '2025-02-29', '2026-13-01', '2026-00-10', '0000-01-01', '2026-1-1']) {
      expect(syntaxError(() => parseFilter(`d eq ${text}`)).message).toMatch(/^Malformed date or date-time/);
    }
    for (const text of [
      '2026-11-21T24:00:00Z',
      '2026-11-21T10:60Z',
      '2026-11-21T10:00:00',
      '2026-11-21T10:00:00+15:00',
    ]) {
      expect(syntaxError(() => parseFilter(`d eq ${text}`)).message).toMatch(/^Malformed date or date-time/);
    }
    expect(syntaxError(() => parseFilter('n eq 1.2.3')).message).toBe(
      "Malformed number '1.2.3' at position 6; write numbers like 42, -7 or 12.50 and leave a space before an operator",
    );
    expect(syntaxError(() => parseFilter('n eq 1and m eq 2')).message).toMatch(/^Malformed number '1and'/);
    expect(syntaxError(() => parseFilter('n eq 1e5')).message).toMatch(/^Malformed number '1e5'/);
  });
});

describe('parseFilter: errors name the problem and its position', () => {
  const cases: [string, string][] = [
    [
      'name eq',
      "Expected a value (a 'quoted string', a number, a date, true, false or null) after 'eq' at position 8, but $filter ends there",
    ],
    [
      'calls eq smith',
      "Expected a value (a 'quoted string', a number, a date, true, false or null) after 'eq' at position 10, found 'smith'; comparing a field with another field is not supported",
    ],
    ["name eq 'x' extra", "Expected 'and', 'or' or the end of $filter at position 13, found 'extra'"],
    [
      "name eq 'x' AND calls eq 1",
      "Operators and keywords are lower-case: write 'and' instead of 'AND' at position 13",
    ],
    ['calls EQ 1', "Operators and keywords are lower-case: write 'eq' instead of 'EQ' at position 7"],
    ['flag eq TRUE', "Operators and keywords are lower-case: write 'true' instead of 'TRUE' at position 9"],
    ["NOT name eq 'x'", "Operators and keywords are lower-case: write 'not' instead of 'NOT' at position 1"],
    [
      'calls like 1',
      "Expected a comparison operator (eq, ne, gt, ge, lt, le) or 'in' after 'calls' at position 7, found 'like'",
    ],
    ["(name eq 'x'", "Expected ')' to close the '(' of position 1 at position 13, but $filter ends there"],
    ["name eq 'x')", "Expected 'and', 'or' or the end of $filter at position 12, found ')'"],
    ["name eq 'x", "Unterminated string starting at position 9; close it with ' (write '' for a quote inside it)"],
    ["name eq 'it's'", "Unterminated string starting at position 14; close it with ' (write '' for a quote inside it)"],
    ['calls eq 1 & x', "Unexpected character '&' (U+0026) at position 12"],
    ['calls\u00a0eq 1', 'Unexpected character U+00A0 at position 6'],
    ['x eq 1 and $top eq 2', "Unexpected character '$' (U+0024) at position 12"],
    [
      "substringof('a', name)",
      "Unknown function 'substringof' at position 1; the functions are contains, startswith and endswith",
    ],
    ["Contains(name, 'a')", "Function names are lower-case: write 'contains' instead of 'Contains' at position 1"],
    [
      "contains(tolower(name), 'a')",
      "contains takes a field name, not a function call ('tolower' at position 10); contains already ignores case",
    ],
    [
      "contains('a', name)",
      "Expected a field name as the first argument of contains at position 10, found the string 'a'",
    ],
    ["contains(name 'a')", "Expected ',' after the field name in contains(...) at position 15, found the string 'a'"],
    ['x in 1, 2', "Expected '(' after 'in' at position 6, found the number 1"],
    [
      'x in ()',
      "Expected a value (a 'quoted string', a number, a date, true, false or null) in the 'in' list at position 7, found ')'",
    ],
    ['x in (1 2)', "Expected ',' or ')' in the 'in' list at position 9, found the number 2"],
    [
      '',
      "Expected a field name, a function (contains, startswith, endswith), 'not' or '(' at position 1, but $filter ends there",
    ],
    [
      'eq eq 1',
      "Expected a field name, a function (contains, startswith, endswith), 'not' or '(' at position 1, found 'eq'",
    ],
    [
      'a eq 1 and',
      "Expected a field name, a function (contains, startswith, endswith), 'not' or '(' at position 11, but $filter ends there",
    ],
    ["name eq 'a\u0000b'", 'The string starting at position 9 contains a NUL character'],
    ["name eq 'a\udc00b'", 'The string starting at position 9 is not valid Unicode'],
  ];
  it.each(cases)('%j', (text, message) => {
    const error = syntaxError(() => parseFilter(text));
    expect(error.message).toBe(message);
    expect(error.rule).toBe('syntax');
    expect(error.message).toContain(`at position ${error.position}`);
  });
});

describe('parseFilter: caps', () => {
  it('parses 2000 characters and refuses 2001', () => {
    const clause = "name eq 'x' or ";
    const base = clause.repeat(Math.floor(1990 / clause.length));
    const exact = `${base}calls eq ${'1'.repeat(2000 - base.length - 'calls eq '.length)}`;
    expect(exact).toHaveLength(2000);
    expect(() => parseFilter(exact)).not.toThrow();
    const error = syntaxError(() => parseFilter(`${exact} `));
    expect(error.rule).toBe('max_length');
    expect(error.message).toBe('$filter is 2001 characters long; the limit is 2000');
  });

  it('allows 32 levels of parentheses and not, and refuses 33', () => {
    expect(() => parseFilter(`${'('.repeat(32)}a eq 1${')'.repeat(32)}`)).not.toThrow();
    expect(() => parseFilter(`${'not '.repeat(32)}a eq 1`)).not.toThrow();
    expect(() => parseFilter(`${'not ('.repeat(16)}a eq 1${')'.repeat(16)}`)).not.toThrow();
    const deep = syntaxError(() => parseFilter(`${'('.repeat(33)}a eq 1${')'.repeat(33)}`));
    expect(deep.rule).toBe('max_depth');
    expect(deep.message).toBe("$filter nests parentheses and 'not' more than 32 levels deep at position 33");
    expect(syntaxError(() => parseFilter(`${'not '.repeat(33)}a eq 1`)).rule).toBe('max_depth');
    // The same depth spread out sideways is fine: depth, not count, is capped.
    expect(() => parseFilter(Array.from({ length: 100 }, () => '(a eq 1)').join(' and '))).not.toThrow();
  });

  it('survives pathological input without a stack overflow', () => {
    expect(syntaxError(() => parseFilter('('.repeat(1999))).rule).toBe('max_depth');
    expect(syntaxError(() => parseFilter("'".repeat(1999))).rule).toBe('syntax');
    expect(syntaxError(() => parseFilter('not '.repeat(499))).rule).toBe('max_depth');
  });
});

describe('formatFilter', () => {
  it('prints a tree that parses back to itself', () => {
    for (const text of [
      "a eq 1 or b eq 'x' and not (c gt 2026-11-21 or d le 2026-11-21T10:00:00Z)",
      "(a eq 1 or b eq 2) and (c eq 3 or d eq 4) and not not contains(e, 'it''s')",
      'x in (1, -2.50, 3) and y ne null and z eq true',
    ]) {
      const printed = formatFilter(parseFilter(text));
      expect(shape(parseFilter(printed))).toEqual(shape(parseFilter(text)));
      expect(formatFilter(parseFilter(printed))).toBe(printed);
    }
  });
});

describe('parseOrderBy, parseSelect, parseExpand', () => {
  it('reads sort keys with optional directions', () => {
    expect(parseOrderBy('billDate desc, invoiceNumber,calls asc')).toEqual([
      { field: { name: 'billDate', position: 1 }, direction: 'desc' },
      { field: { name: 'invoiceNumber', position: 16 }, direction: 'asc' },
      { field: { name: 'calls', position: 30 }, direction: 'asc' },
    ]);
  });

  it('explains malformed sort keys', () => {
    expect(syntaxError(() => parseOrderBy('billDate DESC')).message).toBe(
      "Sort directions are lower-case: write 'desc' instead of 'DESC' at position 10",
    );
    expect(syntaxError(() => parseOrderBy('billDate up')).message).toBe(
      "Expected 'asc', 'desc', ',' or the end at position 10, found 'up'",
    );
    expect(syntaxError(() => parseOrderBy('billDate,')).message).toBe(
      'Expected a field name at position 10, but $orderby ends there',
    );
    expect(syntaxError(() => parseOrderBy('billDate desc desc')).message).toBe(
      "Expected ',' or the end at position 15, found 'desc'",
    );
    expect(syntaxError(() => parseOrderBy('-billDate')).message).toBe(
      "Unexpected character '-' (U+002D) at position 1",
    );
  });

  it('reads select lists and *', () => {
    expect(parseSelect('InvoiceAmount')).toEqual({ kind: 'fields', fields: [{ name: 'InvoiceAmount', position: 1 }] });
    expect(parseSelect('id, name')).toEqual({
      kind: 'fields',
      fields: [
        { name: 'id', position: 1 },
        { name: 'name', position: 5 },
      ],
    });
    expect(parseSelect('*')).toEqual({ kind: 'all' });
    expect(syntaxError(() => parseSelect('id,,name')).message).toBe(
      "Expected a field name or '*' at position 4, found ','",
    );
  });

  it('reads expansion names and refuses nested options', () => {
    expect(parseExpand('Companies,Sites, Teams').map((r) => r.name)).toEqual(['Companies', 'Sites', 'Teams']);
    expect(syntaxError(() => parseExpand('EndPoints($select=id)')).message).toBe(
      "Unexpected character '$' (U+0024) at position 11",
    );
  });
});

describe('tokenize', () => {
  it('ends every token list with the end token one past the text', () => {
    expect(tokenize('a')).toEqual([
      { kind: 'identifier', text: 'a', position: 1 },
      { kind: 'end', position: 2 },
    ]);
  });
});
