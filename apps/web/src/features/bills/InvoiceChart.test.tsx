// @vitest-environment jsdom
import type { InvoiceChartPoint } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CHART_FAILED_TEXT } from '../../components/usage-chart/ChartFrame';
import { BAR_CLICK_HINT, BAR_MENU_HINT, InvoiceChart, NO_BILLS_TEXT } from './InvoiceChart';
import { renderWithPermissions } from './test-utils';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});
afterAll(() => server.close());

function bill(name: string, companyId: number, companyName: string, value: number): InvoiceChartPoint {
  return { name, value, companyId, companyName, webDataPhysicalLocation: `c${companyId}`, pdfFileName: `${name}.pdf` };
}

function costChartAnswers(...answers: Array<InvoiceChartPoint[] | 'fail'>) {
  let call = 0;
  server.use(
    http.get('http://localhost/api/invoices/costChart', () => {
      const answer = answers[Math.min(call, answers.length - 1)];
      call += 1;
      return answer === 'fail'
        ? HttpResponse.json({ code: 'failed' }, { status: 500 })
        : HttpResponse.json({ value: answer });
    }),
  );
}

const onBarClick = async () => undefined;

describe('InvoiceChart', () => {
  it('shows one series and no legend for a single company', async () => {
    costChartAnswers([bill('2026-10-05', 1, 'Acme Ltd', 3000), bill('2026-11-05', 1, 'Acme Ltd', 3170.66)]);
    renderWithPermissions(<InvoiceChart kind="cost" label="Cost of each bill" onBarClick={onBarClick} />, []);
    const table = await screen.findByRole('table', { name: 'Cost of each bill' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['Bill monthCost', 'Oct 26£3,000.00', 'Nov 26£3,170.66']);
    expect(screen.getByText(BAR_CLICK_HINT)).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Cost of each bill: companies' })).toBeNull();
  });

  it("names each company in a legend and in the table, each with its own bill's figure", async () => {
    costChartAnswers([
      bill('2026-10-05', 2, 'Initech Holdings Ltd', 200),
      bill('2026-11-05', 1, 'Initech Field Services Ltd', 192.06),
      bill('2026-11-05', 2, 'Initech Holdings Ltd', 242.41),
    ]);
    renderWithPermissions(<InvoiceChart kind="cost" label="Cost of each bill" onBarClick={onBarClick} />, []);
    const legend = await screen.findByRole('list', { name: 'Cost of each bill: companies' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Initech Field Services Ltd', 'Initech Holdings Ltd']);
    const table = screen.getByRole('table', { name: 'Cost of each bill' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['Bill monthInitech Field Services LtdInitech Holdings Ltd', 'Oct 26£200.00', 'Nov 26£192.06£242.41']);
    expect(screen.getByText(BAR_MENU_HINT)).toBeTruthy();
  });

  it('says there are no bills yet', async () => {
    costChartAnswers([]);
    renderWithPermissions(<InvoiceChart kind="cost" label="Cost of each bill" onBarClick={onBarClick} />, []);
    expect(await screen.findByText(NO_BILLS_TEXT)).toBeTruthy();
    expect(screen.queryByText(BAR_CLICK_HINT)).toBeNull();
  });

  it('says when the load failed, and loads again on Retry', async () => {
    costChartAnswers('fail', [bill('2026-11-05', 1, 'Acme Ltd', 10)]);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithPermissions(<InvoiceChart kind="cost" label="Cost of each bill" />, []);
    const figure = await screen.findByRole('figure', { name: 'Cost of each bill' });
    await within(figure).findByText(CHART_FAILED_TEXT);
    expect(screen.queryByText(NO_BILLS_TEXT)).toBeNull();
    await userEvent.click(within(figure).getByRole('button', { name: 'Retry Cost of each bill' }));
    await screen.findByRole('table', { name: 'Cost of each bill' });
    await waitFor(() => expect(screen.queryByText(CHART_FAILED_TEXT)).toBeNull());
  });
});
