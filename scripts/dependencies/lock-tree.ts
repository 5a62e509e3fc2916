import { readFileSync } from 'node:fs';

/** One entry of package-lock.json's `packages` (lockfile version 2 and 3), keyed by its install path. */
export type LockEntry = {
  name?: string;
  version?: string;
  /** A workspace's symlink in node_modules: `resolved` is the workspace's folder. */
  link?: boolean;
  resolved?: string;
  dev?: boolean;
  optional?: boolean;
  dependencies?: Record<string, string>;
  /** Listed for workspaces; never followed. */
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
};

export type Lockfile = { lockfileVersion: number; packages: Record<string, LockEntry> };

/** A package as installed: the same name and version may sit at several paths. */
export type InstalledPackage = { name: string; version: string; path: string };

export function readLockfile(file: string): Lockfile {
  const lock = JSON.parse(readFileSync(file, 'utf8')) as Lockfile;
  if (!lock.packages || lock.lockfileVersion < 2) {
    throw new Error(`${file}: a lockfile of version 2 or later (with "packages") is needed`);
  }
  return lock;
}

/**
 * What `npm ci --omit=dev` installs for these workspaces (folders such as 'apps/server'): their dependencies,
 * optional dependencies and required peers, and theirs in turn, resolved from each package's own place as Node
 * resolves them (its own node_modules first, then each folder above). Workspace links are followed into the
 * workspace, whose own development dependencies stay out.
 */
export function productionTree(lock: Lockfile, workspaces: readonly string[]): InstalledPackage[] {
  const found = new Map<string, InstalledPackage>();
  const queue: string[] = [];
  for (const workspace of workspaces) {
    if (!lock.packages[workspace]) throw new Error(`package-lock.json has no workspace '${workspace}'`);
    queue.push(workspace);
  }
  const visited = new Set<string>();
  while (queue.length > 0) {
    const from = queue.pop()!;
    if (visited.has(from)) continue;
    visited.add(from);
    const entry = lock.packages[from]!;
    for (const [name, optional] of productionDependencies(entry)) {
      const at = resolveFrom(lock, from, name);
      if (at === undefined) {
        // npm records an optional dependency for another platform without an entry of its own.
        if (optional) continue;
        throw new Error(`package-lock.json: '${name}', needed by '${from || 'the root'}', is not installed`);
      }
      const target = followLink(lock, at);
      const installed = lock.packages[target]!;
      if (!isWorkspace(target)) {
        found.set(target, {
          name: installed.name ?? nameFromPath(target),
          version: installed.version ?? '',
          path: target,
        });
      }
      queue.push(target);
    }
  }
  return [...found.values()].sort((a, b) => a.path.localeCompare(b.path));
}

function productionDependencies(entry: LockEntry): Array<[name: string, optional: boolean]> {
  const needed: Array<[string, boolean]> = [];
  for (const name of Object.keys(entry.dependencies ?? {})) needed.push([name, false]);
  for (const name of Object.keys(entry.optionalDependencies ?? {})) needed.push([name, true]);
  for (const name of Object.keys(entry.peerDependencies ?? {})) {
    needed.push([name, entry.peerDependenciesMeta?.[name]?.optional === true]);
  }
  return needed;
}

/** Node's lookup: `from`/node_modules/name, then the node_modules of each folder above `from`. */
function resolveFrom(lock: Lockfile, from: string, name: string): string | undefined {
  let folder = from;
  for (;;) {
    const candidate = folder === '' ? `node_modules/${name}` : `${folder}/node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
    if (folder === '') return undefined;
    folder = parentFolder(folder);
  }
}

// 'node_modules/a/node_modules/b' → 'node_modules/a'; 'apps/server' → 'apps'; 'apps' → ''.
function parentFolder(folder: string): string {
  const nested = folder.lastIndexOf('/node_modules/');
  if (nested >= 0) return folder.slice(0, nested);
  if (folder.startsWith('node_modules/')) return '';
  const slash = folder.lastIndexOf('/');
  return slash < 0 ? '' : folder.slice(0, slash);
}

function followLink(lock: Lockfile, at: string): string {
  const entry = lock.packages[at]!;
  if (!entry.link) return at;
  if (!entry.resolved || !lock.packages[entry.resolved]) {
    throw new Error(`package-lock.json: the link '${at}' leads nowhere`);
  }
  return entry.resolved;
}

function isWorkspace(path: string): boolean {
  return !path.includes('node_modules/');
}

function nameFromPath(path: string): string {
  return path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
}
