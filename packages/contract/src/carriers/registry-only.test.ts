import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { CARRIER_REGISTRY } from './registry';

// The registry is the one place carrier ids are written (docs/decisions/0165): source that writes one of them as a
// number, or names a carrier by them in a string ('mobile-33'), has a rule the registry no longer drives.

const ROOT = path.resolve(import.meta.dirname, '../../../..');

const CARRIER_IDS = new Set<number>(
  Object.values(CARRIER_REGISTRY).flatMap((entry) =>
    entry.kind === 'mobile' ? [...entry.supplierIds] : [entry.carrierId],
  ),
);
const ID_TEXT = [...CARRIER_IDS].join('|');
/** A string that is a carrier id, or names a carrier by its ids as stored requests do. */
const ID_STRING = new RegExp(`^(${ID_TEXT})$|(mobile|broadband)-((${ID_TEXT})-?)+\\b`);
const ANY_ID = new RegExp(`\\b(${ID_TEXT})\\b`);

/** Where ids may be written: the registry, the demo data, the migrations shipped before it, and tests. */
const ALLOWED: readonly RegExp[] = [
  /^packages\/contract\/src\/carriers\/registry\.ts$/,
  /^apps\/server\/src\/db\/seed\//,
  /^apps\/server\/src\/db\/migrations\/00(0\d|1[0-2])-/,
  /\.test\.tsx?$/,
  /(^|\/)(test|e2e)\//,
  /(^|[/-])test(-[^/]*|ing)?\.tsx?$/,
  /-test-[^/]*\.tsx?$/,
];

function sourceFiles(): string[] {
  const roots = ['apps', 'packages'].flatMap((parent) =>
    readdirSync(path.join(ROOT, parent), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => path.join(parent, entry.name, 'src')),
  );
  return roots.flatMap((root) =>
    readdirSync(path.join(ROOT, root), { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
      .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')),
  );
}

/** Each carrier id the code writes (comments aside), as `file:line: text`. */
function carrierIdsIn(fileName: string, text: string): string[] {
  // Parsing is the slow part, and most files have none of the digits at all.
  if (!ANY_ID.test(text)) return [];
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    const isNumber = ts.isNumericLiteral(node) && CARRIER_IDS.has(Number(node.text));
    const isString = (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) && ID_STRING.test(node.text);
    if (isNumber || isString) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
      found.push(`${fileName}:${line + 1}: ${node.getText(source)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('carrier ids', () => {
  it('are written nowhere in the source but the registry, the demo data and the shipped migrations', () => {
    const files = sourceFiles().filter((file) => !ALLOWED.some((allowed) => allowed.test(file)));
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) => carrierIdsIn(file, readFileSync(path.join(ROOT, file), 'utf8')));
    expect(found).toEqual([]);
  }, 60_000);

  it('are found as numbers in any expression, and as carrier names in strings, but not in comments', () => {
    const code = [
      '// Supplier 36 confirms by e-mail: a comment may say so.',
      'if (line.supplierId === 36) notify();',
      'const suppliers = [33, 27];',
      "const key = 'mobile-27-36';",
      'const byCarrier = { 494: "broadband-" + id, [588]: 1 };',
      "const width = 336; const label = '36px'; const rate = 0.36; const other = 'mobile-3';",
    ].join('\n');
    expect(carrierIdsIn('example.ts', code)).toEqual([
      'example.ts:2: 36',
      'example.ts:3: 33',
      'example.ts:3: 27',
      "example.ts:4: 'mobile-27-36'",
      'example.ts:5: 494',
      'example.ts:5: 588',
    ]);
  });
});
