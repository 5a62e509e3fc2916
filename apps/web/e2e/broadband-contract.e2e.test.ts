import { NOTIFICATION_MESSAGES } from '@portal/contract';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiSession, signInThroughApi } from './support/api-session';
import { DESKTOP, PHONE, takeScreenshot, type ViewportProfile } from './support/browser';
import { expectAccessible, NO_PROBLEMS } from './support/portal';
import { usePortal } from './support/suite';

/** A broadband contract of the demo estate as the page reads it, with its pending check. */
interface Line {
  name: string;
  cli: string;
  orderItemId: number;
  productLineId: number;
  orderNumber: string;
  product: string;
  username?: string;
  ipAddress?: string;
  pending: { isPending: boolean; daysPending: number };
}

/** The account's broadband contracts, read through the portal's API (as the page reads them). */
async function contractLines(session: ApiSession): Promise<Line[]> {
  const list = await session.get<{ value: Array<{ name: string; identifier: string }> }>(
    '/api/endpoints/broadbandConnection/user?$select=id,name,identifier&$orderby=identifier&$top=100',
  );
  const lines: Line[] = [];
  for (const { name, identifier: cli } of list?.value ?? []) {
    const contract = await session.get<Omit<Line, 'name' | 'cli' | 'pending'>>(`/api/contracts/cli/${cli}`);
    if (!contract) continue;
    const pending = await session.get<Line['pending']>(`/api/orders/pending/${cli}/${contract.orderItemId}`);
    if (pending) lines.push({ name, cli, pending, ...contract });
  }
  return lines;
}

async function openContract(page: Page, line: Pick<Line, 'cli'>) {
  await page.goto(`/broadband/contract/${line.cli}`);
  await page.getByRole('heading', { level: 1, name: /^Manage / }).waitFor();
}

/** The summary card, once the page's placeholders have gone. */
async function summaryCard(page: Page) {
  const card = page.getByRole('region', { name: 'Contract Summary' });
  await card.getByText('Phone Number').waitFor();
  // Rows on a wide screen, cards on a phone: either way an event's date.
  await page
    .getByRole('region', { name: 'Events' })
    .getByText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/)
    .first()
    .waitFor();
  return card;
}

/**
 * How many lines each shown occurrence of the address is laid out on (1 when it is kept whole), whatever elements
 * the page wraps it in.
 */
function linesTheAddressTakes(page: Page, address: string): Promise<number[]> {
  return page.evaluate((ip) => {
    const counts: number[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent?.indexOf(ip) ?? -1;
      if (at < 0 || node.parentElement?.closest('[hidden], [aria-hidden="true"]')) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + ip.length);
      const rects = [...range.getClientRects()].filter((rect) => rect.width > 0);
      if (rects.length === 0) continue;
      counts.push(new Set(rects.map((rect) => Math.round(rect.top))).size);
    }
    return counts;
  }, address);
}

