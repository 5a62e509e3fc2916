import { describe, expect, it } from 'vitest';
import { useDemoApp } from '../support/test-app.js';
import { caller, devicesOf, type ErrorBody, lastAudit, makeUser, userIdOf } from './admin-support.js';

const context = useDemoApp();
const db = () => context.database.db;
const call = caller(() => context.app);
const refusal = (body: string) => JSON.parse(body) as ErrorBody;
const membersOf = async (teamId: number) =>
  (await db().selectFrom('team_endpoints').select('endpoint_id').where('team_id', '=', teamId).execute()).map(
    (row) => row.endpoint_id,
  );

describe('POST and PUT /api/teams', () => {
  it('adds a team with three devices, audited, and changes its devices', async () => {
    const [a, b, c, d] = await devicesOf(db(), 'Acme Logistics Ltd', 1, 4);
    const response = await call('acme.admin', 'POST', '/api/teams', {
      name: 'Night shift',
      endPoints: [{ id: a }, { id: b }, { id: c }],
    });
    expect(response.statusCode).toBe(201);
    const team = response.json();
    expect(team).toMatchObject({ name: 'Night shift', companyName: 'Acme Logistics Ltd' });
    expect(team.endPoints.map((e: { id: number }) => e.id).sort()).toEqual([a, b, c].sort());
    expect((await lastAudit(db(), 'teams', 'INSERT')).actor_user_id).toBe(await userIdOf(db(), 'acme.admin'));

    const changed = await call('acme.admin', 'PUT', `/api/teams/${team.id}`, {
      name: 'Night crew',
      endPoints: [{ id: d }],
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ name: 'Night crew', endPoints: [expect.objectContaining({ id: d })] });
    expect(await membersOf(team.id)).toEqual([d]);
    const expanded = await call('acme.admin', 'GET', `/api/teams/${team.id}?$expand=EndPoints`);
    expect(expanded.json().endPoints).toEqual([expect.objectContaining({ id: d })]);
  });

  it.each([
    ['name', { name: 'x'.repeat(101) }],
    ['name', { name: '' }],
  ])('refuses a bad %s with a 400 naming it', async (field, body) => {
    const response = await call('acme.admin', 'POST', '/api/teams', body);
    expect(response.statusCode).toBe(400);
    expect(refusal(response.body).details?.map((detail) => detail.field)).toContain(field);
  });

  it('refuses another company’s device and a broadband line, naming endPoints, and changes nothing', async () => {
    const [globexDevice] = await devicesOf(db(), 'Globex Engineering Ltd', 1, 1);
    const [broadband] = await devicesOf(db(), 'Acme Logistics Ltd', 3, 1);
    const teams = await db().selectFrom('teams').select('id').execute();
    const foreign = await call('acme.admin', 'POST', '/api/teams', { name: 'X', endPoints: [{ id: globexDevice }] });
    expect(foreign.statusCode).toBe(400);
    expect(refusal(foreign.body).details?.[0]).toMatchObject({ field: 'endPoints', rule: 'in_estate' });
    const fixed = await call('acme.admin', 'POST', '/api/teams', { name: 'X', endPoints: [{ id: broadband }] });
    expect(refusal(fixed.body).details?.[0]).toMatchObject({ field: 'endPoints', rule: 'mobile_device' });
    expect(await db().selectFrom('teams').select('id').execute()).toHaveLength(teams.length);
  });

  it('asks multi.admin which company', async () => {
    const response = await call('multi.admin', 'POST', '/api/teams', { name: 'Initech crew' });
    expect(refusal(response.body).details?.[0]).toMatchObject({ field: 'companyId', rule: 'required' });
  });

  it('answers 404 for another company’s team', async () => {
    const globexTeam = await db()
      .selectFrom('teams')
      .innerJoin('companies', 'companies.id', 'teams.company_id')
      .select('teams.id')
      .where('companies.name', '=', 'Globex Engineering Ltd')
      .executeTakeFirstOrThrow();
    expect((await call('acme.admin', 'PUT', `/api/teams/${globexTeam.id}`, { name: 'Mine' })).statusCode).toBe(404);
    expect((await call('acme.admin', 'DELETE', `/api/teams/${globexTeam.id}`)).statusCode).toBe(404);
    expect(
      await db().selectFrom('teams').select('id').where('id', '=', globexTeam.id).executeTakeFirst(),
    ).toBeDefined();
  });
});

describe('DELETE /api/teams/:id', () => {
  it('removes the team with its device and user memberships; the devices stay', async () => {
    const devices = await devicesOf(db(), 'Acme Logistics Ltd', 1, 2);
    const team = (
      await call('acme.admin', 'POST', '/api/teams', { name: 'Temporary', endPoints: devices.map((id) => ({ id })) })
    ).json();
    const leader = await makeUser(db(), 'temp.leader', 'Team Leader', [['MobileTeamEstate', 'Read']], {});
    await db().insertInto('user_teams').values({ user_id: leader, team_id: team.id }).execute();

    const response = await call('acme.admin', 'DELETE', `/api/teams/${team.id}`);
    expect(response.statusCode).toBe(204);
    expect(await membersOf(team.id)).toEqual([]);
    expect(await db().selectFrom('user_teams').select('team_id').where('team_id', '=', team.id).execute()).toEqual([]);
    expect(await db().selectFrom('endpoints').select('id').where('id', 'in', devices).execute()).toHaveLength(2);
    expect((await lastAudit(db(), 'teams', 'DELETE')).actor_user_id).toBe(await userIdOf(db(), 'acme.admin'));
  });

  it('is refused (403) without ManageTeam Delete', async () => {
    const team = (await call('acme.admin', 'POST', '/api/teams', { name: 'Kept' })).json();
    await makeUser(
      db(),
      'team.writer',
      'Company Administrator',
      [
        ['ManageTeam', 'Read'],
        ['ManageTeam', 'Write'],
      ],
      {
        companyId: team.companyId,
      },
    );
    expect((await call('team.writer', 'DELETE', `/api/teams/${team.id}`)).statusCode).toBe(403);
  });
});
