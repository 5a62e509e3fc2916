// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DataTable, type DataTableColumn, type DataTableProps } from './index';
import { deferred, fakeList, listOperation, renderWithProviders } from './test-utils';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});
afterAll(() => server.close());

interface Item {
  id: number;
  name: string;
  active?: boolean | null;
  date?: string;
  value?: number | string | null;
  status?: string;
  notes?: string;
  teamIds?: number[];
}

function item(id: number, fields: Partial<Item> = {}): Item {
  return { id, name: `Item ${id}`, ...fields };
}

async function renderItems(
  rows: Item[],
  columns: DataTableColumn<Item>[],
  props: Partial<DataTableProps<Item>> = {},
): Promise<void> {
  server.use(fakeList('/api/items', rows).handler);
  renderWithProviders(
    <DataTable<Item>
      resource="items"
      operation={listOperation('/api/items')}
      parseRow={(raw) => raw as Item}
      columns={columns}
      getRowId={(row) => row.id}
      ariaLabel="Items"
      pageSizeOptions={[20]}
      {...props}
    />,
  );
  await waitFor(() => expect(bodyRows()).toHaveLength(rows.length));
  await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Loading Items' })).toBeNull());
}

function bodyRows(): HTMLElement[] {
  const rows = within(screen.getByRole('table', { name: 'Items' }))
    .getAllByRole('row')
    .slice(1);
  return rows.filter(
    (row) => within(row).queryAllByRole('cell').length > 1 || !row.textContent?.includes('No records'),
  );
}

/** The cell of the row at `rowIndex` under the column headed `header`. */
function cell(rowIndex: number, header: string): HTMLElement {
  const table = screen.getByRole('table', { name: 'Items' });
  const [head, ...rows] = within(table).getAllByRole('row');
  const index = within(head!)
    .getAllByRole('columnheader')
    .findIndex((th) => th.textContent?.trim() === header);
  if (index < 0) throw new Error(`No column ${header}`);
  return within(rows[rowIndex]!).getAllByRole('cell')[index]!;
}

