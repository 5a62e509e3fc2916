// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { DataTable, type DataTableColumn, type DataTableProps } from './index';
import {
  deferred,
  fakeList,
  installIntersectionObserver,
  listOperation,
  matchAllMediaQueries,
  renderWithProviders,
} from './test-utils';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});
afterAll(() => server.close());
beforeEach(() => window.localStorage.clear());

const OrderSchema = z.object({
  id: z.number(),
  reference: z.string(),
  createdDate: z.string(),
  status: z.string(),
});
type Order = z.infer<typeof OrderSchema>;

function makeOrders(count: number, reference = (n: number) => `REF-${String(n).padStart(3, '0')}`): Order[] {
  return Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    reference: reference(index + 1),
    createdDate: new Date(Date.UTC(2026, 0, 1 + index, 10)).toISOString(),
    status: 'Placed',
  }));
}

const columns: DataTableColumn<Order>[] = [
  { field: 'createdDate', header: 'Date', type: 'date', sortable: true, filter: 'date' },
  { field: 'reference', header: 'Reference', sortable: true, filter: 'text' },
  { field: 'status', header: 'Status', type: 'status' },
];

function Table(overrides: Partial<DataTableProps<Order>>) {
  return (
    <DataTable<Order>
      resource="orders"
      operation={listOperation('/api/orders')}
      parseRow={OrderSchema.parse}
      columns={columns}
      getRowId={(row) => row.id}
      ariaLabel="Orders"
      defaultSort={{ field: 'createdDate', direction: 'desc' }}
      // Small pages keep these tests' lists short; the default (20) has a test of its own.
      defaultPageSize={5}
      {...overrides}
    />
  );
}

function renderTable(overrides: Partial<DataTableProps<Order>> = {}, url = '/') {
  return renderWithProviders(<Table {...overrides} />, { url });
}

function bodyRows(): HTMLElement[] {
  const table = screen.getByRole('table', { name: 'Orders' });
  return within(table).getAllByRole('row').slice(1);
}

describe('paging', () => {
  it('asks for the first page with the count and the default sort', async () => {
    const list = fakeList('/api/orders', makeOrders(12));
    server.use(list.handler);
    renderTable();

    expect(await screen.findByText('REF-012')).toBeTruthy();
    const params = list.last();
    expect(params.get('$top')).toBe('5');
    expect(params.get('$skip')).toBe('0');
    expect(params.get('$count')).toBe('true');
    expect(params.get('$orderby')).toBe('createdDate desc');
    expect(params.has('$filter')).toBe(false);
    expect(bodyRows()).toHaveLength(5);
    expect(screen.getByText('1–5 of 12')).toBeTruthy();
  });

  it('sends $skip for the next page', async () => {
    const user = userEvent.setup();
    const list = fakeList('/api/orders', makeOrders(12));
    server.use(list.handler);
    renderTable();
    await screen.findByText('REF-012');

    await user.click(screen.getByRole('button', { name: /next page/i }));
    expect(await screen.findByText('REF-007')).toBeTruthy();
    expect(list.last().get('$skip')).toBe('5');
    expect(list.last().get('$top')).toBe('5');
    expect(screen.queryByText('REF-012')).toBeNull();
    expect(screen.getByText('6–10 of 12')).toBeTruthy();
  });

  it('sends $top for a new page size, starts again at the first page and stores the size per resource', async () => {
    const user = userEvent.setup();
    const list = fakeList('/api/orders', makeOrders(30));
    server.use(list.handler);
    const { unmount } = renderTable();
    await screen.findByText('REF-030');
    await user.click(screen.getByRole('button', { name: /next page/i }));
    await screen.findByText('REF-025');

    await user.click(screen.getByRole('combobox', { name: /rows per page/i }));
    await user.click(await screen.findByRole('option', { name: '20' }));

    await waitFor(() => expect(bodyRows()).toHaveLength(20));
    expect(list.last().get('$top')).toBe('20');
    expect(list.last().get('$skip')).toBe('0');
    expect(window.localStorage.getItem('dataTable.pageSize.orders')).toBe('20');
    unmount();

    // The next visit starts with the stored size; another resource does not.
    renderTable();
    await waitFor(() => expect(list.last().get('$top')).toBe('20'));
    unmount();
    renderTable({ resource: 'other-orders' });
    await waitFor(() => expect(list.last().get('$top')).toBe('5'));
  });

  it('offers a single page size without a selector and stores nothing', async () => {
    window.localStorage.setItem('dataTable.pageSize.bills', '20');
    const list = fakeList('/api/orders', makeOrders(30));
    server.use(list.handler);
    renderTable({ resource: 'bills', pageSizeOptions: [13] });

    await screen.findByText('REF-030');
    expect(list.last().get('$top')).toBe('13');
    expect(bodyRows()).toHaveLength(13);
    expect(screen.queryByRole('combobox', { name: /rows per page/i })).toBeNull();
  });

  it('uses defaultPageSize when nothing is stored', async () => {
    const list = fakeList('/api/orders', makeOrders(30));
    server.use(list.handler);
    renderTable({ defaultPageSize: 50 });
    await screen.findByText('REF-030');
    expect(list.last().get('$top')).toBe('50');
  });

  it('uses 20 when the list names no default, and the stored size over it', async () => {
    const list = fakeList('/api/orders', makeOrders(30));
    server.use(list.handler);
    const { unmount } = renderTable({ defaultPageSize: undefined });
    await screen.findByText('REF-030');
    expect(list.last().get('$top')).toBe('20');
    unmount();

    window.localStorage.setItem('dataTable.pageSize.orders', '50');
    renderTable({ defaultPageSize: undefined });
    await waitFor(() => expect(list.last().get('$top')).toBe('50'));
  });

  it('adds $select and keeps the base filter', async () => {
    const list = fakeList('/api/orders', makeOrders(3));
    server.use(list.handler);
    renderTable({ select: ['id', 'reference'], baseFilter: 'endPointTypeId eq 1' });
    await screen.findByText('REF-001');
    expect(list.last().get('$select')).toBe('id,reference');
    expect(list.last().get('$filter')).toBe('endPointTypeId eq 1');
  });
});

