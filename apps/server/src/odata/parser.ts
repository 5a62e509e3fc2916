import { ODATA_MAX_EXPRESSION_LENGTH, ODATA_MAX_FILTER_DEPTH } from '@portal/contract';
import { quoteForMessage, type Token, tokenize } from './lexer.js';
import { at, ODataSyntaxError } from './syntax-error.js';

// Recursive-descent parsers for $filter, $orderby, $select and $expand, producing typed syntax trees. They know
// nothing of resources: whether a field exists and whether a literal suits it is checked later (query-options.ts).
//
// $filter grammar (keywords are lower-case only, as OData writes them):
//   filter     := or END
//   or         := and ('or' and)*
//   and        := unary ('and' unary)*
//   unary      := 'not' unary | primary                 -- not binds tighter than and/or
//   primary    := '(' or ')' | function | comparison
//   function   := ('contains' | 'startswith' | 'endswith') '(' FIELD ',' literal ')'
//   comparison := FIELD ('eq'|'ne'|'gt'|'ge'|'lt'|'le') literal | FIELD 'in' '(' literal (',' literal)* ')'
//   literal    := STRING | NUMBER | DATE | DATETIME | 'true' | 'false' | 'null'

export type ComparisonOperator = 'eq' | 'ne' | 'gt' | 'ge' | 'lt' | 'le';
export type StringFunction = 'contains' | 'startswith' | 'endswith';

export const COMPARISON_OPERATORS: readonly ComparisonOperator[] = ['eq', 'ne', 'gt', 'ge', 'lt', 'le'];
export const STRING_FUNCTIONS: readonly StringFunction[] = ['contains', 'startswith', 'endswith'];

export type ODataLiteral =
  | { type: 'string'; value: string; position: number }
  /** `text` is the number as written, so a value beyond double precision still reaches SQL exactly. */
  | { type: 'number'; value: number; text: string; position: number }
  | { type: 'boolean'; value: boolean; position: number }
  | { type: 'null'; position: number }
  /** 'YYYY-MM-DD', a real calendar date. */
  | { type: 'date'; value: string; position: number }
  /** ISO 8601 with seconds optional and an offset required (Z or ±hh:mm). */
  | { type: 'datetime'; value: string; position: number };

/** A field as written by the client (any case); resolved against the resource later. */
export type FieldReference = { name: string; position: number };

/** The $filter syntax tree; `Field` is the client's FieldReference until checked against a resource. */
export type FilterNode<Field = FieldReference> =
  | { kind: 'comparison'; operator: ComparisonOperator; field: Field; value: ODataLiteral }
  | { kind: 'in'; field: Field; values: ODataLiteral[] }
  | { kind: 'function'; name: StringFunction; field: Field; value: ODataLiteral }
  | { kind: 'and' | 'or'; operands: FilterNode<Field>[] }
  | { kind: 'not'; operand: FilterNode<Field> };

export type OrderByItem = { field: FieldReference; direction: 'asc' | 'desc' };
/** `all` for `*`. */
export type SelectList = { kind: 'all' } | { kind: 'fields'; fields: FieldReference[] };

const KEYWORDS = new Set<string>([
  'and',
  'or',
  'not',
  'in',
  'true',
  'false',
  'null',
  ...COMPARISON_OPERATORS,
  ...STRING_FUNCTIONS,
]);

export function parseFilter(text: string): FilterNode {
  const parser = new Parser(text, '$filter');
  const node = parser.parseOr();
  parser.expectEnd("'and', 'or'");
  return node;
}

export function parseOrderBy(text: string): OrderByItem[] {
  const parser = new Parser(text, '$orderby');
  return parser.parseList(() => {
    const field = parser.field('a field name');
    const direction = parser.optionalDirection();
    return { field, direction };
  });
}

