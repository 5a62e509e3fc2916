import { describe, expect, it } from 'vitest';
import { changesHeard, signIn, useDemoApp } from '../support/test-app.js';
import { caller, type ErrorBody, functionalityIds, idOf, profileIdOf, userIdOf } from './admin-support.js';

// The security review's findings 1-3 (issue 20): no administrator acts above their own rights, and a refused write
// changes nothing. The rule is docs/decisions/0118.
const context = useDemoApp();
const db = () => context.database.db;
const call = caller(() => context.app);
const refusal = (body: string) => JSON.parse(body) as ErrorBody;

/** What the rule protects of a user: their row and everything they hold. */
async function holdingOf(userId: number) {
  const [user, functionality, companies, sites, teams, endpoints] = await Promise.all([
    db().selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst(),
    db().selectFrom('user_functionality').select('functionality_id').where('user_id', '=', userId).execute(),
    db().selectFrom('user_companies').select('company_id').where('user_id', '=', userId).execute(),
    db().selectFrom('user_sites').select('site_id').where('user_id', '=', userId).execute(),
    db().selectFrom('user_teams').select('team_id').where('user_id', '=', userId).execute(),
    db().selectFrom('user_endpoints').select('endpoint_id').where('user_id', '=', userId).execute(),
  ]);
  return { user, functionality, companies, sites, teams, endpoints };
}

/** Gives a demo user exactly these grants, as acme.admin would through the user form. */
async function reduceTo(userName: string, grants: Parameters<typeof functionalityIds>[1]) {
  const id = await userIdOf(db(), userName);
  const current = (await call('acme.admin', 'GET', `/api/users/${id}`)).json();
  const saved = await call('acme.admin', 'PUT', `/api/users/${id}`, {
    ...current,
    functionalityIds: await functionalityIds(db(), grants),
  });
  expect(saved.statusCode).toBe(200);
}

describe('an administrator with fewer rights (finding 1)', () => {
  it('cannot change the e-mail address of a full Company Administrator, nor delete them', async () => {
    await reduceTo('grace.jackson', [
      ['ManageUser', 'Read'],
      ['ManageUser', 'Write'],
      ['ManageUser', 'Delete'],
      ['MobileUserEstate', 'Read'],
    ]);
    const full = await userIdOf(db(), 'acme.admin');
    const before = await holdingOf(full);
    const record = (await call('grace.jackson', 'GET', `/api/users/${full}`)).json();
    expect(record.userName).toBe('acme.admin');

    const takeover = await call('grace.jackson', 'PUT', `/api/users/${full}`, {
      ...record,
      emailAddress: 'attacker@example.co.uk',
    });
    expect(takeover.statusCode).toBe(400);
    expect(refusal(takeover.body).details?.[0]).toMatchObject({ field: 'id', rule: 'within_your_rights' });
    expect(refusal(takeover.body).message).toMatch(
      /^This user holds .+ \((Read|Write|Delete)\), which you do not hold$/,
    );
    expect((await call('grace.jackson', 'DELETE', `/api/users/${full}`)).statusCode).toBe(400);
    expect(await holdingOf(full)).toEqual(before);
  });

  it('still changes a user who holds no more than they do', async () => {
    const mobile = await userIdOf(db(), 'acme.mobile');
    const grants = await db()
      .selectFrom('user_functionality')
      .innerJoin('functionality', 'functionality.id', 'user_functionality.functionality_id')
      .select(['functionality.code', 'functionality.access_type'])
      .where('user_functionality.user_id', '=', mobile)
      .execute();
    await reduceTo('grace.jackson', [
      ['ManageUser', 'Read'],
      ['ManageUser', 'Write'],
      ...grants.map((grant) => [grant.code, grant.access_type] as Parameters<typeof functionalityIds>[1][number]),
    ]);
    const record = (await call('grace.jackson', 'GET', `/api/users/${mobile}`)).json();
    const changed = await call('grace.jackson', 'PUT', `/api/users/${mobile}`, {
      ...record,
      emailAddress: 'acme.mobile.new@example.co.uk',
    });
    expect(changed.statusCode).toBe(200);
  });
});

