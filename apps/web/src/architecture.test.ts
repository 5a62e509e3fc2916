import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const FEATURES = path.join(import.meta.dirname, 'features');

function sourcesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe('features call the API only through the operation table', () => {
  const files = sourcesUnder(FEATURES);

  it('finds the feature sources', () => {
    expect(files.length).toBeGreaterThan(20);
  });

  const offenders = (pattern: RegExp) =>
    files.filter((file) => pattern.test(readFileSync(file, 'utf8'))).map((file) => path.relative(FEATURES, file));

  it('write no API path', () => {
    expect(offenders(/['"`]\/?api\//)).toEqual([]);
  });

  it('do not use the raw HTTP client', () => {
    expect(offenders(/from '(\.\.\/)+api\/client'/)).toEqual([]);
  });
});