export function parseSelect(text: string): SelectList {
  const parser = new Parser(text, '$select');
  const items = parser.parseList(() => parser.selectItem());
  const fields = items.filter((item): item is FieldReference => item !== '*');
  return fields.length < items.length ? { kind: 'all' } : { kind: 'fields', fields };
}

/** Names of expansions; options inside an expansion (`EndPoints($select=id)`) are not supported. */
export function parseExpand(text: string): FieldReference[] {
  const parser = new Parser(text, '$expand');
  return parser.parseList(() => parser.field('an expansion name'));
}

class Parser {
  private readonly tokens: Token[];
  private index = 0;
  private depth = 0;

  constructor(
    private readonly text: string,
    private readonly option: string,
  ) {
    if (text.length > ODATA_MAX_EXPRESSION_LENGTH) {
      throw new ODataSyntaxError(
        `${option} is ${text.length} characters long; the limit is ${ODATA_MAX_EXPRESSION_LENGTH}`,
        ODATA_MAX_EXPRESSION_LENGTH + 1,
        'max_length',
      );
    }
    this.tokens = tokenize(text);
  }

  parseOr(): FilterNode {
    const operands = [this.parseAnd()];
    while (this.isKeyword('or')) {
      this.index += 1;
      operands.push(this.parseAnd());
    }
    return operands.length === 1 ? operands[0]! : { kind: 'or', operands };
  }

  private parseAnd(): FilterNode {
    const operands = [this.parseUnary()];
    while (this.isKeyword('and')) {
      this.index += 1;
      operands.push(this.parseUnary());
    }
    return operands.length === 1 ? operands[0]! : { kind: 'and', operands };
  }

  private parseUnary(): FilterNode {
    if (this.isKeyword('not')) {
      const token = this.next();
      this.enter(token.position);
      const operand = this.parseUnary();
      this.depth -= 1;
      return { kind: 'not', operand };
    }
    return this.parsePrimary();
  }

  private parsePrimary(): FilterNode {
    const token = this.peek();
    if (token.kind === 'punctuation' && token.text === '(') {
      this.index += 1;
      this.enter(token.position);
      const inner = this.parseOr();
      this.depth -= 1;
      this.expectPunctuation(')', `')' to close the '(' of position ${token.position}`);
      return inner;
    }
    if (token.kind === 'identifier' && this.peekAt(1).kind === 'punctuation' && this.peekText(1) === '(') {
      return this.parseFunction(token);
    }
    this.caseHint(token);
    const field = this.field("a field name, a function (contains, startswith, endswith), 'not' or '('");
    return this.parseComparison(field);
  }

  private parseFunction(token: Extract<Token, { kind: 'identifier' }>): FilterNode {
    const name = STRING_FUNCTIONS.find((fn) => fn === token.text);
    if (!name) {
      const lower = STRING_FUNCTIONS.find((fn) => fn === token.text.toLowerCase());
      throw this.error(
        lower
          ? `Function names are lower-case: write '${lower}' instead of '${token.text}' ${at(token.position)}`
          : `Unknown function ${quoteForMessage(token.text)} ${at(token.position)}; the functions are contains, startswith and endswith`,
        token.position,
      );
    }
    this.index += 2; // name and '('
    const argument = this.peek();
    if (argument.kind === 'identifier' && this.peekAt(1).kind === 'punctuation' && this.peekText(1) === '(') {
      throw this.error(
        `${name} takes a field name, not a function call (${quoteForMessage(argument.text)} ${at(argument.position)}); ${name} already ignores case`,
        argument.position,
      );
    }
    const field = this.field(`a field name as the first argument of ${name}`);
    this.expectPunctuation(',', `',' after the field name in ${name}(...)`);
    const value = this.literal(`as the second argument of ${name}`);
    this.expectPunctuation(')', `')' to close ${name}(...)`);
    return { kind: 'function', name, field, value };
  }

