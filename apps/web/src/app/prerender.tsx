import { ROUTES } from '@portal/contract';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { App } from './App';
import { ShellFrame } from './shell/ShellFrame';

/**
 * What the build writes into the HTML it serves (scripts/prerender.ts, docs/decisions/0191). Runs in Node, built by
 * Vite for SSR: no window, no storage, no data, so the pages show what a first visit shows before any answer.
 */

/** The sign-in page at /login, the same tree main.tsx hydrates: the form, the cookie notice, no messages yet. */
export async function renderSignInPage(): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <App prerenderedAt="/login" />
    </StrictMode>,
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

/** The signed-in shell before its code and data: drawn over by the browser, never hydrated. */
export function renderShellFrame(): string {
  return renderToString(<ShellFrame />);
}

/** The public routes' paths (no sign-in needed): they get no frame of the signed-in shell. */
export const PUBLIC_PATHS: readonly string[] = ROUTES.filter((route) => route.access === 'public').map(
  (route) => route.path,
);
