// First: zod's settings for browsers (no eval under the page's CSP). Imported by name because the package index is
// free of side effects, so a bundle keeps only the schemas a page uses (docs/decisions/0043).
import '@portal/contract/zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to render the portal into');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
