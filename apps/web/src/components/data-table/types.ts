import type { ObjectSchema, OperationDefinition } from '@portal/contract';
import type { ReactNode } from 'react';
import type { DatePattern } from '../../lib/format';

/** A row or option id as the API writes it. */
export type Id = string | number;

export interface IdName {
  id: Id;
  name: string;
}

export type SortDirection = 'asc' | 'desc';

/** A sort on an API field (`$orderby=<field> <direction>`). */
export interface DataTableSort {
  field: string;
  direction: SortDirection;
}

/** A user filter on one column: `contains(field,'value')` or a from/to date range (`yyyy-MM-dd`, both optional). */
export type ColumnFilterValue = { kind: 'text'; value: string } | { kind: 'date'; from?: string; to?: string };

/** How a date filter compares: `date` fields take `2026-11-21` literals, `dateTime` fields UK day boundaries. */
export type DateFilterKind = 'date' | 'dateTime';

export interface DataTableAction<Row> {
  label: string;
  onClick: (row: Row) => void;
  /** Leave the action out for this row (default: always shown). */
  isVisible?: (row: Row) => boolean;
  /**
   * The accessible name of the action's button in this row, where the label alone would name every row's alike (a
   * menu's entries are already named by the row's menu, `menuLabel`).
   */
  ariaLabel?: (row: Row) => string;
  icon?: ReactNode;
}

export interface ProductItem {
  name: string;
  quantity?: number | null;
}

export interface DetailItem {
  label: string;
  value: string | number | null | undefined;
}

export type CsvCellValue = string | number | boolean | null | undefined;

/** What every column has; see DataTable.tsx for the per-type options. */
export interface DataTableColumnBase<Row> {
  /** The column's key (unique within the table) and, by default, the row property shown and the API field. */
  field: string;
  /** Column header, card label, CSV header and the filter dialog's 'Filter for {header}'. */
  header: string;
  /** The header is for screen readers only (an actions column whose buttons say what they do): a table cell
   * still needs a header to belong to (axe's td-has-header), and an empty one is no header. */
  headerHidden?: boolean;
  /** The cell's value (default: `row[field]`). */
  value?: (row: Row) => unknown;
  /** The header sorts the list (`$orderby` on `sortField ?? field`). */
  sortable?: boolean;
  sortField?: string;
  /** A filter button in the header: a text (`contains`) or a date range filter on `filterField ?? sortField ?? field`. */
  filter?: 'text' | 'date';
  filterField?: string;
  /** Date filters only; default 'dateTime' (see query.ts). */
  dateKind?: DateFilterKind;
  /** A custom cell; the type still decides the CSV and card text unless `csvValue` is given. */
  render?: (row: Row) => ReactNode;
  /** The CSV value (default: the cell's formatted text). */
  csvValue?: (row: Row) => CsvCellValue;
  /** Leave the column out of the CSV export (options, download and selection columns always are). */
  excludeFromCsv?: boolean;
  align?: 'left' | 'right' | 'center';
  width?: number | string;
  /**
   * Its place on a phone card: 'key', one of the row's key figures, large at the top of the card, two to a line;
   * 'wideKey', a key figure with a line of its own (after the others: a long invoice number); 'wide', a detail with a
   * line of its own; otherwise a detail, two to a line. Download and options columns are always buttons in the card's
   * top corner.
   */
  card?: 'key' | 'wideKey' | 'wide';
  /** A reference read as one piece (an invoice number): never broken over two lines in the table. */
  unbroken?: boolean;
}

export interface StringColumn<Row> extends DataTableColumnBase<Row> {
  type?: 'string';
}

export interface BoolColumn<Row> extends DataTableColumnBase<Row> {
  type: 'bool';
}

export interface DateColumn<Row> extends DataTableColumnBase<Row> {
  type: 'date';
  /** Default `dd/MM/yyyy`. */
  pattern?: DatePattern;
}

export interface NumberColumn<Row> extends DataTableColumnBase<Row> {
  type: 'number';
  /** Angular digitsInfo, default `1.0-2`. */
  digitsInfo?: string;
}

export interface MoneyColumn<Row> extends DataTableColumnBase<Row> {
  type: 'money';
}

export interface BytesColumn<Row> extends DataTableColumnBase<Row> {
  type: 'bytes';
}

export interface DurationColumn<Row> extends DataTableColumnBase<Row> {
  type: 'duration';
  hideSeconds?: boolean;
}

export interface SpeedColumn<Row> extends DataTableColumnBase<Row> {
  type: 'speed';
}

export interface NotesColumn<Row> extends DataTableColumnBase<Row> {
  type: 'notes';
  /** Lines shown before 'Show more' (default 3). */
  previewLines?: number;
}

export interface LinkColumn<Row> extends DataTableColumnBase<Row> {
  type: 'link';
  /** The app path the cell links to (router path, e.g. `/orders/broadband/12`); undefined shows plain text. */
  href: (row: Row) => string | undefined;
}

