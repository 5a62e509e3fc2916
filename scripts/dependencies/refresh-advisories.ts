import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Advisory, AdvisoryDatabase, AdvisorySource } from './advisories.js';
import { DEFAULT_DATABASE } from './check-advisories.js';
import { advisoriesOf } from './osv-import.js';

// npm run advisories:refresh -- [--out FILE] [LABEL=]DIR...
// Rewrites the committed advisory database from local copies of advisory sources: a clone of the GitHub advisory
// database (its advisories/github-reviewed folder is enough), osv.dev's npm export unzipped, or the Node.js
// security working group's vuln/npm folder. It reads files only; bringing the copy is the operator's step
// (docs/dependencies.md).

export function readSourceFolder(folder: string): Advisory[] {
  const advisories: Advisory[] = [];
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.json')) continue;
    const file = path.join(entry.parentPath, entry.name);
    let document: unknown;
    try {
      document = JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      continue; // not JSON after all: a source's own tooling files
    }
    advisories.push(...advisoriesOf(document));
  }
  return advisories;
}

export function buildDatabase(
  sources: Array<{ label: string; revision: string; advisories: Advisory[] }>,
  refreshedAt: Date,
): AdvisoryDatabase {
  const unique = new Map<string, Advisory>();
  for (const source of sources) {
    for (const advisory of source.advisories) unique.set(`${advisory.id} ${advisory.package}`, advisory);
  }
  const advisories = [...unique.values()].sort(
    (a, b) => a.package.localeCompare(b.package) || a.id.localeCompare(b.id),
  );
  const described: AdvisorySource[] = sources.map((source) => ({
    name: source.label,
    revision: source.revision,
    advisories: source.advisories.length,
  }));
  return { refreshedAt: refreshedAt.toISOString(), sources: described, advisories };
}

function revisionOf(folder: string): string {
  try {
    return execFileSync('git', ['-C', folder, 'log', '-1', '--format=%h %cs'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return 'not a git checkout';
  }
}

function main() {
  const args = process.argv.slice(2);
  let out = DEFAULT_DATABASE;
  const folders: Array<{ label: string; folder: string }> = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--out') out = path.resolve(args[++i] ?? '');
    else {
      const [label, folder] = arg.includes('=') ? (arg.split('=', 2) as [string, string]) : [arg, arg];
      folders.push({ label, folder: path.resolve(folder) });
    }
  }
  if (folders.length === 0) {
    console.error('usage: npm run advisories:refresh -- [--out FILE] [LABEL=]DIR...');
    process.exit(2);
  }
  const sources = folders.map(({ label, folder }) => ({
    label,
    revision: revisionOf(folder),
    advisories: readSourceFolder(folder),
  }));
  const database = buildDatabase(sources, new Date());
  writeFileSync(out, `${JSON.stringify(database, null, 2)}\n`);
  for (const source of database.sources) console.log(`${source.name} (${source.revision}): ${source.advisories}`);
  console.log(`${database.advisories.length} high or critical npm advisories written to ${out}`);
}

if (import.meta.main) main();
