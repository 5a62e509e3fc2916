// @vitest-environment jsdom
import { type Invoice, NOTIFICATION_MESSAGES } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, fakeList } from '../../components/data-table/test-utils';
import { BAR_CLICK_HINT } from './InvoiceChart';
import { MyBillsPage } from './MyBillsPage';
import { readPermissions, renderWithPermissions } from './test-utils';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});
afterAll(() => server.close());

/** The n-th monthly bill, from January 2024. */
function invoice(n: number): Invoice {
  const billDate = new Date(Date.UTC(2024, n - 1, 5)).toISOString().slice(0, 10);
  const mm = String(n).padStart(2, '0');
  return {
    billDate,
    invoiceNumber: `INV-${mm}`,
    calls: 1200 + n,
    duration: 3600 * 20 + 61,
    bytes: 5 * 1024 ** 3,
    fixedCharges: 45.5,
    invoiceAmount: 1234.56,
    webDataPhysicalLocation: `acme/${billDate.slice(0, 7)}`,
    pdfFileName: `INV-${mm}.pdf`,
    cdrFileName: `INV-${mm}.csv`,
    companyId: 1,
    companyName: 'Acme Logistics Ltd',
  };
}

const INVOICES = Array.from({ length: 15 }, (_, index) => invoice(index + 1)).reverse();
const CHART = {
  value: INVOICES.slice(0, 3)
    .reverse()
    .map((row) => ({
      name: row.billDate,
      value: row.invoiceAmount,
      companyId: 1,
      companyName: 'Acme Ltd',
      webDataPhysicalLocation: row.webDataPhysicalLocation,
      pdfFileName: row.pdfFileName,
    })),
};

let list: ReturnType<typeof fakeList>;
let saved: string[];
beforeEach(() => {
  list = fakeList('/api/invoices', INVOICES);
  server.use(
    list.handler,
    http.get('http://localhost/api/invoices/:chart', () => HttpResponse.json(CHART)),
  );
  saved = [];
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: () => 'blob:x' });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => undefined });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});

async function invoiceTable() {
  const table = await screen.findByRole('table', { name: 'Invoices' });
  await within(table).findByText('INV-15');
  return table;
}

function headers(table: HTMLElement): string[] {
  return within(table)
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent ?? '');
}

describe('My Bills', () => {
  it('shows the three charts and 13 bills a page with the spec columns', async () => {
    renderWithPermissions(<MyBillsPage />, readPermissions('ViewMyBills'));
    expect(screen.getByRole('heading', { level: 1, name: 'My Bills' })).toBeTruthy();
    for (const name of ['Cost', 'Duration', 'Calls'])
      expect(screen.getByRole('heading', { level: 2, name })).toBeTruthy();

    const table = await invoiceTable();
    expect(headers(table)).toEqual([
      'Bill Date',
      'Invoice Number',
      'Calls',
      'Duration',
      'Usage',
      'Fixed Charges',
      'Invoice Amount',
    ]);
    expect(list.last().get('$top')).toBe('13');
    expect(list.last().get('$orderby')).toBe('billDate desc');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(13);
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['05/03/2025', 'INV-15', '1,215', '20h 1m 1s', '5 GB', '£45.50', '£1,234.56']);
    // No page size choice: 13 is the only one.
    expect(screen.queryByRole('combobox', { name: /rows per page/i })).toBeNull();
    // Without DownloadBill the bars are not clickable.
    await screen.findByRole('table', { name: 'Cost of each bill' });
    expect(screen.queryByText(BAR_CLICK_HINT)).toBeNull();
  });

  it('sorts by any figure and filters by invoice number or bill date', async () => {
    const user = userEvent.setup();
    renderWithPermissions(<MyBillsPage />, readPermissions('ViewMyBills'));
    const table = await invoiceTable();

    await user.click(within(table).getByRole('button', { name: 'Invoice Amount' }));
    await waitFor(() => expect(list.last().get('$orderby')).toBe('invoiceAmount asc'));
    await user.click(within(table).getByRole('button', { name: 'Filter Invoice Number' }));
    await user.type(await screen.findByRole('textbox', { name: 'Invoice Number' }), 'INV-1');
    await user.click(screen.getByRole('button', { name: /apply/i }));
    await waitFor(() => expect(list.last().get('$filter')).toBe("contains(invoiceNumber,'INV-1')"));
    expect(within(table).getByRole('button', { name: 'Filter Bill Date' })).toBeTruthy();
    await waitFor(() => expect(within(table).getAllByRole('row').slice(1)).toHaveLength(6));
  });

  it.each([
    [['ViewMyBills'] as const, [] as string[]],
    [['ViewMyBills', 'DownloadBill'] as const, ['Bill']],
    [['ViewMyBills', 'DownloadCDRs'] as const, ['CDRs']],
    [['ViewMyBills', 'DownloadBill', 'DownloadCDRs'] as const, ['Bill', 'CDRs']],
  ])('with %j shows the download columns %j', async (codes, expected) => {
    renderWithPermissions(<MyBillsPage />, readPermissions(...codes));
    const table = await invoiceTable();
    expect(headers(table).slice(7)).toEqual(expected);
    expect(within(table).queryAllByRole('button', { name: /^Download bill INV-/ })).toHaveLength(
      expected.includes('Bill') ? 13 : 0,
    );
    expect(within(table).queryAllByRole('button', { name: /^Download CDRs INV-/ })).toHaveLength(
      expected.includes('CDRs') ? 13 : 0,
    );
    // The bar-click download goes with the Bill column.
    await screen.findByRole('table', { name: 'Cost of each bill' });
    expect(screen.queryByText(BAR_CLICK_HINT) !== null).toBe(expected.includes('Bill'));
  });

  it('keeps the button busy until the file arrives, then saves it under the name the server gives', async () => {
    const answer = deferred();
    let asked: URLSearchParams | undefined;
    server.use(
      http.get('http://localhost/api/invoices/download', async ({ request }) => {
        asked = new URL(request.url).searchParams;
        await answer.promise;
        return new HttpResponse('col1,col2', {
          headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="Calls-INV-15.csv"' },
        });
      }),
    );
    renderWithPermissions(<MyBillsPage />, readPermissions('ViewMyBills', 'DownloadCDRs'));
    const table = await invoiceTable();
    const button = within(table).getByRole('button', { name: 'Download CDRs INV-15' });
    await userEvent.click(button);

    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(true));
    expect(within(button).getByRole('progressbar')).toBeTruthy();
    answer.resolve();
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    expect(asked?.get('webDataPhysicalLocation')).toBe('acme/2025-03');
    expect(asked?.get('fileName')).toBe('INV-15.csv');
    expect(saved).toEqual(['Calls-INV-15.csv']);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says the download failed and frees the button', async () => {
    server.use(
      http.get('http://localhost/api/invoices/download', () =>
        HttpResponse.json({ statusCode: 404, error: 'Not Found', message: 'No such file' }, { status: 404 }),
      ),
    );
    renderWithPermissions(<MyBillsPage />, readPermissions('ViewMyBills', 'DownloadBill'));
    const table = await invoiceTable();
    const button = within(table).getByRole('button', { name: 'Download bill INV-15' });
    await userEvent.click(button);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(NOTIFICATION_MESSAGES.downloadFailed);
    expect(alert.textContent).toContain('Unable to download the file. Please try again later.');
    expect(alert.className).toMatch(/Error/);
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    expect(saved).toEqual([]);
  });
});
