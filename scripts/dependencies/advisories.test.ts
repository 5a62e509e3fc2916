import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readLockfile } from './lock-tree.js';
import { advisoriesOf, osvRange } from './osv-import.js';
import { buildDatabase, readSourceFolder } from './refresh-advisories.js';
import { REPO_ROOT, runScript } from './run-script.js';

// A real advisory, in the GitHub advisory database's OSV shape: lodash's prototype pollution (CVE-2019-10744),
// critical, fixed in 4.17.12.
const LODASH_PROTOTYPE_POLLUTION = {
  schema_version: '1.4.0',
  id: 'GHSA-jf85-cpcp-j695',
  aliases: ['CVE-2019-10744'],
  summary: 'Prototype Pollution in lodash',
  affected: [
    {
      package: { ecosystem: 'npm', name: 'lodash' },
      ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed: '4.17.12' }] }],
    },
  ],
  database_specific: { severity: 'CRITICAL', github_reviewed: true },
};

function temporaryFolder(): string {
  return mkdtempSync(path.join(tmpdir(), 'advisories-'));
}

/** The committed lock with lodash at `version` as a production dependency of the server. */
function lockWithLodash(version: string): string {
  const lock = readLockfile(path.join(REPO_ROOT, 'package-lock.json'));
  const server = lock.packages['apps/server']!;
  lock.packages['apps/server'] = { ...server, dependencies: { ...server.dependencies, lodash: `^${version}` } };
  lock.packages['apps/server/node_modules/lodash'] = { version };
  const file = path.join(temporaryFolder(), 'package-lock.json');
  writeFileSync(file, JSON.stringify(lock));
  return file;
}

/** A database refreshed, as `npm run advisories:refresh` does, from a folder holding the lodash advisory. */
function databaseWithLodashAdvisory(): string {
  const source = temporaryFolder();
  mkdirSync(path.join(source, 'advisories/github-reviewed/2019/07/GHSA-jf85-cpcp-j695'), { recursive: true });
  writeFileSync(
    path.join(source, 'advisories/github-reviewed/2019/07/GHSA-jf85-cpcp-j695/GHSA-jf85-cpcp-j695.json'),
    JSON.stringify(LODASH_PROTOTYPE_POLLUTION),
  );
  const database = buildDatabase(
    [{ label: 'fixture', revision: 'test', advisories: readSourceFolder(source) }],
    new Date('2026-11-27T00:00:00Z'),
  );
  const file = path.join(temporaryFolder(), 'npm-advisories.json');
  writeFileSync(file, JSON.stringify(database));
  return file;
}

describe('npm run check:dependencies, the advisory part', () => {
  it('fails on a shipped production package at a version a critical advisory names', async () => {
    const { code, output } = await runScript('check-advisories.ts', [
      lockWithLodash('4.17.11'),
      databaseWithLodashAdvisory(),
    ]);
    expect(output).toContain(
      '✗ lodash@4.17.11 (apps/server/node_modules/lodash): critical GHSA-jf85-cpcp-j695 Prototype Pollution in lodash',
    );
    expect(code).toBe(1);
  });

  it('passes once the package is at the fixed version', async () => {
    const { code, output } = await runScript('check-advisories.ts', [
      lockWithLodash('4.17.12'),
      databaseWithLodashAdvisory(),
    ]);
    expect(output).toContain('✓ no high or critical advisory names any of the');
    expect(code).toBe(0);
  });

  it('passes on the committed lock file and advisory database', async () => {
    const { code, output } = await runScript('check-advisories.ts', []);
    expect(output).toMatch(/^advisory database: /m);
    expect(code).toBe(0);
  });
});

describe('reading advisory sources', () => {
  it('turns OSV events into a semver range: fixed is exclusive, last_affected inclusive, an open one runs on', () => {
    const range = osvRange({
      ranges: [
        {
          type: 'SEMVER',
          events: [{ introduced: '0' }, { fixed: '1.2.3' }, { introduced: '2.0.0' }, { last_affected: '2.4.0' }],
        },
        { type: 'ECOSYSTEM', events: [{ introduced: '3.0.0-rc.1' }] },
      ],
      versions: ['0.0.9'],
    });
    expect(range).toBe('<1.2.3 || >=2.0.0 <=2.4.0 || >=3.0.0-rc.1 || 0.0.9');
  });

  it('keeps npm advisories rated high or critical and drops the rest, withdrawn ones and other ecosystems', () => {
    const moderate = { ...LODASH_PROTOTYPE_POLLUTION, database_specific: { severity: 'MODERATE' } };
    const withdrawn = { ...LODASH_PROTOTYPE_POLLUTION, withdrawn: '2020-01-01T00:00:00Z' };
    const pypi = {
      ...LODASH_PROTOTYPE_POLLUTION,
      affected: [{ ...LODASH_PROTOTYPE_POLLUTION.affected[0], package: { ecosystem: 'PyPI', name: 'lodash' } }],
    };
    expect(advisoriesOf(LODASH_PROTOTYPE_POLLUTION)).toEqual([
      {
        id: 'GHSA-jf85-cpcp-j695',
        aliases: ['CVE-2019-10744'],
        package: 'lodash',
        severity: 'critical',
        affected: '<4.17.12',
        summary: 'Prototype Pollution in lodash',
      },
    ]);
    expect([...advisoriesOf(moderate), ...advisoriesOf(withdrawn), ...advisoriesOf(pypi)]).toEqual([]);
  });

  it('reads the Node.js security working group’s files, rating them by their CVSS score', () => {
    const record = { id: 516, title: 'Prototype pollution', module_name: 'lodash', cves: [], cvss_score: 7.4 };
    expect(advisoriesOf({ ...record, vulnerable_versions: '>=4.17.15 <4.17.19' })).toEqual([
      expect.objectContaining({ id: 'NSWG-ECO-516', severity: 'high', affected: '>=4.17.15 <4.17.19' }),
    ]);
    expect(advisoriesOf({ ...record, cvss_score: 5.3, vulnerable_versions: '<1.0.0' })).toEqual([]);
  });
});
