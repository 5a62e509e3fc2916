import { type ApiErrorDetail, ODATA_ERROR_CODE, type ODataOption } from '@portal/contract';
import { badRequest } from '../http/errors.js';
import { quoteForMessage } from './lexer.js';
import {
  type ComparisonOperator,
  type FieldReference,
  type FilterNode,
  type ODataLiteral,
  parseExpand,
  parseFilter,
  parseOrderBy,
  parseSelect,
} from './parser.js';
import type { AnyODataResource, ODataExpansion, ODataFieldType, ResolvedField } from './resource.js';
import { at, type ODataRule, ODataSyntaxError } from './syntax-error.js';

/** The options as they come in the query string (`request.query` of a route using ODataQuerySchema fits). */
export type ODataRawOptions = { readonly [K in ODataOption]?: string | undefined };

export type CheckedFilter = FilterNode<ResolvedField>;

/** The options parsed and checked against a resource: everything the translation needs, nothing left to refuse. */
export type ODataPlan<Context = unknown> = {
  select: readonly ResolvedField[];
  filter: CheckedFilter | undefined;
  /** The requested (or default) order; the translation appends the key. */
  orderBy: readonly { field: ResolvedField; direction: 'asc' | 'desc' }[];
  top: number;
  skip: number;
  count: boolean;
  expand: readonly { name: string; expansion: ODataExpansion<Context, unknown> }[];
};

type Problem = ApiErrorDetail & { field: ODataOption; rule: ODataRule };

/**
 * Parses and checks every option, collecting all problems; throws one 400 (`code: 'invalid_odata'`, a detail per
 * problem naming the option) if there are any. An option that is absent or empty takes the resource's default.
 */
export function parseODataOptions<Context>(
  resource: AnyODataResource<Context>,
  options: ODataRawOptions,
): ODataPlan<Context> {
  const problems: Problem[] = [];
  const text = (option: ODataOption): string | undefined => {
    const value: unknown = options[option];
    if (value === undefined || value === '') return undefined;
    if (typeof value === 'string') return value;
    problems.push({ field: option, rule: 'syntax', message: `${option} must be given once, as text` });
    return undefined;
  };
  const parsed = <T>(option: ODataOption, parse: (value: string) => T): T | undefined => {
    const value = text(option);
    if (value === undefined) return undefined;
    try {
      return parse(value);
    } catch (error) {
      if (!(error instanceof ODataSyntaxError)) throw error;
      problems.push({ field: option, rule: error.rule, message: error.message });
      return undefined;
    }
  };

  const filterTree = parsed('$filter', parseFilter);
  const filter = filterTree && checkFilter(filterTree, resource, problems);

  const selectList = parsed('$select', parseSelect);
  let select: ResolvedField[];
  if (selectList === undefined) {
    select = resource.defaultSelect.map(known(resource));
  } else if (selectList.kind === 'all') {
    select = resource.allFields().filter((f) => f.selectable);
  } else {
    const fields = selectList.fields.map((reference) => lookUp(resource, reference, '$select', 'selectable', problems));
    select = [...new Set(fields.filter((field) => field !== undefined))];
  }

  const orderItems = parsed('$orderby', parseOrderBy);
  const orderBy: { field: ResolvedField; direction: 'asc' | 'desc' }[] = [];
  if (orderItems === undefined) {
    for (const order of resource.defaultOrder)
      orderBy.push({ field: known(resource)(order.field), direction: order.direction });
  } else {
    for (const item of orderItems) {
      const field = lookUp(resource, item.field, '$orderby', 'sortable', problems);
      if (!field) continue;
      if (orderBy.some((o) => o.field === field)) {
        problems.push({
          field: '$orderby',
          rule: 'duplicate',
          message: `'${field.name}' appears twice in $orderby ${at(item.field.position)}`,
        });
      } else {
        orderBy.push({ field, direction: item.direction });
      }
    }
  }

  const top = wholeNumber('$top', text('$top'), resource.maxTop, problems) ?? resource.defaultTop;
  const skip = wholeNumber('$skip', text('$skip'), Number.MAX_SAFE_INTEGER, problems) ?? 0;

  const countText = text('$count');
  if (countText !== undefined && countText !== 'true' && countText !== 'false') {
    problems.push({
      field: '$count',
      rule: 'boolean',
      message: `$count must be true or false, not ${quoteForMessage(countText)}`,
    });
  }

  const expandNames = parsed('$expand', parseExpand) ?? [];
  const expand: { name: string; expansion: ODataExpansion<Context, unknown> }[] = [];
  for (const reference of expandNames) {
    const found = resource.expansion(reference.name);
    if (!found) {
      const names = Object.keys(resource.expansions);
      problems.push({
        field: '$expand',
        rule: 'unknown_expansion',
        message: `Unknown expansion ${quoteForMessage(reference.name)} ${at(reference.position)}; ${
          names.length > 0 ? `${resource.name} expand ${names.join(', ')}` : `${resource.name} have no expansions`
        }`,
      });
    } else if (!expand.some((e) => e.name === found.name)) {
      expand.push(found);
    }
  }

  if (problems.length > 0) {
    const message =
      problems.length === 1
        ? problems[0]!.message
        : `${problems.length} problems in the list options: ${problems.map((p) => p.message).join('; ')}`;
    throw badRequest(message, { code: ODATA_ERROR_CODE, details: problems });
  }
  return { select, filter, orderBy, top, skip, count: countText === 'true', expand };
}

