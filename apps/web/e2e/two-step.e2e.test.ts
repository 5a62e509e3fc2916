import { AUTHENTICATOR_SETTINGS } from '@portal/contract';
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, takeScreenshot, VIEWPORTS, type ViewportProfile } from './support/browser';
import { acceptCookies, DEMO_PASSWORD, expectAccessible } from './support/portal';
import { usePortal } from './support/suite';

// Two-step verification (decision 0207) as a user meets it: set up from My Account with the key read off the page and
// codes computed here with the same library, then the sign-in's second step with a code and with a recovery code.

const stepNow = () => TOTP.counter({ period: AUTHENTICATOR_SETTINGS.periodSeconds, timestamp: Date.now() });
const codeNow = (key: string) => new TOTP({ secret: Secret.fromBase32(key) }).generate({ timestamp: Date.now() });

const noOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** The password step of the login form, which a user with two-step verification passes to the second step. */
async function passwordStep(page: Page, userName: string) {
  await page.goto('/login');
  await acceptCookies(page);
  await page.getByLabel('Username').fill(userName);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Two-step verification' }).waitFor();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL((url) => url.pathname === '/login');
}

describe('two-step verification', () => {
  // Its sign-ins go through the login form, as sign-in.e2e's do: the second step is part of that form.
  const portal = usePortal();

  it('is set up from My Account, then signs in with a code from the app and with a recovery code', async () => {
    const { page, problems } = await portal.openAs('acme.finance', DESKTOP);
    await page.goto('/account');
    const card = page.getByRole('region', { name: 'Two-step verification' });
    await card.getByText('Two-step verification is off.', { exact: false }).waitFor();
    await card.getByRole('button', { name: 'Set up authenticator app' }).click();

    await card.getByRole('img', { name: 'QR code of the key for your authenticator app' }).waitFor();
    const key = (await card.getByLabel('Key').inputValue()).replace(/\s/g, '');
    expect(key).toMatch(/^[A-Z2-7]{32}$/);
    await expectAccessible(page);
    await takeScreenshot(page, 'two-step-setup', DESKTOP);

    // A wrong code is refused where it was typed; the right one, sent with Enter, turns it on.
    const codeField = card.getByLabel('Code from the app');
    await codeField.fill(codeNow(key) === '000000' ? '111111' : '000000');
    await codeField.press('Enter');
    await card.getByText('That code is not right. Check your authenticator app and try again.').waitFor();
    const usedStep = stepNow();
    await codeField.fill(codeNow(key));
    await codeField.press('Enter');
    const codeList = card.getByRole('list', { name: 'Recovery codes' });
    await codeList.waitFor();
    const codes = await codeList.getByRole('listitem').allTextContents();
    expect(codes).toHaveLength(10);
    await expectAccessible(page);
    await takeScreenshot(page, 'two-step-recovery-codes', DESKTOP);
    await card.getByRole('button', { name: 'I have saved them' }).click();
    await card.getByText('Two-step verification is on', { exact: false }).waitFor();
    await card.getByText('10 of 10 recovery codes left.').waitFor();
    await takeScreenshot(page, 'two-step-on', DESKTOP);
    await signOut(page);

    // With a recovery code, chosen instead of the app's code, typed in capitals.
    await passwordStep(page, 'acme.finance');
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    const recoveryField = page.getByLabel('Recovery code');
    await expect.poll(() => recoveryField.evaluate((input) => input === document.activeElement)).toBe(true);
    await recoveryField.fill((codes[0] ?? '').toUpperCase());
    await recoveryField.press('Enter');
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/account');
    await card.getByText('9 of 10 recovery codes left.').waitFor();
    await signOut(page);

    // With a code from the app: one of a later step than the code that confirmed the setup, which is spent.
    await passwordStep(page, 'acme.finance');
    await expect.poll(stepNow, { timeout: 35_000, interval: 500 }).toBeGreaterThan(usedStep);
    const appCode = page.getByLabel('Code', { exact: true });
    await appCode.fill(codeNow(key));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { level: 1, name: 'Home' }).waitFor();

    // Removed again, confirmed with the password: the sign-in is the password's alone once more.
    await page.goto('/account');
    await card.getByRole('button', { name: 'Remove authenticator app' }).click();
    await card.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await expectAccessible(page);
    await takeScreenshot(page, 'two-step-remove', DESKTOP);
    await card.getByRole('button', { name: 'Remove', exact: true }).click();
    await card.getByText('Two-step verification is off.', { exact: false }).waitFor();
    await signOut(page);
    await page.getByLabel('Username').fill('acme.finance');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    const { failedRequests, pageErrors, cspViolations } = await problems();
    expect({ pageErrors, cspViolations }).toEqual({ pageErrors: [], cspViolations: [] });
    // The wrong setup code, and each password step (which answers second_step_required); nothing else failed.
    expect(failedRequests).toEqual([
      expect.stringMatching(/POST .*\/api\/twoStep\/authenticator\/confirm: HTTP 400/),
      expect.stringMatching(/POST .*\/api\/login: HTTP 400/),
      expect.stringMatching(/POST .*\/api\/login: HTTP 400/),
    ]);
  }, 90_000);

  for (const viewport of VIEWPORTS) {
    it(`fits the second step and the setup to the screen, refusing a wrong code clearly (${viewport.name})`, async () => {
      const user = viewport === PHONE ? 'acme.sitemanager' : 'acme.teamlead';
      const key = await setUpThroughThePage(user, viewport);
      const { page } = await portal.open(viewport);
      await passwordStep(page, user);
      const code = page.getByLabel('Code', { exact: true });
      await code.fill('12345');
      await code.press('Enter');
      await page.getByText('Enter the 6-digit code from your authenticator app.').waitFor();
      await code.fill(codeNow(key) === '000000' ? '111111' : '000000');
      await page.getByRole('button', { name: 'Verify' }).click();
      await page
        .getByRole('alert')
        .filter({ hasText: 'That code is not right. Check your authenticator app and try again.' })
        .waitFor();
      expect(await noOverflow(page)).toBeLessThanOrEqual(0);
      await expectAccessible(page);
      await takeScreenshot(page, 'two-step-sign-in', viewport);
      await page.getByRole('button', { name: 'Back to log in' }).click();
      await page.getByRole('heading', { level: 1, name: 'Log in' }).waitFor();
    });
  }

  /** Sets an app up for the user on My Account at this viewport (checking that it fits); answers the key. */
  async function setUpThroughThePage(user: string, viewport: ViewportProfile): Promise<string> {
    const { page, close } = await portal.openAs(user, viewport);
    await page.goto('/account');
    const card = page.getByRole('region', { name: 'Two-step verification' });
    await card.getByRole('button', { name: 'Set up authenticator app' }).click();
    await card.getByRole('img', { name: 'QR code of the key for your authenticator app' }).waitFor();
    expect(await noOverflow(page)).toBeLessThanOrEqual(0);
    if (viewport === PHONE) await takeScreenshot(page, 'two-step-setup', PHONE);
    const key = (await card.getByLabel('Key').inputValue()).replace(/\s/g, '');
    await card.getByLabel('Code from the app').fill(codeNow(key));
    await card.getByRole('button', { name: 'Confirm' }).click();
    await card.getByRole('list', { name: 'Recovery codes' }).waitFor();
    expect(await noOverflow(page)).toBeLessThanOrEqual(0);
    if (viewport === PHONE) await takeScreenshot(page, 'two-step-recovery-codes', PHONE);
    await close();
    return key;
  }
});
