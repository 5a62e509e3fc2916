import type { Page } from 'playwright-core';
import type { ApiSession } from './api-session';

// What the estate pages' browser tests share: reading the API as the signed-in user, and the tables' totals and edits.

export interface Named {
  id: number;
  name: string;
  companyId?: number;
}
export interface List<T> {
  value: T[];
  '@odata.count'?: number;
}

/** The API's answer as the session's user; a 404 fails the test, naming the call. */
export async function must<T>(session: ApiSession, path: string): Promise<T> {
  const answer = await session.get<T>(path);
  if (answer === undefined) throw new Error(`GET ${path} as ${session.userName} found nothing`);
  return answer;
}

/** A list's `@odata.count`, asked with `$count=true&$top=0` as the pages do. */
export const count = async (session: ApiSession, path: string) =>
  (await must<List<unknown>>(session, `${path}?$count=true&$top=0`))['@odata.count'];

/** The total a table's pagination states ('1–20 of 60'). */
export async function tableTotal(page: Page): Promise<number> {
  const text = await page.locator('.MuiTablePagination-displayedRows').first().textContent();
  return Number(/of (\d+)/.exec(text ?? '')?.[1]);
}

/** The answer to the next inline edit (`changeName`, `changeSite`, `changeTeams`). */
export const afterPut = (page: Page, edit: string) =>
  page.waitForResponse((response) => response.request().method() === 'PUT' && response.url().endsWith(`/${edit}`));
