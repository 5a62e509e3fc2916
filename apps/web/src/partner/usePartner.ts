import type { Partner } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { FIRST_LOAD_PATHS } from '../api/first-load-paths';
import { firstLoadRequest } from '../api/operations';
import { parsePartner } from './partner-reply';

const partnerRequest = firstLoadRequest(FIRST_LOAD_PATHS.partner, parsePartner);

/**
 * The reseller whose portal this is (branding, contacts, privacy policy). Public, so the sign-in page is branded too;
 * the server picks the partner from the token, else the theme-code cookie (docs/decisions/0013).
 */
export function usePartner() {
  return useQuery({
    // Not under the 'partners' area key: sign-in and sign-out clear the cache, and the branding must survive both
    // without a flash; a changed theme reloads the whole page instead (spec 2.1).
    queryKey: ['branding', FIRST_LOAD_PATHS.partner],
    queryFn: ({ signal }) => partnerRequest.fetch(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export type { Partner };

const THEME_COOKIE = 'themeCode';

/** The theme code the server last set at sign-in, if any. */
export function themeCodeCookie(cookies: string = document.cookie): string | undefined {
  for (const part of cookies.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === THEME_COOKIE) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}
