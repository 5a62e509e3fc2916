export { statusStyle, teamsText } from './cell-text';
export { DataTable, type DataTableProps, NO_RECORDS_TEXT } from './DataTable';
export { buildCsv, fetchAllRows } from './data';
export { TEXT_FILTER_DIALOG_WIDTH } from './FilterDialogs';
export { pageSizeStorageKey } from './page-size';
export { dateFilterExpression, textFilterExpression } from './query';
export type * from './types';
