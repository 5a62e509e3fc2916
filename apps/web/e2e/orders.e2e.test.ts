import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, takeScreenshot } from './support/browser';
import { expectAccessible, NO_PROBLEMS } from './support/portal';
import { usePortal } from './support/suite';

describe('orders', () => {
  const portal = usePortal();

  it('lists both kinds of order newest first, pages, filters, exports and opens an order', async () => {
    const { page, problems } = await portal.openAs('acme.admin', DESKTOP);

    for (const [path, title] of [
      ['/mobile/orders', 'Mobile Orders'],
      ['/broadband/orders', 'Broadband Orders'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      const table = page.getByRole('table', { name: title });
      await table.getByRole('row').nth(1).waitFor();
      const dates = (await table.locator('tbody tr td:first-child').allTextContents()).map((text) =>
        text.split('/').reverse().join('-'),
      );
      expect(dates).toEqual([...dates].sort().reverse());
      await expectAccessible(page);
      await takeScreenshot(page, path === '/mobile/orders' ? 'mobile-orders' : 'broadband-orders', DESKTOP);
    }

    // Paging: the second page holds other orders (five a page, as the URL says, so the demo data has several).
    await page.goto('/broadband/orders?orders.size=5');
    const table = page.getByRole('table', { name: 'Broadband Orders' });
    await table.getByRole('row').nth(5).waitFor();
    const firstPage = await table.locator('tbody tr td:nth-child(2)').allTextContents();
    const nextPage = page.waitForResponse((response) => new URL(response.url()).searchParams.get('$skip') === '5');
    await page.getByRole('button', { name: 'Go to next page' }).click();
    await nextPage;
    await page.waitForFunction(
      (first) => document.querySelector('tbody tr td:nth-child(2)')?.textContent !== first,
      firstPage[0],
    );
    const secondPage = await table.locator('tbody tr td:nth-child(2)').allTextContents();
    expect(secondPage.some((reference) => firstPage.includes(reference))).toBe(false);

    // Filter by (part of) a reference.
    const reference = secondPage[0] ?? '';
    await page.getByRole('button', { name: 'Filter Reference' }).click();
    await page.getByRole('dialog', { name: 'Filter for Reference' }).getByRole('textbox').fill(reference);
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForFunction((ref) => {
      const cells = [...document.querySelectorAll('tbody tr td:nth-child(2)')].map((cell) => cell.textContent);
      return cells.length > 0 && cells.every((text) => text?.includes(ref));
    }, reference);

    // Export the filtered rows.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('broadband-orders.csv');
    const csv = (await readFile((await file.path()) ?? '', 'utf8')).replace(/^\uFEFF/, '');
    const [header, ...lines] = csv.trim().split(/\r?\n/);
    expect(header).toBe('Date,Reference,Status,Stage');
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((line) => line.includes(reference))).toBe(true);

    // Open the order.
    await table.getByRole('link', { name: reference }).first().click();
    await page.getByRole('heading', { level: 1, name: `Order ${reference}` }).waitFor();
    await page.getByText('Order Placed').waitFor();
    await page.getByRole('heading', { level: 3, name: 'Additional Products' }).first().waitFor();
    await expectAccessible(page);
    await takeScreenshot(page, 'broadband-order', DESKTOP);

    // A mobile order's items table.
    await page.goto('/mobile/orders');
    const mobile = page.getByRole('table', { name: 'Mobile Orders' });
    await mobile.getByRole('link').first().click();
    await page.getByRole('heading', { level: 1, name: /^Order / }).waitFor();
    const items = page.getByRole('table', { name: 'Order items' });
    await items.getByRole('row').nth(1).waitFor();
    expect(await items.getByRole('columnheader').allTextContents()).toEqual([
      'Mobile Number',
      'Reference',
      'SIM Number',
      'Product',
      'Type',
      'Confirmed Date',
      'Additional Products',
    ]);
    expect(await problems()).toEqual(NO_PROBLEMS);
  });

  it('shows stacked cards on a phone that load more as you scroll', async () => {
    const { page, problems } = await portal.openAs('acme.admin', PHONE);
    await page.goto('/broadband/orders?orders.size=5');
    const cards = page.getByRole('list', { name: 'Broadband Orders' }).locator(':scope > li');
    await cards.first().waitFor();
    const before = await cards.count();
    expect(before).toBe(5);
    const more = page.waitForResponse((response) => new URL(response.url()).searchParams.get('$skip') === '5');
    await page.mouse.wheel(0, 20_000);
    await more;
    await page.waitForFunction(
      (count) => document.querySelectorAll('ul[aria-label="Broadband Orders"] > li').length > count,
      before,
    );
    expect(await cards.count()).toBeGreaterThan(before);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await takeScreenshot(page, 'broadband-orders', PHONE);
    expect(await problems()).toEqual(NO_PROBLEMS);
  });

  it('keeps orders away from a user without the permission', async () => {
    const { page } = await portal.openAs('acme.finance');
    await page.goto('/broadband/orders');
    await page.waitForURL((url) => url.pathname === '/');
  });
});
