import { describe, expect, it } from 'vitest';
import { ordersInEstate } from '../../src/scope/conditions.js';
import { estateScopeOf } from '../support/callers.js';
import { useDemoApp } from '../support/test-app.js';

const context = useDemoApp();

describe('ordersInEstate', () => {
  it.each([
    'acme.admin',
    'acme.sitemanager',
    'acme.teamlead',
    'acme.mobile',
    'acme.broadband',
    'globex.admin',
    'multi.admin',
  ])('selects exactly the orders of the estate scope for %s', async (userName) => {
    const { db } = context.database;
    const scope = await estateScopeOf(db, userName);
    const viaScope = (await scope.orders().execute()).map((row) => row.id).sort((a, b) => a - b);
    const viaCondition = (
      await db
        .selectFrom('orders')
        .select('orders.id')
        .where((eb) => ordersInEstate(eb, scope))
        .execute()
    )
      .map((row) => row.id)
      .sort((a, b) => a - b);
    expect(viaScope.length).toBeGreaterThan(0);
    expect(viaCondition).toEqual([...new Set(viaScope)]);
  });
});
