// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bodyRows, columns, makeOrders, renderTable, server } from './orders-table-fixture';
import { deferred, fakeList, installIntersectionObserver, matchAllMediaQueries } from './test-utils';

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
