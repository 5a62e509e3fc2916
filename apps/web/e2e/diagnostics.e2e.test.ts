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

/** Whether a control is within the dialog's box, not below its fold in a scrolled-away part. */
async function withinDialog(dialog: Locator, control: Locator): Promise<boolean> {
  const [outer, inner] = await Promise.all([dialog.boundingBox(), control.boundingBox()]);
  if (!outer || !inner) return false;
  return inner.y >= outer.y && inner.y + inner.height <= outer.y + outer.height;
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

  // One test per size: each runs every test twice, which under CI's load is most of a test's minute.
  it.for([DESKTOP, PHONE] as ViewportProfile[])(
    'acme.broadband runs all tests on its fibre line, sees each status, then the non-intrusive test ($name)',
    async (viewport) => {
      const session = await signInThroughApi(portal.server.baseUrl, 'acme.broadband');
      const [line] = await linesOf(session);
      expect(line?.productLineId).toBe(9);
      expect(line?.pending).toBe(false);

      const { page, problems } = await portal.open(viewport, session.storage);
      await openOwnContract(page);
      const dialog = await openDialog(page);
      const box = await dialog.boundingBox();
      if (viewport === DESKTOP) expect([box?.width, box?.height]).toEqual([1000, 650]);
      else expect(box?.width).toBe(390);
      await dialog.getByText('Running non-intrusive tests will run the fibre test without', { exact: false }).waitFor();

      // Live Status is held back until the buttons have been looked at while it runs.
      let releaseLiveStatus: () => void = () => {};
      const liveStatusHeld = new Promise<void>((resolve) => {
        releaseLiveStatus = resolve;
      });
      // The dialog's Live Status: the contract card reads the same endpoint, without a group.
      const dialogLiveStatus = (url: URL) => url.pathname.endsWith('/onlineStatus') && url.searchParams.has('groupId');
      await page.route(dialogLiveStatus, async (route) => {
        await liveStatusHeld;
        await route.continue();
      });
      const runAll = dialog.getByRole('button', { name: /^run all tests$/i });
      await runAll.click();
      await expect.poll(() => statusOf(dialog, 'Live Status').textContent()).toBe('Running');
      // While tests run, neither RUN ALL nor a running test's RUN can start them again, and the dialog says why.
      expect(await runAll.isDisabled()).toBe(true);
      expect(await dialog.getByRole('button', { name: /^run non-intrusive tests$/i }).isDisabled()).toBe(true);
      expect(await dialog.getByRole('button', { name: 'Run Live Status' }).isDisabled()).toBe(true);
      expect(await dialog.getByText(/^Running (.+, )*Live Status(,| and|…)/).count()).toBe(1);
      await takeScreenshot(page, 'diagnostics-dialog-running', viewport, { fullPage: false });
      releaseLiveStatus();
      const answers = await finished(dialog, FIBRE_TESTS);
      await expect.poll(() => runAll.isDisabled()).toBe(false);
      expect(await dialog.getByText(/^Running .+…$/).count()).toBe(0);
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
    },
  );

  it('acme.broadband reports a slow-speeds fault through the six steps with a real image, errors clearing as put right, then sees the reset', async () => {
    const session = await signInThroughApi(portal.server.baseUrl, 'acme.broadband');
    const { page, problems } = await portal.open(DESKTOP, session.storage);
    await openOwnContract(page);
    const dialog = await openDialog(page);
    await dialog.getByRole('button', { name: 'Run Live Status' }).click();
    await finished(dialog, ['Live Status']);
    await dialog.getByRole('tab', { name: 'Report Fault' }).click();
    const nextButton = dialog.getByRole('button', { name: 'Next' });
    // At 1440x900 NEXT is never below the dialog's fold, however long the step.
    const next = async () => {
      expect(await withinDialog(dialog, nextButton)).toBe(true);
      await nextButton.click();
    };
    const step = async (text: string) => {
      await dialog.getByRole('heading', { name: text }).waitFor();
      await animationsFinished(page);
      await takeScreenshot(page, `diagnostics-fault-${text.replace(/\W+/g, '-').toLowerCase()}`, DESKTOP, {
        fullPage: false,
      });
    };

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
    const unanswered = dialog.getByText('Please answer yes or no');
    expect(await unanswered.count()).toBe(4);
    // Each question's error goes as it is answered, before NEXT is pressed again.
    const groups = await dialog.getByRole('radiogroup').all();
    for (const [index, group] of groups.entries()) {
      await group.getByRole('radio', { name: 'Yes' }).check();
      await expect.poll(() => unanswered.count()).toBe(groups.length - index - 1);
    }
    await next();

    await step('Step 5: Trace route');
    const help = dialog.getByRole('link', { name: 'How do I take a trace route?' });
    expect(await help.getAttribute('target')).toBe('_blank');
    // The help opens in a tab of its own, and its CLOSE closes that tab, leaving the report as it was.
    const [helpTab] = await Promise.all([page.context().waitForEvent('page'), help.click()]);
    await helpTab.getByText(/^Run a trace to /).waitFor();
    for (let helpStep = 0; helpStep < 3; helpStep += 1) {
      await helpTab.getByRole('button', { name: 'Next', exact: true }).last().click();
    }
    await Promise.all([
      helpTab.waitForEvent('close'),
      helpTab.getByRole('button', { name: 'Close' }).click({ noWaitAfter: true }),
    ]);
    await page.bringToFront();
    await dialog.getByRole('heading', { name: 'Step 5: Trace route' }).waitFor();

    await next();
    const noImage = dialog.getByText('Please upload at least one trace route image');
    await noImage.waitFor();
    const files = dialog.locator('input[type=file]');
    // A text file is not taken, and the upload says why: the types it takes and the limits.
    await files.setInputFiles({ name: 'trace-route.txt', mimeType: 'text/plain', buffer: Buffer.from('1 2 ms') });
    await dialog
      .getByRole('alert')
      .filter({
        hasText:
          'trace-route.txt was not added: only PNG, JPEG, GIF, WebP or BMP images can be uploaded, up to 5 files and 100 MB in all.',
      })
      .waitFor();
    await takeScreenshot(page, 'diagnostics-fault-refused-file', DESKTOP, { fullPage: false });
    // A real PNG: a picture of the dialog itself. It clears the missing-image error at once.
    const png = await page.screenshot({ clip: { x: 0, y: 0, width: 64, height: 48 } });
    await files.setInputFiles({ name: 'trace-route.png', mimeType: 'image/png', buffer: png });
    await dialog.getByText('trace-route.png').waitFor();
    await noImage.waitFor({ state: 'detached' });
    await next();

    await step('Step 6: Consents');
    for (const box of await dialog.getByRole('checkbox').all()) await box.check();
    await takeScreenshot(page, 'diagnostics-fault-consents', DESKTOP, { fullPage: false });
    expect(await withinDialog(dialog, dialog.getByRole('button', { name: 'Submit' }))).toBe(true);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('alert').filter({ hasText: NOTIFICATION_MESSAGES.submitSuccessful }).waitFor();
    const reported = dialog.getByText(/^Fault FR-\d+ has been reported\.$/);
    const reference = /FR-\d+/.exec((await reported.textContent()) ?? '')?.[0];
    await step('Step 1: Fault details');
    expect(await dialog.getByRole('textbox', { name: 'Fault description' }).inputValue()).toBe('');

    // A sent report leaves no draft: CLOSE asks nothing. The contract's events show the report at once, then the carrier taking it once the worker has sent it.
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

  it('acme.broadband closes a half-written fault report, keeps it as a draft and resumes it, then discards it', async () => {
    const session = await signInThroughApi(portal.server.baseUrl, 'acme.broadband');
    const { page, problems } = await portal.open(PHONE, session.storage);
    await openOwnContract(page);
    let dialog = await openDialog(page);
    await dialog.getByRole('button', { name: 'Run Live Status' }).click();
    const [liveStatus] = Object.values(await finished(dialog, ['Live Status']));
    await dialog.getByRole('tab', { name: 'Report Fault' }).click();
    await dialog.getByRole('combobox', { name: /Fault type/ }).click();
    await page.getByRole('option', { name: 'No connection' }).click();
    await dialog.getByRole('textbox', { name: 'Fault description' }).fill('The router light is red.');
    await dialog.getByLabel('Date the fault started').fill('2026-01-05');
    const next = dialog.getByRole('button', { name: 'Next' });
    // On a phone too, NEXT stays in view under the scrolling step.
    expect(await withinDialog(dialog, next)).toBe(true);
    await next.click();
    await dialog.getByRole('heading', { name: 'Step 3: Contact' }).waitFor();
    await dialog.getByRole('textbox', { name: 'Contact name' }).fill('Priya Shah');
    await animationsFinished(page);
    await takeScreenshot(page, 'diagnostics-fault-contact', PHONE, { fullPage: false });

    // CLOSE asks first; CANCEL goes back to the report as it was.
    const close = dialog.getByRole('button', { name: 'Close diagnostics' });
    await close.click();
    const question = page.getByRole('dialog', { name: 'Close the fault report?' });
    await question.waitFor();
    await animationsFinished(page);
    await expectAccessible(page);
    await takeScreenshot(page, 'diagnostics-fault-close-question', PHONE, { fullPage: false });
    await question.getByRole('button', { name: 'Cancel' }).click();
    await question.waitFor({ state: 'detached' });
    expect(await dialog.getByRole('textbox', { name: 'Contact name' }).inputValue()).toBe('Priya Shah');

    // KEEP DRAFT closes the dialog; opening it again resumes at the step, with the answers and the test results.
    await close.click();
    await question.getByRole('button', { name: 'Keep draft' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: /^diagnostics$/i }).click();
    dialog = page.getByRole('dialog', { name: /^Diagnostics: / });
    await dialog.getByRole('heading', { name: 'Step 3: Contact' }).waitFor();
    expect(await dialog.getByRole('tab', { name: 'Report Fault' }).getAttribute('aria-selected')).toBe('true');
    expect(await dialog.getByRole('textbox', { name: 'Contact name' }).inputValue()).toBe('Priya Shah');
    await dialog.getByRole('button', { name: 'Back' }).click();
    expect(await dialog.getByRole('textbox', { name: 'Fault description' }).inputValue()).toBe(
      'The router light is red.',
    );
    await dialog.getByRole('tab', { name: 'Results' }).click();
    expect(await statusOf(dialog, 'Live Status').textContent()).toBe(liveStatus);

    // DISCARD throws the draft away: the next opening is a new session with nothing run.
    await dialog.getByRole('button', { name: 'Close diagnostics' }).click();
    await question.getByRole('button', { name: 'Discard' }).click();
    await dialog.waitFor({ state: 'detached' });
    dialog = await openDialog(page);
    expect(await statusOf(dialog, 'Live Status').textContent()).toBe('Not run');
    expect(await dialog.getByRole('tab', { name: 'Report Fault' }).count()).toBe(0);
    // Nothing entered, nothing to ask: CLOSE closes.
    await dialog.getByRole('button', { name: 'Close diagnostics' }).click();
    await dialog.waitFor({ state: 'detached' });
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
