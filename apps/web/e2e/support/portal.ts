import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { isAccepted } from './accepted-violations';
import { animationsFinished } from './browser';

/** The published password of every demo account (README). */
export const DEMO_PASSWORD = 'Demo-Portal-2026!';

export const NO_PROBLEMS = { consoleErrors: [], pageErrors: [], cspViolations: [], failedRequests: [] };

/** Accepts the cookie notice on the login page if it is showing. */
export async function acceptCookies(page: Page): Promise<void> {
  // The notice is drawn with the app's providers, no later than the login form: until the form is there, an
  // absent notice says nothing, and a sign-in without consent is refused (the flake this wait removed).
  await page.getByRole('button', { name: 'Log in' }).waitFor();
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

/** One element an axe rule found wanting. */
export interface AxeFinding {
  rule: string;
  impact: string | null;
  help: string;
  target: string;
  html: string;
  /** What axe measured (a contrast's colours and ratio, say). */
  why: string;
}

/**
 * Runs axe-core with every rule it has (best practices, experimental and AAA ones too, not only WCAG A and AA) on
 * the page as it is now, and answers what it finds that support/accepted-violations.ts does not accept. The script
 * goes in through the DevTools protocol, which the page's CSP does not govern, once per document.
 */
export async function axeFindings(page: Page): Promise<AxeFinding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) {
    axeSource ??= readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
    await page.evaluate(await axeSource);
  }
  const findings = await page.evaluate(async () => {
    interface Axe {
      getRules(): Array<{ ruleId: string }>;
      run(context: Document, options: object): Promise<{ violations: AxeViolation[] }>;
    }
    interface AxeViolation {
      id: string;
      impact: string | null;
      help: string;
      nodes: Array<{ target: unknown[]; html: string; element?: Element; any: Array<{ message: string }> }>;
    }
    const axe = (window as unknown as { axe: Axe }).axe;
    const every = axe.getRules().map((rule) => rule.ruleId);
    const result = await axe.run(document, {
      runOnly: { type: 'rule', values: every },
      resultTypes: ['violations'],
      elementRef: true,
    });
    // The element's tag, classes (MUI's state classes, such as Mui-disabled, not emotion's) and role name it where
    // axe's selector is a generated id.
    const named = (element: Element | undefined) =>
      element
        ? `${element.tagName.toLowerCase()}${Array.from(element.classList)
            .filter((name) => !name.startsWith('css-'))
            .map((name) => `.${name}`)
            .join('')}${element.getAttribute('role') ? `[role=${element.getAttribute('role')}]` : ''}`
        : '';
    return result.violations.flatMap(({ id, impact, help, nodes }) =>
      nodes.map((node) => ({
        rule: id,
        impact,
        help,
        target: `${node.target.join(' ')} (${named(node.element)})`,
        html: node.html.slice(0, 160),
        why: node.any.map((check) => check.message).join(' '),
      })),
    );
  });
  return findings.filter((finding) => !isAccepted(finding.rule, finding.target));
}

/**
 * axe's findings once the page has settled. A form fills a field its data decides (the only company, say) just
 * after it is drawn, and the label's move is a transition: a finding seen mid-move is looked at again once every
 * transition has ended, and only what is still there counts.
 */
export async function settledAxeFindings(page: Page): Promise<AxeFinding[]> {
  await animationsFinished(page);
  const first = await axeFindings(page);
  if (first.length === 0) return first;
  await animationsFinished(page);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  return axeFindings(page);
}

/** Fails on any axe finding (every rule, every impact) that a decision record does not accept, once settled. */
export async function expectAccessible(page: Page): Promise<void> {
  expect(await settledAxeFindings(page)).toEqual([]);
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

/** An e-mail with its quoted-printable parts decoded (soft line breaks joined), to search its text and HTML. */
export function decodedEmail(email: string): string {
  return email
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The temporary password of a password-reset e-mail (its quoted-printable text part). */
export function temporaryPasswordFrom(email: string): string {
  const decoded = decodedEmail(email);
  const match = /temporary password is:\s+(\S+)/.exec(decoded);
  if (!match?.[1]) throw new Error(`No temporary password in the e-mail:\n${email}`);
  return match[1];
}