describe('formatted cells', () => {
  it('bool: a true/false icon with a title and an accessible name; nothing for no value', async () => {
    await renderItems(
      [item(1, { active: true }), item(2, { active: false }), item(3, { active: null })],
      [{ field: 'active', header: 'Active', type: 'bool' }],
    );
    const yes = within(cell(0, 'Active')).getByRole('img', { name: 'true' });
    expect(yes.getAttribute('title')).toBe('true');
    expect(within(yes).getByTestId('CheckCircleOutlinedIcon')).toBeTruthy();
    const no = within(cell(1, 'Active')).getByRole('img', { name: 'false' });
    expect(no.getAttribute('title')).toBe('false');
    expect(within(no).getByTestId('CancelOutlinedIcon')).toBeTruthy();
    expect(cell(2, 'Active').textContent).toBe('');
    expect(within(cell(2, 'Active')).queryByRole('img')).toBeNull();
  });

  it('date: dd/MM/yyyy by default, or the column pattern, in UK time', async () => {
    await renderItems(
      [item(1, { date: '2025-06-30T23:30:05Z' })],
      [
        { field: 'date', header: 'Date', type: 'date' },
        { field: 'stamp', header: 'Stamp', type: 'date', pattern: 'dd/MM/yy HH:mm:ss', value: (row) => row.date },
      ],
    );
    expect(cell(0, 'Date').textContent).toBe('01/07/2025');
    expect(cell(0, 'Stamp').textContent).toBe('01/07/25 00:30:05');
  });

  it('number (default 1.0-2 or digitsInfo), money, bytes, duration and speed', async () => {
    const value = (row: Item) => row.value;
    await renderItems(
      [item(1, { value: 1234.5678 }), item(2, { value: '1572864' }), item(3, { value: null })],
      [
        { field: 'number', header: 'Number', type: 'number', value },
        { field: 'fixed', header: 'Fixed', type: 'number', digitsInfo: '1.2-2', value },
        { field: 'money', header: 'Money', type: 'money', value },
        { field: 'bytes', header: 'Bytes', type: 'bytes', value },
        { field: 'duration', header: 'Duration', type: 'duration', value },
        { field: 'speed', header: 'Speed', type: 'speed', value },
      ],
    );
    expect(cell(0, 'Number').textContent).toBe('1,234.57');
    expect(cell(0, 'Fixed').textContent).toBe('1,234.57');
    expect(cell(0, 'Money').textContent).toBe('£1,234.57');
    expect(cell(0, 'Bytes').textContent).toBe('1.21 KB');
    expect(cell(0, 'Duration').textContent).toBe('20m 35s');
    expect(cell(0, 'Speed').textContent).toBe('1,234.57 Mb/s');
    // Decimals sent as text are numbers too.
    expect(cell(1, 'Number').textContent).toBe('1,572,864');
    expect(cell(1, 'Fixed').textContent).toBe('1,572,864.00');
    expect(cell(1, 'Bytes').textContent).toBe('1.5 MB');
    expect(cell(1, 'Duration').textContent).toBe('18d 4h 54m 24s');
    expect(cell(1, 'Speed').textContent).toBe('1,572,864.00 Mb/s');
    for (const header of ['Number', 'Money', 'Bytes', 'Duration', 'Speed'])
      expect(cell(2, header).textContent).toBe('');
  });

  it('duration can hide seconds; bytes reach TB in tables', async () => {
    await renderItems(
      [item(1, { value: 93_784 }), item(2, { value: 5 * 1024 ** 4 })],
      [
        { field: 'duration', header: 'Duration', type: 'duration', hideSeconds: true, value: (row) => row.value },
        { field: 'bytes', header: 'Bytes', type: 'bytes', value: (row) => row.value },
      ],
    );
    expect(cell(0, 'Duration').textContent).toBe('1d 2h 3m');
    expect(cell(1, 'Bytes').textContent).toBe('5 TB');
  });

  it('status: pending, succeeded and failed styles with their icons, other statuses plain', async () => {
    const statuses = ['In Progress', 'Awaiting Action', 'Succeeded', 'Failed', 'Placed'];
    await renderItems(
      statuses.map((status, index) => item(index + 1, { status })),
      [{ field: 'status', header: 'Status', type: 'status' }],
    );
    const styled = (index: number) => cell(index, 'Status').querySelector('[data-status]') as HTMLElement;
    expect(styled(0).getAttribute('data-status')).toBe('pending');
    expect(within(styled(0)).getByTestId('HourglassTopIcon')).toBeTruthy();
    expect(styled(0).textContent).toBe('In Progress');
    expect(styled(1).getAttribute('data-status')).toBe('pending');
    expect(within(styled(1)).getByTestId('HourglassTopIcon')).toBeTruthy();
    expect(styled(2).getAttribute('data-status')).toBe('succeeded');
    expect(within(styled(2)).getByTestId('CheckCircleIcon')).toBeTruthy();
    expect(styled(3).getAttribute('data-status')).toBe('failed');
    expect(within(styled(3)).getByTestId('ErrorIcon')).toBeTruthy();
    expect(styled(4).getAttribute('data-status')).toBe('default');
    expect(styled(4).querySelector('svg')).toBeNull();
    // Four different looks.
    const classes = new Set([0, 2, 3, 4].map((index) => styled(index).className));
    expect(classes.size).toBe(4);
    expect(styled(0).className).toBe(styled(1).className);
  });

  it('link: a router link to the column href', async () => {
    await renderItems(
      [item(7, { name: 'ORD-7' }), item(8, { name: 'ORD-8' })],
      [
        {
          field: 'name',
          header: 'Reference',
          type: 'link',
          href: (row) => (row.id === 7 ? `/orders/broadband/${row.id}` : undefined),
        },
      ],
    );
    const link = within(cell(0, 'Reference')).getByRole('link', { name: 'ORD-7' });
    expect(link.getAttribute('href')).toBe('/orders/broadband/7');
    expect(within(cell(1, 'Reference')).queryByRole('link')).toBeNull();
    expect(cell(1, 'Reference').textContent).toBe('ORD-8');
  });

  it('notes: pre-wrapped text; long notes are clamped with a title and expand', async () => {
    const user = userEvent.setup();
    const long = `First line\nSecond line\nThird line\nFourth line ${'x'.repeat(150)}`;
    await renderItems(
      [item(1, { notes: 'Short\nnote' }), item(2, { notes: long })],
      [{ field: 'notes', header: 'Notes', type: 'notes' }],
    );
    const short = cell(0, 'Notes');
    expect(short.textContent).toBe('Short\nnote');
    expect(within(short).queryByRole('button')).toBeNull();
    const text = within(short).getByText(/Short/);
    expect(getComputedStyle(text).whiteSpace).toBe('pre-wrap');

    const longCell = cell(1, 'Notes');
    const body = within(longCell).getByText(/First line/);
    expect(body.getAttribute('title')).toBe(long);
    const more = within(longCell).getByRole('button', { name: 'Show more' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    await user.click(more);
    expect(within(longCell).getByRole('button', { name: 'Show less' }).getAttribute('aria-expanded')).toBe('true');
    expect(body.getAttribute('title')).toBeNull();
  });

  it('products: the product names with quantities', async () => {
    await renderItems(
      [item(1), item(2)],
      [
        {
          field: 'products',
          header: 'Additional Products',
          type: 'products',
          products: (row) =>
            row.id === 1
              ? [{ name: 'Static IP', quantity: 1 }, { name: 'Phone line', quantity: 2 }, { name: 'Router' }]
              : [],
        },
      ],
    );
    const items = within(cell(0, 'Additional Products')).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['Static IP', 'Phone line × 2', 'Router']);
    expect(cell(1, 'Additional Products').textContent).toBe('');
  });

  it('broadband primary and additional details: label/value pairs, empty values left out', async () => {
    await renderItems(
      [item(1)],
      [
        {
          field: 'primary',
          header: 'Details',
          type: 'broadbandPrimaryDetails',
          details: () => [
            { label: 'CLI', value: '01234 567890' },
            { label: 'Product', value: 'Fibre 80' },
            { label: 'IP Address', value: null },
          ],
        },
        {
          field: 'additional',
          header: 'Additional Details',
          type: 'broadbandAdditionalDetails',
          details: () => [
            { label: 'Username', value: 'user@isp' },
            { label: 'Appointment Slot', value: '' },
          ],
        },
      ],
    );
    const primary = cell(0, 'Details');
    const terms = primary.querySelectorAll('dt');
    const values = primary.querySelectorAll('dd');
    expect([...terms].map((dt) => dt.textContent)).toEqual(['CLI', 'Product']);
    expect([...values].map((dd) => dd.textContent)).toEqual(['01234 567890', 'Fibre 80']);
    const additional = cell(0, 'Additional Details');
    expect(additional.querySelector('dl')?.getAttribute('data-details')).toBe('broadbandAdditionalDetails');
    expect(additional.textContent).toBe('Usernameuser@isp');
  });

  it('a column render replaces the cell', async () => {
    await renderItems(
      [item(1)],
      [
        {
          field: 'name',
          header: 'Name',
          render: (row) => <strong data-testid="custom">{row.name.toUpperCase()}</strong>,
        },
      ],
    );
    expect(within(cell(0, 'Name')).getByTestId('custom').textContent).toBe('ITEM 1');
  });
});

describe('options cell', () => {
  it('shows one visible action as a button, several as a menu, none as nothing', async () => {
    const user = userEvent.setup();
    const edit = vi.fn();
    const view = vi.fn();
    const remove = vi.fn();
    await renderItems(
      [item(1), item(2), item(3)],
      [
        { field: 'name', header: 'Name' },
        {
          field: 'actions',
          header: 'Options',
          type: 'options',
          menuLabel: (row) => `Actions for ${row.name}`,
          actions: [
            { label: 'Edit', onClick: edit, isVisible: (row) => row.id === 1 },
            { label: 'View', onClick: view, isVisible: (row) => row.id !== 3, ariaLabel: (row) => `View ${row.name}` },
            { label: 'Delete', onClick: remove, isVisible: (row) => row.id === 1 },
          ],
        },
      ],
    );

    // Row 2: only View is visible, so it is a plain button, named for its row.
    const single = within(cell(1, 'Options')).getByRole('button', { name: 'View Item 2' });
    expect(single.textContent).toBe('View');
    expect(within(cell(1, 'Options')).queryByRole('button', { name: /actions/i })).toBeNull();
    await user.click(single);
    expect(view).toHaveBeenCalledWith(item(2));

    // Row 1: three actions in a three-dot menu.
    expect(within(cell(0, 'Options')).queryByRole('button', { name: 'View' })).toBeNull();
    const menuButton = within(cell(0, 'Options')).getByRole('button', { name: 'Actions for Item 1' });
    expect(within(menuButton).getByTestId('MoreVertIcon')).toBeTruthy();
    await user.click(menuButton);
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((entry) => entry.textContent),
    ).toEqual(['Edit', 'View', 'Delete']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Delete' }));
    expect(remove).toHaveBeenCalledWith(item(1));
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());

    // Row 3: nothing visible.
    expect(within(cell(2, 'Options')).queryByRole('button')).toBeNull();
    expect(edit).not.toHaveBeenCalled();
  });
});

