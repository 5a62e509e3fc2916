// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { deferred, renderWithProviders } from '../data-table/test-utils';
import { CHART_FAILED_TEXT } from './ChartFrame';
import { NO_USAGE_TEXT, notAvailableText, UsageChart } from './UsageChart';
import { ukToday } from './usage-series';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});
afterAll(() => server.close());

const MONTHLY = {
  value: [
    {
      name: 'Data',
      series: [
        { name: '2025-01-01', value: 1024 },
        { name: '2025-02-01', value: 3 * 1024 ** 2 },
      ],
    },
    {
      name: 'Cost',
      secondAxis: true,
      series: [
        { name: '2025-01-01', value: 12.5 },
        { name: '2025-02-01', value: 7 },
      ],
    },
  ],
};
const DAILY = { value: [{ name: 'Duration', series: [{ name: '2025-03-07', value: 5400 }] }] };

/** Answers the endpoint's usage calls and records which were made. */
function usageApi(responses: Record<string, object>) {
  const requested: string[] = [];
  server.use(
    http.get('http://localhost/api/endpoints/:id/:call', ({ params }) => {
      const call = String(params.call);
      requested.push(call);
      const body = responses[call];
      return body ? HttpResponse.json(body) : HttpResponse.json({ code: 'failed' }, { status: 500 });
    }),
  );
  return requested;
}

