import { spawnSync } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.js';
import { startPortal } from './portal-server.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const DIST = path.join(ROOT, 'apps/web/dist');
/** The budget for the JavaScript the login page loads, gzip-compressed (kB = 1,000 bytes, as Vite reports). */
const LOGIN_JS_BUDGET = 120_000;
/** The sign-in page as the build pre-rendered it, its stylesheet inline (docs/decisions/0191). */
const LOGIN_HTML = 'login.html';

type Sizes = { raw: number; gzip: number };

/** A file's size as is and gzip-compressed at level 9, as a server compressing it would send it. */
async function sizesOf(file: string): Promise<Sizes> {
  const content = await readFile(path.join(DIST, file));
  return { raw: content.length, gzip: gzipSync(content, { level: 9 }).length };
}

/** A URL or path of the page (base `/`) as a path relative to dist, e.g. `assets/index-x.js`. */
function distPath(url: string): string {
  return decodeURIComponent(new URL(url, 'http://portal/').pathname).replace(/^\/+/, '');
}

/** The module scripts, modulepreload links and stylesheets of index.html. */
function htmlAssets(html: string): { scripts: string[]; styles: string[] } {
  const scripts: string[] = [];
  const styles: string[] = [];
  for (const [, tag = '', attributes = ''] of html.matchAll(/<(script|link)\b([^>]*)>/gi)) {
    const attrs = new Map<string, string>();
    for (const match of attributes.matchAll(/([\w-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g))
      attrs.set((match[1] ?? '').toLowerCase(), match[2] ?? match[3] ?? match[4] ?? '');
    const rel = attrs.get('rel')?.toLowerCase();
    if (tag.toLowerCase() === 'script' && attrs.get('type') === 'module' && attrs.get('src'))
      scripts.push(distPath(attrs.get('src')!));
    else if (rel === 'modulepreload' && attrs.get('href')) scripts.push(distPath(attrs.get('href')!));
    else if (rel === 'stylesheet' && attrs.get('href')) styles.push(distPath(attrs.get('href')!));
  }
  return { scripts, styles };
}

/**
 * The static `import … from "./x.js"`, `import "./x.js"` and `export … from "./x.js"` of a built chunk, as dist
 * paths. Dynamic `import("./x.js")` does not match: an opening parenthesis follows its keyword, not a quote or a
 * binding list.
 */
function staticImports(file: string, code: string): string[] {
  const pattern = /(?<![\w$.])(?:import|export)\s*(?:[\w$*{},\s]*?\bfrom\s*)?(["'])(\.{1,2}\/[^"'\s]+?)\1/g;
  return [...code.matchAll(pattern)].map(([, , specifier = '']) =>
    path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)),
  );
}

/** Every chunk reachable from the given ones over static imports. */
async function staticGraph(entries: string[]): Promise<Set<string>> {
  const seen = new Set<string>();
  const queue = [...entries];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...staticImports(file, await readFile(path.join(DIST, file), 'utf8')));
  }
  return seen;
}

/** The same-origin .js and .css files a fresh browser requests for the page until the network is idle. */
async function loadedByPage(url: string): Promise<{ files: Set<string>; finalUrl: string; title: string }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS });
  try {
    const page = await browser.newPage();
    const files = new Set<string>();
    const origin = new URL(url).origin;
    page.on('response', (response) => {
      const responseUrl = new URL(response.url());
      if (responseUrl.origin === origin && /\.(m?js|css)$/.test(responseUrl.pathname))
        files.add(distPath(responseUrl.pathname));
    });
    await page.goto(url, { waitUntil: 'networkidle', timeout: 60_000 });
    return { files, finalUrl: page.url(), title: await page.title() };
  } finally {
    await browser.close();
  }
}

async function distFiles(dir = ''): Promise<string[]> {
  const entries = await readdir(path.join(DIST, dir), { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const file = dir ? `${dir}/${entry.name}` : entry.name;
      return entry.isDirectory() ? distFiles(file) : Promise.resolve([file]);
    }),
  );
  return nested.flat();
}

const kB = (bytes: number) => Math.round(bytes / 10) / 100;

