import { startIdentityProvider, type TestIdentityProvider } from '@portal/identity-sim';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, takeScreenshot } from './support/browser';
import { acceptCookies, DEMO_PASSWORD, expectAccessible, NO_PROBLEMS } from './support/portal';
import { usePortal } from './support/suite';

// Single sign-on (docs/decisions/0208) clicked through in the browser against a real OpenID Connect provider
// (oidc-provider) running in this process: the administrator connects it, the partner approves it, a new user of
// the company signs in through it and is made from their group.

const DOMAIN = 'acme-e2e.example';

describe('single sign-on', () => {
  const portal = usePortal({ env: { SSO_ALLOW_HTTP_ISSUERS: 'true' } });
  let idp: TestIdentityProvider;

  beforeAll(async () => {
    idp = await startIdentityProvider({
      redirectUri: `${portal.server.baseUrl}/single-sign-on`,
      accounts: { 'pat-jones': { email: `pat.jones@${DOMAIN}`, name: 'Pat Jones', groups: ['portal-finance'] } },
    });
  });
  afterAll(() => idp?.stop());

  const fits = async (page: Page) =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

  it('is set up by the administrator, approved by the partner, and signs a new user in', async () => {
    const admin = await portal.openAs('acme.admin');
    await admin.page.goto('/security');
    await admin.page.getByRole('heading', { level: 1, name: 'Company Security' }).waitFor();
    await admin.page.getByText('Single sign-on is not set up for Acme Logistics Ltd.').waitFor();
    await admin.page.getByRole('button', { name: 'Save', exact: true }).click();
    await admin.page.getByText('Enter the client secret').waitFor();
    await admin.page.getByLabel('Issuer URL').fill(idp.issuer);
    await admin.page.getByLabel('Client id').fill(idp.clientId);
    await admin.page.getByLabel('Client secret').fill(idp.clientSecret);
    await admin.page.getByLabel('E-mail domains').fill(DOMAIN);
    await admin.page.getByRole('button', { name: 'Add group' }).click();
    await admin.page.getByRole('textbox', { name: 'Group', exact: true }).fill('portal-finance');
    await admin.page.getByRole('combobox', { name: 'Profile' }).click();
    await admin.page.getByRole('option', { name: 'Finance' }).click();
    await admin.page.getByRole('button', { name: 'Save', exact: true }).click();
    await admin.page.getByText("Awaiting the partner's approval").first().waitFor();
    await fits(admin.page);
    await takeScreenshot(admin.page, 'company-security', DESKTOP);
    expect(await admin.problems()).toEqual(NO_PROBLEMS);
    // A fresh page, without the shared save notification over it.
    const phone = await portal.openAs('acme.admin', PHONE);
    await phone.page.goto('/security');
    await phone.page.getByRole('textbox', { name: 'Group', exact: true }).waitFor();
    await fits(phone.page);
    await takeScreenshot(phone.page, 'company-security', PHONE);
    await expectAccessible(phone.page);

    const staff = await portal.openAs('northwind.staff', PHONE);
    await staff.page.goto('/sso-approvals');
    const card = staff.page.getByRole('listitem').filter({ hasText: 'Acme Logistics Ltd' });
    await card.getByText(DOMAIN).waitFor();
    await fits(staff.page);
    await takeScreenshot(staff.page, 'sso-approvals', PHONE);
    await expectAccessible(staff.page);
    await card.getByRole('button', { name: 'Approve' }).click();
    await staff.page.getByRole('button', { name: 'Yes, I Understand' }).click();
    await card.getByRole('button', { name: 'Withdraw approval' }).waitFor();
    expect(await staff.problems()).toEqual(NO_PROBLEMS);

    const { page, problems } = await portal.open(PHONE);
    await page.goto('/login');
    await acceptCookies(page);
    await page.getByRole('link', { name: 'Sign in with single sign-on' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sign in with single sign-on' }).waitFor();
    await fits(page);
    await takeScreenshot(page, 'single-sign-on', PHONE);
    await page.getByLabel('Work e-mail address or username').fill(`pat.jones@${DOMAIN}`);
    await page.getByRole('button', { name: 'Continue' }).click();
    // The provider's own sign-in page.
    await page.waitForURL((url) => url.href.startsWith(idp.issuer));
    await page.getByLabel('Account').fill('pat-jones');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.href.startsWith(portal.server.baseUrl) && url.pathname === '/');
    await page.getByRole('heading', { level: 1, name: 'Home' }).waitFor();
    // Signed in as by a password: the refresh token in the HttpOnly cookie, so a reload keeps the session (0206).
    expect((await page.context().cookies()).map((cookie) => cookie.name)).toContain('portal_refresh');
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Home' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await problems()).toEqual(NO_PROBLEMS);
  });

  it('says so when no provider is set up for the address', async () => {
    const { page } = await portal.open();
    await page.goto('/single-sign-on');
    await page.getByRole('button', { name: 'Accept', exact: true }).click();
    await page.getByLabel('Work e-mail address or username').fill('someone@unknown.example');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('alert').filter({ hasText: 'Single sign-on is not set up for this address.' }).waitFor();
  });

  // After the first test: Acme's connection is approved (decision 0210).
  it('once approved, allows single sign-on only: passwords are refused but for the break-glass administrator', async () => {
    const admin = await portal.openAs('acme.admin');
    await admin.page.goto('/security');
    const card = admin.page.getByRole('region', { name: 'Sign-in policy' });
    await card.getByRole('switch', { name: 'Single sign-on only' }).check();
    await card.getByRole('combobox', { name: 'Break-glass administrator' }).click();
    await admin.page.getByRole('option', { name: 'acme.admin', exact: true }).click();
    await card.scrollIntoViewIfNeeded();
    await takeScreenshot(admin.page, 'sign-in-policy-single-sign-on-only', DESKTOP);
    await card.getByRole('button', { name: 'Save policy' }).click();
    const dialog = admin.page.getByRole('dialog');
    await dialog.getByText('Save the sign-in policy of Acme Logistics Ltd?', { exact: false }).waitFor();
    expect(await dialog.getByText('This includes yours', { exact: false }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Yes, I Understand' }).click();
    await admin.page.getByText('Sign-in policy saved.', { exact: false }).waitFor();

    const { page } = await portal.open(PHONE);
    await page.goto('/login');
    await acceptCookies(page);
    await page.getByLabel('Username').fill('acme.finance');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Your company requires “Sign in with single sign-on” below.' })
      .waitFor();
    await fits(page);
    await takeScreenshot(page, 'sign-in-single-sign-on-required', PHONE);
    // The break-glass administrator still gets in with the password.
    await page.getByLabel('Username').fill('acme.admin');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Home' }).waitFor();
  });
});