describe('download cell', () => {
  it('is busy (spinner, disabled) until the download settles, then ready again', async () => {
    const user = userEvent.setup();
    const pending = deferred();
    const download = vi.fn(() => pending.promise);
    await renderItems(
      [item(1), item(2)],
      [
        {
          field: 'bill',
          header: 'Bill',
          type: 'download',
          download,
          label: (row) => `Download bill ${row.id}`,
          isVisible: (row) => row.id === 1,
        },
      ],
    );
    expect(within(cell(1, 'Bill')).queryByRole('button')).toBeNull();
    const button = within(cell(0, 'Bill')).getByRole('button', { name: 'Download bill 1' }) as HTMLButtonElement;
    expect(within(button).getByTestId('DownloadIcon')).toBeTruthy();

    await user.click(button);
    expect(download).toHaveBeenCalledWith(item(1));
    expect(button.disabled).toBe(true);
    expect(within(button).getByRole('progressbar')).toBeTruthy();

    pending.resolve();
    await waitFor(() => expect(button.disabled).toBe(false));
    expect(within(button).queryByRole('progressbar')).toBeNull();
    expect(download).toHaveBeenCalledTimes(1);
  });

  it("hands a failure to the column's onError, else to the table's", async () => {
    const user = userEvent.setup();
    const failure = new Error('no file');
    const columnError = vi.fn();
    const tableError = vi.fn();
    await renderItems(
      [item(1)],
      [
        {
          field: 'bill',
          header: 'Bill',
          type: 'download',
          download: () => Promise.reject(failure),
          onError: columnError,
        },
        { field: 'cdrs', header: 'CDRs', type: 'download', download: () => Promise.reject(failure) },
      ],
      { onError: tableError },
    );
    const bill = within(cell(0, 'Bill')).getByRole('button', { name: 'Download Bill' }) as HTMLButtonElement;
    await user.click(bill);
    await waitFor(() => expect(columnError).toHaveBeenCalledWith(failure, item(1)));
    await waitFor(() => expect(bill.disabled).toBe(false));
    expect(tableError).not.toHaveBeenCalled();

    await user.click(within(cell(0, 'CDRs')).getByRole('button', { name: 'Download CDRs' }));
    await waitFor(() => expect(tableError).toHaveBeenCalledWith(failure));
  });
});

