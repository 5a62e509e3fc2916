import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { ComparisonOperator, ODataLiteral } from './parser.js';
import type { CheckedFilter } from './query-options.js';
import type { ResolvedField } from './resource.js';

// $filter → a Kysely expression. Every literal becomes a bound parameter (eb.val or the value position of eb(...));
// field SQL comes only from the resource definition. Nothing from the client is ever pasted into SQL text.
//
// Null semantics are two-valued, as OData has them: `nullable eq 'x'` is false for a null, `nullable ne 'x'` is
// true, `gt`/`ge`/`lt`/`le`, `in` and the string functions are false, and `not` flips the answer. To get that from
// SQL's three-valued logic the translation pushes `not` down to the leaves (De Morgan; eq↔ne, gt↔le, ge↔lt,
// in↔not in, ilike↔not ilike) and adds `or field is null` to a leaf whose answer for a null is true. Above the
// leaves there is then no NOT, so a NULL that reaches and/or behaves exactly like false.

const SQL_OPERATOR = { eq: '=', ne: '<>', gt: '>', ge: '>=', lt: '<', le: '<=' } as const;
const NEGATED: Record<ComparisonOperator, ComparisonOperator> = {
  eq: 'ne',
  ne: 'eq',
  gt: 'le',
  ge: 'lt',
  lt: 'ge',
  le: 'gt',
};
/** Whole numbers this small are bound as they are; the column's own type (even smallint) accepts them. */
const SMALLINT_MAX = 32_767;

export function filterToExpression<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  filter: CheckedFilter,
): Expression<SqlBool> {
  return translate(eb, filter, false);
}

function translate<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  node: CheckedFilter,
  negated: boolean,
): Expression<SqlBool> {
  switch (node.kind) {
    case 'and':
    case 'or': {
      const operands = node.operands.map((operand) => translate(eb, operand, negated));
      // not (a and b) = not a or not b; not (a or b) = not a and not b
      return (node.kind === 'and') !== negated ? eb.and(operands) : eb.or(operands);
    }
    case 'not':
      return translate(eb, node.operand, !negated);
    case 'comparison': {
      const { field, value } = node;
      if (value.type === 'null') {
        return (node.operator === 'eq') !== negated ? eb(field.sql, 'is', null) : eb(field.sql, 'is not', null);
      }
      const operator = negated ? NEGATED[node.operator] : node.operator;
      const comparison = eb(field.sql, SQL_OPERATOR[operator], parameter(eb, value));
      // For a null, 'ne' is true and every other comparison false; negation flips that.
      return orNull(eb, field, comparison, (node.operator === 'ne') !== negated);
    }
    case 'in': {
      const values = node.values.map((value) => parameter(eb, value));
      return orNull(eb, node.field, eb(node.field.sql, negated ? 'not in' : 'in', values), negated);
    }
    case 'function': {
      const pattern = likePattern(node.name, node.value.type === 'string' ? node.value.value : '');
      // Case-insensitive on purpose (docs/decisions/0015-odata-subset.md). Backslash is PostgreSQL's default
      // LIKE escape character, which likePattern uses for %, _ and itself.
      return orNull(eb, node.field, eb(node.field.sql, negated ? 'not ilike' : 'ilike', pattern), negated);
    }
  }
}

function orNull<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  field: ResolvedField,
  expression: Expression<SqlBool>,
  trueForNull: boolean,
): Expression<SqlBool> {
  return field.nullable && trueForNull ? eb.or([expression, eb(field.sql, 'is', null)]) : expression;
}

/** A literal as a bound parameter, cast where PostgreSQL could not infer its type or might overflow the column's. */
function parameter<DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>, literal: ODataLiteral) {
  switch (literal.type) {
    case 'string':
      return eb.val(literal.value);
    case 'boolean':
      return eb.val(literal.value);
    case 'number':
      // 1.5 against an integer column, or 99999999999 against a smallint, would be an error if bound bare:
      // as numeric (the digits as written, so nothing is lost to double precision) the comparison is exact.
      return /^-?[0-9]+$/.test(literal.text) && Math.abs(literal.value) <= SMALLINT_MAX
        ? eb.val(literal.value)
        : eb.cast(eb.val(literal.text), 'numeric');
    case 'date':
      return eb.cast(eb.val(literal.value), 'date');
    case 'datetime':
      return eb.cast(eb.val(literal.value), 'timestamptz');
    case 'null':
      return eb.val(null);
  }
}

/** The ILIKE pattern of contains/startswith/endswith with the user's %, _ and \ matched literally. */
export function likePattern(fn: 'contains' | 'startswith' | 'endswith', text: string): string {
  const escaped = text.replace(/[\\%_]/g, (char) => `\\${char}`);
  return fn === 'contains' ? `%${escaped}%` : fn === 'startswith' ? `${escaped}%` : `%${escaped}`;
}
