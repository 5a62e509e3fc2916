import { AUTHENTICATOR_SETTINGS } from '@portal/contract';
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, takeScreenshot, type ViewportProfile } from './support/browser';
import { acceptCookies, DEMO_PASSWORD, expectAccessible } from './support/portal';
import { usePortal } from './support/suite';

// A company's sign-in policy (decision 0210) as its administrator and its users meet it: Acme's administrator turns
// "Require two-step verification" on at Company Security, confirming the sessions that end (their own among them),
// and a user of Acme without an authenticator app is made to set one up as their sign-in's second step, with codes
// computed here with the same library as the server's, then gets in.

const codeNow = (key: string) => new TOTP({ secret: Secret.fromBase32(key) }).generate({ timestamp: Date.now() });
const stepNow = () => TOTP.counter({ period: AUTHENTICATOR_SETTINGS.periodSeconds, timestamp: Date.now() });
const noOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** The login form's password step, which a user held up by their company's policy passes to the enrolment. */
async function passwordStep(page: Page, userName: string) {
  await page.goto('/login');
  await acceptCookies(page);
  await page.getByLabel('Username').fill(userName);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Set up two-step verification' }).waitFor();
}

describe('per-company sign-in policy', () => {
  const portal = usePortal();

  async function openPolicyCard(viewport: ViewportProfile) {
    const portalPage = await portal.openAs('acme.admin', viewport);
    await portalPage.page.goto('/security');
    const card = portalPage.page.getByRole('region', { name: 'Sign-in policy' });
    await card.getByRole('switch', { name: 'Require two-step verification' }).waitFor();
    return { ...portalPage, card };
  }

  it('is shown on Company Security at the phone’s width, single sign-on only waiting for an approved connection', async () => {
    const { page, card } = await openPolicyCard(PHONE);
    await card.getByText('Available once your single sign-on connection is set up', { exact: false }).waitFor();
    expect(await card.getByRole('switch', { name: 'Single sign-on only' }).isDisabled()).toBe(true);
    await card.scrollIntoViewIfNeeded();
    expect(await noOverflow(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page);
    await takeScreenshot(page, 'sign-in-policy-card', PHONE);
  });

  it('turns two-step verification on, ends the sessions that fall short, and makes a user set up an app to get in', async () => {
    const { page, card, problems } = await openPolicyCard(DESKTOP);
    const save = card.getByRole('button', { name: 'Save policy' });
    expect(await save.isDisabled()).toBe(true);
    await card.getByRole('switch', { name: 'Require two-step verification' }).check();
    await card.scrollIntoViewIfNeeded();
    await takeScreenshot(page, 'sign-in-policy-card', DESKTOP);
    await save.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('This includes yours: you will be signed out', { exact: false }).waitFor();
    await expectAccessible(page);
    await takeScreenshot(page, 'sign-in-policy-confirmation', DESKTOP);
    await dialog.getByRole('button', { name: 'Yes, I Understand' }).click();
    // The administrator's own session, begun with a password alone, ended with the others: off to log in again.
    await page.waitForURL((url) => url.pathname === '/login');
    await page.goto('/security');
    await page.waitForURL((url) => url.pathname === '/login');

    // A user of Acme without a second factor: the password leads to setting up an app.
    await passwordStep(page, 'acme.finance');
    await page.getByRole('img', { name: 'QR code of the key for your authenticator app' }).waitFor();
    const key = (await page.getByLabel('Key').textContent())?.replace(/\s/g, '') ?? '';
    expect(key).toMatch(/^[A-Z2-7]{32}$/);
    expect(await noOverflow(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page);
    await takeScreenshot(page, 'sign-in-policy-enrolment', DESKTOP);

    const codeField = page.getByLabel('Code from the app');
    await codeField.fill(codeNow(key) === '000000' ? '111111' : '000000');
    await codeField.press('Enter');
    await page.getByText('That code is not right. Check your authenticator app and try again.').waitFor();
    const usedStep = stepNow();
    await codeField.fill(codeNow(key));
    await page.getByRole('button', { name: 'Confirm and continue' }).click();
    const codes = page.getByRole('list', { name: 'Recovery codes' });
    await codes.waitFor();
    expect(await codes.getByRole('listitem').count()).toBe(10);
    await expectAccessible(page);
    await takeScreenshot(page, 'sign-in-policy-recovery-codes', DESKTOP);
    await page.getByRole('button', { name: 'I have saved them, continue' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { level: 1, name: 'Home' }).waitFor();

    // From now on the app is asked for as any user's second step.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByLabel('Username').fill('acme.finance');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Two-step verification' }).waitFor();
    await expect.poll(stepNow, { timeout: 35_000, interval: 500 }).toBeGreaterThan(usedStep);
    await page.getByLabel('Code', { exact: true }).fill(codeNow(key));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    const { pageErrors, cspViolations } = await problems();
    expect({ pageErrors, cspViolations }).toEqual({ pageErrors: [], cspViolations: [] });
  }, 120_000);

  it('fits the enrolment step to the phone’s screen', async () => {
    const { page } = await portal.open(PHONE);
    await passwordStep(page, 'acme.teamlead');
    await page.getByRole('img', { name: 'QR code of the key for your authenticator app' }).waitFor();
    expect(await noOverflow(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page);
    await takeScreenshot(page, 'sign-in-policy-enrolment', PHONE);
  });
});