  private parseComparison(field: FieldReference): FilterNode {
    const token = this.peek();
    const operator = token.kind === 'identifier' ? COMPARISON_OPERATORS.find((op) => op === token.text) : undefined;
    if (operator) {
      this.index += 1;
      return { kind: 'comparison', operator, field, value: this.literal(`after '${operator}'`) };
    }
    if (token.kind === 'identifier' && token.text === 'in') {
      this.index += 1;
      return { kind: 'in', field, values: this.parseInList() };
    }
    this.caseHint(token);
    throw this.expected(`a comparison operator (eq, ne, gt, ge, lt, le) or 'in' after '${field.name}'`, token);
  }

  private parseInList(): ODataLiteral[] {
    this.expectPunctuation('(', "'(' after 'in'");
    const values = [this.literal("in the 'in' list")];
    for (;;) {
      const token = this.peek();
      if (token.kind === 'punctuation' && token.text === ',') {
        this.index += 1;
        values.push(this.literal("in the 'in' list"));
      } else if (token.kind === 'punctuation' && token.text === ')') {
        this.index += 1;
        return values;
      } else {
        throw this.expected("',' or ')' in the 'in' list", token);
      }
    }
  }

  private literal(where: string): ODataLiteral {
    const token = this.next();
    switch (token.kind) {
      case 'string':
        return { type: 'string', value: token.value, position: token.position };
      case 'number':
        return { type: 'number', value: token.value, text: token.text, position: token.position };
      case 'date':
        return { type: 'date', value: token.value, position: token.position };
      case 'datetime':
        return { type: 'datetime', value: token.value, position: token.position };
      case 'identifier':
        if (token.text === 'true' || token.text === 'false') {
          return { type: 'boolean', value: token.text === 'true', position: token.position };
        }
        if (token.text === 'null') return { type: 'null', position: token.position };
        this.caseHint(token);
        throw this.error(
          `Expected a value (a 'quoted string', a number, a date, true, false or null) ${where} ${at(token.position)}, found ${describe(token)}; comparing a field with another field is not supported`,
          token.position,
        );
      default:
        throw this.expected(`a value (a 'quoted string', a number, a date, true, false or null) ${where}`, token);
    }
  }

  /** A field or expansion name: an identifier that is not a keyword. */
  field(what: string): FieldReference {
    const token = this.peek();
    if (token.kind === 'identifier' && !(this.option === '$filter' && KEYWORDS.has(token.text))) {
      this.index += 1;
      return { name: token.text, position: token.position };
    }
    throw this.expected(what, token);
  }

  selectItem(): FieldReference | '*' {
    const token = this.peek();
    if (token.kind === 'punctuation' && token.text === '*') {
      this.index += 1;
      return '*';
    }
    return this.field("a field name or '*'");
  }

  optionalDirection(): 'asc' | 'desc' {
    const token = this.peek();
    if (token.kind !== 'identifier') return 'asc';
    if (token.text === 'asc' || token.text === 'desc') {
      this.index += 1;
      return token.text;
    }
    const lower = token.text.toLowerCase();
    if (lower === 'asc' || lower === 'desc') {
      throw this.error(
        `Sort directions are lower-case: write '${lower}' instead of '${token.text}' ${at(token.position)}`,
        token.position,
      );
    }
    throw this.expected("'asc', 'desc', ',' or the end", token);
  }

  /** item (',' item)* END */
  parseList<T>(item: () => T): T[] {
    const items = [item()];
    for (;;) {
      const token = this.peek();
      if (token.kind === 'end') return items;
      if (token.kind === 'punctuation' && token.text === ',') {
        this.index += 1;
        items.push(item());
      } else {
        throw this.expected("',' or the end", token);
      }
    }
  }

  expectEnd(continuations: string): void {
    const token = this.peek();
    if (token.kind === 'end') return;
    this.caseHint(token);
    throw this.expected(`${continuations} or the end of ${this.option}`, token);
  }

