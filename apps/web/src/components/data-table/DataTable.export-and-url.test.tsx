// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bodyRows, columns, makeOrders, renderTable, server, Table } from './orders-table-fixture';
import {
  deferred,
  fakeList,
  installIntersectionObserver,
  listOperation,
  matchAllMediaQueries,
  renderWithProviders,
} from './test-utils';

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