function known(resource: AnyODataResource<never>) {
  return (name: string): ResolvedField => resource.field(name)!; // checked by defineODataResource
}

const FLAG_RULE = { filterable: 'not_filterable', sortable: 'not_sortable', selectable: 'not_selectable' } as const;
const FLAG_VERB = { filterable: 'filtered on', sortable: 'sorted on', selectable: 'selected' } as const;

function lookUp(
  resource: AnyODataResource<never>,
  reference: FieldReference,
  option: ODataOption,
  flag: 'filterable' | 'sortable' | 'selectable',
  problems: Problem[],
): ResolvedField | undefined {
  const field = resource.field(reference.name);
  if (field?.[flag]) return field;
  const allowed = resource
    .allFields()
    .filter((f) => f[flag])
    .map((f) => f.name);
  problems.push(
    field
      ? {
          field: option,
          rule: FLAG_RULE[flag],
          message: `'${field.name}' cannot be ${FLAG_VERB[flag]} (${option} ${at(reference.position)}); the fields that can are ${allowed.join(', ')}`,
        }
      : {
          field: option,
          rule: 'unknown_field',
          message: `Unknown field ${quoteForMessage(reference.name)} in ${option} ${at(reference.position)}; the fields are ${allowed.join(', ')}`,
        },
  );
  return undefined;
}

function wholeNumber(option: '$top' | '$skip', value: string | undefined, max: number, problems: Problem[]) {
  if (value === undefined) return undefined;
  if (!/^[0-9]+$/.test(value)) {
    problems.push({
      field: option,
      rule: 'integer',
      message: `${option} must be a whole number from 0, not ${quoteForMessage(value)}`,
    });
    return undefined;
  }
  const number = Number(value);
  if (number > max) {
    problems.push({
      field: option,
      rule: 'max',
      message:
        option === '$top'
          ? `$top is ${value.length > 20 ? 'too large' : value}; the most is ${max}`
          : '$skip is too large',
    });
    return undefined;
  }
  return number;
}

const TYPE_WORDS: Record<ODataFieldType, { holds: string; literal: string }> = {
  string: { holds: 'text', literal: "a 'quoted string'" },
  number: { holds: 'numbers', literal: 'a number such as 42 or 12.50' },
  boolean: { holds: 'true or false', literal: 'true or false' },
  date: { holds: 'dates', literal: 'a date such as 2026-11-21 (no quotes)' },
  datetime: { holds: 'date-times', literal: 'a date-time such as 2026-11-21T10:00:00Z (no quotes)' },
};

