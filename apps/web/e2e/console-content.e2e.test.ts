import { type ConsoleFaq, type Message, messageStatus, NOTIFICATION_MESSAGES } from '@portal/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { animationsFinished, DESKTOP, PHONE, takeScreenshot, type ViewportProfile } from './support/browser';
import { expectAccessible, NO_PROBLEMS } from './support/portal';
import { usePortal } from './support/suite';

// The reseller console's Messages and FAQs (issue 27, docs/decisions/0217): partner staff write their partner's
// banner messages and FAQs; the customer's banner and FAQ page show them, the FAQ's Markdown through the sanitiser.

type List<T> = { value: T[] };

const STATUS_LABELS = { current: 'Current', scheduled: 'Scheduled', expired: 'Expired' } as const;
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
const snackbar = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

async function shoot(page: Page, name: string, viewport: ViewportProfile) {
  await animationsFinished(page);
  await takeScreenshot(page, name, viewport);
}

/** The UK wall clock `days` from now, as a datetime-local input takes it (the machine runs in UTC or UK time). */
function ukLocalIn(days: number): string {
  const parts: Record<string, string> = {};
  const clock = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  for (const part of clock.formatToParts(new Date(Date.now() + days * 86_400_000))) parts[part.type] = part.value;
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** A stored-XSS attempt in every form the issue names; each would set `window.__faqXss` if it ran. */
const XSS_TITLE = 'How safe is this answer?';
const XSS_ANSWER = [
  'Safe words before the payload.',
  '<img src=x onerror="window.__faqXss=\'img\'">',
  "<script>window.__faqXss='script'</script>",
  "[Click for help](javascript:window.__faqXss='link')",
  '<iframe src="https://example.com/" onload="window.__faqXss=\'iframe\'"></iframe>',
  '<a href="javascript:window.__faqXss=\'anchor\'" onmouseover="window.__faqXss=\'hover\'">Raw link</a>',
  'Safe words after the payload.',
].join('\n\n');

/**
 * What of the payload made it into the page: any element that runs or loads something in a rendered answer
 * (`.portal-markdown`), and anywhere in the page's main part a script, frame, event handler or script URL.
 */
function dangerIn(page: Page) {
  return page.evaluate(() => {
    const found: string[] = [];
    const answers = [...document.querySelectorAll('.portal-markdown')];
    for (const answer of answers) {
      for (const element of answer.querySelectorAll('script, iframe, object, embed, img, svg, style, form')) {
        found.push(`answer <${element.tagName.toLowerCase()}>`);
      }
    }
    for (const element of document.querySelectorAll('main script, main iframe, main object, main embed')) {
      found.push(`<${element.tagName.toLowerCase()}>`);
    }
    for (const element of document.querySelectorAll('main *')) {
      for (const attribute of element.attributes) {
        if (/^on/i.test(attribute.name)) found.push(`${element.tagName.toLowerCase()}[${attribute.name}]`);
        if (/^\s*javascript:/i.test(attribute.value))
          found.push(`${element.tagName.toLowerCase()}[${attribute.name}=js]`);
      }
    }
    return { answers: answers.length, found, flag: (window as { __faqXss?: unknown }).__faqXss ?? null };
  });
}

describe('reseller console: messages and FAQs', () => {
  const portal = usePortal();

  it('staff add, schedule, edit and delete a message with the banner as its preview; the customer sees it', {
    timeout: 180_000,
  }, async () => {
    const { page, problems, session } = await portal.openAs('northwind.staff', DESKTOP);
    const stored = (await session.get<List<Message>>('/api/messages/all'))?.value ?? [];
    expect(stored.length).toBeGreaterThan(0);

    await page.goto('/console/messages');
    await page.getByRole('heading', { level: 1, name: 'Messages' }).waitFor();
    const list = page.getByRole('list', { name: 'Messages' });
    await expect.poll(() => list.getByRole('listitem').count()).toBe(stored.length);
    // Each message carries its status by the rule the current-messages operation applies.
    for (const message of stored) {
      const card = list.getByRole('listitem', { name: message.text });
      await card.getByText(STATUS_LABELS[messageStatus(message, Date.now())], { exact: true }).waitFor();
    }
    await shoot(page, 'console-messages', DESKTOP);
    await expectAccessible(page);

    // Add: the form checks with the API's own rules, and previews the banner as it types.
    await page.getByRole('button', { name: 'Add message' }).click();
    const form = page.getByRole('form', { name: 'Add message' });
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Message is required').waitFor();
    const text = 'Planned network upgrade: data may be slow on Saturday night.';
    await form.getByRole('textbox', { name: 'Message' }).fill(text);
    const preview = form.getByRole('region', { name: 'Preview as the banner' });
    await preview.getByText(text).waitFor();
    await form.getByLabel('Starts (UK time)').fill(ukLocalIn(3));
    await form.getByLabel('Ends (UK time)').fill(ukLocalIn(2));
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('The end must be after the start').waitFor();
    await shoot(page, 'console-message-form-errors', DESKTOP);
    await expectAccessible(page);
    await form.getByLabel('Ends (UK time)').fill(ukLocalIn(5));
    await preview.getByText('Status once saved: Scheduled.').waitFor();
    await form.getByRole('button', { name: 'Save' }).click();
    await snackbar(page, NOTIFICATION_MESSAGES.saveSuccessful).waitFor();
    const card = list.getByRole('listitem', { name: text });
    await card.getByText('Scheduled', { exact: true }).waitFor();
    // The snackbar's filled green falls short of the enhanced contrast for its few seconds (as every success's).
    await snackbar(page, NOTIFICATION_MESSAGES.saveSuccessful).waitFor({ state: 'hidden' });
    const created = (await session.get<List<Message>>('/api/messages/all'))?.value.find((m) => m.text === text);
    expect(created?.startDate).toBeDefined();
    expect(Date.parse(created?.endDate ?? '') - Date.parse(created?.startDate ?? '')).toBe(2 * 86_400_000);

    // A scheduled message is not in the customer's banner yet.
    const customer = await portal.openAs('acme.admin', DESKTOP);
    await customer.page.goto('/');
    const banner = customer.page.getByRole('region', { name: 'Messages' });
    await banner.waitFor();
    expect(await banner.getByText(text).count()).toBe(0);

    // Edit: a new text and no start makes it current; the banner shows it.
    await card.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('form', { name: 'Edit message' });
    expect(await edit.getByRole('textbox', { name: 'Message' }).inputValue()).toBe(text);
    const changed = 'Planned network upgrade: data may be slow tonight.';
    await edit.getByRole('textbox', { name: 'Message' }).fill(changed);
    await edit.getByLabel('Starts (UK time)').fill('');
    await edit.getByRole('region', { name: 'Preview as the banner' }).getByText(changed).waitFor();
    await edit.getByRole('button', { name: 'Save' }).click();
    await list.getByRole('listitem', { name: changed }).getByText('Current', { exact: true }).waitFor();
    await customer.page.reload();
    await customer.page.getByRole('region', { name: 'Messages' }).getByText(changed).waitFor();

    // Delete, confirmed.
    await list.getByRole('listitem', { name: changed }).getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`Are you sure you want to delete the message “${changed}”?`).waitFor();
    await dialog.getByRole('button', { name: 'Yes, I Understand' }).click();
    // (While the dialog is open the page behind it is hidden from the accessibility tree: wait for it to go first.)
    await dialog.waitFor({ state: 'detached' });
    await list.waitFor();
    await expect.poll(() => list.getByRole('listitem', { name: changed }).count()).toBe(0);
    expect(await list.getByRole('listitem').count()).toBe(stored.length);
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    const left = (await session.get<List<Message>>('/api/messages/all'))?.value ?? [];
    expect(left.map((m) => m.id).sort()).toEqual(stored.map((m) => m.id).sort());
    expect(await problems()).toEqual(NO_PROBLEMS);
    expect(await customer.problems()).toEqual(NO_PROBLEMS);
  });

  it('shows the four states of both lists, and the filter that matches nothing', { timeout: 120_000 }, async () => {
    const { page, problems, session } = await portal.openAs('brightwave.staff', DESKTOP);

    // Loading, then failed with Retry, then the rows.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let failing = true;
    await page.route('**/api/messages/all', async (route) => {
      await held;
      if (!failing) return route.fallback();
      return route.fulfill({ status: 500, contentType: 'application/json', body: '{"statusCode":500}' });
    });
    await page.goto('/console/messages');
    await page.getByRole('status', { name: 'Loading messages' }).waitFor();
    release();
    const failed = page.getByRole('alert').filter({ hasText: "We couldn't load your messages" });
    await failed.waitFor();
    failing = false;
    await failed.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('list', { name: 'Messages' }).waitFor();

    // Empty: the partner's messages all removed.
    for (const message of (await session.get<List<Message>>('/api/messages/all'))?.value ?? []) {
      await session.send('DELETE', `/api/messages/${message.id}`);
    }
    await page.reload();
    await page.getByRole('status').filter({ hasText: 'No messages yet.' }).waitFor();
    await expectAccessible(page);

    // A filter that matches nothing says so, and Show all brings the rows back.
    await session.send('POST', '/api/messages', { text: 'Open all hours.' });
    await page.reload();
    await page.getByRole('button', { name: 'Expired' }).click();
    await page.getByRole('status').filter({ hasText: 'No expired messages' }).waitFor();
    expect(new URL(page.url()).searchParams.get('status')).toBe('expired');
    await shoot(page, 'console-messages-no-match', DESKTOP);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Show all' }).click();
    await page.getByRole('list', { name: 'Messages' }).getByText('Open all hours.').waitFor();

    // The FAQs: loading and failed, then empty once the partner's questions are gone.
    let faqsFailing = true;
    await page.route('**/api/console/faqs', (route) =>
      faqsFailing
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"statusCode":500}' })
        : route.fallback(),
    );
    await page.goto('/console/faqs');
    const faqsFailed = page.getByRole('alert').filter({ hasText: "We couldn't load your questions" });
    await faqsFailed.waitFor();
    faqsFailing = false;
    await faqsFailed.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('list', { name: "Questions, in the FAQ page's order" }).waitFor();
    for (const faq of (await session.get<List<ConsoleFaq>>('/api/console/faqs'))?.value ?? []) {
      await session.send('DELETE', `/api/console/faqs/${faq.id}`);
    }
    await page.reload();
    await page.getByRole('status').filter({ hasText: 'No questions yet' }).waitFor();
    await expectAccessible(page);
    // The injected failures, and the browser's word on each, are the only problems.
    const seen = await problems();
    expect({ ...seen, consoleErrors: [], failedRequests: [] }).toEqual(NO_PROBLEMS);
    expect(seen.failedRequests.length).toBeGreaterThan(0);
    for (const request of seen.failedRequests)
      expect(request).toMatch(/\/api\/(messages\/all|console\/faqs): HTTP 500$/);
    for (const error of seen.consoleErrors) expect(error).toMatch(/status of 500/);
  });

  it('staff add a question with a Markdown preview and move it up by keyboard; customers see the new order', {
    timeout: 120_000,
  }, async () => {
    const { page, problems, session } = await portal.openAs('northwind.staff', DESKTOP);
    const before = (await session.get<List<ConsoleFaq>>('/api/console/faqs'))?.value ?? [];
    expect(before.length).toBeGreaterThan(2);
    await page.goto('/console/faqs');
    await page.getByRole('heading', { level: 1, name: 'FAQs' }).waitFor();
    const list = page.getByRole('list', { name: "Questions, in the FAQ page's order" });
    await expect.poll(() => list.getByRole('listitem').count()).toBe(before.length);

    await page.getByRole('button', { name: 'Add question' }).click();
    const form = page.getByRole('form', { name: 'Add question' });
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Question is required').waitFor();
    await form.getByText('Answer is required').waitFor();
    const title = 'Can I keep my number when I move to you?';
    await form.getByRole('textbox', { name: 'Question' }).fill(title);
    await form
      .getByRole('textbox', { name: 'Answer (Markdown)' })
      .fill(
        'Yes. **Ask your old provider** for a PAC, then:\n\n- call us\n- or [write to us](https://example.com/port)',
      );
    const preview = form.getByRole('region', { name: 'Preview of the answer' });
    await preview.locator('strong', { hasText: 'Ask your old provider' }).waitFor();
    await expect.poll(() => preview.getByRole('listitem').count()).toBe(2);
    expect(await preview.getByRole('link', { name: 'write to us' }).getAttribute('href')).toBe(
      'https://example.com/port',
    );
    await shoot(page, 'console-faq-form', DESKTOP);
    await expectAccessible(page);
    await form.getByRole('button', { name: 'Save' }).click();
    await snackbar(page, NOTIFICATION_MESSAGES.saveSuccessful).waitFor();
    await expect.poll(() => list.getByRole('listitem').count()).toBe(before.length + 1);
    expect(await list.getByRole('listitem').last().getAttribute('aria-labelledby')).toBeTruthy();
    await list.getByRole('listitem').last().getByText(title).waitFor();
    await snackbar(page, NOTIFICATION_MESSAGES.saveSuccessful).waitFor({ state: 'hidden' });

    // By keyboard: the move button keeps the focus as its question climbs, one place per Enter.
    const up = page.getByRole('button', { name: `Move “${title}” up` });
    await up.focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() =>
        list
          .getByRole('listitem')
          .nth(before.length - 1)
          .textContent(),
      )
      .toContain(title);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe(`Move “${title}” up`);
    await page.keyboard.press('Enter');
    await expect
      .poll(() =>
        list
          .getByRole('listitem')
          .nth(before.length - 2)
          .textContent(),
      )
      .toContain(title);
    await shoot(page, 'console-faqs', DESKTOP);
    await expectAccessible(page);

    const after = (await session.get<List<ConsoleFaq>>('/api/console/faqs'))?.value ?? [];
    const expected = before.map((faq) => faq.title);
    expected.splice(before.length - 2, 0, title);
    expect(after.map((faq) => faq.title)).toEqual(expected);

    // The customer's FAQ page has the same order, and the answer rendered.
    const customer = await portal.openAs('acme.admin', DESKTOP);
    await customer.page.goto('/faq');
    await customer.page.getByRole('heading', { level: 1, name: 'FAQ' }).waitFor();
    await expect.poll(() => customer.page.locator('main h2').allTextContents()).toEqual(expected);
    await customer.page.getByRole('button', { name: title }).click();
    await customer.page.locator('strong', { hasText: 'Ask your old provider' }).waitFor();
    expect(await problems()).toEqual(NO_PROBLEMS);
    expect(await customer.problems()).toEqual(NO_PROBLEMS);
  });

  it('renders a stored script attack as harmless text on the customer’s FAQ page (Chromium)', {
    timeout: 120_000,
  }, async () => {
    const staff = await portal.openAs('northwind.staff', DESKTOP);
    await staff.page.goto('/console/faqs');
    await staff.page.getByRole('button', { name: 'Add question' }).click();
    const form = staff.page.getByRole('form', { name: 'Add question' });
    await form.getByRole('textbox', { name: 'Question' }).fill(XSS_TITLE);
    await form.getByRole('textbox', { name: 'Answer (Markdown)' }).fill(XSS_ANSWER);
    // The console's own preview is sanitised too.
    const preview = form.getByRole('region', { name: 'Preview of the answer' });
    await preview.getByText('Safe words after the payload.').waitFor();
    expect(await dangerIn(staff.page)).toEqual({ answers: 1, found: [], flag: null });
    await form.getByRole('button', { name: 'Save' }).click();
    await snackbar(staff.page, NOTIFICATION_MESSAGES.saveSuccessful).waitFor();
    // Stored exactly as written: the API keeps the author's text, and the page makes it safe.
    const stored = (await staff.session.get<List<ConsoleFaq>>('/api/console/faqs'))?.value.find(
      (faq) => faq.title === XSS_TITLE,
    );
    expect(stored?.text).toBe(XSS_ANSWER);

    const customer = await portal.openAs('acme.admin', DESKTOP);
    const dialogs: string[] = [];
    customer.page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await customer.page.goto('/faq');
    const question = customer.page.getByRole('button', { name: XSS_TITLE });
    await question.click();
    const answer = customer.page.getByRole('region', { name: XSS_TITLE });
    await answer.getByText('Safe words before the payload.').waitFor();
    await answer.getByText('Safe words after the payload.').waitFor();
    await answer.getByText('Raw link').hover();
    await answer.getByText('Click for help').click();
    await answer.getByText('Raw link').click();
    await animationsFinished(customer.page);
    expect(await dangerIn(customer.page)).toEqual({ answers: expect.any(Number), found: [], flag: null });
    expect((await dangerIn(customer.page)).answers).toBeGreaterThan(1);
    expect(dialogs).toEqual([]);
    // Nothing was fetched for the image, nothing broke the content policy, no error was thrown.
    expect(await customer.problems()).toEqual(NO_PROBLEMS);
    expect(new URL(customer.page.url()).pathname).toBe('/faq');
    await shoot(customer.page, 'faq-sanitised', DESKTOP);
    await expectAccessible(customer.page);

    // The staff member deletes it again, confirmed; the focus goes to the page's heading.
    const list = staff.page.getByRole('list', { name: "Questions, in the FAQ page's order" });
    await list.getByRole('listitem', { name: XSS_TITLE }).getByRole('button', { name: 'Delete' }).click();
    const dialog = staff.page.getByRole('dialog');
    await dialog.getByText(`Are you sure you want to delete the question “${XSS_TITLE}”?`).waitFor();
    await dialog.getByRole('button', { name: 'Yes, I Understand' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => list.getByRole('listitem', { name: XSS_TITLE }).count()).toBe(0);
    expect(await staff.page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    const left = (await staff.session.get<List<ConsoleFaq>>('/api/console/faqs'))?.value ?? [];
    expect(left.map((faq) => faq.title)).not.toContain(XSS_TITLE);
    expect(await staff.problems()).toEqual(NO_PROBLEMS);
  });

  it('fits both screens and their editors on a phone, accessibly', { timeout: 120_000 }, async () => {
    const { page, problems } = await portal.openAs('northwind.staff', PHONE);
    await page.goto('/console/messages');
    await page.getByRole('list', { name: 'Messages' }).waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await shoot(page, 'console-messages', PHONE);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Add message' }).click();
    const form = page.getByRole('form', { name: 'Add message' });
    await form
      .getByRole('textbox', { name: 'Message' })
      .fill('A long message that needs more than one line on a phone.');
    await form.getByRole('region', { name: 'Preview as the banner' }).getByRole('button', { name: 'more' }).waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await shoot(page, 'console-message-form', PHONE);
    await expectAccessible(page);

    await page.goto('/console/faqs');
    await page.getByRole('list', { name: "Questions, in the FAQ page's order" }).waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await shoot(page, 'console-faqs', PHONE);
    await expectAccessible(page);
    const first = page.getByRole('list', { name: "Questions, in the FAQ page's order" }).getByRole('listitem').first();
    await first.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('form', { name: 'Edit question' });
    await edit.getByRole('region', { name: 'Preview of the answer' }).getByTestId('faq-preview').waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await shoot(page, 'console-faq-form', PHONE);
    await expectAccessible(page);
    expect(await problems()).toEqual(NO_PROBLEMS);
  });
});
