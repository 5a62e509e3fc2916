/**
 * The guarded URL a signed-out visitor wanted (spec 2.1), kept for the tab's lifetime so sign-in can return there.
 * Only app-relative paths are kept, so a crafted value cannot send the user to another site.
 */
const KEY = 'redirect_url';

export function rememberRedirectUrl(url: string, storage: Pick<Storage, 'setItem'> = sessionStorage): void {
  if (url.startsWith('/') && !url.startsWith('//')) storage.setItem(KEY, url);
}

/** The remembered URL (then forgotten), or '/'. */
export function takeRedirectUrl(storage: Pick<Storage, 'getItem' | 'removeItem'> = sessionStorage): string {
  const url = storage.getItem(KEY);
  storage.removeItem(KEY);
  return url?.startsWith('/') && !url.startsWith('//') && !url.startsWith('/login') ? url : '/';
}
