import type { CopyValue } from '../connection.js';

export type Row = Record<string, CopyValue>;

/** Rows of one table with ids handed out in order, ready for COPY in their column order. */
export class TableRows<R extends Row> {
  readonly rows: R[] = [];
  private nextId = 1;

  constructor(readonly table: string) {}

  /** Adds a row with the next id and returns that id. */
  add(row: Omit<R, 'id'>): number {
    const id = this.nextId++;
    this.rows.push({ id, ...row } as unknown as R);
    return id;
  }

  /** Adds a row of a table keyed by its columns rather than an id. */
  push(row: R): void {
    this.rows.push(row);
  }

  get columns(): string[] {
    const first = this.rows[0];
    return first ? Object.keys(first) : [];
  }

  *values(): Generator<CopyValue[]> {
    const columns = this.columns;
    for (const row of this.rows) yield columns.map((column) => row[column] ?? null);
  }
}
