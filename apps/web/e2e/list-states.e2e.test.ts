import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type ApiSession, signInThroughApi } from './support/api-session';
import { DESKTOP, PHONE, takeScreenshot, VIEWPORTS, type ViewportProfile } from './support/browser';
import { screenshotsDir } from './support/paths';
import { expectAccessible, NO_PROBLEMS } from './support/portal';
import { usePortal } from './support/suite';

// The four states of every list (decision 0055), the company of each row for callers with several companies
// (decision 0056) and the compact phone cards (decision 0058), on the built portal with the demo data.

interface ListCase {
  name: string;
  path: string;
  /** The list's API path; the table's own requests are the ones with `$count=true`. */
  api: string;
  /** The table's (and the cards') accessible name. */
  label: string;
  loadError: string;
}

const BILLS_FAILED = "We couldn't load your bills";
const ORDERS_FAILED = "We couldn't load your orders";
const LISTS: readonly ListCase[] = [
  { name: 'my-bills', path: '/my-bills', api: '/api/invoices', label: 'Invoices', loadError: BILLS_FAILED },
  { name: 'dashboard-bills', path: '/', api: '/api/invoices', label: 'Latest bills', loadError: BILLS_FAILED },
  {
    name: 'mobile-orders',
    path: '/mobile/orders',
    api: '/api/orders/mobile',
    label: 'Mobile Orders',
    loadError: ORDERS_FAILED,
  },
  {
    name: 'broadband-orders',
    path: '/broadband/orders',
    api: '/api/orders/broadband',
    label: 'Broadband Orders',
    loadError: ORDERS_FAILED,
  },
];

const COMPANIES = ['Initech Holdings Ltd', 'Initech Field Services Ltd'];

/**
 * Answers the list's requests (those matching `which`) with a 500 while `failing` is set, and lets them through
 * afterwards; `failed` counts the refused ones.
 */
async function failListRequests(page: Page, api: string, which: (params: URLSearchParams) => boolean) {
  const state = { failing: true, failed: 0 };
  await page.route(
    (url) => url.pathname === api && url.searchParams.get('$count') === 'true' && which(url.searchParams),
    async (route) => {
      if (!state.failing) return route.fallback();
      state.failed += 1;
      return route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 500, error: 'Internal Server Error', message: 'Injected', code: 'e2e' }),
      });
    },
  );
  return state;
}

/** The rows of a list as either view draws them: table body rows (not the skeleton nor a failure row), or cards. */
function listRows(page: Page, viewport: ViewportProfile, label: string): Locator {
  return viewport === PHONE
    ? page.getByRole('list', { name: label, exact: true }).getByTestId('data-table-card')
    : page
        .getByRole('table', { name: label, exact: true })
        .locator('tbody tr:not([aria-hidden="true"]):not(:has([role="alert"]))');
}

async function waitForIdle(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelectorAll('[role="progressbar"]').length === 0);
}

/** The bottom of the fixed app bar, where the page's scrolled content starts to show. */
async function appBarBottom(page: Page): Promise<number> {
  return page.getByRole('banner').evaluate((header) => header.getBoundingClientRect().bottom);
}

/** Scrolls the first card to just under the app bar and gives the cards' boxes (viewport coordinates). */
async function cardBoxesFromTheTop(page: Page, cards: Locator): Promise<Array<{ top: number; bottom: number }>> {
  const top = await appBarBottom(page);
  await cards.first().evaluate((card, under) => {
    window.scrollTo(0, card.getBoundingClientRect().top + window.scrollY - under - 8);
  }, top);
  return cards.evaluateAll((all) =>
    all.map((card) => ({ top: card.getBoundingClientRect().top, bottom: card.getBoundingClientRect().bottom })),
  );
}

/** A picture of the screen as the user sees it (not the whole page). */
async function screenSnapshot(page: Page, name: string, viewport: ViewportProfile): Promise<void> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.screenshot({ path: path.join(screenshotsDir, `${name}-${viewport.name}.png`), animations: 'disabled' });
}