export interface StatusColumn<Row> extends DataTableColumnBase<Row> {
  type: 'status';
}

export interface OptionsColumn<Row> extends DataTableColumnBase<Row> {
  type: 'options';
  actions: readonly DataTableAction<Row>[];
  /** The three-dot button's accessible name (default 'Actions'). */
  menuLabel?: (row: Row) => string;
}

export interface DownloadColumn<Row> extends DataTableColumnBase<Row> {
  type: 'download';
  /** Resolves once the file has been handed to the browser; the button is busy until then. */
  download: (row: Row) => Promise<void>;
  /** The button's accessible name (default 'Download {header}'). */
  label?: (row: Row) => string;
  isVisible?: (row: Row) => boolean;
  /** Called when `download` rejects (default: the table's onError, else console.error). */
  onError?: (error: unknown, row: Row) => void;
}

export interface ProductsColumn<Row> extends DataTableColumnBase<Row> {
  type: 'products';
  products: (row: Row) => readonly ProductItem[];
}

export interface DetailsColumn<Row> extends DataTableColumnBase<Row> {
  type: 'broadbandPrimaryDetails' | 'broadbandAdditionalDetails';
  /** Label/value pairs; empty values are left out. */
  details: (row: Row) => readonly DetailItem[];
}

interface EditableColumn<Row> {
  /** Default: editable. */
  canEdit?: (row: Row) => boolean;
  /** The editor's accessible name, naming its row ('Name of 07700 900123'); default: the header. */
  editorLabel?: (row: Row) => string;
  /** Called once `save` has resolved: the table confirms it (a snackbar screen readers announce). */
  onSaved?: (row: Row) => void;
  /** Called when `save` rejects, after the old value is back (default: the table's onError, else console.error). */
  onSaveError?: (error: unknown, row: Row) => void;
}

export interface StringEditColumn<Row> extends DataTableColumnBase<Row>, EditableColumn<Row> {
  type: 'stringEdit';
  /** Saves a changed, non-empty (trimmed) value when the field loses focus or Enter is pressed. */
  save: (row: Row, value: string) => Promise<void>;
  maxLength?: number;
}

export interface ChangeSiteColumn<Row> extends DataTableColumnBase<Row>, EditableColumn<Row> {
  type: 'changeSite';
  /** The selected site's id. */
  value: (row: Row) => Id | null | undefined;
  options: readonly IdName[] | ((row: Row) => readonly IdName[]);
  /** Read-only text when the id is not among the options (e.g. `row.siteName`). */
  text?: (row: Row) => string | null | undefined;
  save: (row: Row, siteId: Id) => Promise<void>;
}

export interface ChangeTeamColumn<Row> extends DataTableColumnBase<Row>, EditableColumn<Row> {
  type: 'changeTeam';
  /** The selected teams' ids. */
  value: (row: Row) => readonly Id[];
  options: readonly IdName[] | ((row: Row) => readonly IdName[]);
  /** Team names when the ids are not among the options (e.g. `row.teamNames`). */
  names?: (row: Row) => readonly string[];
  save: (row: Row, teamIds: Id[]) => Promise<void>;
}

/** The row checkbox column; needs the table's `selection` prop (without one in `columns` it comes first). */
export interface SelectionColumn<Row> extends DataTableColumnBase<Row> {
  type: 'selection';
}

export type DataTableColumn<Row> =
  | StringColumn<Row>
  | BoolColumn<Row>
  | DateColumn<Row>
  | NumberColumn<Row>
  | MoneyColumn<Row>
  | BytesColumn<Row>
  | DurationColumn<Row>
  | SpeedColumn<Row>
  | NotesColumn<Row>
  | LinkColumn<Row>
  | StatusColumn<Row>
  | OptionsColumn<Row>
  | DownloadColumn<Row>
  | ProductsColumn<Row>
  | DetailsColumn<Row>
  | StringEditColumn<Row>
  | ChangeSiteColumn<Row>
  | ChangeTeamColumn<Row>
  | SelectionColumn<Row>;

export type DataTableColumnType = NonNullable<DataTableColumn<unknown>['type']>;

export interface DataTableSelection<Row> {
  selectedIds: readonly Id[];
  onChange: (selectedIds: Id[]) => void;
  /** Default: every row. Unselectable rows show a disabled checkbox. */
  isSelectable?: (row: Row) => boolean;
  /** Names the row in the checkbox's accessible name 'Select {label}' (default 'Select row'). */
  rowLabel?: (row: Row) => string;
}

/** An OData list operation of the contract's table (`{ value, '@odata.count' }`), and its path parameters. */
export type ListOperation = OperationDefinition & { method: 'GET'; query: ObjectSchema };
export type ListParams = Readonly<Record<string, string | number>>;
