import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from './support/accounts';
import { signInThroughApi } from './support/api-session';
import { DESKTOP, PHONE, VIEWPORTS, type ViewportProfile } from './support/browser';
import { screenshotsDir } from './support/paths';
import { expectAccessible, NO_PROBLEMS } from './support/portal';
import { usePortal } from './support/suite';

const WRONG_PASSWORD = 'Your current password is not correct.';

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('the element is not on the page');
  return found;
}

/**
 * A picture of what is on the screen, as `<name>-<viewport>.png`: a full-page one would draw the sticky toolbar and
 * the snackbar in the middle of a scrolled page.
 */
async function screenshotOfScreen(page: Page, name: string, viewport: ViewportProfile): Promise<void> {
  await page.screenshot({ path: path.join(screenshotsDir, `${name}-${viewport.name}.png`), animations: 'disabled' });
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The message text of a banner: what it holds, on how many lines, and whether any of it is cut off. */
function messageText(banner: Locator) {
  return banner.locator('[data-expanded]').evaluate((text) => ({
    text: text.textContent ?? '',
    lines: Math.round(text.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(text).lineHeight)),
    cutOff: text.scrollWidth > text.clientWidth,
    ellipsis: getComputedStyle(text).textOverflow === 'ellipsis',
  }));
}