describe('selection cell', () => {
  it('checks rows into the selection, with disabled rows and a select-all for the page', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    await renderItems([item(1), item(2), item(3)], [{ field: 'name', header: 'Name' }], {
      selection: {
        selectedIds: [2],
        onChange,
        isSelectable: (row) => row.id !== 3,
        rowLabel: (row) => row.name,
      },
    });
    const first = screen.getByRole('checkbox', { name: 'Select Item 1' }) as HTMLInputElement;
    const second = screen.getByRole('checkbox', { name: 'Select Item 2' }) as HTMLInputElement;
    const third = screen.getByRole('checkbox', { name: 'Select Item 3' }) as HTMLInputElement;
    expect(first.checked).toBe(false);
    expect(second.checked).toBe(true);
    expect(third.disabled).toBe(true);

    await user.click(first);
    expect(onChange).toHaveBeenLastCalledWith([2, 1]);
    await user.click(second);
    expect(onChange).toHaveBeenLastCalledWith([]);

    const all = screen.getByRole('checkbox', { name: 'Select all rows on this page' }) as HTMLInputElement;
    expect(all.getAttribute('data-indeterminate')).toBe('true');
    await user.click(all);
    expect(onChange).toHaveBeenLastCalledWith([1, 2]);
  });

  it('can be placed by a selection column', async () => {
    await renderItems(
      [item(1)],
      [
        { field: 'name', header: 'Name' },
        { field: 'pick', header: 'Pick', type: 'selection' },
      ],
      { selection: { selectedIds: [], onChange: vi.fn() } },
    );
    expect(within(cell(0, 'Name')).queryByRole('checkbox')).toBeNull();
    expect(within(bodyRows()[0]!).getAllByRole('cell')).toHaveLength(2);
    expect(within(bodyRows()[0]!).getAllByRole('cell')[1]!.querySelector('input[type="checkbox"]')).toBeTruthy();
  });
});

describe('team cell text', () => {
  it("says 'No teams selected.', lists up to three names, and counts more", async () => {
    const options = [
      { id: 1, name: 'Red' },
      { id: 2, name: 'Blue' },
      { id: 3, name: 'Green' },
      { id: 4, name: 'Gold' },
    ];
    await renderItems(
      [
        item(1, { teamIds: [] }),
        item(2, { teamIds: [1, 2] }),
        item(3, { teamIds: [1, 2, 3] }),
        item(4, { teamIds: [1, 2, 3, 4] }),
      ],
      [
        {
          field: 'teams',
          header: 'Teams',
          type: 'changeTeam',
          value: (row) => row.teamIds ?? [],
          options,
          save: vi.fn(),
          canEdit: () => false,
        },
      ],
    );
    expect(cell(0, 'Teams').textContent).toBe('No teams selected.');
    expect(cell(1, 'Teams').textContent).toBe('Red, Blue');
    expect(cell(2, 'Teams').textContent).toBe('Red, Blue, Green');
    expect(cell(3, 'Teams').textContent).toBe('4 teams selected.');
  });
});
