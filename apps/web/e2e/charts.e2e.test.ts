import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, takeScreenshot, VIEWPORTS } from './support/browser';
import { expectAccessible, NO_PROBLEMS } from './support/portal';
import { usePortal } from './support/suite';

/** Decisions 0065-0067: charts against titled axes, in the partner's colours, per company, failures with a Retry. */

const FAILED_TEXT = "We couldn't load this chart.";

function card(page: Page, name: string): Locator {
  return page.getByRole('region', { name, exact: true });
}

/** Waits until no loading indicator is left on the page. */
async function waitForData(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelectorAll('[role="progressbar"]').length === 0);
}

/** The titles drawn beside a chart's axes. */
function axisTitles(figure: Locator): Promise<string[]> {
  return figure.locator('.MuiChartsAxis-label').allTextContents();
}

/** The y-axis tick labels of a chart, bottom to top, each with whether it lies wholly inside the chart's drawing. */
async function yTicks(figure: Locator): Promise<Array<{ text: string; inside: boolean }>> {
  return figure
    .locator('svg.MuiChartsSvgLayer-root')
    .first()
    .evaluate((svg) => {
      const box = svg.getBoundingClientRect();
      return Array.from(svg.querySelectorAll('.MuiChartsAxis-directionY .MuiChartsAxis-tickLabel'))
        .map((label) => {
          const rect = label.getBoundingClientRect();
          return {
            y: rect.y,
            text: label.textContent ?? '',
            inside: rect.left >= box.left - 0.5 && rect.right <= box.right + 0.5,
          };
        })
        .sort((a, b) => b.y - a.y)
        .map(({ text, inside }) => ({ text, inside }));
    });
}

/** `#0f766e` as the browser writes a computed colour. */
function rgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

