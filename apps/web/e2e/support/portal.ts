import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The published password of every demo account (README). */
export const DEMO_PASSWORD = 'Demo-Portal-2026!';

export const NO_PROBLEMS = { consoleErrors: [], pageErrors: [], cspViolations: [], failedRequests: [] };

/** Accepts the cookie notice if it is showing. */
export async function acceptCookies(page: Page): Promise<void> {
  const accept = page.getByRole('button', { name: 'Accept', exact: true });
  if (await accept.isVisible()) await accept.click();
}

/** Signs in through the login page and waits until the app has left it. */
export async function signIn(page: Page, userName: string, password = DEMO_PASSWORD): Promise<void> {
  if (!page.url().includes('/login')) await page.goto('/login');
  await acceptCookies(page);
  await page.getByLabel('Username').fill(userName);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** The labels of the side menu, groups as `Group > Item`. */
export async function sideMenuLabels(page: Page): Promise<string[]> {
  const menu = page.getByRole('list', { name: 'Main menu' });
  // The permission-gated entries join once the caller's permissions have loaded.
  await page.locator('ul[aria-label="Main menu"][aria-busy="false"]').waitFor();
  return menu.evaluate((list) => {
    const labels: string[] = [];
    for (const item of Array.from(list.children)) {
      const group = item.querySelector('ul');
      if (group) {
        const title = group.querySelector('li[id^="menu-group-"], .MuiListSubheader-root')?.textContent?.trim() ?? '';
        for (const link of Array.from(group.querySelectorAll('a')))
          labels.push(`${title} > ${link.textContent?.trim()}`);
      } else {
        labels.push(item.textContent?.trim() ?? '');
      }
    }
    return labels;
  });
}

const require = createRequire(import.meta.url);
let axeSource: Promise<string> | undefined;

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown[] }>;
}

/**
 * Runs axe-core (WCAG 2.x A and AA rules) on the page as it is now and fails on serious or critical violations.
 * The script goes in through the DevTools protocol, which the page's CSP does not govern.
 */
export async function expectAccessible(page: Page): Promise<void> {
  axeSource ??= readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
  const source = await axeSource;
  await page.evaluate(source);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<unknown> } }).axe;
    const result = (await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    })) as { violations: AxeViolation[] };
    return result.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      targets: nodes.map((node) => node.target.join(' ')),
    }));
  });
  expect(violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')).toEqual(
    [],
  );
}

/** The newest e-mail in the server's outbox folder (the server runs without SMTP_URL in tests). */
export async function latestEmail(dataDir: string): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  const deadline = Date.now() + 10_000;
  for (;;) {
    const files = (await readdir(outbox).catch(() => [])).filter((file) => file.endsWith('.eml')).sort();
    const newest = files.at(-1);
    if (newest) return readFile(path.join(outbox, newest), 'utf8');
    if (Date.now() > deadline) throw new Error(`No e-mail arrived in ${outbox}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The temporary password of a password-reset e-mail (its quoted-printable text part). */
export function temporaryPasswordFrom(email: string): string {
  const decoded = email
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  const match = /temporary password is:\s+(\S+)/.exec(decoded);
  if (!match?.[1]) throw new Error(`No temporary password in the e-mail:\n${email}`);
  return match[1];
}
