// The list layer every list operation uses: define a resource, then answer with runODataList.
export { buildODataQueries, type ODataListInput, runODataList } from './apply.js';
export {
  type ComparisonOperator,
  type FieldReference,
  type FilterNode,
  formatFilter,
  formatLiteral,
  formatOrderBy,
  type ODataLiteral,
  type OrderByItem,
  parseExpand,
  parseFilter,
  parseOrderBy,
  parseSelect,
  type SelectList,
  type StringFunction,
} from './parser.js';
export { type CheckedFilter, type ODataPlan, type ODataRawOptions, parseODataOptions } from './query-options.js';
export {
  type AnyODataResource,
  defineODataResource,
  type ODataExpansion,
  type ODataFieldDefinition,
  type ODataFieldType,
  type ODataKey,
  type ODataOrder,
  type ODataResource,
  type ODataRow,
  type ResolvedField,
} from './resource.js';
export { type ODataRule, ODataSyntaxError } from './syntax-error.js';
export { filterToExpression } from './translate.js';
