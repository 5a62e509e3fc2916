import semver from 'semver';
import type { Advisory, Severity } from './advisories.js';

// Reading advisories in the two shapes a refresh can be given: OSV (the GitHub advisory database, osv.dev's npm
// export) and the Node.js security working group's ecosystem files (vuln/npm/N.json). Only npm advisories rated
// high or critical are kept.

type OsvEvent = { introduced?: string; fixed?: string; last_affected?: string; limit?: string };
type OsvAffected = {
  package?: { ecosystem?: string; name?: string };
  ranges?: Array<{ type?: string; events?: OsvEvent[] }>;
  versions?: string[];
};
type OsvRecord = {
  id: string;
  aliases?: string[];
  summary?: string;
  details?: string;
  withdrawn?: string;
  affected?: OsvAffected[];
  database_specific?: { severity?: string };
};
type SecurityWgRecord = {
  id: number;
  title?: string;
  module_name: string;
  cves?: string[];
  vulnerable_versions?: string | null;
  cvss_score?: number | null;
};

/** The advisories one JSON document holds; none when it is neither shape, is withdrawn, or is below high. */
export function advisoriesOf(document: unknown): Advisory[] {
  if (isOsv(document)) return fromOsv(document);
  if (isSecurityWg(document)) return fromSecurityWg(document);
  return [];
}

function isOsv(document: unknown): document is OsvRecord {
  return typeof document === 'object' && document !== null && 'id' in document && 'affected' in document;
}

function isSecurityWg(document: unknown): document is SecurityWgRecord {
  return typeof document === 'object' && document !== null && 'module_name' in document && 'id' in document;
}

function fromOsv(record: OsvRecord): Advisory[] {
  if (record.withdrawn) return [];
  const severity = severityOfLabel(record.database_specific?.severity);
  if (!severity) return [];
  return (record.affected ?? []).flatMap((affected) => {
    if (affected.package?.ecosystem !== 'npm' || !affected.package.name) return [];
    const affectedRange = osvRange(affected);
    if (!affectedRange) return [];
    return [
      {
        id: record.id,
        aliases: record.aliases ?? [],
        package: affected.package.name,
        severity,
        affected: affectedRange,
        summary: record.summary ?? firstLine(record.details ?? ''),
      },
    ];
  });
}

function fromSecurityWg(record: SecurityWgRecord): Advisory[] {
  const severity = severityOfScore(record.cvss_score);
  const affected = record.vulnerable_versions?.trim();
  if (!severity || !affected || semver.validRange(affected) === null) return [];
  return [
    {
      id: `NSWG-ECO-${record.id}`,
      aliases: record.cves ?? [],
      package: record.module_name,
      severity,
      affected,
      summary: record.title ?? '',
    },
  ];
}

/**
 * OSV's events as one semver range: each introduced version opens an interval that the next fixed version closes
 * (exclusive) or last_affected closes (inclusive); one left open runs to every later version. Listed versions
 * are added as they are.
 */
export function osvRange(affected: OsvAffected): string | undefined {
  const parts: string[] = [];
  for (const range of affected.ranges ?? []) {
    if (range.type !== 'SEMVER' && range.type !== 'ECOSYSTEM') continue;
    let from: string | undefined;
    for (const event of range.events ?? []) {
      if (event.introduced !== undefined) from = event.introduced;
      else if (from !== undefined && event.fixed !== undefined) {
        parts.push(interval(from, `<${event.fixed}`));
        from = undefined;
      } else if (from !== undefined && event.last_affected !== undefined) {
        parts.push(interval(from, `<=${event.last_affected}`));
        from = undefined;
      } else if (from !== undefined && event.limit !== undefined && event.limit !== '*') {
        parts.push(interval(from, `<${event.limit}`));
        from = undefined;
      }
    }
    if (from !== undefined) parts.push(interval(from, ''));
  }
  for (const version of affected.versions ?? []) parts.push(version);
  const joined = parts.join(' || ');
  return joined !== '' && semver.validRange(joined) !== null ? joined : undefined;
}

function interval(introduced: string, upper: string): string {
  const lower = introduced === '0' ? '' : `>=${introduced}`;
  const both = [lower, upper].filter((bound) => bound !== '').join(' ');
  return both === '' ? '*' : both;
}

function severityOfLabel(label: string | undefined): Severity | undefined {
  const normal = label?.toLowerCase();
  return normal === 'high' || normal === 'critical' ? normal : undefined;
}

// CVSS v3's ratings: 7.0–8.9 high, 9.0–10.0 critical.
function severityOfScore(score: number | null | undefined): Severity | undefined {
  if (typeof score !== 'number') return undefined;
  if (score >= 9) return 'critical';
  if (score >= 7) return 'high';
  return undefined;
}

function firstLine(text: string): string {
  return text.split('\n')[0]!.slice(0, 160);
}
