import { NOTIFICATION_MESSAGES } from '@portal/contract';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type ApiSession, signInThroughApi } from './support/api-session';
import { animationsFinished, DESKTOP, PHONE, takeScreenshot, type ViewportProfile } from './support/browser';
import { expectAccessible, NO_PROBLEMS } from './support/portal';
import { usePortal } from './support/suite';

/** A broadband line as the contract page reads it. */
interface Line {
  cli: string;
  orderItemId: number;
  carrierId: number;
  productLineId: number;
  /** A change in flight hides DIAGNOSTICS (spec 4). */
  pending: boolean;
}

/** What each finished test may say (spec 4 and 8); Exchange Status names the exchange. */
const OUTCOME = /^(Passed|Fault found|Inconclusive|Failed)$/;
const FINISHED: Record<string, RegExp> = {
  'Live Status': /^(Connected \(\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}\)|Disconnected|Suspended|Failed)$/,
  'Sync Status': /^(In sync|Out of sync|Failed)$/,
  'Exchange Status': /^(?!Running$|Not run$).+$/,
  'Broadband Status': OUTCOME,
  'Fibre Status': OUTCOME,
  'Line Status': OUTCOME,
};
const FIBRE_TESTS = ['Live Status', 'Sync Status', 'Exchange Status', 'Broadband Status', 'Fibre Status'];

async function linesOf(session: ApiSession): Promise<Line[]> {
  const list = await session.get<{ value: Array<{ identifier: string }> }>(
    '/api/endpoints/broadbandConnection/user?$select=identifier&$top=100',
  );
  const lines: Line[] = [];
  for (const { identifier: cli } of list?.value ?? []) {
    const contract = await session.get<Omit<Line, 'cli' | 'pending'>>(`/api/contracts/cli/${encodeURIComponent(cli)}`);
    if (!contract) continue;
    const check = await session.get<{ isPending: boolean }>(
      `/api/orders/pending/${encodeURIComponent(cli)}/${contract.orderItemId}`,
    );
    lines.push({ ...contract, cli, pending: check?.isPending !== false });
  }
  return lines;
}

/** The contract page of acme.broadband's one line, reached as a user would: the estate's MANAGE. */
async function openOwnContract(page: Page): Promise<void> {
  await page.goto('/broadband/estate');
  // A table row on a wide screen, a card on a phone: either way the line's MANAGE.
  const manage = page.getByRole('button', { name: /^Manage contract / });
  await manage.click();
  await page.waitForURL('**/broadband/contract/**');
}

async function openDialog(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: /^diagnostics$/i }).click();
  const dialog = page.getByRole('dialog', { name: /^Diagnostics: / });
  await dialog.getByRole('button', { name: /^run all tests$/i }).waitFor();
  return dialog;
}

const statusOf = (dialog: Locator, test: string) => dialog.getByRole('region', { name: test }).getByRole('status');

/** Waits until every listed test has an answer, and returns each one's status words. */
async function finished(dialog: Locator, tests: readonly string[]): Promise<Record<string, string>> {
  const answers: Record<string, string> = {};
  for (const test of tests) {
    await expect
      .poll(async () => (await statusOf(dialog, test).textContent()) ?? '', { timeout: 60_000 })
      .not.toMatch(/^(Running|Not run)$/);
    answers[test] = (await statusOf(dialog, test).textContent()) ?? '';
  }
  return answers;
}

