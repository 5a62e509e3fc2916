/**
 * After `vite build`: renders the first screens at build time and writes them, with the stylesheet inlined, into
 * the HTML the server sends (docs/decisions/0191):
 * - `login.html`, the sign-in page, which the browser hydrates;
 * - `index.html`, the signed-in shell's frame, for every other route the app draws once it knows who is signing in;
 * - `<path>.html` for the other public routes (forgot password): no frame, since no shell comes.
 * The server sends `<first path segment>.html` where the build wrote one, else index.html. The stylesheet is small
 * and all of it is needed at once, so it goes inline rather than as a request that blocks the first paint.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'vite';

const WEB = path.resolve(import.meta.dirname, '..');
const DIST = path.join(WEB, 'dist');
const ENTRY = 'src/app/prerender.tsx';
// Inside the workspace, so the build's imports (react, react-dom) resolve from its node_modules.
const NODE_BUILD = path.join(WEB, 'node_modules/.prerender');

/** What src/app/prerender.tsx exports, built for Node. */
type Prerender = {
  renderSignInPage(): Promise<string>;
  renderShellFrame(): string;
  PUBLIC_PATHS: readonly string[];
};

async function buildForNode(outDir: string): Promise<Prerender> {
  await build({
    root: WEB,
    logLevel: 'warn',
    build: { ssr: ENTRY, outDir, emptyOutDir: true, sourcemap: false },
  });
  // Under node_modules no package.json of the workspace's applies: say the files are ES modules.
  await writeFile(path.join(outDir, 'package.json'), '{ "type": "module" }\n');
  return (await import(pathToFileURL(path.join(outDir, 'prerender.js')).href)) as Prerender;
}

/** index.html with its stylesheet links replaced by the stylesheets' text. */
async function inlineStylesheets(html: string): Promise<string> {
  let inlined = html;
  for (const [link, href = ''] of html.matchAll(/<link rel="stylesheet"[^>]*href="\/?([^"]+\.css)"[^>]*>/g)) {
    const css = await readFile(path.join(DIST, href), 'utf8');
    inlined = inlined.replace(link, () => `<style>${css}</style>`);
  }
  return inlined;
}

function withRoot(html: string, kind: 'sign-in' | 'frame' | undefined, markup: string): string {
  const root = kind === undefined ? '<div id="root">' : `<div id="root" data-prerendered="${kind}">`;
  return html.replace('<div id="root"></div>', () => `${root}${markup}</div>`);
}

/** The page and the compressed copies the server sends to browsers that accept them (vite-plugin-compression2's). */
async function writePage(file: string, html: string): Promise<void> {
  const target = path.join(DIST, file);
  const content = Buffer.from(html);
  await writeFile(target, content);
  await writeFile(`${target}.gz`, gzipSync(content, { level: 9 }));
  await writeFile(
    `${target}.br`,
    brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
  );
}

try {
  const prerender = await buildForNode(NODE_BUILD);
  const template = await inlineStylesheets(await readFile(path.join(DIST, 'index.html'), 'utf8'));
  if (!template.includes('<div id="root"></div>')) throw new Error('dist/index.html has no empty #root to fill');
  await writePage('login.html', withRoot(template, 'sign-in', await prerender.renderSignInPage()));
  for (const publicPath of prerender.PUBLIC_PATHS.filter((candidate) => candidate !== 'login'))
    await writePage(`${publicPath}.html`, withRoot(template, undefined, ''));
  await writePage('index.html', withRoot(template, 'frame', prerender.renderShellFrame()));
} finally {
  await rm(NODE_BUILD, { recursive: true, force: true });
}
