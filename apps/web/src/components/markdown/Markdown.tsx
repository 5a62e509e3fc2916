import Box from '@mui/material/Box';
import { useMemo } from 'react';
import { renderMarkdown } from './render-markdown';

/**
 * A partner's Markdown text (an FAQ answer), rendered and sanitised (docs/decisions/0217). It loads only with the
 * pages that show one, the customer's FAQ and the console's FAQs, never with the app's entry.
 */
export function Markdown({ text, headingLevel = 3 }: { text: string; headingLevel?: number }) {
  const html = useMemo(() => renderMarkdown(text, headingLevel), [text, headingLevel]);
  return (
    <Box
      className="portal-markdown"
      sx={{
        typography: 'body1',
        overflowWrap: 'anywhere',
        '& > :first-child': { mt: 0 },
        '& > :last-child': { mb: 0 },
        '& p, & ul, & ol, & blockquote, & pre, & table': { my: 1.5 },
        '& h2, & h3, & h4, & h5, & h6': { mt: 2, mb: 1, fontSize: '1.05rem', fontWeight: 600 },
        '& a[href]': { color: 'primary.main' },
        // A link whose address the sanitiser took away (javascript:, data:) is plain text, not a dead link.
        '& a:not([href])': { color: 'inherit', textDecoration: 'none' },
        '& blockquote': { borderLeft: 4, borderColor: 'divider', pl: 2, mx: 0, color: 'text.secondary' },
        '& pre': { overflowX: 'auto', p: 1.5, bgcolor: 'action.hover', borderRadius: 1 },
        '& code': { fontFamily: 'monospace', fontSize: '0.875em' },
        '& table': { borderCollapse: 'collapse', display: 'block', overflowX: 'auto', maxWidth: '100%' },
        '& th, & td': { border: 1, borderColor: 'divider', px: 1, py: 0.5, textAlign: 'left' },
      }}
      // Sanitised by renderMarkdown: only Markdown's elements, no event handlers, links to the web, mail and phone only.
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML is DOMPurify's output over an allow-list.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