/** A list that fails while `failing` is set, then answers as `fakeList` does. */
function flakyList(rows: readonly object[]) {
  const list = fakeList('/api/orders', rows);
  const flaky = {
    failing: false,
    failures: 0,
    list,
    handler: http.get('http://localhost/api/orders', ({ request }) => {
      if (!flaky.failing) return list.respond(request);
      flaky.failures += 1;
      return HttpResponse.json({ code: 'failed' }, { status: 500 });
    }),
  };
  return flaky;
}

const TEXTS = {
  emptyText: 'No orders yet.',
  noMatchText: 'No orders match this filter',
  loadErrorText: "We couldn't load your orders",
};

describe('list states (decision 0055)', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('shows loading rows under the headers until the first page arrives', async () => {
    const answer = deferred();
    const list = fakeList('/api/orders', makeOrders(3));
    server.use(
      http.get('http://localhost/api/orders', async ({ request }) => {
        await answer.promise;
        return list.respond(request);
      }),
    );
    renderTable(TEXTS);
    expect(await screen.findByRole('progressbar', { name: 'Loading Orders' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: /Reference/ })).toBeTruthy();
    expect(bodyRows().every((row) => row.getAttribute('aria-hidden') === 'true')).toBe(true);
    expect(screen.queryByText(TEXTS.emptyText)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();

    answer.resolve();
    expect(await screen.findByText('REF-003')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it("says the list's own empty text when there are no rows and no filter", async () => {
    server.use(fakeList('/api/orders', []).handler);
    renderTable(TEXTS);
    expect((await screen.findByRole('status')).textContent).toBe(TEXTS.emptyText);
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
    expect(screen.getByRole('columnheader', { name: /Reference/ })).toBeTruthy();
  });

  it('says when the filters match nothing, and Clear filters brings the rows back', async () => {
    const user = userEvent.setup();
    const list = fakeList('/api/orders', makeOrders(3));
    server.use(list.handler);
    const { router } = renderTable(TEXTS, '/?orders.f.reference=nothing&orders.sort=reference.asc&other=1');

    expect(await screen.findByText(TEXTS.noMatchText)).toBeTruthy();
    expect(screen.queryByText(TEXTS.emptyText)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));

    expect(await screen.findByText('REF-001')).toBeTruthy();
    expect(list.last().has('$filter')).toBe(false);
    // Only the filters go: the sort and other parameters stay.
    expect([...new URLSearchParams(router.location().search)].sort()).toEqual([
      ['orders.sort', 'reference.asc'],
      ['other', '1'],
    ]);
    expect(screen.queryByText(TEXTS.noMatchText)).toBeNull();
  });

  it('says a failed first load failed, never that there are no rows, and Retry loads them', async () => {
    const user = userEvent.setup();
    const flaky = flakyList(makeOrders(3));
    flaky.failing = true;
    server.use(flaky.handler);
    renderTable(TEXTS);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(TEXTS.loadErrorText);
    expect(screen.queryByText(TEXTS.emptyText)).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('columnheader', { name: /Reference/ })).toBeTruthy();
    expect(console.error).toHaveBeenCalledWith('Unable to load /api/orders', expect.anything());

    flaky.failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('REF-003')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says a failed filter load failed rather than that nothing matches', async () => {
    const flaky = flakyList(makeOrders(3));
    flaky.failing = true;
    server.use(flaky.handler);
    renderTable(TEXTS, '/?orders.f.reference=REF');
    expect((await screen.findByRole('alert')).textContent).toContain(TEXTS.loadErrorText);
    expect(screen.queryByText(TEXTS.noMatchText)).toBeNull();
  });

  it('says a failed next page failed, keeps the pagination, and Retry loads the page', async () => {
    const user = userEvent.setup();
    const flaky = flakyList(makeOrders(12));
    server.use(flaky.handler);
    renderTable(TEXTS);
    await screen.findByText('REF-012');

    flaky.failing = true;
    await user.click(screen.getByRole('button', { name: /next page/i }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(TEXTS.loadErrorText);
    expect(screen.getByText('6–10 of 12')).toBeTruthy();

    flaky.failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('REF-007')).toBeTruthy();
    expect(flaky.list.last().get('$skip')).toBe('5');
  });

  it('keeps the rows on screen when a reload fails, and says so with a retry', async () => {
    const user = userEvent.setup();
    const flaky = flakyList(makeOrders(3));
    server.use(flaky.handler);
    const { queryClient } = renderTable(TEXTS);
    await screen.findByText('REF-003');

    flaky.failing = true;
    await queryClient.invalidateQueries();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(TEXTS.loadErrorText);
    expect(screen.getByText('REF-003')).toBeTruthy();

    flaky.failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(screen.getByText('REF-003')).toBeTruthy();
  });

  describe('as cards', () => {
    let restoreMedia: () => void;
    let observer: ReturnType<typeof installIntersectionObserver>;
    beforeEach(() => {
      restoreMedia = matchAllMediaQueries();
      observer = installIntersectionObserver();
    });
    afterEach(() => {
      restoreMedia();
      observer.restore();
    });

    it('show the same four states', async () => {
      const user = userEvent.setup();
      const flaky = flakyList(makeOrders(3));
      flaky.failing = true;
      server.use(flaky.handler);
      const { unmount } = renderTable(TEXTS);
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain(TEXTS.loadErrorText);
      flaky.failing = false;
      await user.click(within(alert).getByRole('button', { name: 'Retry' }));
      await waitFor(() => expect(screen.getAllByTestId('data-table-card')).toHaveLength(3));
      unmount();

      renderTable(TEXTS, '/?orders.f.reference=nothing');
      expect(await screen.findByText(TEXTS.noMatchText)).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Clear filters' }));
      await waitFor(() => expect(screen.getAllByTestId('data-table-card')).toHaveLength(3));
    });

    it('caption icon actions with their column, but not a single text action', async () => {
      server.use(flakyList(makeOrders(1)).handler);
      const noop = () => undefined;
      renderTable({
        columns: [
          ...columns,
          { field: 'open', header: 'Open', type: 'options', actions: [{ label: 'OPEN', onClick: noop }] },
          {
            field: 'more',
            header: 'More',
            type: 'options',
            actions: [
              { label: 'Edit', onClick: noop },
              { label: 'Delete', onClick: noop },
            ],
          },
        ],
      });
      const card = await screen.findByTestId('data-table-card');
      expect(within(card).getByRole('button', { name: 'OPEN' })).toBeTruthy();
      expect(within(card).queryByText('Open')).toBeNull();
      expect(within(card).getByText('More')).toBeTruthy();
    });

    it('say a failed further load failed, stop asking, and Retry goes on', async () => {
      const user = userEvent.setup();
      const flaky = flakyList(makeOrders(12));
      server.use(flaky.handler);
      renderTable(TEXTS);
      await waitFor(() => expect(screen.getAllByTestId('data-table-card')).toHaveLength(5));

      flaky.failing = true;
      await waitFor(() => expect(observer.observing()).toBe(1));
      observer.intersectAll();
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain(TEXTS.loadErrorText);
      expect(screen.getAllByTestId('data-table-card')).toHaveLength(5);
      expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
      // The sentinel waits for the user: no request loop while the end of the list is in view.
      expect(observer.observing()).toBe(0);
      const failures = flaky.failures;
      observer.intersectAll();
      expect(flaky.failures).toBe(failures);

      flaky.failing = false;
      await user.click(within(alert).getByRole('button', { name: 'Retry' }));
      await waitFor(() => expect(screen.getAllByTestId('data-table-card')).toHaveLength(10));
      expect(screen.queryByRole('alert')).toBeNull();
      expect(flaky.list.last().get('$skip')).toBe('5');
    });
  });
});

describe('sorting', () => {
  it('sorts ascending, then descending, by the clicked header and goes back to the first page', async () => {
    const user = userEvent.setup();
    const list = fakeList('/api/orders', makeOrders(12));
    server.use(list.handler);
    renderTable();
    await screen.findByText('REF-012');
    await user.click(screen.getByRole('button', { name: /next page/i }));
    await screen.findByText('REF-007');

    await user.click(screen.getByRole('button', { name: 'Reference' }));
    await waitFor(() => expect(list.last().get('$orderby')).toBe('reference asc'));
    expect(list.last().get('$skip')).toBe('0');
    expect(await screen.findByText('REF-001')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: /Reference/ }).getAttribute('aria-sort')).toBe('ascending');

    await user.click(screen.getByRole('button', { name: 'Reference' }));
    await waitFor(() => expect(list.last().get('$orderby')).toBe('reference desc'));
    expect(screen.getByRole('columnheader', { name: /Reference/ }).getAttribute('aria-sort')).toBe('descending');
    expect(within(bodyRows()[0]!).getByText('REF-012')).toBeTruthy();
  });

  it('uses sortField when the column names one', async () => {
    const user = userEvent.setup();
    const list = fakeList('/api/orders', makeOrders(3));
    server.use(list.handler);
    renderTable({
      columns: [{ field: 'reference', header: 'Reference', sortable: true, sortField: 'orderReference' }],
    });
    await screen.findByText('REF-001');
    await user.click(screen.getByRole('button', { name: 'Reference' }));
    await waitFor(() => expect(list.last().get('$orderby')).toBe('orderReference asc'));
  });
});