describe('broadband diagnostics', () => {
  const portal = usePortal();

  it('acme.broadband runs all tests on its fibre line, sees each status, then the non-intrusive test', async () => {
    const session = await signInThroughApi(portal.server.baseUrl, 'acme.broadband');
    const [line] = await linesOf(session);
    expect(line?.productLineId).toBe(9);
    expect(line?.pending).toBe(false);

    for (const viewport of [DESKTOP, PHONE] as ViewportProfile[]) {
      const { page, problems } = await portal.open(viewport, session.storage);
      await openOwnContract(page);
      const dialog = await openDialog(page);
      const box = await dialog.boundingBox();
      if (viewport === DESKTOP) expect([box?.width, box?.height]).toEqual([1000, 650]);
      else expect(box?.width).toBe(390);
      await dialog.getByText('Running non-intrusive tests will run the fibre test without', { exact: false }).waitFor();

      await dialog.getByRole('button', { name: /^run all tests$/i }).click();
      await expect.poll(() => statusOf(dialog, 'Live Status').textContent()).not.toBe('Not run');
      const answers = await finished(dialog, FIBRE_TESTS);
      for (const [test, answer] of Object.entries(answers)) expect(answer).toMatch(FINISHED[test]!);
      // Run together, sync and fibre would be refused by the carrier: the dialog queues them.
      expect(await dialog.getByText(NOTIFICATION_MESSAGES.diagnosticsDuplicateTest).count()).toBe(0);
      expect(await dialog.getByText(NOTIFICATION_MESSAGES.diagnosticsUnexpectedError).count()).toBe(0);

      await animationsFinished(page);
      await expectAccessible(page);
      await takeScreenshot(page, 'diagnostics-dialog', viewport, { fullPage: false });

      const nonIntrusive = page.waitForRequest(
        (request) => request.url().includes('/fibreStatus?') && request.url().includes('runIntrusiveTest=false'),
      );
      await dialog.getByRole('button', { name: /^run non-intrusive tests$/i }).click();
      await nonIntrusive;
      await finished(dialog, FIBRE_TESTS);
      await dialog.getByRole('button', { name: 'Close diagnostics' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await problems()).toEqual(NO_PROBLEMS);
    }
  });

  it('acme.broadband reports a slow-speeds fault through the six steps with a real image, then sees the reset', async () => {
    const session = await signInThroughApi(portal.server.baseUrl, 'acme.broadband');
    const { page, problems } = await portal.open(DESKTOP, session.storage);
    await openOwnContract(page);
    const dialog = await openDialog(page);
    await dialog.getByRole('button', { name: 'Run Live Status' }).click();
    await finished(dialog, ['Live Status']);
    await dialog.getByRole('tab', { name: 'Report Fault' }).click();
    const next = () => dialog.getByRole('button', { name: 'Next' }).click();
    const step = (text: string) => dialog.getByRole('heading', { name: text }).waitFor();

    await step('Step 1: Fault details');
    await dialog.getByRole('combobox', { name: /Fault type/ }).click();
    await page.getByRole('option', { name: 'Slow speeds' }).click();
    await dialog.getByRole('textbox', { name: 'Fault description' }).fill('Downloads crawl every evening.');
    await dialog.getByLabel('Date the fault started').fill('2026-01-05');
    await next();

    await step('Step 2: Speed tests');
    // Next waits for three ids: two picked from the line's speed tests are not enough.
    const use = dialog.getByRole('button', { name: /^Use result / });
    await use.first().waitFor();
    await use.nth(0).click();
    await use.nth(1).click();
    await next();
    await dialog.getByText('Please enter or choose a speed test result id').waitFor();
    await use.nth(2).click();
    await next();

    await step('Step 3: Contact');
    await dialog.getByRole('textbox', { name: 'Contact name' }).fill('Priya Shah');
    await dialog.getByRole('textbox', { name: 'Contact number' }).fill('01632 960555');
    await dialog.getByRole('combobox', { name: /How often/ }).click();
    await page.getByRole('option', { name: 'Daily' }).click();
    await dialog.getByRole('textbox', { name: 'Router type' }).fill('Fritz!Box 7530');
    await next();

    await step('Step 4: Checklist');
    await next();
    expect(await dialog.getByText('Please answer yes or no').count()).toBe(4);
    for (const group of await dialog.getByRole('radiogroup').all())
      await group.getByRole('radio', { name: 'Yes' }).check();
    await next();

    await step('Step 5: Trace route');
    const help = dialog.getByRole('link', { name: 'How do I take a trace route?' });
    expect(await help.getAttribute('target')).toBe('_blank');
    await next();
    await dialog.getByText('Please upload at least one trace route image').waitFor();
    // A real PNG: a picture of the dialog itself.
    const png = await page.screenshot({ clip: { x: 0, y: 0, width: 64, height: 48 } });
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'trace-route.png', mimeType: 'image/png', buffer: png });
    await dialog.getByText('trace-route.png').waitFor();
    await next();

    await step('Step 6: Consents');
    for (const box of await dialog.getByRole('checkbox').all()) await box.check();
    await takeScreenshot(page, 'diagnostics-fault-consents', DESKTOP, { fullPage: false });
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('alert').filter({ hasText: NOTIFICATION_MESSAGES.submitSuccessful }).waitFor();
    const reported = dialog.getByText(/^Fault FR-\d+ has been reported\.$/);
    const reference = /FR-\d+/.exec((await reported.textContent()) ?? '')?.[0];
    await step('Step 1: Fault details');
    expect(await dialog.getByRole('textbox', { name: 'Fault description' }).inputValue()).toBe('');

    // The contract's events show the report at once, then the carrier taking it once the worker has sent it.
    await dialog.getByRole('button', { name: 'Close diagnostics' }).click();
    const events = page.getByRole('region', { name: 'Events' });
    await events.getByText(`Fault ${reference} reported by acme.broadband`, { exact: false }).waitFor();
    await expect
      .poll(
        async () => {
          await events.getByRole('button', { name: 'Refresh events' }).click();
          return events.getByText(`Fault ${reference} raised with Keystone Networks`, { exact: false }).count();
        },
        { timeout: 30_000 },
      )
      .toBe(1);
    expect(await problems()).toEqual(NO_PROBLEMS);
  });

  it("acme.admin sees only Live Status and the fibre test on an alternative carrier's line", async () => {
    const session = await signInThroughApi(portal.server.baseUrl, 'acme.admin');
    const line = (await linesOf(session)).find((candidate) => candidate.carrierId === 588 && !candidate.pending);
    if (!line) throw new Error('acme.admin has no line on carrier 588');
    const { page, problems } = await portal.open(DESKTOP, session.storage);
    await page.goto(`/broadband/contract/${encodeURIComponent(line.cli)}`);
    const dialog = await openDialog(page);
    const names = await dialog.getByRole('region').getByRole('heading', { level: 3 }).allTextContents();
    expect(names).toEqual(['Live Status', 'Fibre Status']);
    await dialog.getByRole('button', { name: /^run all tests$/i }).click();
    await finished(dialog, names);
    await animationsFinished(page);
    await takeScreenshot(page, 'diagnostics-dialog-alternative', DESKTOP, { fullPage: false });
    expect(await problems()).toEqual(NO_PROBLEMS);
  });
});