const LITERAL_WORDS: Record<ODataLiteral['type'], string> = {
  string: 'a string',
  number: 'a number',
  boolean: 'a boolean',
  null: 'null',
  date: 'a date',
  datetime: 'a date-time',
};

/** Resolves the fields of a parsed filter and checks every literal against its field's type. */
function checkFilter(
  node: FilterNode,
  resource: AnyODataResource<never>,
  problems: Problem[],
): CheckedFilter | undefined {
  const typeProblem = (message: string) => problems.push({ field: '$filter', rule: 'type', message });
  const check = (current: FilterNode): CheckedFilter | undefined => {
    switch (current.kind) {
      case 'and':
      case 'or': {
        const operands = current.operands.map(check);
        return operands.every((o) => o !== undefined) ? { kind: current.kind, operands } : undefined;
      }
      case 'not': {
        const operand = check(current.operand);
        return operand && { kind: 'not', operand };
      }
      case 'comparison': {
        const field = lookUp(resource, current.field, '$filter', 'filterable', problems);
        if (!field) return undefined;
        if (!comparisonFits(field, current.operator, current.value, typeProblem)) return undefined;
        return { ...current, field };
      }
      case 'in': {
        const field = lookUp(resource, current.field, '$filter', 'filterable', problems);
        if (!field) return undefined;
        let fits = true;
        for (const value of current.values) {
          if (value.type === 'null') {
            typeProblem(`null cannot be in an 'in' list ${at(value.position)}; write '${field.name} eq null' instead`);
            fits = false;
          } else if (!literalFits(field, value, typeProblem)) {
            fits = false;
          }
        }
        return fits ? { ...current, field } : undefined;
      }
      case 'function': {
        const field = lookUp(resource, current.field, '$filter', 'filterable', problems);
        if (!field) return undefined;
        if (field.type !== 'string') {
          typeProblem(
            `${current.name} works on text; '${field.name}' holds ${TYPE_WORDS[field.type].holds} (${at(current.field.position)})`,
          );
          return undefined;
        }
        if (current.value.type !== 'string') {
          typeProblem(
            `${current.name} needs a 'quoted string' as its second argument ${at(current.value.position)}, not ${LITERAL_WORDS[current.value.type]}`,
          );
          return undefined;
        }
        return { ...current, field };
      }
    }
  };
  return check(node);
}

function comparisonFits(
  field: ResolvedField,
  operator: ComparisonOperator,
  value: ODataLiteral,
  typeProblem: (message: string) => void,
): boolean {
  if (value.type === 'null') {
    if (operator === 'eq' || operator === 'ne') return true;
    typeProblem(`null can only be compared with eq or ne, not '${operator}' ${at(value.position)}`);
    return false;
  }
  if (field.type === 'boolean' && operator !== 'eq' && operator !== 'ne') {
    typeProblem(
      `'${field.name}' holds true or false, so compare it with eq or ne, not '${operator}' (${at(value.position)})`,
    );
    return false;
  }
  return literalFits(field, value, typeProblem);
}

function literalFits(field: ResolvedField, value: ODataLiteral, typeProblem: (message: string) => void): boolean {
  if (value.type === field.type) return true;
  const words = TYPE_WORDS[field.type];
  let hint = '';
  if (value.type === 'string' && (field.type === 'date' || field.type === 'datetime')) {
    hint = `; write ${field.type === 'date' ? 'dates' : 'date-times'} without quotes`;
  } else if (value.type === 'date' && field.type === 'datetime') {
    hint = `; write ${value.value}T00:00:00Z for midnight UTC`;
  }
  typeProblem(
    `'${field.name}' holds ${words.holds}, so ${at(value.position)} expected ${words.literal}, not ${LITERAL_WORDS[value.type]}${hint}`,
  );
  return false;
}
