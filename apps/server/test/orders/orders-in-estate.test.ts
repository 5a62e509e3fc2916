import { describe, expect, it } from 'vitest';
import { estateScope } from '../../src/estate/estate-scope.js';
import { ordersInEstate } from '../../src/modules/orders/order-access.js';
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
    const user = await db
      .selectFrom('users')
      .innerJoin('profiles', 'profiles.id', 'users.profile_id')
      .select(['users.id', 'profiles.id as profileId', 'profiles.name', 'profiles.level'])
      .where('users.user_name', '=', userName)
      .executeTakeFirstOrThrow();
    const principal = {
      userId: user.id,
      profile: { id: user.profileId, name: user.name, level: user.level as 'Company' | 'Site' | 'Team' | 'EndPoint' },
    };
    const scope = estateScope(db, principal);
    const viaScope = (await scope.orders().execute()).map((row) => row.id).sort((a, b) => a - b);
    const viaCondition = (
      await db
        .selectFrom('orders')
        .select('orders.id')
        .where((eb) => ordersInEstate(eb, principal, scope))
        .execute()
    )
      .map((row) => row.id)
      .sort((a, b) => a - b);
    expect(viaScope.length).toBeGreaterThan(0);
    expect(viaCondition).toEqual([...new Set(viaScope)]);
  });
});
