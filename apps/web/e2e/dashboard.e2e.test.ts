import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from './support/accounts';
import { type ApiSession, signInThroughApi } from './support/api-session';
import { DESKTOP, PHONE, takeScreenshot, VIEWPORTS, type ViewportProfile } from './support/browser';
import { expectAccessible, NO_PROBLEMS } from './support/portal';
import { usePortal } from './support/suite';

interface Company {
  id: number;
  name: string;
}

interface List<T> {
  value: T[];
  '@odata.count'?: number;
}

const money = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
const count = new Intl.NumberFormat('en-GB');

/** `2026-11-05` as the portal shows it: `05/11/2026`. */
function ukDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${day}/${month}/${year}`;
}

function tile(page: Page, name: string): Locator {
  return page.getByRole('region', { name, exact: true });
}

function companyRow(page: Page, tileName: string, company: Company): Locator {
  return tile(page, tileName).getByRole('listitem').filter({ hasText: company.name });
}

/** Waits until no loading indicator or placeholder is left in the tiles. */
async function waitForTiles(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const texts = Array.from(document.querySelectorAll('main section')).map((section) => section.textContent ?? '');
    return (
      document.querySelectorAll('[role="progressbar"]').length === 0 &&
      !texts.some((text) => /£--\.--|(^|\s)- (Devices|Broadband Contracts|Orders)/.test(text))
    );
  });
}

/** Nothing on the page is wider than the screen: the main area does not scroll sideways and every card fits. */
async function fitsTheScreen(page: Page): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  const layout = await page.getByRole('main').evaluate((main) => ({
    sideways: main.scrollWidth - main.clientWidth,
    rightmost: Math.max(
      main.getBoundingClientRect().right,
      ...Array.from(main.querySelectorAll('section')).map((section) => section.getBoundingClientRect().right),
    ),
  }));
  expect(layout.sideways).toBe(0);
  expect(layout.rightmost).toBeLessThanOrEqual(width);
}

async function openHome(portal: ReturnType<typeof usePortal>, viewport: ViewportProfile, session: ApiSession) {
  const opened = await portal.open(viewport, session.storage);
  await opened.page.goto('/');
  await opened.page.getByRole('heading', { level: 1, name: 'Home' }).waitFor();
  return opened;
}

/** What the API says of each company's bills: the figures the tiles must show. */
async function billFiguresPerCompany(session: ApiSession) {
  const companies = (await session.get<List<Company>>('/api/companies/names'))?.value ?? [];
  return Promise.all(
    companies.map(async (company) => {
      const filter = encodeURIComponent(`companyId eq ${company.id}`);
      const latest = await session.get<List<{ billDate: string; invoiceAmount: number }>>(
        `/api/invoices?$filter=${filter}&$orderby=billDate%20desc&$top=1&$select=billDate,invoiceAmount`,
      );
      const unbilled = await session.get<{ value: number }>(`/api/invoices/unbilledCalls?companyId=${company.id}`);
      return { company, latest: latest?.value[0], unbilledCalls: unbilled?.value };
    }),
  );
}

describe('dashboard tiles and the home page', () => {
  const portal = usePortal();

  for (const viewport of VIEWPORTS) {
    it(`names each of multi.admin's companies in the bill tiles, with the API's figures (${viewport.name})`, async () => {
      const session = await signInThroughApi(portal.server.baseUrl, 'multi.admin');
      const figures = await billFiguresPerCompany(session);
      expect(figures.map((figure) => figure.company.name).sort()).toEqual([
        'Initech Field Services Ltd',
        'Initech Holdings Ltd',
      ]);

      const { page, problems } = await openHome(portal, viewport, session);
      for (const { company, latest, unbilledCalls } of figures) {
        if (!latest || unbilledCalls === undefined) throw new Error(`${company.name} has no bill or no call count`);
        const bill = companyRow(page, 'Latest Bill', company);
        await bill.getByText(money.format(latest.invoiceAmount), { exact: true }).waitFor();
        await bill.getByText(`billed ${ukDate(latest.billDate)}`).waitFor();
        await companyRow(page, 'Unbilled Calls', company)
          .getByText(count.format(unbilledCalls), { exact: true })
          .waitFor();
      }
      // One row per company, and nothing unnamed.
      expect(await tile(page, 'Latest Bill').getByRole('listitem').count()).toBe(2);
      expect(await tile(page, 'Unbilled Calls').getByRole('listitem').count()).toBe(2);
      await tile(page, 'Your Estate').getByText('Across your 2 companies').waitFor();
      await waitForTiles(page);

      await fitsTheScreen(page);
      await expectAccessible(page);
      await takeScreenshot(page, 'dashboard-multi-company', viewport);
      expect(await problems()).toEqual(NO_PROBLEMS);
    });
  }

  it('shows a failed tile request as a failure, and its Retry loads the figure', async () => {
    const session = await signInThroughApi(portal.server.baseUrl, 'multi.admin');
    const [first] = await billFiguresPerCompany(session);
    if (!first?.latest) throw new Error('multi.admin has no bill');
    const { page, problems } = await portal.open(DESKTOP, session.storage);
    // Every unbilled-calls, latest-bill and device-count request fails until the test lets them through.
    let failing = true;
    const failed: string[] = [];
    const failFirst = (pattern: RegExp) =>
      page.route(pattern, async (route) => {
        if (!failing) return route.continue();
        failed.push(route.request().url());
        return route.fulfill({ status: 503, contentType: 'application/json', body: '{"code":"unavailable"}' });
      });
    await failFirst(/\/api\/invoices\/unbilledCalls\?/);
    await failFirst(/\/api\/invoices\?.*companyId/);
    await failFirst(/\/api\/endpoints\/mobileHandset\/user\?/);
    await page.goto('/');

    const latest = tile(page, 'Latest Bill');
    const unbilled = tile(page, 'Unbilled Calls');
    const estate = tile(page, 'Your Estate');
    await expect.poll(() => latest.getByText("Couldn't load").count(), { timeout: 10_000 }).toBe(2);
    await expect.poll(() => unbilled.getByText("Couldn't load").count(), { timeout: 10_000 }).toBe(2);
    await estate.getByText("Devices: Couldn't load").waitFor();
    // The failure is not shown as nothing, nor left as a placeholder.
    expect(await latest.getByText(/No bills yet|£--\.--/).count()).toBe(0);
    expect(await unbilled.getByText(/^(0|-)$/).count()).toBe(0);
    await takeScreenshot(page, 'dashboard-failed', DESKTOP);

    failing = false;
    const firstRow = companyRow(page, 'Latest Bill', first.company);
    await firstRow.getByRole('button', { name: 'Retry' }).click();
    await firstRow.getByText(money.format(first.latest.invoiceAmount), { exact: true }).waitFor();
    // Only the retried figure loaded: the other company's still says it failed.
    expect(await latest.getByText("Couldn't load").count()).toBe(1);
    // Each Retry asks for its own company's count; the button goes while its figure loads.
    for (const remaining of [2, 1]) {
      await expect.poll(() => unbilled.getByRole('button', { name: 'Retry' }).count()).toBe(remaining);
      await unbilled.getByRole('button', { name: 'Retry' }).first().click();
    }
    await expect.poll(() => unbilled.getByText(/^\d[\d,]*$/).count(), { timeout: 10_000 }).toBe(2);
    await estate.getByRole('button', { name: 'Retry' }).click();
    await estate.getByText(/^\d+ Devices?$/).waitFor();

    const { failedRequests, consoleErrors, ...rest } = await problems();
    expect(failedRequests).toHaveLength(failed.length);
    expect(failedRequests.every((request) => request.endsWith('HTTP 503'))).toBe(true);
    expect(consoleErrors.every((error) => error.includes('503'))).toBe(true);
    expect(rest).toEqual({ pageErrors: [], cspViolations: [] });
  });

  for (const [userName, shortcuts] of [
    [
      'acme.sitemanager',
      [
        'Mobile Estate',
        'Mobile Orders',
        'Broadband Estate',
        'Broadband Orders',
        'Search',
        'FAQ',
        'Contact',
        'My Account',
      ],
    ],
    ['acme.teamlead', ['Mobile Estate', 'Search', 'FAQ', 'Contact', 'My Account']],
  ] as const) {
    for (const viewport of VIEWPORTS) {
      it(`gives ${userName} shortcuts to what they can open, and no bills (${viewport.name})`, async () => {
        const session = await signInThroughApi(portal.server.baseUrl, userName);
        const { page, problems } = await openHome(portal, viewport, session);
        const welcome = page.getByRole('region', { name: 'Welcome' });
        await welcome.getByText(`Welcome, ${userName}`).waitFor();
        await welcome.getByText('Acme Logistics Ltd').waitFor();
        const list = page.getByRole('list', { name: 'Shortcuts' });
        expect(await list.getByRole('heading').allTextContents()).toEqual(shortcuts);
        for (const kind of ['mobile', 'broadband'] as const) {
          const title = `${kind === 'mobile' ? 'Mobile' : 'Broadband'} Orders`;
          if (!(shortcuts as readonly string[]).includes(title)) continue;
          const orders = await session.get<List<unknown>>(`/api/orders/${kind}?$count=true&$top=0`);
          const total = orders?.['@odata.count'] ?? -1;
          await tile(page, title)
            .getByText(`${count.format(total)} ${total === 1 ? 'Order' : 'Orders'}`, { exact: true })
            .waitFor();
        }
        await waitForTiles(page);
        // (The partner's banner above may mention bills; the home page itself promises none.)
        for (const part of [welcome, list]) expect(await part.getByText(/\bbills?\b/i).count()).toBe(0);
        await fitsTheScreen(page);
        await expectAccessible(page);
        await takeScreenshot(page, `home-${userName.replace('.', '-')}`, viewport);
        expect(await problems()).toEqual(NO_PROBLEMS);
      });
    }
  }

  for (const userName of DEMO_ACCOUNTS) {
    it(`promises nothing on ${userName}'s home page that the account cannot open (phone)`, async () => {
      const session = await signInThroughApi(portal.server.baseUrl, userName);
      const { page, problems } = await openHome(portal, PHONE, session);
      await waitForTiles(page);
      await fitsTheScreen(page);
      const links = await page
        .getByRole('main')
        .getByRole('link')
        .evaluateAll((anchors) => [
          ...new Set(anchors.map((anchor) => new URL((anchor as HTMLAnchorElement).href).pathname)),
        ]);
      for (const path of links) {
        await page.goto(path);
        // Not sent home for lacking the permission, and not a placeholder of a page still to come.
        await expect.poll(() => new URL(page.url()).pathname, { message: path, timeout: 10_000 }).toBe(path);
        await page.getByRole('heading', { level: 1 }).waitFor();
        expect(await page.getByText('This page is not available yet.').count(), path).toBe(0);
      }
      expect(await problems()).toEqual(NO_PROBLEMS);
    });
  }
});
