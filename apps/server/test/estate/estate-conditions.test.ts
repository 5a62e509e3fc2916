import type { SelectQueryBuilder } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/schema.js';
import { endpointsInEstate } from '../../src/estate/conditions.js';
import { estateScopeOf } from '../support/callers.js';
import { useDemoApp } from '../support/test-app.js';

const context = useDemoApp();

/** Every level of profile, and a company-level caller of two companies. */
const CALLERS = [
  'acme.admin',
  'acme.sitemanager',
  'acme.teamlead',
  'acme.mobile',
  'acme.broadband',
  'globex.admin',
  'multi.admin',
];

async function sortedIds(query: SelectQueryBuilder<Database, keyof Database, { id: number }>) {
  return [...new Set((await query.execute()).map((row) => row.id))].sort((a, b) => a - b);
}

describe('the estate conditions select exactly what the estate scope does', () => {
  it.each(CALLERS)('endpointsInEstate for %s', async (userName) => {
    const { db } = context.database;
    const scope = await estateScopeOf(db, userName);
    const viaScope = await sortedIds(scope.endpoints());
    const viaCondition = await sortedIds(
      db
        .selectFrom('endpoints')
        .select('endpoints.id')
        .where((eb) => endpointsInEstate(eb, scope)),
    );
    expect(viaScope.length).toBeGreaterThan(0);
    expect(viaCondition).toEqual(viaScope);
  });
});