describe('a site manager given ManageUser (finding 2)', () => {
  const grantManageUser = async () => {
    const id = await userIdOf(db(), 'acme.sitemanager');
    const extra = await functionalityIds(db(), [
      ['ManageUser', 'Read'],
      ['ManageUser', 'Write'],
    ]);
    await db()
      .insertInto('user_functionality')
      .values(extra.map((functionality_id) => ({ user_id: id, functionality_id })))
      .onConflict((conflict) => conflict.doNothing())
      .execute();
    await changesHeard(context.app);
  };

  it('cannot create a Team Leader of a team that also holds devices of other sites', async () => {
    await grantManageUser();
    const sales = await db()
      .selectFrom('teams')
      .select('id')
      .where('name', '=', 'Sales')
      .where('company_id', '=', await idOf(db(), 'companies', 'Acme Logistics Ltd'))
      .executeTakeFirstOrThrow();
    const users = await db().selectFrom('users').select('id').execute();
    const response = await call('acme.sitemanager', 'POST', '/api/users', {
      userName: 'wide.leader',
      emailAddress: 'wide.leader@example.co.uk',
      profileId: await profileIdOf(db(), 'Team Leader'),
      functionalityIds: [],
      teams: [{ id: sales.id }],
    });
    expect(response.statusCode).toBe(400);
    expect(refusal(response.body).details?.[0]).toMatchObject({ field: 'teams', rule: 'within_your_estate' });
    expect(await db().selectFrom('users').select('id').execute()).toHaveLength(users.length);
  });

  it('cannot change the e-mail address of a team leader who reaches beyond his sites', async () => {
    await grantManageUser();
    const teamLead = await userIdOf(db(), 'acme.teamlead');
    const before = await holdingOf(teamLead);
    const record = (await call('acme.sitemanager', 'GET', `/api/users/${teamLead}`)).json();
    const response = await call('acme.sitemanager', 'PUT', `/api/users/${teamLead}`, {
      ...record,
      emailAddress: 'attacker@example.co.uk',
    });
    expect(response.statusCode).toBe(400);
    expect(refusal(response.body).details?.[0]).toMatchObject({ field: 'id', rule: 'within_your_rights' });
    expect(await holdingOf(teamLead)).toEqual(before);
  });
});

describe('a refused team edit (finding 3)', () => {
  it('changes nothing, for each of the four Acme teams', async () => {
    const id = await userIdOf(db(), 'acme.sitemanager');
    const [write] = await functionalityIds(db(), [['ManageTeam', 'Write']]);
    await db()
      .insertInto('user_functionality')
      .values({ user_id: id, functionality_id: write as number })
      .onConflict((conflict) => conflict.doNothing())
      .execute();
    // A fresh session: the grant is read on each request anyway, but the session must exist.
    await signIn(context.app, 'acme.sitemanager');
    const acme = await idOf(db(), 'companies', 'Acme Logistics Ltd');
    const teams = await db().selectFrom('teams').select(['id', 'name']).where('company_id', '=', acme).execute();
    expect(teams).toHaveLength(4);
    for (const team of teams) {
      const members = () =>
        db().selectFrom('team_endpoints').select('endpoint_id').where('team_id', '=', team.id).execute();
      const before = await members();
      const response = await call('acme.sitemanager', 'PUT', `/api/teams/${team.id}`, {
        name: 'renamed',
        endPoints: [],
      });
      expect(response.statusCode, team.name).toBe(400);
      expect(refusal(response.body).details?.[0]).toMatchObject({ field: 'id', rule: 'within_your_estate' });
      expect(await db().selectFrom('teams').select('name').where('id', '=', team.id).executeTakeFirst()).toEqual({
        name: team.name,
      });
      expect(await members()).toEqual(before);
    }
  });
});