describe('list states, companies and cards', () => {
  const portal = usePortal();
  const sessions = new Map<string, ApiSession>();
  async function open(viewport: ViewportProfile, userName: string) {
    let session = sessions.get(userName);
    if (!session) {
      session = await signInThroughApi(portal.server.baseUrl, userName);
      sessions.set(userName, session);
    }
    return portal.open(viewport, session.storage);
  }

  for (const viewport of VIEWPORTS) {
    it(`says a failed load failed on each list, and Retry brings the rows (${viewport.name})`, async () => {
      for (const list of LISTS) {
        const { page, close } = await open(viewport, 'acme.admin');
        const failure = await failListRequests(page, list.api, () => true);
        await page.goto(list.path);
        const alert = page.getByRole('alert').filter({ hasText: list.loadError });
        await alert.waitFor();
        // The failure is said as one, never as an empty list; the headers (or the sort and filters) stay.
        expect(await page.getByText(/No bills yet|There are no orders yet/).count(), list.name).toBe(0);
        if (viewport === DESKTOP) {
          expect(await page.getByRole('table', { name: list.label, exact: true }).locator('thead th').count()).toBe(
            list.name === 'dashboard-bills' ? 9 : list.name === 'my-bills' ? 9 : 4,
          );
        }
        expect(failure.failed, list.name).toBeGreaterThan(0);
        await waitForIdle(page);
        if (list.name === 'my-bills' || list.name === 'mobile-orders')
          await takeScreenshot(page, `list-failed-${list.name}`, viewport);

        // A reload the page starts by itself (before the flip) fails too and shows the alert again: only flip while
        // the alert stands, so the rows that follow come from Retry, not from a reload already under way.
        const retry = alert.getByRole('button', { name: 'Retry' });
        await retry.waitFor();
        failure.failing = false;
        await retry.click();
        // On a table the failure is itself a body row: wait for it to go before reading the rows.
        await alert.waitFor({ state: 'detached' });
        await listRows(page, viewport, list.label).first().waitFor();
        expect(await listRows(page, viewport, list.label).count(), list.name).toBeGreaterThan(0);
        expect(await page.getByText(list.loadError).count(), list.name).toBe(0);
        await close();
      }
    });
  }

  it('says a failed next page failed and retries it, in the table and in the cards', async () => {
    // Table: the second page of My Bills (24 bills, 13 a page).
    const desktop = (await open(DESKTOP, 'acme.admin')).page;
    const nextPage = await failListRequests(desktop, '/api/invoices', (params) => params.get('$skip') !== '0');
    nextPage.failing = false;
    await desktop.goto('/my-bills');
    const table = listRows(desktop, DESKTOP, 'Invoices');
    await table.first().waitFor();
    nextPage.failing = true;
    await desktop.getByRole('button', { name: 'Go to next page' }).click();
    const tableAlert = desktop.getByRole('alert').filter({ hasText: BILLS_FAILED });
    await tableAlert.waitFor();
    await desktop.getByText('14–24 of 24').waitFor();
    nextPage.failing = false;
    await tableAlert.getByRole('button', { name: 'Retry' }).click();
    await desktop.waitForFunction(
      () => document.querySelectorAll('table[aria-label="Invoices"] tbody tr:not([aria-hidden])').length === 11,
    );

    // Cards: the second load of the infinite scroll; the first 13 cards stay, and nothing asks again by itself.
    const phone = (await open(PHONE, 'acme.admin')).page;
    const moreCards = await failListRequests(phone, '/api/invoices', (params) => params.get('$skip') !== '0');
    // The page's own clock, so "nothing asks again by itself" is checked over its time, not the machine's.
    await phone.clock.install();
    await phone.goto('/my-bills');
    const cards = listRows(phone, PHONE, 'Invoices');
    await cards.nth(12).waitFor();
    await phone.getByTestId('data-table-sentinel').scrollIntoViewIfNeeded();
    const cardsAlert = phone.getByRole('alert').filter({ hasText: BILLS_FAILED });
    await cardsAlert.waitFor();
    await waitForIdle(phone);
    expect(await cards.count()).toBe(13);
    expect(await phone.getByRole('button', { name: 'Load more' }).count()).toBe(0);
    const refused = moreCards.failed;
    await phone.clock.runFor(60_000);
    await waitForIdle(phone);
    expect(moreCards.failed).toBe(refused);
    await screenSnapshot(phone, 'list-more-failed', PHONE);

    moreCards.failing = false;
    await cardsAlert.getByRole('button', { name: 'Retry' }).click();
    await phone.getByText('Showing 24 of 24').waitFor();
    expect(await cards.count()).toBe(24);
  });

  it('says when a filter matches nothing, and Clear filters brings the rows back', async () => {
    // My Bills, desktop, a filter typed in the dialog.
    const { page, problems } = await open(DESKTOP, 'acme.admin');
    await page.goto('/my-bills');
    const bills = listRows(page, DESKTOP, 'Invoices');
    await bills.first().waitFor();
    await page.getByRole('button', { name: 'Filter Invoice Number' }).click();
    await page.getByRole('dialog', { name: 'Filter for Invoice Number' }).getByRole('textbox').fill('NO-SUCH-BILL');
    await page.getByRole('button', { name: 'Apply' }).click();
    const noBills = page.getByRole('status').filter({ hasText: 'No bills match this filter' });
    await noBills.waitFor();
    expect(await page.getByText('No bills yet.').count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await takeScreenshot(page, 'list-no-match-my-bills', DESKTOP);
    await noBills.getByRole('button', { name: 'Clear filters' }).click();
    // The message's own row stays until the bills arrive: wait for the page of them.
    await expect.poll(() => bills.count()).toBe(13);
    expect(await page.getByText('No bills match this filter').count()).toBe(0);
    expect(new URL(page.url()).search).not.toContain('bills.f.');
    await expectAccessible(page);
    expect(await problems()).toEqual(NO_PROBLEMS);

    // The orders lists, as cards, from a shared link.
    for (const kind of ['mobile', 'broadband'] as const) {
      const phone = await open(PHONE, 'acme.admin');
      await phone.page.goto(`/${kind}/orders?orders.f.reference=NO-SUCH-ORDER`);
      const noOrders = phone.page.getByRole('status').filter({ hasText: 'No orders match this filter' });
      await noOrders.waitFor();
      if (kind === 'mobile') await takeScreenshot(phone.page, 'list-no-match-mobile-orders', PHONE);
      await noOrders.getByRole('button', { name: 'Clear filters' }).click();
      const title = kind === 'mobile' ? 'Mobile Orders' : 'Broadband Orders';
      await listRows(phone.page, PHONE, title).first().waitFor();
      expect(await phone.problems()).toEqual(NO_PROBLEMS);
    }
  });

  it('shows the company of each bill and order to multi.admin, and no Company column to one company', async () => {
    for (const [userName, severalCompanies] of [
      ['multi.admin', true],
      ['acme.admin', false],
    ] as const) {
      for (const list of LISTS) {
        const { page, problems, close } = await open(DESKTOP, userName);
        await page.goto(list.path);
        const table = page.getByRole('table', { name: list.label, exact: true });
        await listRows(page, DESKTOP, list.label).first().waitFor();
        await waitForIdle(page);
        const headers = await table.locator('thead th').allTextContents();
        expect(headers.includes('Company'), `${userName} ${list.name}`).toBe(severalCompanies);
        // The extra column still fits the screen: nothing scrolls sideways.
        const overflow = await table.evaluate((element) => {
          const container = element.parentElement as HTMLElement;
          return container.scrollWidth - container.clientWidth;
        });
        expect(overflow, `${userName} ${list.name}`).toBeLessThanOrEqual(0);
        if (severalCompanies) {
          const column = headers.indexOf('Company') + 1;
          const names = new Set(await table.locator(`tbody td:nth-child(${column})`).allTextContents());
          expect([...names].sort(), list.name).toEqual([...COMPANIES].sort());
          if (list.name !== 'broadband-orders') await takeScreenshot(page, `list-companies-${list.name}`, DESKTOP);
        }
        expect(await problems()).toEqual(NO_PROBLEMS);
        await close();
      }
    }

    // Phone: the company is a line of each card.
    const phone = (await open(PHONE, 'multi.admin')).page;
    await phone.goto('/mobile/orders');
    const cards = listRows(phone, PHONE, 'Mobile Orders');
    await cards.first().waitFor();
    const companyLines = await cards.evaluateAll((all) =>
      all.map((card) => {
        const term = [...card.querySelectorAll('dt')].find((dt) => dt.textContent === 'Company');
        return term?.nextElementSibling?.textContent ?? null;
      }),
    );
    expect(new Set(companyLines)).toEqual(new Set(COMPANIES));
    await screenSnapshot(phone, 'list-companies-mobile-orders', PHONE);

    // The order page says whose the order is.
    await cards.first().getByRole('link').click();
    const summary = phone.getByRole('region', { name: 'Order summary' });
    await summary.getByText('Company').waitFor();
    expect(COMPANIES).toContain(await summary.locator('dt:text-is("Company") + dd').textContent());
    const single = (await open(DESKTOP, 'acme.admin')).page;
    await single.goto('/mobile/orders');
    await listRows(single, DESKTOP, 'Mobile Orders').first().getByRole('link').click();
    await single.getByRole('region', { name: 'Order summary' }).getByText('Order Placed').waitFor();
    expect(await single.getByRole('region', { name: 'Order summary' }).getByText('Company').count()).toBe(0);
  });

  it('draws status rows as tall as plain ones, with the text at the size of the other cells', async () => {
    const { page, problems } = await open(DESKTOP, 'acme.admin');
    for (const [path, label] of [
      ['/mobile/orders', 'Mobile Orders'],
      ['/broadband/orders', 'Broadband Orders'],
    ] as const) {
      await page.goto(path);
      await listRows(page, DESKTOP, label).nth(5).waitFor();
      await waitForIdle(page);
      const rows = await page
        .getByRole('table', { name: label, exact: true })
        .locator('tbody tr')
        .evaluateAll((all) =>
          all.map((row) => {
            const status = row.querySelector('[data-status]');
            const date = row.querySelector('td');
            return {
              height: Math.round(row.getBoundingClientRect().height * 10) / 10,
              style: status?.getAttribute('data-status') ?? 'none',
              icon: status?.querySelector('svg') !== null,
              statusFont: status ? getComputedStyle(status).fontSize : '',
              cellFont: date ? getComputedStyle(date).fontSize : '',
            };
          }),
        );
      // Both kinds are there: statuses with an icon and plain ones.
      expect(rows.some((row) => row.icon)).toBe(true);
      expect(rows.some((row) => !row.icon)).toBe(true);
      expect(new Set(rows.map((row) => row.height)).size, JSON.stringify(rows)).toBe(1);
      for (const row of rows) expect(row.statusFont).toBe(row.cellFont);
      await takeScreenshot(page, `list-status-rows-${label === 'Mobile Orders' ? 'mobile' : 'broadband'}`, DESKTOP);
    }
    expect(await problems()).toEqual(NO_PROBLEMS);
  });

  it('fits three bill cards on a phone screen', async () => {
    for (const userName of ['acme.admin', 'multi.admin']) {
      const { page, problems } = await open(PHONE, userName);
      await page.goto('/my-bills');
      const cards = listRows(page, PHONE, 'Invoices');
      await cards.nth(3).waitFor();
      await waitForIdle(page);
      const boxes = await cardBoxesFromTheTop(page, cards);
      const screenHeight = page.viewportSize()?.height ?? 0;
      const heights = boxes.slice(0, 3).map((box) => box.bottom - box.top);
      for (const height of heights) expect(height, userName).toBeLessThan((screenHeight - 64) / 3);
      expect(boxes[0]!.top).toBeGreaterThanOrEqual(await appBarBottom(page));
      expect(boxes[2]!.bottom, userName).toBeLessThanOrEqual(screenHeight);
      // The key figures and both downloads are on the card.
      const first = cards.first();
      for (const label of ['Bill Date', 'Invoice Number', 'Invoice Amount'])
        await first.locator(`dt:text-is("${label}")`).waitFor();
      expect(await first.getByRole('button', { name: /^Download (bill|CDRs) / }).count()).toBe(2);
      await screenSnapshot(page, `list-bill-cards-${userName.split('.')[0]}`, PHONE);
      await expectAccessible(page);
      expect(await problems()).toEqual(NO_PROBLEMS);
    }
  });
});
