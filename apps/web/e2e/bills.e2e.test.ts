import { readFile } from 'node:fs/promises';
import type { Download, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, takeScreenshot, VIEWPORTS } from './support/browser';
import { expectAccessible, NO_PROBLEMS, sideMenuLabels } from './support/portal';
import { usePortal } from './support/suite';

const DOWNLOAD_FAILED = 'Unable to download the file. Please try again later.';

function tile(page: Page, name: string): Locator {
  return page.getByRole('region', { name, exact: true });
}

/** Waits until no loading indicator is left on the page (tiles, charts, tables). */
async function waitForData(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelectorAll('[role="progressbar"]').length === 0);
}

/**
 * The page content fits the viewport: nothing in it scrolls sideways and it ends within the screen. (On a phone
 * profile Chromium widens the layout viewport to fit wide content, so scrollWidth against innerWidth would not do.)
 */
async function noHorizontalOverflow(page: Page): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  const main = await page.getByRole('main').evaluate((element) => ({
    right: element.getBoundingClientRect().right,
    overflow: element.scrollWidth - element.clientWidth,
  }));
  expect(main).toEqual({ right: expect.any(Number), overflow: 0 });
  expect(main.right).toBeLessThanOrEqual(width);
}

async function pdfOf(download: Download): Promise<Buffer> {
  const path = await download.path();
  return readFile(path);
}