async function clickCentre(page: Page, target: Locator): Promise<void> {
  const box = await target.boundingBox();
  if (!box) throw new Error('The bar has no box');
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

describe('charts', () => {
  const portal = usePortal();

  for (const viewport of VIEWPORTS) {
    it(`draws each of acme.mobile's usage figures against an axis titled with its unit, as bars from zero (${viewport.name})`, async () => {
      const { page, problems } = await portal.openAs('acme.mobile', viewport);
      await page.goto('/');
      const usage = card(page, 'Monthly Mobile Usage');
      const figure = usage.getByRole('figure', { name: 'Monthly mobile usage' });
      const picker = usage.getByRole('group', { name: 'Monthly mobile usage: figure shown' });
      await picker.waitFor();
      await waitForData(page);

      const expected: Array<[string, RegExp]> = [
        ['Cost', /^Cost \(£\)$/],
        ['Duration', /^Duration \((days|hours|minutes|seconds)\)$/],
        ['Calls', /^Calls$/],
        ['Data', /^Data \((B|kB|MB|GB)\)$/],
      ];
      expect(await picker.getByRole('button').allTextContents()).toEqual(expected.map(([name]) => name));
      for (const [name, title] of expected) {
        await picker.getByRole('button', { name }).click();
        expect(await picker.getByRole('button', { name }).getAttribute('aria-pressed')).toBe('true');
        await expect.poll(() => axisTitles(figure)).toEqual([expect.stringMatching(title)]);
        // Twelve months as bars: no line, so nothing smoothed between them.
        expect(await figure.locator('.MuiBarChart-element').count()).toBe(12);
        expect(await figure.locator('.MuiLineChart-line, path[d*="C"]').count()).toBe(0);
        // The scale starts at zero and every tick label is whole.
        const ticks = await yTicks(figure);
        expect(ticks[0]?.text).toMatch(/^£?0( ?[a-zA-Z]+)?$/);
        for (const tick of ticks) expect(tick).toEqual({ text: expect.not.stringMatching(/…|\.\.\./), inside: true });
      }

      // acme.mobile's calls (10 to 16 a month) stand on a scale from zero.
      await picker.getByRole('button', { name: 'Calls' }).click();
      expect((await yTicks(figure)).map((tick) => tick.text)).toEqual(['0', '5', '10', '15', '20']);

      // The month so far: pale and striped, named 'to date' in the note and the table.
      const thisMonth = await page.evaluate(() =>
        new Intl.DateTimeFormat('en-GB', { month: 'short', year: '2-digit', timeZone: 'Europe/London' })
          .format(new Date())
          .replace('Sept', 'Sep'),
      );
      await usage.getByText(`${thisMonth} (to date) is this month so far: its figures grow until it ends.`).waitFor();
      const lastBar = figure.locator('.MuiBarChart-element').last();
      expect(await lastBar.getAttribute('fill')).toMatch(/^url\(#chart-.*-partial-0\)$/);
      expect(await figure.locator('.MuiBarChart-element').first().getAttribute('fill')).toMatch(/^#/);
      const rows = await page.getByRole('table', { name: 'Monthly mobile usage' }).getByRole('row').allTextContents();
      expect(rows.at(-1)).toContain(`${thisMonth} (to date)`);

      await picker.getByRole('button', { name: 'Cost' }).click();
      await expectAccessible(page);
      await takeScreenshot(page, 'charts-usage-acme-mobile', viewport);
      expect(await problems()).toEqual(NO_PROBLEMS);
    });
  }

  it("draws Brightwave's charts in Brightwave's colours", async () => {
    const { page, problems, session } = await portal.openAs('wayne.admin', DESKTOP);
    await page.goto('/');
    const partner = await session.get<{ name: string; primaryColour: string }>('/api/partners/current');
    expect(partner?.name).toBe('Brightwave Telecom');
    const primary = rgb(partner?.primaryColour ?? '');
    // The shell's own colour is the same primary: the chart follows the theme, not a palette of its own. A page
    // opened with a stored session draws in the default colours until the partner's branding has arrived.
    const banner = page.getByRole('banner');
    await expect.poll(() => banner.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(primary);

    const cost = card(page, 'Monthly Cost').getByRole('figure', { name: 'Cost of each bill' });
    const usage = card(page, 'Monthly Mobile Usage').getByRole('figure', { name: 'Monthly mobile usage' });
    await cost.locator('.MuiBarChart-element').first().waitFor();
    await usage.locator('.MuiBarChart-element').first().waitFor();
    await waitForData(page);
    const fills = (figure: Locator) =>
      figure.locator('.MuiBarChart-element').evaluateAll((bars) => bars.map((bar) => getComputedStyle(bar).fill));
    expect(new Set(await fills(cost))).toEqual(new Set([primary]));
    // The usage chart's finished months are in the primary colour too (the month so far is its striped pattern).
    expect((await fills(usage)).slice(0, -1).every((fill) => fill === primary)).toBe(true);

    await takeScreenshot(page, 'charts-brightwave-dashboard', DESKTOP);
    expect(await problems()).toEqual(NO_PROBLEMS);
  });

  for (const viewport of VIEWPORTS) {
    it(`names multi.admin's companies and offers each company's bill of a month (${viewport.name})`, async () => {
      const { page, problems, session: api } = await portal.openAs('multi.admin', viewport);
      await page.goto('/my-bills');
      const cost = card(page, 'Cost');
      const figure = cost.getByRole('figure', { name: 'Cost of each bill' });
      await figure.locator('.MuiBarChart-element').first().waitFor();
      await waitForData(page);

      const companies = ['Initech Field Services Ltd', 'Initech Holdings Ltd'];
      expect(
        await cost.getByRole('list', { name: 'Cost of each bill: companies' }).getByRole('listitem').allTextContents(),
      ).toEqual(companies);
      // Two companies' segments, told apart by pattern as well as colour.
      const fills = await figure
        .locator('.MuiBarChart-element')
        .evaluateAll((bars) => [...new Set(bars.map((bar) => bar.getAttribute('fill')))]);
      expect(fills).toHaveLength(2);
      expect(fills.some((fill) => fill?.startsWith('url(#'))).toBe(true);
      await cost.getByText("Select a bar to choose which company's bill to download.").waitFor();

      // The newest month's bills, as the list gives them.
      type Bill = { billDate: string; invoiceAmount: number; pdfFileName: string };
      const newest = (await api.get<{ value: Bill[] }>('/api/invoices?$top=1&$select=billDate'))?.value[0];
      if (!newest) throw new Error('multi.admin has no bills');
      const listed =
        (await api.get<{ value: Bill[] }>(`/api/invoices?$filter=billDate eq ${newest.billDate}`))?.value ?? [];
      expect(listed).toHaveLength(2);

      // The top segment of the newest bar stands for the whole month: it offers both bills.
      const month = await page.evaluate(
        (date) =>
          new Intl.DateTimeFormat('en-GB', { month: 'short', year: '2-digit', timeZone: 'Europe/London' })
            .format(new Date(date))
            .replace('Sept', 'Sep'),
        newest.billDate,
      );
      await clickCentre(page, figure.locator('.MuiBarChart-element').last());
      const menu = page.getByRole('menu', { name: `Bills of ${month}` });
      await menu.waitFor();
      await menu.getByText(`Download a bill of ${month}`).waitFor();
      const money = (amount: number) =>
        `£${amount.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
      // One item per company, each with its own bill's amount, which the list agrees with.
      const items = await menu.getByRole('menuitem').allTextContents();
      expect(items.map((item) => companies.find((company) => item.startsWith(company)))).toEqual(companies);
      expect(items.map((item) => item.replace(/^.*Ltd/, '')).sort()).toEqual(
        listed.map((bill) => money(bill.invoiceAmount)).sort(),
      );
      // Nothing in the menu is cut off or wider than the screen.
      const menuBox = await menu.boundingBox();
      expect((menuBox?.x ?? 0) + (menuBox?.width ?? 0)).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
      await takeScreenshot(page, 'charts-multi-admin-bill-menu', viewport);

      // Each item downloads that company's bill.
      const downloaded = page.waitForEvent('download');
      const holdings = items.find((item) => item.startsWith(companies[1] ?? '')) ?? '';
      await menu.getByRole('menuitem', { name: new RegExp(`^${companies[1]}`) }).click();
      const download = await downloaded;
      const holdingsBill = listed.find((bill) => holdings.endsWith(money(bill.invoiceAmount)));
      expect(download.suggestedFilename()).toBe(holdingsBill?.pdfFileName);
      expect(await problems()).toEqual(NO_PROBLEMS);
    });
  }

  it('shows a failed chart as failed, and Retry loads it', async () => {
    const { page } = await portal.openAs('acme.admin', PHONE);
    let failing = true;
    await page.route('**/api/invoices/costChart*', (route) =>
      failing
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"internal"}' })
        : route.continue(),
    );
    await page.goto('/my-bills');
    const figure = card(page, 'Cost').getByRole('figure', { name: 'Cost of each bill' });
    await figure.getByText(FAILED_TEXT).waitFor();
    expect(await figure.getByText('No bills yet.').count()).toBe(0);
    // Only the failed chart says so: the others drew.
    await card(page, 'Calls').locator('.MuiBarChart-element').first().waitFor();
    await takeScreenshot(page, 'charts-failed', PHONE);

    failing = false;
    await figure.getByRole('button', { name: 'Retry Cost of each bill' }).click();
    await figure.locator('.MuiBarChart-element').first().waitFor();
    expect(await figure.getByText(FAILED_TEXT).count()).toBe(0);
  });

  it("writes My Bills' Calls axis labels whole", async () => {
    const { page, problems } = await portal.openAs('acme.admin', DESKTOP);
    // Ten times acme.admin's calls, so the ticks reach thousands ('8,000'), as a larger customer's do.
    await page.route('**/api/invoices/callsChart*', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { value: Array<{ value: number }> };
      await route.fulfill({
        response,
        json: { value: body.value.map((point) => ({ ...point, value: point.value * 10 })) },
      });
    });
    await page.goto('/my-bills');
    const calls = card(page, 'Calls').getByRole('figure', { name: 'Calls of each bill' });
    await calls.locator('.MuiBarChart-element').first().waitFor();
    await waitForData(page);
    expect(await axisTitles(calls)).toEqual(['Calls']);
    const ticks = await yTicks(calls);
    expect(ticks.length).toBeGreaterThan(2);
    // Thousands or more: the demo data is made from the day it is loaded, so the top tick is 8,000 one day and
    // 10,000 another.
    expect(ticks.at(-1)?.text).toMatch(/^\d{1,3}(,\d{3})+$/);
    for (const tick of ticks) expect(tick).toEqual({ text: expect.stringMatching(/^\d{1,3}(,\d{3})*$/), inside: true });
    // Duration and cost too.
    for (const [name, title] of [
      ['Call duration of each bill', /^Duration \((days|hours)\)$/],
      ['Cost of each bill', /^Cost \(£\)$/],
    ] as const) {
      const figure = page.getByRole('figure', { name });
      expect(await axisTitles(figure)).toEqual([expect.stringMatching(title)]);
      for (const tick of await yTicks(figure)) expect(tick.inside).toBe(true);
    }
    await takeScreenshot(page, 'charts-my-bills', DESKTOP);
    expect(await problems()).toEqual(NO_PROBLEMS);
  });
});
