// First: zod's settings for browsers (no eval under the page's CSP). Imported by name because the package index is
// free of side effects, so a bundle keeps only the schemas a page uses (docs/decisions/0043).
import '@portal/contract/zod-config';
import './lib/plain-ui/plain-ui.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { PRERENDERED_ATTRIBUTE } from './app/prerendered';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to render the portal into');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// The sign-in page's markup was rendered at build time from this same tree, so React takes it over. The shell's
// frame is only a picture of the first render: whether it applies (signed in or not) is in this browser's storage,
// which the build could not read, so React draws the page afresh over it (docs/decisions/0191). Either way in a
// transition: the page is already drawn, so the work is cut into short tasks that leave the main thread free.
startTransition(() => {
  if (container.getAttribute(PRERENDERED_ATTRIBUTE) === 'sign-in') hydrateRoot(container, app);
  else createRoot(container).render(app);
});
