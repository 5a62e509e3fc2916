import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const MODULES = path.join(import.meta.dirname, '../src/modules');

function sourcesOf(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
    .map((entry) => path.relative(MODULES, path.join(entry.parentPath, entry.name)));
}

const QUERY = /\b(selectFrom|insertInto|updateTable|deleteFrom|transaction)\(|\bsql`|\.execute\(/;
const areas = readdirSync(MODULES, { withFileTypes: true }).filter((entry) => entry.isDirectory());

describe('every API module', () => {
  it.each(areas.map((area) => area.name))('%s registers its endpoints in routes.ts', (area) => {
    const routes = readFileSync(path.join(MODULES, area, 'routes.ts'), 'utf8');
    expect(routes).toMatch(/operationRoutes\(/);
  });

  it('runs queries only in its repository (and OData resources name columns and expressions)', () => {
    const offenders = sourcesOf(MODULES).filter(
      (file) =>
        !/(^|\/)(repository|resource)\.ts$/.test(file) && QUERY.test(readFileSync(path.join(MODULES, file), 'utf8')),
    );
    expect(offenders).toEqual([]);
  });
});
