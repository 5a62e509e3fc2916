import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { animationsFinished, DESKTOP, PHONE, takeScreenshot, type ViewportProfile } from './support/browser';
import { expectAccessible, NO_PROBLEMS } from './support/portal';
import { usePortal } from './support/suite';

// The reseller console's Branding and Contacts and settings (decision 0218), as Northwind's staff use them: a logo
// and colours seen in the preview before saving, a colour too faint refused, and the signed-out sign-in page of
// Northwind's customers in the new brand.

/** A small RGB PNG of one colour, made here: the logo the test uploads. */
function solidPng(width: number, height: number, [r, g, b]: readonly [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat())]);
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
const fill = (page: Page, testId: string) => page.getByTestId(testId).getAttribute('fill');
const saved = (page: Page) => page.getByRole('alert').filter({ hasText: 'Save successful.' });

async function shoot(page: Page, name: string, viewport: ViewportProfile) {
  await animationsFinished(page);
  await takeScreenshot(page, name, viewport);
}

async function openBranding(page: Page) {
  await page.goto('/console/branding');
  await expect.poll(() => heading(page).textContent()).toBe('Branding');
  await page.getByRole('form', { name: 'Branding' }).waitFor();
}

describe('reseller console: branding, contacts and settings', () => {
  const portal = usePortal();
  const logoFile = path.join(mkdtempSync(path.join(tmpdir(), 'console-logo-')), 'northwind-new.png');
  writeFileSync(logoFile, solidPng(120, 40, [122, 31, 92]));

  it('uploads a logo and changes colours with a live preview, refuses a faint colour, and brands the signed-out sign-in page (desktop)', {
    timeout: 120_000,
  }, async () => {
    const { page, problems, session } = await portal.openAs('northwind.staff', DESKTOP);
    await openBranding(page);
    // The preview starts in the saved colours.
    expect(await fill(page, 'preview-toolbar')).toBe('#0b4f8a');
    await expectAccessible(page);

    // A logo: shown in both pictures before anything is saved.
    await page.locator('input[type="file"]').setInputFiles(logoFile);
    await page.getByRole('list', { name: 'Chosen files' }).getByText('northwind-new.png').waitFor();
    await expect
      .poll(() => page.getByTestId('preview-sign-in').locator('image').getAttribute('href'))
      .toMatch(/^data:image\/png;base64,/);

    // Colours: the preview follows each change, and says the contrast it reaches.
    const primary = page.getByRole('textbox', { name: 'Primary colour', exact: true });
    await primary.fill('#7a1f5c');
    await expect.poll(() => fill(page, 'preview-toolbar')).toBe('#7a1f5c');
    expect(await fill(page, 'preview-sign-in-button')).toBe('#7a1f5c');
    await page.getByText(/^Contrast \d+(\.\d)?:1 with white \(AA needs 4\.5:1\)$/).waitFor();
    const secondary = page.getByRole('textbox', { name: 'Secondary colour', exact: true });
    await secondary.fill('#1d4ed8');
    await expect.poll(() => fill(page, 'preview-cookie-button')).toBe('#1d4ed8');

    // Too faint for white text: the contract's rule says so on the field, and Save sends nothing.
    await primary.fill('#9e9e9e');
    await expect.poll(() => fill(page, 'preview-toolbar')).toBe('#9e9e9e');
    const faint = page.getByText('Primary colour must contrast at least 4.5:1 with white (it is 2.6:1)');
    await faint.waitFor();
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/console/partner/branding'))
        posts.push(request.url());
    });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await faint.waitFor();
    expect(await primary.getAttribute('aria-invalid')).toBe('true');
    expect(posts).toEqual([]);
    expect((await session.get<{ primaryColour: string }>('/api/console/partner/branding'))?.primaryColour).toBe(
      '#0b4f8a',
    );
    await shoot(page, 'console-branding-refused', DESKTOP);

    await primary.fill('#7a1f5c');
    await faint.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await saved(page).waitFor();
    expect(posts).toHaveLength(1);
    const after = await session.get<{ primaryColour: string; secondaryColour: string; logoUrl: string }>(
      '/api/console/partner/branding',
    );
    expect(after).toMatchObject({ primaryColour: '#7a1f5c', secondaryColour: '#1d4ed8' });
    expect(after?.logoUrl).toMatch(/^api\/partners\/logos\/\d+$/);
    // The saved logo is now the current one, and the staff member's own portal is in the new colours.
    await page
      .getByRole('img', { name: 'Northwind Communications logo' })
      .and(page.locator(`[src$="${after?.logoUrl}"]`))
      .waitFor();
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.querySelector('header') as Element).backgroundColor))
      .toBe('rgb(122, 31, 92)');
    await shoot(page, 'console-branding', DESKTOP);
    // The snackbar is the app's own (success green, AA); the page is checked once it is dismissed.
    await saved(page).getByRole('button', { name: 'Close' }).click();
    await saved(page).waitFor({ state: 'detached' });
    await expectAccessible(page);
    expect(await problems()).toEqual(NO_PROBLEMS);

    // A customer's browser, signed out, with no theme cookie: Northwind is the portal's first partner.
    const visitor = await portal.open(DESKTOP);
    await visitor.page.goto('/login');
    const logo = visitor.page.getByRole('img', { name: 'Northwind Communications' });
    await expect.poll(() => logo.getAttribute('src')).toMatch(new RegExp(`/${after?.logoUrl}$`));
    await expect.poll(() => logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(120);
    await expect
      .poll(() =>
        visitor.page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--brand-primary')),
      )
      .toBe('#7a1f5c');
    const logIn = visitor.page.getByRole('button', { name: 'Log in' });
    await expect
      .poll(() => logIn.evaluate((button) => getComputedStyle(button).backgroundColor))
      .toBe('rgb(122, 31, 92)');
    await shoot(visitor.page, 'console-branding-sign-in', DESKTOP);
    expect(await visitor.problems()).toEqual(NO_PROBLEMS);
  });

  it('reorders, adds and removes contacts and saves the settings, which the Contact page shows (desktop)', {
    timeout: 120_000,
  }, async () => {
    const { page, problems, session } = await portal.openAs('northwind.staff', DESKTOP);
    await page.goto('/console/settings');
    await expect.poll(() => heading(page).textContent()).toBe('Contacts and settings');
    const form = page.getByRole('form', { name: 'Contacts and settings' });
    await form.waitFor();
    await expectAccessible(page);

    const contacts = form.getByRole('list', { name: 'Contacts' });
    expect(await form.getByRole('textbox', { name: 'Type of contact 2' }).inputValue()).toBe('Technical Support');
    await form.getByRole('button', { name: 'Move contact 2 up' }).click();
    expect(await form.getByRole('textbox', { name: 'Type of contact 1' }).inputValue()).toBe('Technical Support');
    await form.getByRole('button', { name: 'Remove contact 4' }).click();
    await form.getByRole('button', { name: 'Add contact' }).click();
    await form.getByRole('textbox', { name: 'Type of contact 4' }).fill('Out of hours');
    await form.getByRole('textbox', { name: 'Details of contact 4' }).fill('0161 496 0999');
    expect(await contacts.getByRole('listitem').count()).toBe(4);

    // The form's own checks are the contract's.
    const expiry = form.getByRole('textbox', { name: 'Passwords expire after (days)' });
    await expiry.fill('400');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await form.getByText('Password expiry must be at most 365 days').waitFor();
    await expiry.fill('90');
    await form.getByRole('switch', { name: 'Show customers their broadband contracts’ end dates' }).uncheck();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await saved(page).waitFor();
    await shoot(page, 'console-settings', DESKTOP);

    const stored = await session.get<{ contacts: Array<{ type: string }>; passwordExpiryDays: number }>(
      '/api/console/partner/settings',
    );
    expect(stored?.contacts.map((contact) => contact.type)).toEqual([
      'Technical Support',
      'Customer Services',
      'Email',
      'Out of hours',
    ]);
    expect(stored?.passwordExpiryDays).toBe(90);

    // A customer's Contact page lists them in the new order.
    const customer = await portal.openAs('acme.admin', DESKTOP);
    await customer.page.goto('/contact');
    await customer.page.getByText('Out of hours').waitFor();
    const text = (await customer.page.locator('main').textContent()) ?? '';
    expect(text.indexOf('Technical Support')).toBeLessThan(text.indexOf('Customer Services'));
    expect(text).not.toContain('Opening Hours');
    expect(await problems()).toEqual(NO_PROBLEMS);
    expect(await customer.problems()).toEqual(NO_PROBLEMS);
  });

  it('fits both screens on a phone, axe-clean, the preview following the form (phone)', {
    timeout: 120_000,
  }, async () => {
    const { page, problems } = await portal.openAs('brightwave.staff', PHONE);
    await openBranding(page);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page);
    await page.getByRole('textbox', { name: 'Secondary colour', exact: true }).fill('#ffd166');
    await expect.poll(() => fill(page, 'preview-cookie-button')).toBe('#ffd166');
    await page.getByText(/^Contrast \d+(\.\d)?:1 with its dark text/).waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await shoot(page, 'console-branding', PHONE);

    await page.goto('/console/settings');
    await expect.poll(() => heading(page).textContent()).toBe('Contacts and settings');
    await page.getByRole('textbox', { name: 'Type of contact 1' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Type of contact 1' }).inputValue()).toBe('Sales');
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page);
    await shoot(page, 'console-settings', PHONE);
    expect(await problems()).toEqual(NO_PROBLEMS);
  });
});
