import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, takeScreenshot, VIEWPORTS } from './support/browser';
import {
  acceptCookies,
  DEMO_PASSWORD,
  decodedEmail,
  expectAccessible,
  latestEmail,
  NO_PROBLEMS,
  signIn,
  temporaryPasswordFrom,
} from './support/portal';
import { usePortal } from './support/suite';

const NEW_PASSWORD = 'Fresh-Start-2027!';

describe('sign-in', () => {
  // The first screen a user meets, as they meet it: with its transitions, on the embedded database npm start runs.
  const portal = usePortal({ motion: 'moving', database: 'embedded' });

  it('is served with the strict Content-Security-Policy', async () => {
    const { page } = await portal.open();
    const response = await page.goto('/login');
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  });

  it('sends the sign-in form in the HTML, drawn before any script runs (decision 0191)', async () => {
    const { page } = await portal.open(PHONE);
    const html = await (await page.request.get('/login', { headers: { accept: 'text/html' } })).text();
    for (const label of ['>Log in</h1>', '>Username</label>', '>Password</label>', 'aria-label="Cookie notice"'])
      expect(html).toContain(label);

    await page.route('**/*.js', (route) => route.abort());
    await page.goto('/login');
    await page.getByRole('heading', { level: 1, name: 'Log in' }).waitFor();
    await page.getByLabel('Username').waitFor();
    await page.getByLabel('Password', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Forgot your password?' }).waitFor();
    await page.getByRole('region', { name: 'Cookie notice' }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  it('takes the pre-rendered form over without re-drawing it, keeping what was typed, with no hydration error', async () => {
    const { page, problems } = await portal.open();
    // Marks the form as the HTML parser makes it, before any script: the same node after start-up was hydrated.
    await page.addInitScript(() => {
      const observer = new MutationObserver(() => {
        const form = document.querySelector('form');
        if (!form) return;
        Object.assign(form, { fromServer: true });
        observer.disconnect();
      });
      observer.observe(document, { childList: true, subtree: true });
    });
    // The entry script waits until the visitor has typed into the pre-rendered form.
    let release = () => {};
    const typed = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/assets/index-*.js', async (route) => {
      await typed;
      await route.continue();
    });
    await page.goto('/login', { waitUntil: 'commit' });
    await page.getByLabel('Username').fill('acme.admin');
    release();
    await page.waitForFunction(() => !document.querySelector('[data-waiting-for-script]'));
    await page.getByRole('img', { name: 'Northwind Communications' }).waitFor();
    await page.getByRole('region', { name: 'Messages' }).waitFor();
    const fromServer = await page.evaluate(
      () => (document.querySelector('form') as { fromServer?: boolean }).fromServer,
    );
    expect(fromServer).toBe(true);
    expect(await page.getByLabel('Username').inputValue()).toBe('acme.admin');
    expect(await problems()).toEqual(NO_PROBLEMS);
  });

  for (const viewport of VIEWPORTS) {
    it(`shows the branded login card with the current messages and the cookie notice (${viewport.name})`, async () => {
      const { page, problems } = await portal.open(viewport);
      await page.goto('/login');

      await page.getByRole('heading', { level: 1, name: 'Log in' }).waitFor();
      await page.getByRole('img', { name: 'Northwind Communications' }).waitFor();
      await page.getByText('This website uses cookies to ensure you get the best experience on our website.').waitFor();
      const learnMore = page.getByRole('link', { name: 'Learn more' });
      expect(await learnMore.getAttribute('href')).toBe('https://www.northwind-comms.co.uk/privacy');
      expect(await page.getByRole('region', { name: 'Messages' }).getByRole('alert').count()).toBeGreaterThan(0);
      await page.getByRole('link', { name: 'Forgot your password?' }).waitFor();

      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await expectAccessible(page);
      await takeScreenshot(page, 'login', viewport);
      expect(await problems()).toEqual(NO_PROBLEMS);
    });
  }

  it('asks for both fields before sending anything', async () => {
    const { page } = await portal.open();
    let loginCalls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/login')) loginCalls += 1;
    });
    await page.goto('/login');
    await acceptCookies(page);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('Please enter a username').waitFor();
    await page.getByText('Please enter a password').waitFor();
    expect(loginCalls).toBe(0);
  });

  it('refuses sign-in until the cookie notice is accepted, drawing the eye to its button for a second', async () => {
    const { page } = await portal.open();
    await page.goto('/login');
    await page.getByLabel('Username').fill('acme.admin');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();

    await page.getByRole('alert').filter({ hasText: 'Please accept the cookies message above to continue.' }).waitFor();
    const accept = page.getByRole('button', { name: 'Accept', exact: true });
    expect(await accept.getAttribute('data-highlighted')).toBe('true');
    await page.waitForFunction(() => !document.querySelector('button[data-highlighted]'), undefined, { timeout: 3000 });
    await accept.click();
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('says so when the username or password is wrong', async () => {
    const { page, problems } = await portal.open();
    await page.goto('/login');
    await acceptCookies(page);
    await page.getByLabel('Username').fill('acme.admin');
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid username or password.' }).waitFor();
    expect(page.url()).toContain('/login');
    const { failedRequests, ...rest } = await problems();
    expect(failedRequests).toEqual([expect.stringMatching(/POST .*\/api\/login: HTTP 400/)]);
    expect(rest).toMatchObject({ pageErrors: [], cspViolations: [] });
  });

  it('shows the unexpected and server error texts for other failures', async () => {
    const { page } = await portal.open();
    await page.goto('/login');
    await acceptCookies(page);
    await page.getByLabel('Username').fill('acme.admin');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);

    await page.route('**/api/login', (route) =>
      route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ error: 'odd_error' }) }),
    );
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('alert').filter({ hasText: 'Unexpected error, please try again later.' }).waitFor();

    await page.unroute('**/api/login');
    await page.route('**/api/login', (route) => route.fulfill({ status: 502, body: '' }));
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('alert').filter({ hasText: 'Server error, please try later.' }).waitFor();
  });

  it('replaces the card with the expired-password screen, changes the password and signs in', async () => {
    const { page, problems } = await portal.open();
    await page.goto('/login');
    await acceptCookies(page);
    await page.getByLabel('Username').fill('acme.expired');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();

    await page.getByRole('heading', { name: 'Your Password Has Expired' }).waitFor();
    await page.getByText('Please enter a new password in order to log in').waitFor();
    await page.getByLabel('New password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByLabel('Repeat new password').fill('something else');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('Your new password must be different to your current password').waitFor();
    await page.getByText('The passwords you have entered do not match').waitFor();
    await expectAccessible(page);
    await takeScreenshot(page, 'expired-password', DESKTOP);

    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Repeat new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { level: 1, name: 'Home' }).waitFor();
    const { failedRequests } = await problems();
    // The first attempt is refused with requires_password_reset; nothing else failed.
    expect(failedRequests).toEqual([expect.stringMatching(/POST .*\/api\/login: HTTP 400/)]);
  });

  it('e-mails a temporary password that signs in through the expired-password screen', async () => {
    const { page } = await portal.open(PHONE);
    await page.goto('/login');
    await acceptCookies(page);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL((url) => url.pathname === '/forgot-password');

    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('Username is required').waitFor();
    await page.getByText('Email address is required').waitFor();
    await page.getByLabel('Username').fill('acme.teamlead');
    await page.getByLabel('Email address').fill('team.lead@acmelogistics');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('The email address must contain a @ and be followed by at least one .').waitFor();
    await expectAccessible(page);
    await takeScreenshot(page, 'forgot-password', PHONE);

    await page.getByLabel('Email address').fill('team.lead@acmelogistics.co.uk');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.waitForURL((url) => url.pathname === '/forgot-password-confirmation');
    await page
      .getByText(
        'If an account matches the username and email address you have entered you should receive an email with a temporary password.',
      )
      .waitFor();
    await expectAccessible(page);
    await takeScreenshot(page, 'forgot-password-confirmation', PHONE);

    const email = await latestEmail(portal.server.dataDir);
    expect(decodedEmail(email)).toContain(`Log in at ${portal.server.baseUrl}/login with your username`);
    const temporaryPassword = temporaryPasswordFrom(email);
    await page.getByRole('link', { name: 'Return to login' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByLabel('Username').fill('acme.teamlead');
    await page.getByLabel('Password', { exact: true }).fill(temporaryPassword);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: 'Your Password Has Expired' }).waitFor();
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Repeat new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('shows the server error text when a reset request gets no answer', async () => {
    const { page } = await portal.open();
    await page.goto('/forgot-password');
    await page.route('**/api/login/forgotPassword', (route) => route.fulfill({ status: 500, body: '' }));
    await page.getByLabel('Username').fill('acme.admin');
    await page.getByLabel('Email address').fill('it.admin@acmelogistics.co.uk');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByRole('alert').filter({ hasText: 'Server error, please try later.' }).waitFor();
  });

  it('returns to the wanted page after sign-in and forgets everything at logout', async () => {
    const { page, problems } = await portal.open();
    await page.goto('/account?tab=1');
    await page.waitForURL((url) => url.pathname === '/login');
    await signIn(page, 'acme.finance');
    await page.waitForURL((url) => url.pathname === '/account' && url.search === '?tab=1');
    await page.getByRole('heading', { level: 1, name: 'My Account' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('id_token'))).not.toBeNull();

    const revoke = page.waitForResponse((response) => response.url().endsWith('/api/login/revoke'));
    await page.getByRole('button', { name: 'Logout' }).click();
    expect((await revoke).status()).toBe(200);
    await page.waitForURL((url) => url.pathname === '/login');
    await page.waitForFunction(() => localStorage.getItem('id_token') === null);
    expect(await page.evaluate(() => [localStorage.getItem('dash_id_token'), localStorage.getItem('roles')])).toEqual([
      null,
      null,
    ]);

    await page.goto('/');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await problems()).toEqual(NO_PROBLEMS);
  });

  it("reloads the whole page in the partner's branding when sign-in changes the theme", async () => {
    const { page, problems } = await portal.open();
    await page.goto('/login');
    // No theme cookie yet: the first partner brands the sign-in page.
    await page.getByRole('img', { name: 'Northwind Communications' }).waitFor();
    await page.evaluate(() => {
      (window as unknown as { beforeSignIn?: boolean }).beforeSignIn = true;
    });
    await signIn(page, 'wayne.admin');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('navigation', { name: 'Portal' }).getByRole('img', { name: 'Brightwave Telecom' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { beforeSignIn?: boolean }).beforeSignIn)).toBeUndefined();
    expect((await page.context().cookies()).find((cookie) => cookie.name === 'themeCode')?.value).toBe('brightwave');
    await takeScreenshot(page, 'shell-brightwave', DESKTOP);
    expect(await problems()).toEqual(NO_PROBLEMS);
  });
});
