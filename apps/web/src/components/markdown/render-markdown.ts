import DOMPurify from 'dompurify';
import { Marked } from 'marked';

/**
 * What a rendered answer may hold: Markdown's own elements and nothing else (docs/decisions/0217). Raw HTML in the
 * text goes through the same list, so `<script>`, `<iframe>`, `<style>`, forms and event handlers never reach the
 * page, and images are left out: the portal's content policy loads none from elsewhere, and a partner's answer should
 * not make a customer's browser fetch anything.
 */
const ALLOWED_TAGS = [
  'p',
  'br',
  'hr',
  'strong',
  'em',
  'del',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'a',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
];
const ALLOWED_ATTR = ['href', 'title', 'start', 'align'];
/** Links go to the web, to an e-mail address or a phone number; anything else (javascript:, data:) loses its href. */
const ALLOWED_URI_REGEXP = /^(?:https?:|mailto:|tel:|\/|#)/i;

/**
 * Markdown without its raw HTML: a tag written in the text is left out (the words between tags stay), as
 * markdown-it's `html: false` would. So the sanitiser below only ever sees what Markdown itself makes, and an event
 * handler in the text never even reaches the parser of the page's document, whose content policy would report it.
 */
const markdown = new Marked({ gfm: true, breaks: true, async: false });
markdown.use({ renderer: { html: () => '' } });

let purifier: ReturnType<typeof DOMPurify> | undefined;
/** One sanitiser of its own (hooks are per instance): every link it keeps opens without handing over the page. */
function sanitiser() {
  if (purifier) return purifier;
  purifier = DOMPurify(window);
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.hasAttribute('href')) node.setAttribute('rel', 'noopener noreferrer nofollow');
  });
  return purifier;
}

/**
 * A partner's Markdown as safe HTML. Headings start at `headingLevel` (a `#` is that level, `##` one below), so an
 * answer under the page's h2 never breaks the page's outline; the levels stop at h6.
 */
export function renderMarkdown(text: string, headingLevel = 3): string {
  const tokens = markdown.lexer(text);
  markdown.walkTokens(tokens, (token) => {
    if (token.type === 'heading') token.depth = Math.min(6, token.depth + headingLevel - 1);
  });
  return sanitizeHtml(markdown.parser(tokens));
}

/** HTML cut down to Markdown's elements (the allow-list above) by DOMPurify: the last word on what reaches the page. */
export function sanitizeHtml(html: string): string {
  return sanitiser().sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP,
    ADD_ATTR: ['rel'],
  });
}