describe('text filter', () => {
  it('opens "Filter for {column}", applies contains on the column and resets paging', async () => {
    const user = userEvent.setup();
    const list = fakeList(
      '/api/orders',
      makeOrders(12, (n) => (n % 2 === 0 ? `EVEN-${n}` : `ODD-${n}`)),
    );
    server.use(list.handler);
    renderTable();
    await screen.findByText('EVEN-12');
    await user.click(screen.getByRole('button', { name: /next page/i }));
    await screen.findByText('ODD-7');

    await user.click(screen.getByRole('button', { name: 'Filter Reference' }));
    const dialog = await screen.findByRole('dialog', { name: 'Filter for Reference' });
    expect(within(dialog).getByRole('button', { name: /clear/i })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: /cancel/i })).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: 'Reference' }), 'even');
    await user.click(within(dialog).getByRole('button', { name: /apply/i }));

    await waitFor(() => expect(list.last().get('$filter')).toBe("contains(reference,'even')"));
    expect(list.last().get('$skip')).toBe('0');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('1–5 of 6')).toBeTruthy();
    expect(screen.getByText('Reference: even')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Filter Reference' }).getAttribute('data-active')).toBe('true');
  });

  it('leaves the filter unchanged on CANCEL and removes it on CLEAR', async () => {
    const user = userEvent.setup();
    const list = fakeList('/api/orders', makeOrders(12));
    server.use(list.handler);
    renderTable();
    await screen.findByText('REF-012');

    await user.click(screen.getByRole('button', { name: 'Filter Reference' }));
    await user.type(screen.getByRole('textbox', { name: 'Reference' }), 'REF-01');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(list.last().get('$filter')).toBe("contains(reference,'REF-01')"));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const requestsBefore = list.requests.length;

    await user.click(screen.getByRole('button', { name: 'Filter Reference' }));
    const field = screen.getByRole('textbox', { name: 'Reference' }) as HTMLInputElement;
    expect(field.value).toBe('REF-01');
    await user.clear(field);
    await user.type(field, 'something else');
    await user.click(screen.getByRole('button', { name: /cancel/i }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(list.requests).toHaveLength(requestsBefore);
    expect(screen.getByText('Reference: REF-01')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Filter Reference' }));
    await user.click(screen.getByRole('button', { name: /clear/i }));
    await waitFor(() => expect(list.last().has('$filter')).toBe(false));
    expect(screen.queryByText('Reference: REF-01')).toBeNull();
  });

  it('keeps a filter applied by APPLY or Enter from submitting a form the table sits in (issue 21)', async () => {
    const user = userEvent.setup();
    const list = fakeList('/api/orders', makeOrders(12));
    server.use(list.handler);
    const outerSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    renderWithProviders(
      <form onSubmit={outerSubmit}>
        <Table />
      </form>,
    );
    await screen.findByText('REF-012');

    await user.click(screen.getByRole('button', { name: 'Filter Reference' }));
    await user.type(screen.getByRole('textbox', { name: 'Reference' }), 'REF-01');
    await user.click(screen.getByRole('button', { name: /apply/i }));
    await waitFor(() => expect(list.last().get('$filter')).toBe("contains(reference,'REF-01')"));

    await user.click(screen.getByRole('button', { name: 'Filter Reference' }));
    await user.clear(screen.getByRole('textbox', { name: 'Reference' }));
    await user.type(screen.getByRole('textbox', { name: 'Reference' }), 'REF-00{Enter}');
    await waitFor(() => expect(list.last().get('$filter')).toBe("contains(reference,'REF-00')"));
    expect(outerSubmit).not.toHaveBeenCalled();
  });

  it('does not filter on an empty value', async () => {
    const user = userEvent.setup();
    const list = fakeList('/api/orders', makeOrders(12));
    server.use(list.handler);
    renderTable();
    await screen.findByText('REF-012');
    const requestsBefore = list.requests.length;

    await user.click(screen.getByRole('button', { name: 'Filter Reference' }));
    await user.type(screen.getByRole('textbox', { name: 'Reference' }), '   ');
    await user.click(screen.getByRole('button', { name: /apply/i }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    expect(list.requests).toHaveLength(requestsBefore);
    expect(list.last().has('$filter')).toBe(false);
    expect(screen.queryByText(/^Reference:/)).toBeNull();
  });

  it('quotes the text as an OData literal and ANDs it with the base filter; the chip removes it', async () => {
    const user = userEvent.setup();
    const list = fakeList('/api/orders', makeOrders(3));
    server.use(list.handler);
    renderTable({ baseFilter: 'endPointTypeId eq 1' });
    await screen.findByText('REF-001');

    await user.click(screen.getByRole('button', { name: 'Filter Reference' }));
    await user.type(screen.getByRole('textbox', { name: 'Reference' }), "o'brien");
    await user.click(screen.getByRole('button', { name: /apply/i }));
    await waitFor(() =>
      expect(list.last().get('$filter')).toBe("(endPointTypeId eq 1) and (contains(reference,'o''brien'))"),
    );

    const chip = screen.getByText("Reference: o'brien").closest('.MuiChip-root') as HTMLElement;
    await user.click(within(chip).getByTestId('CancelIcon'));
    await waitFor(() => expect(list.last().get('$filter')).toBe('endPointTypeId eq 1'));
  });

  it('gives the dialog the spec width', async () => {
    const user = userEvent.setup();
    server.use(fakeList('/api/orders', makeOrders(1)).handler);
    renderTable();
    await screen.findByText('REF-001');
    await user.click(screen.getByRole('button', { name: 'Filter Reference' }));
    const dialog = await screen.findByRole('dialog', { name: 'Filter for Reference' });
    expect(getComputedStyle(dialog).width).toBe('315px');
  });
});

describe('date filter', () => {
  async function applyDates(user: ReturnType<typeof userEvent.setup>, from: string, to: string) {
    await user.click(screen.getByRole('button', { name: 'Filter Date' }));
    const dialog = await screen.findByRole('dialog', { name: 'Filter for Date' });
    const fromField = within(dialog).getByLabelText('From');
    const toField = within(dialog).getByLabelText('To');
    await user.clear(fromField);
    if (from) await user.type(fromField, from);
    await user.clear(toField);
    if (to) await user.type(toField, to);
    await user.click(within(dialog).getByRole('button', { name: /apply/i }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  }

  it('filters a date-time field by whole UK days (ge the from day, lt the day after the to day)', async () => {
    const user = userEvent.setup();
    const list = fakeList('/api/orders', makeOrders(12));
    server.use(list.handler);
    renderTable();
    await screen.findByText('REF-012');

    await applyDates(user, '2026-06-01', '2026-06-30');
    await waitFor(() =>
      expect(list.last().get('$filter')).toBe(
        'createdDate ge 2026-05-31T23:00:00Z and createdDate lt 2026-06-30T23:00:00Z',
      ),
    );
    expect(list.last().get('$skip')).toBe('0');
    expect(screen.getByText('Date: 01/06/2026 – 30/06/2026')).toBeTruthy();

    await applyDates(user, '2026-01-10', '');
    await waitFor(() => expect(list.last().get('$filter')).toBe('createdDate ge 2026-01-10T00:00:00Z'));
    expect(screen.getByText('Date: from 10/01/2026')).toBeTruthy();
  });

  it('compares date fields with date literals, to only, and clears', async () => {
    const user = userEvent.setup();
    const list = fakeList('/api/orders', makeOrders(12));
    server.use(list.handler);
    renderTable({
      columns: [{ field: 'createdDate', header: 'Date', type: 'date', filter: 'date', dateKind: 'date' }, columns[1]!],
    });
    await screen.findByText('REF-012');

    await applyDates(user, '2026-11-01', '2026-11-21');
    await waitFor(() =>
      expect(list.last().get('$filter')).toBe('createdDate ge 2026-11-01 and createdDate le 2026-11-21'),
    );
    await applyDates(user, '', '2026-11-21');
    await waitFor(() => expect(list.last().get('$filter')).toBe('createdDate le 2026-11-21'));

    await user.click(screen.getByRole('button', { name: 'Filter Date' }));
    const dialog = await screen.findByRole('dialog', { name: 'Filter for Date' });
    expect(within(dialog).queryByRole('button', { name: /cancel/i })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: /clear/i }));
    await waitFor(() => expect(list.last().has('$filter')).toBe(false));
  });

  it('does not filter without a date and refuses a reversed range', async () => {
    const user = userEvent.setup();
    const list = fakeList('/api/orders', makeOrders(3));
    server.use(list.handler);
    renderTable();
    await screen.findByText('REF-001');
    const requestsBefore = list.requests.length;

    await applyDates(user, '', '');
    expect(list.requests).toHaveLength(requestsBefore);

    await user.click(screen.getByRole('button', { name: 'Filter Date' }));
    const dialog = await screen.findByRole('dialog', { name: 'Filter for Date' });
    await user.type(within(dialog).getByLabelText('From'), '2026-12-01');
    await user.type(within(dialog).getByLabelText('To'), '2026-11-01');
    expect((within(dialog).getByRole('button', { name: /apply/i }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(dialog).getByText('The to date must not be before the from date.')).toBeTruthy();
  });
});

describe('CSV export', () => {
  it('downloads every filtered row across pages with the column headers', async () => {
    const user = userEvent.setup();
    const orders = makeOrders(260, (n) => (n % 5 === 0 ? `SKIP-${n}` : `KEEP-${n}`));
    const list = fakeList('/api/orders', orders);
    server.use(list.handler);
    const blobs: Blob[] = [];
    const downloads: string[] = [];
    Object.defineProperty(URL, 'createObjectURL', {
      configurable: true,
      value: vi.fn((blob: Blob) => {
        blobs.push(blob);
        return 'blob:http://localhost/export';
      }),
    });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    const view = vi.fn();
    renderTable({
      csvFileName: 'broadband-orders',
      columns: [
        ...columns,
        { field: 'actions', header: 'Actions', type: 'options', actions: [{ label: 'View', onClick: view }] },
      ],
    });
    await screen.findByText('KEEP-259');

    await user.click(screen.getByRole('button', { name: 'Filter Reference' }));
    await user.type(screen.getByRole('textbox', { name: 'Reference' }), 'keep');
    await user.click(screen.getByRole('button', { name: /apply/i }));
    await waitFor(() => expect(list.last().get('$filter')).toBe("contains(reference,'keep')"));
    const before = list.requests.length;

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads).toEqual(['broadband-orders.csv']));

    const exportRequests = list.requests.slice(before);
    expect(exportRequests.map((params) => [params.get('$top'), params.get('$skip')])).toEqual([
      ['100', '0'],
      ['100', '100'],
      ['100', '200'],
    ]);
    expect(exportRequests.every((params) => params.get('$filter') === "contains(reference,'keep')")).toBe(true);
    expect(exportRequests.every((params) => params.get('$orderby') === 'createdDate desc')).toBe(true);

    const text = (await blobs[0]!.text()).replace(/^\uFEFF/, '');
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('Date,Reference,Status');
    expect(lines).toHaveLength(1 + 208);
    // Newest first, dates as shown, no SKIP rows.
    expect(lines[1]).toBe('16/09/2026,KEEP-259,Placed');
    expect(text).not.toContain('SKIP');
    expect(lines.at(-1)).toBe('01/01/2026,KEEP-1,Placed');
    expect((screen.getByRole('button', { name: 'Export CSV' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('is busy while exporting and hides without a file name', async () => {
    const user = userEvent.setup();
    const list = fakeList('/api/orders', makeOrders(3));
    const gate = deferred();
    server.use(
      http.get('http://localhost/api/orders', async ({ request }) => {
        // The export asks for pages of 100; hold it until the test has looked at the button.
        if (new URL(request.url).searchParams.get('$top') === '100') await gate.promise;
        return list.respond(request);
      }),
    );
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: vi.fn(() => 'blob:x') });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { unmount } = renderTable({ csvFileName: 'orders' });
    await screen.findByText('REF-001');

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    const button = screen.getByRole('button', { name: 'Export CSV' }) as HTMLButtonElement;
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBe('true'));
    expect(button.disabled).toBe(true);
    expect(within(button).getByRole('progressbar')).toBeTruthy();
    expect(click).not.toHaveBeenCalled();

    gate.resolve();
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBe('false'));
    expect(button.disabled).toBe(false);
    expect(click).toHaveBeenCalledTimes(1);
    unmount();

    renderTable();
    await screen.findByText('REF-001');
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
  });

  it('reports a failed export to onError', async () => {
    const user = userEvent.setup();
    let calls = 0;
    server.use(
      // The table's own load succeeds; the export's request fails.
      http.get('http://localhost/api/orders', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ value: makeOrders(3), '@odata.count': 3 })
          : HttpResponse.json({ code: 'failed' }, { status: 500 });
      }),
    );
    const onError = vi.fn();
    renderTable({ csvFileName: 'orders', onError });
    await screen.findByText('REF-001');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
    expect((screen.getByRole('button', { name: 'Export CSV' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('small screens', () => {
  let restoreMedia: () => void;
  let observer: ReturnType<typeof installIntersectionObserver>;
  beforeEach(() => {
    restoreMedia = matchAllMediaQueries();
    observer = installIntersectionObserver();
  });
  afterEach(() => {
    restoreMedia();
    observer.restore();
  });

  it('shows cards without pagination and doubles the rows held on each scroll until the total', async () => {
    const list = fakeList('/api/orders', makeOrders(23));
    server.use(list.handler);
    renderTable();

    await waitFor(() => expect(screen.getAllByTestId('data-table-card')).toHaveLength(5));
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('button', { name: /next page/i })).toBeNull();
    const first = screen.getAllByTestId('data-table-card')[0]!;
    expect(within(first).getByText('Reference')).toBeTruthy();
    expect(within(first).getByText('REF-023')).toBeTruthy();
    expect(within(first).getByText('Status')).toBeTruthy();

    for (const expected of [10, 20, 23]) {
      await waitFor(() => expect(observer.observing()).toBe(1));
      observer.intersectAll();
      await waitFor(() => expect(screen.getAllByTestId('data-table-card')).toHaveLength(expected));
    }
    expect(list.requests.map((params) => [params.get('$top'), params.get('$skip')])).toEqual([
      ['5', '0'],
      ['5', '5'],
      ['10', '10'],
      ['20', '20'],
    ]);
    expect(screen.getByText('Showing 23 of 23')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(observer.observing()).toBe(0);
  });

  it('keeps every request within the $top cap with the Load more button', async () => {
    const user = userEvent.setup();
    const list = fakeList('/api/orders', makeOrders(250));
    server.use(list.handler);
    renderTable({ columns: [columns[1]!] });
    await waitFor(() => expect(screen.getAllByTestId('data-table-card')).toHaveLength(5));

    for (const expected of [10, 20, 40, 80, 160, 250]) {
      await user.click(await screen.findByRole('button', { name: 'Load more' }));
      await waitFor(() => expect(screen.getAllByTestId('data-table-card')).toHaveLength(expected));
    }
    expect(list.requests.map((params) => [params.get('$top'), params.get('$skip')])).toEqual([
      ['5', '0'],
      ['5', '5'],
      ['10', '10'],
      ['20', '20'],
      ['40', '40'],
      ['80', '80'],
      ['100', '160'],
    ]);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('offers sorting and filtering without headers', async () => {
    const user = userEvent.setup();
    const list = fakeList('/api/orders', makeOrders(8));
    server.use(list.handler);
    renderTable();
    await waitFor(() => expect(screen.getAllByTestId('data-table-card')).toHaveLength(5));

    await user.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await user.click(await screen.findByRole('option', { name: 'Reference (ascending)' }));
    await waitFor(() => expect(list.last().get('$orderby')).toBe('reference asc'));
    expect(list.last().get('$skip')).toBe('0');

    await user.click(screen.getByRole('button', { name: 'Filter Reference' }));
    await user.type(await screen.findByRole('textbox', { name: 'Reference' }), '007');
    await user.click(screen.getByRole('button', { name: /apply/i }));
    await waitFor(() => expect(screen.getAllByTestId('data-table-card')).toHaveLength(1));
    expect(list.last().get('$filter')).toBe("contains(reference,'007')");
  });
});

describe('list state in the URL', () => {
  function ownParams(search: string, key = 'orders'): string {
    return [...new URLSearchParams(search)]
      .filter(([name]) => name.startsWith(`${key}.`))
      .map(([name, value]) => `${name}=${value}`)
      .join('&');
  }

  it('opens at the page, sort and filters the URL names', async () => {
    const list = fakeList('/api/orders', makeOrders(30));
    server.use(list.handler);
    const { router } = renderTable(
      {},
      '/orders?orders.page=2&orders.sort=reference.asc&orders.f.reference=REF-0&orders.f.createdDate=2026-01-01..',
    );

    expect(await screen.findByText('REF-006')).toBeTruthy();
    expect(list.requests).toHaveLength(1);
    expect(list.last().get('$skip')).toBe('5');
    expect(list.last().get('$orderby')).toBe('reference asc');
    expect(list.last().get('$filter')).toBe("(createdDate ge 2026-01-01T00:00:00Z) and (contains(reference,'REF-0'))");
    expect(screen.getByText('6–10 of 30')).toBeTruthy();
    expect(screen.getByText('Reference: REF-0')).toBeTruthy();
    expect(screen.getByText('Date: from 01/01/2026')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: /Reference/ }).getAttribute('aria-sort')).toBe('ascending');
    expect(router.visits.map((visit) => visit.action)).toEqual(['POP']);
  });

  it('adds a history entry for each change, and Back brings each earlier state back', async () => {
    const user = userEvent.setup();
    const list = fakeList('/api/orders', makeOrders(30));
    server.use(list.handler);
    const { router } = renderTable({}, '/orders?tab=2');
    await screen.findByText('REF-030');

    await user.click(screen.getByRole('button', { name: /next page/i }));
    await screen.findByText('REF-025');
    await user.click(screen.getByRole('button', { name: 'Reference' }));
    await screen.findByText('REF-001');
    await user.click(screen.getByRole('button', { name: 'Filter Reference' }));
    await user.type(screen.getByRole('textbox', { name: 'Reference' }), 'REF-02');
    await user.click(screen.getByRole('button', { name: /apply/i }));
    await screen.findByText('1–5 of 10');

    expect(router.visits.map((visit) => [visit.action, ownParams(visit.search)])).toEqual([
      ['POP', ''],
      ['PUSH', 'orders.page=2'],
      ['PUSH', 'orders.sort=reference.asc'],
      ['PUSH', 'orders.sort=reference.asc&orders.f.reference=REF-02'],
    ]);
    expect(new URLSearchParams(router.location().search).get('tab')).toBe('2');
    expect(router.location().pathname).toBe('/orders');

    await router.navigate(-1);
    await waitFor(() => expect(screen.queryByText('Reference: REF-02')).toBeNull());
    expect(await screen.findByText('1–5 of 30')).toBeTruthy();
    expect(within(bodyRows()[0]!).getByText('REF-001')).toBeTruthy();

    await router.navigate(-1);
    expect(await screen.findByText('6–10 of 30')).toBeTruthy();
    expect(within(bodyRows()[0]!).getByText('REF-025')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: /Date/ }).getAttribute('aria-sort')).toBe('descending');

    await router.navigate(1);
    expect(await screen.findByText('1–5 of 30')).toBeTruthy();
    expect(within(bodyRows()[0]!).getByText('REF-001')).toBeTruthy();
  });

  it('corrects a hand-edited or stale URL in place and shows the list it can', async () => {
    const list = fakeList('/api/orders', makeOrders(12));
    server.use(list.handler);
    const { router } = renderTable(
      {},
      '/orders?tab=2&orders.page=abc&orders.sort=secret.desc&orders.size=7&orders.f.status=x&orders.f.createdDate=soon',
    );

    expect(await screen.findByText('REF-012')).toBeTruthy();
    await waitFor(() => expect(router.location().search).toBe('?tab=2'));
    expect(router.visits.map((visit) => visit.action)).toEqual(['POP', 'REPLACE']);
    expect(list.requests.every((params) => params.get('$orderby') === 'createdDate desc')).toBe(true);
    expect(list.requests.every((params) => !params.has('$filter') && params.get('$top') === '5')).toBe(true);
  });

  it('shows the last page for a page past the end, without a new history entry', async () => {
    const list = fakeList('/api/orders', makeOrders(12));
    server.use(list.handler);
    const shownEmpty = vi.fn();
    const observer = new MutationObserver(() => {
      if (document.body.textContent?.includes('No records found.')) shownEmpty();
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    const { router } = renderTable({}, '/orders?orders.page=40');

    expect(await screen.findByText('11–12 of 12')).toBeTruthy();
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    expect(ownParams(router.location().search)).toBe('orders.page=3');
    expect(router.visits.map((visit) => visit.action)).toEqual(['POP', 'REPLACE']);
    observer.disconnect();
    expect(shownEmpty).not.toHaveBeenCalled();
  });

  it('keeps two tables on one page apart by their URL keys', async () => {
    const user = userEvent.setup();
    server.use(fakeList('/api/orders', makeOrders(12)).handler, fakeList('/api/other', makeOrders(12)).handler);
    const { router } = renderWithProviders(
      <>
        <Table urlKey="first" />
        <Table urlKey="second" operation={listOperation('/api/other')} ariaLabel="Other orders" />
      </>,
      { url: '/?second.page=2' },
    );
    const [first, second] = [
      await screen.findByRole('table', { name: 'Orders' }),
      await screen.findByRole('table', { name: 'Other orders' }),
    ];
    await within(first).findByText('REF-012');
    await within(second).findByText('REF-007');

    const [firstNext] = screen.getAllByRole('button', { name: /next page/i });
    await user.click(firstNext!);
    await within(first).findByText('REF-007');
    expect(within(second).getByText('REF-007')).toBeTruthy();
    expect(new URLSearchParams(router.location().search).toString()).toBe('second.page=2&first.page=2');
  });

  it('names a chosen page size in the URL, and Back brings the earlier size back', async () => {
    const user = userEvent.setup();
    window.localStorage.setItem('dataTable.pageSize.orders', '20');
    const list = fakeList('/api/orders', makeOrders(60));
    server.use(list.handler);
    const { router } = renderTable({}, '/orders?orders.page=2');
    await screen.findByText('21–40 of 60');

    await user.click(screen.getByRole('combobox', { name: /rows per page/i }));
    await user.click(await screen.findByRole('option', { name: '50' }));
    await screen.findByText('1–50 of 60');
    expect(ownParams(router.location().search)).toBe('orders.size=50');
    expect(window.localStorage.getItem('dataTable.pageSize.orders')).toBe('50');

    await router.navigate(-1);
    expect(await screen.findByText('21–40 of 60')).toBeTruthy();
    expect(ownParams(router.location().search)).toBe('orders.page=2&orders.size=20');
  });

  it('keeps the sort and filters of the cards in the URL, and starts them at the top', async () => {
    const restoreMedia = matchAllMediaQueries();
    const observer = installIntersectionObserver();
    try {
      const user = userEvent.setup();
      const list = fakeList('/api/orders', makeOrders(12));
      server.use(list.handler);
      const { router } = renderTable({}, '/orders?orders.page=2&orders.sort=reference.desc');
      await waitFor(() => expect(screen.getAllByTestId('data-table-card')).toHaveLength(5));
      expect(list.last().get('$skip')).toBe('0');
      expect(list.last().get('$orderby')).toBe('reference desc');

      await user.click(screen.getByRole('combobox', { name: 'Sort by' }));
      await user.click(await screen.findByRole('option', { name: 'Reference (ascending)' }));
      await waitFor(() => expect(list.last().get('$orderby')).toBe('reference asc'));
      expect(ownParams(router.location().search)).toBe('orders.sort=reference.asc');
      expect(router.visits.at(-1)?.action).toBe('PUSH');
    } finally {
      restoreMedia();
      observer.restore();
    }
  });
});
