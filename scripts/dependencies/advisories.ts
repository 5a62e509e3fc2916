import { readFileSync } from 'node:fs';
import semver from 'semver';
import type { InstalledPackage } from './lock-tree.js';

export type Severity = 'high' | 'critical';

/** One advisory of the committed database: the npm package, and the versions it affects as a semver range. */
export type Advisory = {
  id: string;
  aliases: string[];
  package: string;
  severity: Severity;
  /** A node-semver range ('<4.17.12', '>=2.0.0 <2.3.1 || >=3.0.0 <3.0.4'), from OSV events or the source's own. */
  affected: string;
  summary: string;
};

export type AdvisorySource = {
  /** What was read: 'github/advisory-database', 'osv npm export', 'nodejs/security-wg vuln/npm'. */
  name: string;
  /** Its commit or export date, as the refresh was told or found. */
  revision: string;
  advisories: number;
};

export type AdvisoryDatabase = { refreshedAt: string | null; sources: AdvisorySource[]; advisories: Advisory[] };

export type Finding = { installed: InstalledPackage; advisory: Advisory };

export function readAdvisoryDatabase(file: string): AdvisoryDatabase {
  const database = JSON.parse(readFileSync(file, 'utf8')) as AdvisoryDatabase;
  if (!Array.isArray(database.advisories) || !Array.isArray(database.sources)) {
    throw new Error(`${file} is not an advisory database (advisories and sources)`);
  }
  for (const advisory of database.advisories) {
    if (semver.validRange(advisory.affected) === null) {
      throw new Error(`${file}: ${advisory.id} has an affected range semver cannot read: '${advisory.affected}'`);
    }
  }
  return database;
}

/** The installed packages that a high or critical advisory of the database names at their version. */
export function findVulnerable(tree: readonly InstalledPackage[], database: AdvisoryDatabase): Finding[] {
  const byPackage = new Map<string, Advisory[]>();
  for (const advisory of database.advisories) {
    byPackage.set(advisory.package, [...(byPackage.get(advisory.package) ?? []), advisory]);
  }
  const findings: Finding[] = [];
  for (const installed of tree) {
    for (const advisory of byPackage.get(installed.name) ?? []) {
      if (semver.satisfies(installed.version, advisory.affected, { includePrerelease: true })) {
        findings.push({ installed, advisory });
      }
    }
  }
  return findings;
}