/**
 * What the login page costs in JavaScript: `npm run bench -- bundle-size`. Builds the web app and the server unless
 * told not to (`npm run bench -- bundle-size --no-build`, or BENCH_NO_BUILD=1), then loads /login in headless Chromium against the built server and sizes every
 * script and stylesheet it requested, gzip level 9, from apps/web/dist.
 */
export async function run(args: string[]): Promise<void> {
  if (!args.includes('--no-build') && !process.env.BENCH_NO_BUILD) {
    const build = spawnSync('npm', ['run', 'build', '-w', '@portal/web', '-w', '@portal/server'], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    if (build.status !== 0) throw new Error(`the build failed (exit ${build.status})`);
  }
  const html = await readFile(path.join(DIST, 'index.html'), 'utf8');
  const { scripts, styles } = htmlAssets(html);
  const entryGraph = await staticGraph(scripts);

  const portal = await startPortal();
  let login: Awaited<ReturnType<typeof loadedByPage>>;
  try {
    login = await loadedByPage(`${portal.baseUrl}/login`);
  } finally {
    await portal.stop();
  }

  const all = (await distFiles()).filter((file) => /\.(m?js|css)$/.test(file)).sort();
  const sizes = new Map(await Promise.all(all.map(async (file) => [file, await sizesOf(file)] as const)));
  const notInDist = [...login.files].filter((file) => !sizes.has(file));
  const total = (files: Iterable<string>, kind: 'js' | 'css') => {
    const picked = [...files].filter((file) => (kind === 'css' ? file.endsWith('.css') : !file.endsWith('.css')));
    const sum = (key: keyof Sizes) => picked.reduce((acc, file) => acc + (sizes.get(file)?.[key] ?? 0), 0);
    return { files: picked.length, 'raw kB': kB(sum('raw')), 'gzip kB': kB(sum('gzip')), gzip: sum('gzip') };
  };

  console.log(
    `index.html: module scripts/modulepreloads ${scripts.join(', ') || '(none)'}; stylesheets ${styles.join(', ') || '(none)'}`,
  );
  console.log(`/login in Chromium ended at ${login.finalUrl} ("${login.title}")`);
  if (notInDist.length > 0) console.log(`requested but not in dist (not counted): ${notInDist.join(', ')}`);
  console.log(`\n${'file'.padEnd(48)} ${'raw kB'.padStart(8)} ${'gzip kB'.padStart(8)}  entry graph  /login`);
  for (const file of all) {
    const { raw = 0, gzip = 0 } = sizes.get(file) ?? {};
    const inEntry = entryGraph.has(file) || styles.includes(file) ? 'yes' : '-';
    const inLogin = login.files.has(file) ? 'yes' : '-';
    console.log(
      `${file.padEnd(48)} ${kB(raw).toFixed(2).padStart(8)} ${kB(gzip).toFixed(2).padStart(8)}  ${inEntry.padEnd(11)}  ${inLogin}`,
    );
  }
  const loginJs = total(login.files, 'js');
  const rows = {
    '(a) JS loaded by /login': loginJs,
    '(a) CSS loaded by /login': total(login.files, 'css'),
    '(b) JS of the entry static graph': total(entryGraph, 'js'),
    '(b) CSS linked by index.html': total(styles, 'css'),
    '(c) all JS in dist': total(all, 'js'),
    '(c) all CSS in dist': total(all, 'css'),
  };
  console.table(Object.fromEntries(Object.entries(rows).map(([name, { gzip: _gzip, ...shown }]) => [name, shown])));
  const loginHtml = await sizesOf(LOGIN_HTML).catch(() => undefined);
  if (loginHtml)
    console.log(
      `${LOGIN_HTML} (the pre-rendered page, stylesheet inline): ${kB(loginHtml.raw)} kB raw, ${kB(loginHtml.gzip)} kB gzip`,
    );
  const verdict = loginJs.gzip <= LOGIN_JS_BUDGET ? 'PASS' : 'FAIL';
  console.log(
    `${verdict}: /login loads ${kB(loginJs.gzip)} kB of JavaScript gzip-compressed (budget ${kB(LOGIN_JS_BUDGET)} kB)`,
  );
}
