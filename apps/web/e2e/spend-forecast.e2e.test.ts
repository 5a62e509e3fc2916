import type { Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signInThroughApi } from './support/api-session';
import { DESKTOP, takeScreenshot, VIEWPORTS } from './support/browser';
import { expectAccessible, NO_PROBLEMS } from './support/portal';
import { usePortal } from './support/suite';

// "Spend this month" (docs/decisions/0215): the card on the dashboard and a device page shows what the API answered,
// named by company, with the method in words; a failed load says so and its Retry loads it.

interface CompanyForecast {
  companyName: string;
  hasUsage: boolean;
  monthToDate: number;
  forecast: number | null;
  method: string;
}

interface Forecast {
  periodEnd: string;
  figuresTo: string;
  billDate: string;
  companies: CompanyForecast[];
}

const money = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
const TITLE = 'Spend this month';

function ukDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${day}/${month}/${year}`;
}

const card = (page: Page) => page.getByRole('region', { name: TITLE, exact: true });

function forecastAnswer(page: Page, path: RegExp): Promise<Response> {
  return page.waitForResponse((response) => path.test(new URL(response.url()).pathname) && response.status() === 200);
}

/** The card shows each company's figures as the API gave them, each under its company's name. */
async function expectFigures(page: Page, answer: Forecast): Promise<void> {
  const region = card(page);
  await region.getByText(`billed ${ukDate(answer.billDate)}. GBP, excluding VAT.`, { exact: false }).waitFor();
  const blocks = region.getByTestId('spend-forecast-company');
  expect(await blocks.count()).toBe(answer.companies.length);
  for (const company of answer.companies) {
    const block = blocks.filter({ has: page.getByRole('heading', { name: company.companyName }) });
    await block.waitFor();
    if (!company.hasUsage) {
      await block.getByText('No usage this month yet', { exact: true }).waitFor();
      continue;
    }
    await block.getByText(money.format(company.monthToDate), { exact: true }).first().waitFor();
    await block
      .getByText(money.format(company.forecast ?? Number.NaN), { exact: true })
      .last()
      .waitFor();
    await block.getByText(`Month to date (to ${ukDate(answer.figuresTo)})`).waitFor();
    await block.getByText(`Forecast to ${ukDate(answer.periodEnd)}`).waitFor();
    await block.getByText(company.method, { exact: true }).waitFor();
  }
}

describe('spend this month', () => {
  const portal = usePortal();

  for (const viewport of VIEWPORTS) {
    it(`shows multi.admin each company's own month to date and forecast on the dashboard (${viewport.name})`, async () => {
      const session = await signInThroughApi(portal.server.baseUrl, 'multi.admin');
      const { page, problems } = await portal.open(viewport, session.storage);
      const answered = forecastAnswer(page, /^\/api\/users\/spendForecast$/);
      await page.goto('/');
      const answer = (await (await answered).json()) as Forecast;
      expect(answer.companies.map((c) => c.companyName)).toEqual([
        'Initech Field Services Ltd',
        'Initech Holdings Ltd',
      ]);
      await expectFigures(page, answer);
      expect(answer.companies.every((c) => c.hasUsage)).toBe(true);
      expect(answer.companies[0]?.method).toMatch(/^Forecast: the daily average of the last 7 days \(£[\d,.]+\) times/);
      await page.waitForFunction(() => document.querySelectorAll('[role="progressbar"]').length === 0);
      const width = page.viewportSize()?.width ?? 0;
      const box = await card(page).boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? Number.POSITIVE_INFINITY)).toBeLessThanOrEqual(width);
      await expectAccessible(page);
      await takeScreenshot(page, 'spend-forecast-dashboard', viewport);
      expect(await problems()).toEqual(NO_PROBLEMS);
    });

    it(`shows a device's month to date and forecast on its page, as Acme's (${viewport.name})`, async () => {
      const session = await signInThroughApi(portal.server.baseUrl, 'acme.admin');
      const list = await session.get<{ value: Array<{ id: number; identifier: string }> }>(
        '/api/endpoints?$filter=endPointTypeId eq 1&$select=id,identifier&$orderby=identifier&$top=1',
      );
      const line = list?.value[0];
      if (!line) throw new Error('acme.admin has no mobile line');
      const { page, problems } = await portal.open(viewport, session.storage);
      const answered = forecastAnswer(page, new RegExp(`^/api/endpoints/${line.id}/spendForecast$`));
      await page.goto(`/mobile/device/${line.identifier}`);
      const answer = (await (await answered).json()) as Forecast;
      expect(answer.companies.map((c) => c.companyName)).toEqual(['Acme Logistics Ltd']);
      await expectFigures(page, answer);
      await card(page).getByText('· this device').waitFor();
      await page.waitForFunction(() => document.querySelectorAll('[role="progressbar"]').length === 0);
      await expectAccessible(page);
      await takeScreenshot(page, 'spend-forecast-device', viewport);
      expect(await problems()).toEqual(NO_PROBLEMS);
    });
  }

  it('shows a failed load as a failure with a Retry that loads the figures', async () => {
    const session = await signInThroughApi(portal.server.baseUrl, 'acme.admin');
    const { page, problems } = await portal.open(DESKTOP, session.storage);
    let failing = true;
    let failed = 0;
    await page.route(
      (url) => url.pathname === '/api/users/spendForecast',
      async (route) => {
        if (!failing) return route.fallback();
        failed += 1;
        return route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ statusCode: 500, error: 'Internal Server Error', message: 'Injected', code: 'e2e' }),
        });
      },
    );
    await page.goto('/');
    const region = card(page);
    await region.getByText("We couldn't load this month's spend").waitFor({ timeout: 15_000 });
    // A failure, not an empty card.
    expect(await region.getByText('No usage this month yet').count()).toBe(0);
    await expectAccessible(page);
    await takeScreenshot(page, 'spend-forecast-failed', DESKTOP);

    failing = false;
    const answered = forecastAnswer(page, /^\/api\/users\/spendForecast$/);
    await region.getByRole('button', { name: `Retry ${TITLE}` }).click();
    const answer = (await (await answered).json()) as Forecast;
    await expectFigures(page, answer);
    expect(await region.getByRole('alert').count()).toBe(0);

    const { failedRequests, consoleErrors, ...rest } = await problems();
    expect(failedRequests).toHaveLength(failed);
    expect(consoleErrors.every((error) => error.includes('500'))).toBe(true);
    expect(rest).toEqual({ pageErrors: [], cspViolations: [] });
  });
});