describe('UsageChart', () => {
  it('loads only the active tab, and the next one when the user switches', async () => {
    const requested = usageApi({ monthlyUsage: MONTHLY, uninvoicedUsage: DAILY });
    renderWithProviders(
      <UsageChart source={{ kind: 'endpoint', id: 5 }} keys={['monthly', 'uninvoiced']} label="Device usage" />,
    );

    const tabs = screen.getByRole('tablist', { name: 'Device usage' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Monthly Usage', 'Billable Usage']);
    const monthly = await screen.findByRole('table', { name: 'Monthly Usage' });
    expect(requested).toEqual(['monthlyUsage']);
    // The screen-reader table: months 'Mon yy', bytes and money in their formats.
    expect(
      within(monthly)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['MonthDataCost', 'Jan 251 kB£12.50', 'Feb 253 MB£7.00']);

    await userEvent.click(screen.getByRole('tab', { name: 'Billable Usage' }));
    const daily = await screen.findByRole('table', { name: 'Billable Usage' });
    expect(requested).toEqual(['monthlyUsage', 'uninvoicedUsage']);
    expect(
      within(daily)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['DateDuration', '07/03/20251h 30m']);
    expect(screen.getByRole('tabpanel', { name: 'Billable Usage' })).toBeTruthy();

    // Back to a tab already loaded: its chart is there at once, from the cache, with no loading indicator.
    await userEvent.click(screen.getByRole('tab', { name: 'Monthly Usage' }));
    expect(screen.getByRole('table', { name: 'Monthly Usage' })).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('moves between tabs with the arrow keys', async () => {
    usageApi({ monthlyUsage: MONTHLY, uninvoicedUsage: DAILY, broadbandUsage: DAILY });
    renderWithProviders(
      <UsageChart
        source={{ kind: 'endpoint', id: 5 }}
        keys={['monthly', 'uninvoiced', 'broadband']}
        label="Device usage"
      />,
    );
    await userEvent.click(screen.getByRole('tab', { name: 'Monthly Usage' }));
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Billable Usage' }));
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Billable Usage' }).getAttribute('aria-selected')).toBe('true'),
    );
  });

  it('shows a loading indicator until the data arrives', async () => {
    const answer = deferred();
    server.use(
      http.get('http://localhost/api/users/monthlyUsage', async () => {
        await answer.promise;
        return HttpResponse.json(MONTHLY);
      }),
    );
    renderWithProviders(<UsageChart source={{ kind: 'user' }} keys={['monthly']} label="Monthly mobile usage" />);

    expect(await screen.findByRole('progressbar', { name: 'Loading Monthly mobile usage' })).toBeTruthy();
    // One key: no tab strip, the label names the chart.
    expect(screen.queryByRole('tablist')).toBeNull();
    answer.resolve();
    await screen.findByRole('table', { name: 'Monthly mobile usage' });
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('figure', { name: 'Monthly mobile usage' })).toBeTruthy();
  });

  it('says when the load failed, and loads again on Retry', async () => {
    let fail = true;
    server.use(
      http.get('http://localhost/api/endpoints/:id/monthlyUsage', () =>
        fail ? HttpResponse.json({ code: 'failed' }, { status: 500 }) : HttpResponse.json(MONTHLY),
      ),
    );
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithProviders(<UsageChart source={{ kind: 'endpoint', id: 5 }} keys={['monthly']} label="Usage" />);

    const figure = await screen.findByRole('figure', { name: 'Usage' });
    await within(figure).findByText(CHART_FAILED_TEXT);
    // A failure is not "nothing to show".
    expect(screen.queryByText(NO_USAGE_TEXT)).toBeNull();
    expect(logged).toHaveBeenCalled();
    fail = false;
    await userEvent.click(within(figure).getByRole('button', { name: 'Retry Usage' }));
    await screen.findByRole('table', { name: 'Usage' });
    expect(screen.queryByText(CHART_FAILED_TEXT)).toBeNull();
  });

  it("never shows a tab's late answer on another tab", async () => {
    const monthly = deferred();
    server.use(
      http.get('http://localhost/api/endpoints/:id/monthlyUsage', async () => {
        await monthly.promise;
        return HttpResponse.json(MONTHLY);
      }),
      http.get('http://localhost/api/endpoints/:id/uninvoicedUsage', () => HttpResponse.json(DAILY)),
    );
    renderWithProviders(
      <UsageChart source={{ kind: 'endpoint', id: 5 }} keys={['monthly', 'uninvoiced']} label="Device usage" />,
    );
    await screen.findByRole('progressbar', { name: 'Loading Monthly Usage' });
    await userEvent.click(screen.getByRole('tab', { name: 'Billable Usage' }));
    await screen.findByRole('table', { name: 'Billable Usage' });
    monthly.resolve();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('table', { name: 'Monthly Usage' })).toBeNull();
    expect(screen.getByRole('table', { name: 'Billable Usage' }).textContent).toContain('1h 30m');
  });

  it('says when there is nothing to show', async () => {
    usageApi({ monthlyUsage: { value: [] } });
    renderWithProviders(<UsageChart source={{ kind: 'endpoint', id: 5 }} keys={['monthly']} label="Usage" />);
    expect(await screen.findByText(NO_USAGE_TEXT)).toBeTruthy();
  });

  it('offers the broadband table tabs without requesting anything for them yet', async () => {
    const requested = usageApi({ broadbandUsage: DAILY });
    renderWithProviders(
      <UsageChart
        source={{ kind: 'endpoint', id: 5 }}
        keys={['broadband', 'sessionHistory', 'authenticationLogs']}
        label="Contract usage"
      />,
    );
    await screen.findByRole('table', { name: 'Broadband Usage' });
    await userEvent.click(screen.getByRole('tab', { name: 'Session History' }));
    expect(screen.getByText(notAvailableText('sessionHistory'))).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: 'Authentication Logs' }));
    expect(screen.getByText('Authentication Logs is not available yet.')).toBeTruthy();
    expect(requested).toEqual(['broadbandUsage']);
  });

  it("shows the view's own table on a table tab, and asks for no chart data there", async () => {
    const requested = usageApi({ broadbandUsage: DAILY });
    renderWithProviders(
      <UsageChart
        source={{ kind: 'endpoint', id: 5 }}
        keys={['broadband', 'sessionHistory']}
        label="Contract usage"
        renderTable={(key) => <p>table of {key}</p>}
      />,
    );
    await screen.findByRole('table', { name: 'Broadband Usage' });
    await userEvent.click(screen.getByRole('tab', { name: 'Session History' }));
    expect(screen.getByText('table of sessionHistory')).toBeTruthy();
    expect(screen.getByRole('tabpanel').textContent).not.toContain(notAvailableText('sessionHistory'));
    expect(requested).toEqual(['broadbandUsage']);
  });

  it('takes its data from a loader instead of a source', async () => {
    const load = vi.fn(async () => DAILY.value);
    renderWithProviders(<UsageChart load={load} cacheKey="test" keys={['lineUsage']} label="Line usage" />);
    await screen.findByRole('table', { name: 'Line usage' });
    expect(load).toHaveBeenCalledWith('lineUsage', expect.any(AbortSignal));
  });

  it('shows one unit at a time, picked above the chart, and keeps the pick across tabs', async () => {
    usageApi({ monthlyUsage: MONTHLY, uninvoicedUsage: { value: [...DAILY.value, MONTHLY.value[0]] } });
    renderWithProviders(
      <UsageChart source={{ kind: 'endpoint', id: 5 }} keys={['monthly', 'uninvoiced']} label="Device usage" />,
    );
    const picker = await screen.findByRole('group', { name: 'Monthly Usage: figure shown' });
    const pressed = () =>
      within(picker)
        .getAllByRole('button')
        .map((button) => `${button.textContent}:${button.getAttribute('aria-pressed')}`);
    // Series of different units never share a chart: one button per unit, the first one shown.
    expect(pressed()).toEqual(['Data:true', 'Cost:false']);
    await userEvent.click(within(picker).getByRole('button', { name: 'Cost' }));
    expect(pressed()).toEqual(['Data:false', 'Cost:true']);

    await userEvent.click(screen.getByRole('tab', { name: 'Billable Usage' }));
    const billable = await screen.findByRole('group', { name: 'Billable Usage: figure shown' });
    // Cost is not on this tab: its first unit shows, and the pick stays Cost for the tabs that have it.
    expect(
      within(billable)
        .getAllByRole('button')
        .map((button) => `${button.textContent}:${button.getAttribute('aria-pressed')}`),
    ).toEqual(['Duration:true', 'Data:false']);
    await userEvent.click(screen.getByRole('tab', { name: 'Monthly Usage' }));
    await screen.findByRole('group', { name: 'Monthly Usage: figure shown' });
    const monthlyAgain = screen.getByRole('group', { name: 'Monthly Usage: figure shown' });
    expect(within(monthlyAgain).getByRole('button', { name: 'Cost' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('has no picker for a single unit', async () => {
    usageApi({ uninvoicedUsage: DAILY });
    renderWithProviders(<UsageChart source={{ kind: 'endpoint', id: 5 }} keys={['uninvoiced']} label="Usage" />);
    await screen.findByRole('table', { name: 'Usage' });
    expect(screen.queryByRole('group')).toBeNull();
  });

  it('marks the month still running as to date', async () => {
    const thisMonth = `${ukToday().slice(0, 7)}-01`;
    const load = vi.fn(async () => [
      { name: 'Calls', series: ['2025-01-01', thisMonth].map((name) => ({ name, value: 12 })) },
    ]);
    renderWithProviders(<UsageChart load={load} cacheKey="running" keys={['monthly']} label="Usage" />);
    const table = await screen.findByRole('table', { name: 'Usage' });
    const lastRow = within(table).getAllByRole('row').at(-1);
    expect(lastRow?.textContent).toMatch(/^[A-Z][a-z]{2} \d\d \(to date\)12$/);
    expect(screen.getByText(/is this month so far: its figures grow until it ends\.$/)).toBeTruthy();
  });
});