  private enter(position: number): void {
    this.depth += 1;
    if (this.depth > ODATA_MAX_FILTER_DEPTH) {
      throw new ODataSyntaxError(
        `${this.option} nests parentheses and 'not' more than ${ODATA_MAX_FILTER_DEPTH} levels deep ${at(position)}`,
        position,
        'max_depth',
      );
    }
  }

  private expectPunctuation(text: string, what: string): void {
    const token = this.peek();
    if (token.kind === 'punctuation' && token.text === text) {
      this.index += 1;
      return;
    }
    throw this.expected(what, token);
  }

  /** Operators and literals are lower-case; say so when someone wrote AND, Eq or TRUE. */
  private caseHint(token: Token): void {
    if (token.kind !== 'identifier' || token.text === token.text.toLowerCase()) return;
    const lower = token.text.toLowerCase();
    if (KEYWORDS.has(lower) && this.option === '$filter') {
      throw this.error(
        `Operators and keywords are lower-case: write '${lower}' instead of '${token.text}' ${at(token.position)}`,
        token.position,
      );
    }
  }

  private isKeyword(keyword: string): boolean {
    const token = this.peek();
    return token.kind === 'identifier' && token.text === keyword;
  }

  private peek(): Token {
    return this.tokens[this.index]!;
  }

  private peekAt(offset: number): Token {
    return this.tokens[Math.min(this.index + offset, this.tokens.length - 1)]!;
  }

  private peekText(offset: number): string | undefined {
    const token = this.peekAt(offset);
    return token.kind === 'punctuation' ? token.text : undefined;
  }

  private next(): Token {
    const token = this.peek();
    if (token.kind !== 'end') this.index += 1;
    return token;
  }

  private expected(what: string, token: Token): ODataSyntaxError {
    const found = token.kind === 'end' ? `but ${this.option} ends there` : `found ${describe(token)}`;
    return this.error(`Expected ${what} ${at(token.position)}, ${found}`, token.position);
  }

  private error(message: string, position: number): ODataSyntaxError {
    return new ODataSyntaxError(message, position);
  }
}

function describe(token: Token): string {
  switch (token.kind) {
    case 'identifier':
      return quoteForMessage(token.text);
    case 'string':
      return `the string ${quoteForMessage(token.value)}`;
    case 'number':
      return `the number ${token.text.length > 40 ? `${token.text.slice(0, 40)}...` : token.text}`;
    case 'date':
      return `the date ${token.value}`;
    case 'datetime':
      return `the date-time ${token.value}`;
    case 'punctuation':
      return `'${token.text}'`;
    case 'end':
      return 'the end';
  }
}

// Printing: the inverse of parsing, used by tests (print → parse gives the same tree) and handy in logs.

export function formatLiteral(literal: ODataLiteral): string {
  switch (literal.type) {
    case 'string':
      return `'${literal.value.replaceAll("'", "''")}'`;
    case 'number':
      return literal.text;
    case 'boolean':
      return String(literal.value);
    case 'null':
      return 'null';
    case 'date':
    case 'datetime':
      return literal.value;
  }
}

export function formatFilter(node: FilterNode<{ name: string }>): string {
  switch (node.kind) {
    case 'comparison':
      return `${node.field.name} ${node.operator} ${formatLiteral(node.value)}`;
    case 'in':
      return `${node.field.name} in (${node.values.map(formatLiteral).join(', ')})`;
    case 'function':
      return `${node.name}(${node.field.name}, ${formatLiteral(node.value)})`;
    case 'not':
      return `not ${formatOperand(node.operand)}`;
    case 'and':
    case 'or':
      return node.operands.map(formatOperand).join(` ${node.kind} `);
  }
}

function formatOperand(node: FilterNode<{ name: string }>): string {
  return node.kind === 'and' || node.kind === 'or' ? `(${formatFilter(node)})` : formatFilter(node);
}

export function formatOrderBy(items: readonly OrderByItem[]): string {
  return items.map((item) => `${item.field.name} ${item.direction}`).join(',');
}
