import Bowser from 'bowser';

/** How long the name of a client no parser knows (an API client's "curl/8.5.0") may be. */
const PRODUCT_LIMIT = 40;

/**
 * A session's browser and system in words, from its sign-in's user agent: "Chrome on Windows", "Safari on iOS".
 * What no parser knows (an API client) is named by the user agent's first product, "curl/8.5.0"; null without one.
 */
export function deviceOf(userAgent: string | null): string | null {
  const text = userAgent?.trim();
  if (!text) return null;
  const { browser, os } = Bowser.parse(text);
  const browserName = browser.name || undefined;
  const systemName = os.name || undefined;
  if (browserName && systemName) return `${browserName} on ${systemName}`;
  if (browserName || systemName) return browserName ?? systemName ?? null;
  return text.split(/\s/, 1)[0]?.slice(0, PRODUCT_LIMIT) ?? null;
}