describe('dashboard and My Bills', () => {
  const portal = usePortal();

  for (const viewport of VIEWPORTS) {
    it(`shows acme.admin every tile, the charts and the latest bills (${viewport.name})`, async () => {
      const { page, problems } = await portal.openAs('acme.admin', viewport);
      await page.goto('/');
      await page.getByRole('heading', { level: 1, name: 'Home' }).waitFor();

      await tile(page, 'Unbilled Calls')
        .getByText(/^\d[\d,]*$/)
        .waitFor();
      await tile(page, 'Latest Bill')
        .getByText(/^£[\d,]+\.\d\d$/)
        .waitFor();
      const estate = tile(page, 'Your Estate');
      await estate.getByText(/^\d+ Devices?$/).waitFor();
      await estate.getByText(/^\d+ Broadband Contracts?$/).waitFor();
      await tile(page, 'Monthly Cost').getByRole('figure', { name: 'Cost of each bill' }).waitFor();
      await tile(page, 'Monthly Mobile Usage').getByRole('figure', { name: 'Monthly mobile usage' }).waitFor();
      const bills = tile(page, 'My Bills');
      await bills
        .getByText(/^INV\d/)
        .first()
        .waitFor();
      await waitForData(page);
      // Page size 5 only: five bills, no page size choice.
      expect(await bills.getByText(/^INV\d/).count()).toBe(5);
      expect(await bills.getByRole('combobox', { name: /rows per page/i }).count()).toBe(0);
      // The screen-reader tables of both charts are filled.
      expect(await page.getByRole('table', { name: 'Monthly mobile usage' }).getByRole('row').count()).toBe(13);

      await noHorizontalOverflow(page);
      await expectAccessible(page);
      await takeScreenshot(page, 'dashboard', viewport);
      expect(await problems()).toEqual(NO_PROBLEMS);
    });

    it(`shows acme.admin My Bills with both download columns (${viewport.name})`, async () => {
      const { page, problems } = await portal.openAs('acme.admin', viewport);
      await page.goto('/my-bills');
      await page.getByRole('heading', { level: 1, name: 'My Bills' }).waitFor();
      for (const name of ['Cost of each bill', 'Call duration of each bill', 'Calls of each bill']) {
        await page.getByRole('figure', { name }).locator('svg').first().waitFor();
      }
      await page
        .getByRole('button', { name: /^Download bill INV\d/ })
        .first()
        .waitFor();
      await waitForData(page);
      // 13 a page: a table on a desktop, cards loading 13 at first on a phone.
      expect(await page.getByRole('button', { name: /^Download bill INV\d/ }).count()).toBe(13);
      expect(await page.getByRole('button', { name: /^Download CDRs INV\d/ }).count()).toBe(13);
      if (viewport === DESKTOP) {
        const headers = await page.getByRole('table', { name: 'Invoices' }).getByRole('columnheader').allTextContents();
        expect(headers).toEqual([
          'Bill Date',
          'Invoice Number',
          'Calls',
          'Duration',
          'Usage',
          'Fixed Charges',
          'Invoice Amount',
          'Bill',
          'CDRs',
        ]);
      }
      await page.getByText('Select a bar to download that bill.').waitFor();

      await noHorizontalOverflow(page);
      await expectAccessible(page);
      await takeScreenshot(page, 'my-bills', viewport);
      expect(await problems()).toEqual(NO_PROBLEMS);
    });
  }

  it('keeps the page, sort and filter of My Bills in the URL through reload, Back and Forward', async () => {
    const { page, problems } = await portal.openAs('acme.admin', DESKTOP);
    await page.goto('/my-bills');
    const table = page.getByRole('table', { name: 'Invoices' });
    const pagination = page.getByText(/^\d+–\d+ of \d+$/);
    const invoiceNumbers = () => table.locator('tbody tr td:nth-child(2)').allTextContents();
    const shows = async (range: RegExp) => {
      await pagination.filter({ hasText: range }).waitFor();
      await waitForData(page);
    };
    await shows(/^1–13 of 24$/);
    const [newest = '', secondNewest = ''] = await table.locator('tbody tr td:first-child').allTextContents();
    const [newestNumber = ''] = await invoiceNumbers();

    // Page 2, then sort by amount (back to page 1), then bills up to the second newest, then page 2 again.
    await page.getByRole('button', { name: 'Go to next page' }).click();
    await shows(/^14–24 of 24$/);
    await table.getByRole('button', { name: 'Invoice Amount' }).click();
    await shows(/^1–13 of 24$/);
    await page.getByRole('button', { name: 'Filter Bill Date' }).click();
    const dialog = page.getByRole('dialog', { name: 'Filter for Bill Date' });
    await dialog.getByLabel('To').fill(secondNewest.split('/').reverse().join('-'));
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await shows(/^1–13 of 23$/);
    await page.getByRole('button', { name: 'Go to next page' }).click();
    await shows(/^14–23 of 23$/);
    const secondPage = await invoiceNumbers();

    const expectFilteredPageTwo = async () => {
      await shows(/^14–23 of 23$/);
      expect(await invoiceNumbers()).toEqual(secondPage);
      expect(await table.getByRole('columnheader', { name: /Invoice Amount/ }).getAttribute('aria-sort')).toBe(
        'ascending',
      );
      await page.getByText(`Bill Date: to ${secondNewest}`).waitFor();
      const url = new URL(page.url());
      expect(Object.fromEntries(url.searchParams)).toEqual({
        'bills.page': '2',
        'bills.sort': 'invoiceAmount.asc',
        'bills.f.billDate': `..${secondNewest.split('/').reverse().join('-')}`,
      });
    };
    await expectFilteredPageTwo();
    // The amounts go up, and the newest bill is filtered out.
    const amounts = (await table.locator('tbody tr td:nth-child(7)').allTextContents()).map((text) =>
      Number(text.replace(/[£,]/g, '')),
    );
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    expect(secondPage).not.toContain(newestNumber);

    await page.reload();
    await expectFilteredPageTwo();

    await page.getByRole('link', { name: 'Home' }).click();
    await page.getByRole('heading', { level: 1, name: 'Home' }).waitFor();
    await page.goBack();
    await expectFilteredPageTwo();

    // Back steps through the earlier states: filtered page 1, sorted, page 2, the first page.
    await page.goBack();
    await shows(/^1–13 of 23$/);
    await page.goBack();
    await shows(/^1–13 of 24$/);
    expect(await page.getByText(/^Bill Date: to/).count()).toBe(0);
    expect(await table.getByRole('columnheader', { name: /Invoice Amount/ }).getAttribute('aria-sort')).toBe(
      'ascending',
    );
    await page.goBack();
    await shows(/^14–24 of 24$/);
    expect(await table.getByRole('columnheader', { name: /Bill Date/ }).getAttribute('aria-sort')).toBe('descending');
    await page.goBack();
    await shows(/^1–13 of 24$/);
    expect((await table.locator('tbody tr td:first-child').allTextContents())[0]).toBe(newest);
    expect(new URL(page.url()).search).toBe('');
    await page.goForward();
    await shows(/^14–24 of 24$/);
    expect(await problems()).toEqual(NO_PROBLEMS);
  });

  it('downloads a bill when acme.admin clicks a bar of the invoice graph', async () => {
    const { page, problems } = await portal.openAs('acme.admin', DESKTOP);
    await page.goto('/my-bills');
    const graph = page.getByRole('figure', { name: 'Cost of each bill' });
    const bars = graph.locator('.MuiBarChart-element');
    await bars.first().waitFor();
    expect(await bars.count()).toBeGreaterThan(1);

    const downloaded = page.waitForEvent('download');
    const box = await bars.last().boundingBox();
    if (!box) throw new Error('The newest bar has no box');
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    const download = await downloaded;
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const file = await pdfOf(download);
    expect(file.subarray(0, 4).toString('latin1')).toBe('%PDF');

    // The newest bar is the newest bill: the first row of the table.
    const newest = await page.getByRole('table', { name: 'Invoices' }).getByRole('row').nth(1).getByRole('cell').nth(1);
    expect(download.suggestedFilename()).toContain(((await newest.textContent()) ?? '').trim());
    expect(await problems()).toEqual(NO_PROBLEMS);
  });

  it('downloads the bill PDF and the call-detail CSV from the table', async () => {
    const { page, problems } = await portal.openAs('acme.admin', DESKTOP);
    await page.goto('/my-bills');
    const billButton = page.getByRole('button', { name: /^Download bill INV\d/ }).first();
    await billButton.waitFor();

    let downloaded = page.waitForEvent('download');
    await billButton.click();
    const bill = await downloaded;
    expect(bill.suggestedFilename()).toMatch(/\.pdf$/);
    expect((await pdfOf(bill)).subarray(0, 4).toString('latin1')).toBe('%PDF');
    await expectEnabled(billButton);

    downloaded = page.waitForEvent('download');
    await page
      .getByRole('button', { name: /^Download CDRs INV\d/ })
      .first()
      .click();
    const cdrs = await downloaded;
    expect(cdrs.suggestedFilename()).toMatch(/\.csv$/);
    expect((await pdfOf(cdrs)).length).toBeGreaterThan(0);
    expect(await problems()).toEqual(NO_PROBLEMS);
  });

  it('says so when a download fails, and frees the button', async () => {
    const { page, problems } = await portal.openAs('acme.admin', DESKTOP);
    await page.route('**/api/invoices/download**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"statusCode":500}' }),
    );
    await page.goto('/my-bills');
    const button = page.getByRole('button', { name: /^Download bill INV\d/ }).first();
    await button.click();
    await page.getByRole('alert').filter({ hasText: DOWNLOAD_FAILED }).waitFor();
    await expectEnabled(button);

    // The refused download is the only failure (Chromium also logs it to the console).
    const { failedRequests, consoleErrors, ...rest } = await problems();
    expect(failedRequests).toEqual([expect.stringMatching(/GET .*\/api\/invoices\/download\?.*: HTTP 500/)]);
    expect(consoleErrors).toEqual([expect.stringMatching(/status of 500 .*\/api\/invoices\/download/)]);
    expect(rest).toEqual({ pageErrors: [], cspViolations: [] });
  });

  it('shows acme.finance the bills but no estate', async () => {
    const { page, problems } = await portal.openAs('acme.finance', DESKTOP);
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Home' }).waitFor();
    await tile(page, 'Latest Bill')
      .getByText(/^£[\d,]+\.\d\d$/)
      .waitFor();
    await tile(page, 'Unbilled Calls').waitFor();
    await tile(page, 'Monthly Cost').waitFor();
    await tile(page, 'My Bills')
      .getByText(/^INV\d/)
      .first()
      .waitFor();
    await waitForData(page);
    expect(await tile(page, 'Your Estate').count()).toBe(0);
    expect(await tile(page, 'Monthly Mobile Usage').count()).toBe(0);
    expect(await page.getByText(/Devices?$|Broadband Contracts?$/).count()).toBe(0);

    await page.getByRole('link', { name: 'View My Bills' }).click();
    await page.getByRole('heading', { level: 1, name: 'My Bills' }).waitFor();
    expect(await problems()).toEqual(NO_PROBLEMS);
  });

  it('shows acme.mobile its device and usage, and neither the bills tiles nor the My Bills route', async () => {
    const { page, problems } = await portal.openAs('acme.mobile', PHONE);
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Home' }).waitFor();
    // One device: the plural suffix is dropped.
    await tile(page, 'Your Estate').getByText('1 Device', { exact: true }).waitFor();
    await tile(page, 'Monthly Mobile Usage').getByRole('figure', { name: 'Monthly mobile usage' }).waitFor();
    await waitForData(page);
    for (const name of ['Unbilled Calls', 'Latest Bill', 'Monthly Cost', 'My Bills']) {
      expect(await tile(page, name).count()).toBe(0);
    }
    await page.getByRole('button', { name: 'Open menu' }).click();
    expect(await sideMenuLabels(page)).not.toContain('My Bills');
    await page.keyboard.press('Escape');

    await page.goto('/my-bills');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { level: 1, name: 'Home' }).waitFor();
    await tile(page, 'Your Estate').waitFor();
    expect(await problems()).toEqual(NO_PROBLEMS);
  });

  it('welcomes a user the dashboard has nothing for', async () => {
    const { page, problems } = await portal.openAs('acme.sitemanager', DESKTOP);
    await page.goto('/');
    await page.getByRole('region', { name: 'Welcome' }).getByText('Welcome, acme.sitemanager').waitFor();
    expect(await page.getByRole('region', { name: 'Your Estate' }).count()).toBe(0);
    expect(await problems()).toEqual(NO_PROBLEMS);
  });
});

async function expectEnabled(button: Locator): Promise<void> {
  await expect.poll(() => button.isEnabled()).toBe(true);
}