describe('banners, header and My Account', () => {
  const portal = usePortal();

  for (const viewport of VIEWPORTS) {
    it(`shows each message as one line that "more" unfolds, and keeps its dismiss button (${viewport.name})`, async () => {
      const { page, problems } = await portal.openAs('acme.admin', viewport);
      await page.goto('/');
      await page.getByRole('heading', { level: 1, name: 'Home' }).waitFor();
      const region = page.getByRole('region', { name: 'Messages' });
      const banners = region.getByRole('alert');
      await banners.first().waitFor();
      expect(await banners.count()).toBe(2);
      // A fresh sign-in has accepted the cookie notice: the two messages are the only banners.
      expect(await page.getByRole('region', { name: 'Cookie notice' }).count()).toBe(0);

      for (const banner of await banners.all()) {
        const text = await messageText(banner);
        expect(text.lines).toBe(1);
        const more = banner.getByRole('button', { name: 'more' });
        expect(await more.count()).toBe(text.cutOff ? 1 : 0);
        if (text.cutOff) expect(text.ellipsis).toBe(true);
        expect(await banner.getByRole('button', { name: 'Dismiss message' }).count()).toBe(1);
      }
      const regionHeight = (await box(region)).height;
      expect(regionHeight).toBeLessThan((viewport.context.viewport?.height ?? 0) / 8);
      await screenshotOfScreen(page, 'banners', viewport);

      const first = banners.first();
      if (viewport === PHONE) {
        // The phone cuts the maintenance notice; "more" shows all of it, "less" folds it again.
        const more = first.getByRole('button', { name: 'more' });
        expect(await more.getAttribute('aria-expanded')).toBe('false');
        await more.click();
        const less = first.getByRole('button', { name: 'less' });
        expect(await less.getAttribute('aria-expanded')).toBe('true');
        const unfolded = await messageText(first);
        expect(unfolded.lines).toBeGreaterThan(1);
        expect(unfolded.cutOff).toBe(false);
        expect(unfolded.text).toBe(
          'Planned maintenance: bill downloads may be unavailable this Sunday between 01:00 and 05:00.',
        );
        await expectAccessible(page);
        await screenshotOfScreen(page, 'banners-expanded', viewport);
        await less.click();
        expect((await messageText(first)).lines).toBe(1);
      }
      await first.getByRole('button', { name: 'Dismiss message' }).click();
      await page.waitForFunction(
        () => document.querySelectorAll('[aria-label="Messages"] [role="alert"]').length === 1,
      );
      expect(await problems()).toEqual(NO_PROBLEMS);
    });
  }

  it('fits logo, title, company name, search button, the bell and menu into a phone’s header for every account', async () => {
    const misfits: string[] = [];
    for (const userName of DEMO_ACCOUNTS) {
      const session = await signInThroughApi(portal.server.baseUrl, userName);
      const { page, problems, close } = await portal.open(PHONE, session.storage);
      await page.goto('/');
      await page.getByRole('heading', { level: 1, name: 'Home' }).waitFor();
      const toolbar = page.getByRole('navigation', { name: 'Portal' });
      const companies = await session.get<{ value: Array<{ name: string }> }>('/api/companies/names');
      // Several companies: the toolbar names what the company filter shows, all of them at first (decision 0075).
      const list = companies?.value ?? [];
      const companyName = list.length > 1 ? `All companies (${list.length})` : list[0]?.name;
      const parts: Array<[string, Locator]> = [
        ['menu', toolbar.getByRole('button', { name: 'Open menu' })],
        ['title', toolbar.getByRole('link', { name: 'Business Portal' })],
        ['search', toolbar.getByRole('link', { name: 'Search' })],
        ['bell', toolbar.getByRole('link', { name: /^Notifications/ })],
      ];
      if (companyName) {
        parts.push(['company name', toolbar.getByTestId('company-name')]);
        await toolbar.getByText(companyName, { exact: true }).waitFor();
      }
      const logo = toolbar.getByRole('img');
      if (await logo.count()) parts.push(['logo', logo]);
      for (const [part, locator] of parts) {
        const { x, width } = await box(locator);
        if (x < 0 || x + width > 390) misfits.push(`${userName}: ${part} spans ${x}..${x + width}`);
      }
      if (companyName) {
        const name = toolbar.getByTestId('company-name');
        const cut = await name.evaluate((element) => ({
          cut: element.scrollWidth > element.clientWidth,
          ellipsis: getComputedStyle(element).textOverflow === 'ellipsis',
        }));
        if (cut.cut && !cut.ellipsis) misfits.push(`${userName}: the company name is cut without an ellipsis`);
      }
      if (userName === 'multi.admin' || userName === 'acme.admin') {
        await screenshotOfScreen(page, `header-${userName}`, PHONE);
      }
      expect(await problems()).toEqual(NO_PROBLEMS);
      await close();
    }
    expect(misfits).toEqual([]);
  });

  for (const viewport of VIEWPORTS) {
    it(`shows a wrong current password on its field until it is edited (${viewport.name})`, async () => {
      const { page, problems } = await portal.openAs(viewport === DESKTOP ? 'acme.finance' : 'acme.teamlead', viewport);
      await page.goto('/account');
      await page.getByRole('heading', { level: 1, name: 'My Account' }).waitFor();
      await page.getByRole('button', { name: 'Change', exact: true }).click();
      const card = page.getByRole('region', { name: 'Change Password' });
      const current = card.getByLabel('Current password');
      await current.fill('Not-My-Password-2026!');
      await card.getByLabel('New password', { exact: true }).fill('Better-Choice-2027!');
      await card.getByLabel('Repeat new password').fill('Better-Choice-2027!');
      const submit = card.getByRole('button', { name: 'Change password' });
      await submit.click();

      // Spec 8's snackbar...
      const snackbar = page.getByRole('alert').filter({ hasText: WRONG_PASSWORD });
      await snackbar.waitFor();
      // ...and the field itself says it, has the focus, and is marked invalid.
      await page.waitForFunction(() => document.activeElement?.getAttribute('aria-invalid') === 'true');
      expect(await current.getAttribute('aria-invalid')).toBe('true');
      expect(await current.evaluate((input) => input === document.activeElement)).toBe(true);
      const describedBy = await current.getAttribute('aria-describedby');
      expect(await page.locator(`#${describedBy}`).textContent()).toBe(WRONG_PASSWORD);
      // The snackbar leaves the button it answers and the field it blames free.
      expect(overlaps(await box(snackbar), await box(submit))).toBe(false);
      expect(overlaps(await box(snackbar), await box(current))).toBe(false);
      await expectAccessible(page);
      await screenshotOfScreen(page, 'account-wrong-password', viewport);

      // The snackbar goes after its 3 seconds; the field keeps the error until the password is edited.
      await snackbar.waitFor({ state: 'detached' });
      expect(await current.getAttribute('aria-invalid')).toBe('true');
      await current.press('End');
      await current.press('Backspace');
      await page.waitForFunction(() => document.activeElement?.getAttribute('aria-invalid') === 'false');
      expect(await card.getByText(WRONG_PASSWORD).count()).toBe(0);

      const { failedRequests, consoleErrors, ...rest } = await problems();
      expect(failedRequests).toEqual([expect.stringMatching(/POST .*\/api\/login\/changePassword: HTTP 400/)]);
      expect(consoleErrors).toEqual([expect.stringMatching(/status of 400 .*\/api\/login\/changePassword/)]);
      expect(rest).toEqual({ pageErrors: [], cspViolations: [] });
    });
  }
  for (const viewport of VIEWPORTS) {
    it(`lists the user's recent sign-ins, this session first, and says so when they cannot be loaded (${viewport.name})`, async () => {
      const userName = viewport === DESKTOP ? 'acme.finance' : 'acme.teamlead';
      await signInThroughApi(portal.server.baseUrl, userName);
      const session = await signInThroughApi(portal.server.baseUrl, userName);
      const { page, problems } = await portal.open(viewport, session.storage);
      let failing = true;
      await page.route('**/api/login/signIns', (route) =>
        failing
          ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"statusCode":503}' })
          : route.continue(),
      );
      await page.goto('/account');
      await page.getByRole('link', { name: 'Recent sign-ins' }).click();
      await page.getByRole('heading', { level: 1, name: 'Recent sign-ins' }).waitFor();
      const failed = page.getByRole('alert').filter({ hasText: "We couldn't load your sign-ins." });
      await failed.waitFor();
      expect(await page.getByRole('table', { name: 'Your sign-ins' }).count()).toBe(0);

      failing = false;
      await failed.getByRole('button', { name: 'Retry' }).click();
      const table = page.getByRole('table', { name: 'Your sign-ins' });
      await table.and(page.locator('[aria-busy="false"]')).waitFor();
      const rows = table.getByRole('row');
      expect(await rows.nth(1).getByRole('cell').allTextContents()).toEqual([
        expect.stringMatching(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/),
        '127.0.0.1',
        'This session',
      ]);
      expect(await rows.nth(2).getByRole('cell').last().textContent()).toBe('Still signed in');
      await expectAccessible(page);
      await screenshotOfScreen(page, 'account-sign-ins', viewport);

      // The only failures are the refused loads (the app's query retry may have asked twice).
      const { failedRequests, consoleErrors, ...rest } = await problems();
      expect(failedRequests.length).toBeGreaterThan(0);
      for (const failure of failedRequests) expect(failure).toMatch(/^GET .*\/api\/login\/signIns: HTTP 503$/);
      for (const error of consoleErrors) expect(error).toMatch(/status of 503/);
      expect(rest).toEqual({ pageErrors: [], cspViolations: [] });
    });
  }
});