/** The value beside a label of the summary. */
function field(page: Page, label: string) {
  return page
    .getByRole('region', { name: 'Contract Summary' })
    .locator('dt', { hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');
}

describe('broadband contract page', () => {
  const portal = usePortal();
  let admin: ApiSession;
  let lines: Line[];
  const idle = () => lines.find((line) => !line.pending.isPending && line.productLineId === 8) ?? must(undefined);
  const must = (line: Line | undefined): Line => {
    if (!line) throw new Error('No demo contract fits the test');
    return line;
  };

  beforeAll(async () => {
    admin = await signInThroughApi(portal.server.baseUrl, 'acme.admin');
    lines = await contractLines(admin);
  });

  it('acme.admin opens a contract from the estate and sees its summary, products, events and usage', async () => {
    const line = idle();
    const { page, problems } = await portal.open(DESKTOP, admin.storage);
    await page.goto(`/broadband/estate?contracts.f.identifier=${encodeURIComponent(line.cli)}`);
    const row = page.getByRole('table', { name: 'Contracts' }).getByRole('row').filter({ hasText: line.cli });
    await row.getByRole('button', { name: `Manage contract ${line.cli}` }).click();
    await page.waitForURL(`**/broadband/contract/${line.cli}`);
    await page.getByRole('heading', { level: 1, name: `Manage ${line.name}` }).waitFor();
    const card = await summaryCard(page);

    expect(await field(page, 'Phone Number').textContent()).toBe(line.cli);
    expect(await field(page, 'Order No.').textContent()).toBe(line.orderNumber);
    expect(await field(page, 'Product').textContent()).toBe(line.product);
    expect(await field(page, 'Ordered').textContent()).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(await field(page, 'Start Date').textContent()).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    if (line.username) expect(await field(page, 'Username').textContent()).toBe(line.username);
    if (line.ipAddress) expect(await field(page, 'IP Address').textContent()).toBe(line.ipAddress);
    expect(await card.getByText('Online Status').count()).toBe(1);
    // Nothing pending, carrier 494, and a Company Administrator may run diagnostics.
    await card.getByRole('button', { name: 'Diagnostics' }).waitFor();

    const products = page.getByRole('region', { name: 'Products' });
    await products.getByRole('table').or(products.getByText('There are no products for this contract.')).waitFor();
    expect(await page.getByRole('table', { name: 'Events' }).getByRole('row').count()).toBeGreaterThan(1);

    const tabs = page.getByRole('tablist', { name: 'Usage of this contract' });
    expect(await tabs.getByRole('tab').allTextContents()).toEqual([
      'Broadband Usage',
      'Line Usage',
      'Session History',
      'Line History',
      'Authentication Logs',
    ]);
    await page.getByRole('table', { name: 'Broadband Usage' }).waitFor({ state: 'attached' });
    await tabs.getByRole('tab', { name: 'Line Usage' }).click();
    await page.getByRole('table', { name: 'Line Usage' }).waitFor({ state: 'attached' });
    expect(await problems()).toEqual(NO_PROBLEMS);
  });

  it('hides DIAGNOSTICS while a change is pending and says why', async () => {
    const cases = [
      [(line: Line) => line.pending.isPending && line.pending.daysPending <= 3, 'pendingChangesProcessing'],
      [(line: Line) => line.pending.isPending && line.pending.daysPending > 3, 'pendingChangesContactSupport'],
    ] as const;
    const { page, problems } = await portal.open(DESKTOP, admin.storage);
    for (const [fits, message] of cases) {
      const line = must(lines.find(fits));
      await openContract(page, line);
      const card = await summaryCard(page);
      await card.getByText(NOTIFICATION_MESSAGES[message]).waitFor();
      expect(await card.getByRole('button', { name: 'Diagnostics' }).count()).toBe(0);
    }
    expect(await problems()).toEqual(NO_PROBLEMS);
  });

  it('says when there is no such contract, and goes back to the estate', async () => {
    const { page, problems } = await portal.open(DESKTOP, admin.storage);
    await page.goto('/broadband/contract/01632999999');
    await page.getByText('Unable to find a broadband contract with the phone number 01632999999').waitFor();
    await page.getByRole('link', { name: 'Return to Estate' }).click();
    await page.waitForURL('**/broadband/estate');
    expect((await problems()).failedRequests.every((entry) => entry.includes('/contracts/cli/01632999999'))).toBe(true);
  });

  it('fits a phone and a wide screen, and reads well to assistive technology', async () => {
    const line = idle();
    for (const viewport of [DESKTOP, PHONE] as ViewportProfile[]) {
      const { page, problems } = await portal.open(viewport, admin.storage);
      await openContract(page, line);
      await summaryCard(page);
      await page.waitForFunction(() => document.querySelector('.MuiSkeleton-root') === null);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.context.viewport?.width ?? 0,
      );
      // The two columns: the usage card beside the summary on a wide screen, under it on a phone.
      const summaryBox = await page.getByRole('region', { name: 'Contract Summary' }).boundingBox();
      const usageBox = await page.getByRole('region', { name: 'Usage' }).boundingBox();
      if (viewport === DESKTOP) expect(usageBox?.x ?? 0).toBeGreaterThan((summaryBox?.x ?? 0) + 100);
      else expect(usageBox?.y ?? 0).toBeGreaterThan(summaryBox?.y ?? 0);
      await expectAccessible(page);
      await takeScreenshot(page, 'broadband-contract', viewport);
      expect(await problems()).toEqual(NO_PROBLEMS);
    }
  });

  it('opens the trace route help for the contract with the IP address whole, and CLOSE goes back to it', async () => {
    const line = idle();
    if (!line.ipAddress) throw new Error('The idle demo contract has no IP address');
    for (const viewport of [PHONE, DESKTOP]) {
      const { page, problems } = await portal.open(viewport, admin.storage);
      // Reached directly, not from the fault report: there is no tab of its own to close.
      await page.goto(`/broadband/diagnostics/traceRoute?cli=${line.cli}`);
      await page.getByText(`Run a trace to ${line.ipAddress}`).waitFor();
      expect(await linesTheAddressTakes(page, line.ipAddress)).toEqual([1]);
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await page.getByText(`tracert ${line.ipAddress}`).waitFor();
      // The label and the command each keep the address on one line.
      expect(await linesTheAddressTakes(page, line.ipAddress)).toEqual([1, 1, 1]);
      await takeScreenshot(page, 'broadband-trace-route', viewport);
      for (let step = 1; step < 3; step += 1) {
        await page.getByRole('button', { name: 'Next', exact: true }).last().click();
      }
      await page.getByRole('button', { name: 'Close' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.context.viewport?.width ?? 0,
      );
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Close' }).click();
      await page.waitForURL(`**/broadband/contract/${line.cli}`);
      expect(await problems()).toEqual(NO_PROBLEMS);
    }
  });

  it("shows the line's live status and its history tables from the carrier", async () => {
    const line = idle();
    const { page, problems } = await portal.open(DESKTOP, admin.storage);
    await openContract(page, line);
    await summaryCard(page);
    await expect
      .poll(() => field(page, 'Online Status').textContent())
      .toMatch(/^(Connected \(\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\)|Connected|Disconnected|Suspended)$/);
    const tabs = page.getByRole('tablist', { name: 'Usage of this contract' });
    for (const [tab, table] of [
      ['Session History', 'Session History'],
      ['Line History', 'Line History'],
      ['Authentication Logs', 'Authentication Logs'],
    ] as const) {
      // From the keyboard: the strip scrolls the tab chosen before into view as it is clicked, and a click at the
      // next tab's place while it moves has been seen to leave the chosen one selected.
      await tabs.getByRole('tab', { name: tab }).press('Enter');
      await tabs.getByRole('tab', { name: tab, selected: true }).waitFor();
      const rows = page.getByRole('table', { name: table }).getByRole('row');
      await rows.nth(1).waitFor();
      expect(await rows.nth(1).textContent()).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}/);
    }
    await tabs.getByRole('tab', { name: 'Session History' }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    expect((await download).suggestedFilename()).toMatch(/\.csv$/);
    await takeScreenshot(page, 'broadband-contract-session-history', DESKTOP);
    expect(await problems()).toEqual(NO_PROBLEMS);
  });
});
