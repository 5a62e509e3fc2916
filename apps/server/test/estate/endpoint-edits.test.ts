import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, changesHeard, type SignedIn, signIn, useDemoApp } from '../support/test-app.js';
import { lineOf, sitesOf, teamIdsOfLine, teamsOf } from './estate-fixtures.js';

const context = useDemoApp();
const sessions: Record<string, SignedIn> = {};
const db = () => context.database.db;
const ACME = 'Acme Logistics Ltd';

beforeAll(async () => {
  for (const user of ['acme.admin', 'acme.teamlead', 'acme.sitemanager', 'multi.admin']) {
    sessions[user] = await signIn(context.app, user);
  }
});

const put = (id: number, change: string, user: string, payload: Record<string, unknown>) =>
  context.app.inject({
    method: 'PUT',
    url: `/api/endpoints/${id}/${change}`,
    payload,
    headers: bearer(sessions[user]?.accessToken ?? ''),
  });

const stored = (id: number) =>
  db().selectFrom('endpoints').select(['name', 'site_id']).where('id', '=', id).executeTakeFirstOrThrow();

const userId = (userName: string) =>
  db()
    .selectFrom('users')
    .select('id')
    .where('user_name', '=', userName)
    .executeTakeFirstOrThrow()
    .then((row) => row.id);

type ErrorBody = { details?: Array<{ field: string; rule: string }> };

describe('PUT /api/endpoints/:id/changeName', () => {
  it('renames the line in one audited write and answers it as GET does', async () => {
    const line = await lineOf(db(), ACME, 1);
    const response = await put(line.id, 'changeName', 'acme.admin', { id: line.id, name: 'Van 7 (renamed)' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: line.id, name: 'Van 7 (renamed)', identifier: line.identifier });
    expect((await stored(line.id)).name).toBe('Van 7 (renamed)');
    const after = await context.app.inject({
      method: 'GET',
      url: `/api/endpoints/${line.id}`,
      headers: bearer(sessions['acme.admin']?.accessToken ?? ''),
    });
    expect(after.json()).toEqual(response.json());
    const audit = await db()
      .selectFrom('audit_log')
      .select(['actor_user_id', 'request_id'])
      .where('table_name', '=', 'endpoints')
      .where('operation', '=', 'UPDATE')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.actor_user_id).toBe(await userId('acme.admin'));
    expect(audit.request_id).toBeTruthy();
  });

  it.each([
    ['an empty name', { name: '' }, 'name', 'too_small'],
    ['a name over 100 characters', { name: 'x'.repeat(101) }, 'name', 'too_big'],
    ['no name', {}, 'name', 'invalid_type'],
  ])('refuses %s, naming the field and rule, and changes nothing', async (_case, change, field, rule) => {
    const line = await lineOf(db(), ACME, 1);
    const before = await stored(line.id);
    const response = await put(line.id, 'changeName', 'acme.admin', { id: line.id, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().details).toContainEqual(expect.objectContaining({ field, rule }));
    expect(await stored(line.id)).toEqual(before);
  });

  it('refuses a body naming another line than the path', async () => {
    const line = await lineOf(db(), ACME, 1);
    const before = await stored(line.id);
    const response = await put(line.id, 'changeName', 'acme.admin', { id: line.id + 1, name: 'Mismatch' });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().details).toEqual([
      expect.objectContaining({ field: 'id', rule: 'matches_path' }),
    ]);
    expect(await stored(line.id)).toEqual(before);
  });

  it("answers 404 for another company's line and changes nothing", async () => {
    const globex = await lineOf(db(), 'Globex Engineering Ltd', 1);
    const before = await stored(globex.id);
    const response = await put(globex.id, 'changeName', 'acme.admin', { id: globex.id, name: 'Taken over' });
    expect(response.statusCode).toBe(404);
    expect(await stored(globex.id)).toEqual(before);
  });

  it('needs Write on an estate code: a team leader (Read only) gets 403', async () => {
    const line = await lineOf(db(), ACME, 1);
    const before = await stored(line.id);
    const response = await put(line.id, 'changeName', 'acme.teamlead', { id: line.id, name: 'Not allowed' });
    expect(response.statusCode).toBe(403);
    expect(await stored(line.id)).toEqual(before);
  });

  it("lets a site manager rename their sites' lines, and asks Write of the line's own kind", async () => {
    const managerSites = db()
      .selectFrom('user_sites')
      .innerJoin('users', 'users.id', 'user_sites.user_id')
      .select('user_sites.site_id')
      .where('users.user_name', '=', 'acme.sitemanager');
    const lineOfKind = (typeId: 1 | 3) =>
      db()
        .selectFrom('endpoints')
        .select('id')
        .where('site_id', 'in', managerSites)
        .where('endpoint_type_id', '=', typeId)
        .executeTakeFirstOrThrow();
    const mobile = await lineOfKind(1);
    const broadband = await lineOfKind(3);
    expect(
      (await put(mobile.id, 'changeName', 'acme.sitemanager', { id: mobile.id, name: 'Site van' })).statusCode,
    ).toBe(200);
    expect(
      (await put(broadband.id, 'changeName', 'acme.sitemanager', { id: broadband.id, name: 'Site line' })).statusCode,
    ).toBe(200);

    // Without the broadband estate's Write, the manager still edits devices but no broadband line.
    await db()
      .deleteFrom('user_functionality')
      .where('user_id', '=', await userId('acme.sitemanager'))
      .where('functionality_id', 'in', (eb) =>
        eb
          .selectFrom('functionality')
          .select('id')
          .where('code', 'in', ['BroadbandSiteEstate', 'BroadbandUserEstate'])
          .where('access_type', '=', 'Write'),
      )
      .execute();
    await changesHeard(context.app);
    const before = await stored(broadband.id);
    const refused = await put(broadband.id, 'changeName', 'acme.sitemanager', { id: broadband.id, name: 'Refused' });
    expect(refused.statusCode).toBe(403);
    expect(await stored(broadband.id)).toEqual(before);
    expect(
      (await put(mobile.id, 'changeName', 'acme.sitemanager', { id: mobile.id, name: 'Still fine' })).statusCode,
    ).toBe(200);
  });
});

describe('PUT /api/endpoints/:id/changeSite', () => {
  it('moves a line to another site of its company', async () => {
    const line = await lineOf(db(), ACME, 1);
    const target = (await sitesOf(db(), ACME)).find((site) => site.id !== line.site_id);
    if (!target) throw new Error('Acme has one site only');
    const response = await put(line.id, 'changeSite', 'acme.admin', { id: line.id, siteId: target.id });
    expect(response.statusCode).toBe(200);
    expect(response.json().site).toEqual({ id: target.id, name: target.name });
    expect((await stored(line.id)).site_id).toBe(target.id);
  });

  it("refuses another company's site with 404, and a bad siteId with 400, changing nothing", async () => {
    const line = await lineOf(db(), ACME, 1);
    const before = await stored(line.id);
    const [globexSite] = await sitesOf(db(), 'Globex Engineering Ltd');
    const foreign = await put(line.id, 'changeSite', 'acme.admin', { id: line.id, siteId: globexSite?.id });
    expect(foreign.statusCode).toBe(404);
    const bad = await put(line.id, 'changeSite', 'acme.admin', { id: line.id, siteId: 'first' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ErrorBody>().details).toContainEqual(expect.objectContaining({ field: 'siteId' }));
    expect(await stored(line.id)).toEqual(before);
  });

  it('refuses, naming siteId, a site the caller sees but of another of their companies', async () => {
    const line = await lineOf(db(), 'Initech Holdings Ltd', 1);
    const [otherSite] = await sitesOf(db(), 'Initech Field Services Ltd');
    const before = await stored(line.id);
    const response = await put(line.id, 'changeSite', 'multi.admin', { id: line.id, siteId: otherSite?.id });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().details).toEqual([
      expect.objectContaining({ field: 'siteId', rule: 'same_company' }),
    ]);
    expect(await stored(line.id)).toEqual(before);
  });
});

describe('PUT /api/endpoints/:id/changeTeams', () => {
  it("sets a device's teams, and an empty list takes it out of all", async () => {
    const line = await lineOf(db(), ACME, 1);
    const teams = await teamsOf(db(), ACME);
    const chosen = teams.slice(0, 2).map((team) => team.id);
    const response = await put(line.id, 'changeTeams', 'acme.admin', { id: line.id, teamIds: chosen });
    expect(response.statusCode).toBe(200);
    expect(
      response
        .json()
        .teams.map((team: { id: number }) => team.id)
        .sort(),
    ).toEqual([...chosen].sort());
    expect(await teamIdsOfLine(db(), line.id)).toEqual([...chosen].sort((a, b) => a - b));

    const emptied = await put(line.id, 'changeTeams', 'acme.admin', { id: line.id, teamIds: [] });
    expect(emptied.json().teams).toEqual([]);
    expect(await teamIdsOfLine(db(), line.id)).toEqual([]);
  });

  it("refuses another company's team with 404 and a bad list with 400, changing nothing", async () => {
    const line = await lineOf(db(), ACME, 1);
    const [acmeTeam] = await teamsOf(db(), ACME);
    const [globexTeam] = await teamsOf(db(), 'Globex Engineering Ltd');
    await put(line.id, 'changeTeams', 'acme.admin', { id: line.id, teamIds: [acmeTeam?.id] });
    const foreign = await put(line.id, 'changeTeams', 'acme.admin', {
      id: line.id,
      teamIds: [acmeTeam?.id, globexTeam?.id],
    });
    expect(foreign.statusCode).toBe(404);
    const bad = await put(line.id, 'changeTeams', 'acme.admin', { id: line.id, teamIds: [0] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ErrorBody>().details).toContainEqual(expect.objectContaining({ field: 'teamIds.0' }));
    expect(await teamIdsOfLine(db(), line.id)).toEqual([acmeTeam?.id]);
  });

  it('refuses, naming teamIds, a team of another of the caller’s companies', async () => {
    const line = await lineOf(db(), 'Initech Holdings Ltd', 1);
    const [otherTeam] = await teamsOf(db(), 'Initech Field Services Ltd');
    const before = await teamIdsOfLine(db(), line.id);
    const response = await put(line.id, 'changeTeams', 'multi.admin', { id: line.id, teamIds: [otherTeam?.id] });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().details).toEqual([
      expect.objectContaining({ field: 'teamIds', rule: 'same_company' }),
    ]);
    expect(await teamIdsOfLine(db(), line.id)).toEqual(before);
  });

  it('refuses teams for a broadband line, and needs Write', async () => {
    const broadband = await lineOf(db(), ACME, 3);
    const [team] = await teamsOf(db(), ACME);
    const response = await put(broadband.id, 'changeTeams', 'acme.admin', { id: broadband.id, teamIds: [team?.id] });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().details).toEqual([
      expect.objectContaining({ field: 'id', rule: 'mobile_device' }),
    ]);
    expect(await teamIdsOfLine(db(), broadband.id)).toEqual([]);

    const line = await lineOf(db(), ACME, 1);
    const denied = await put(line.id, 'changeTeams', 'acme.teamlead', { id: line.id, teamIds: [] });
    expect(denied.statusCode).toBe(403);
  });

  it('keeps the memberships of teams the caller does not see', async () => {
    const leader = await userId('acme.teamlead');
    const { team_id: leaderTeam } = await db()
      .selectFrom('user_teams')
      .select('team_id')
      .where('user_id', '=', leader)
      .executeTakeFirstOrThrow();
    const otherTeam = (await teamsOf(db(), ACME)).find((team) => team.id !== leaderTeam);
    if (!otherTeam) throw new Error('Acme has one team only');
    const line = await lineOf(db(), ACME, 1);
    const prepared = await put(line.id, 'changeTeams', 'acme.admin', {
      id: line.id,
      teamIds: [leaderTeam, otherTeam.id],
    });
    expect(prepared.statusCode, prepared.body).toBe(200);
    const write = await db()
      .selectFrom('functionality')
      .select('id')
      .where('code', '=', 'MobileTeamEstate')
      .where('access_type', '=', 'Write')
      .executeTakeFirstOrThrow();
    await db().insertInto('user_functionality').values({ user_id: leader, functionality_id: write.id }).execute();
    await changesHeard(context.app);

    const [, thirdTeam] = (await teamsOf(db(), ACME)).filter((team) => team.id !== leaderTeam);
    if (!thirdTeam) throw new Error('Acme has two teams only');
    // The leader sees only their own team, so otherTeam's membership is not theirs to take away.
    const response = await put(line.id, 'changeTeams', 'acme.teamlead', { id: line.id, teamIds: [leaderTeam] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().teams.map((team: { id: number }) => team.id)).toEqual([leaderTeam]);
    expect(await teamIdsOfLine(db(), line.id)).toEqual([leaderTeam, otherTeam.id].sort((a, b) => a - b));

    // Emptying their own team of it would take the device out of their estate: refused, nothing changed.
    const leaving = await put(line.id, 'changeTeams', 'acme.teamlead', { id: line.id, teamIds: [] });
    expect(leaving.statusCode).toBe(400);
    expect(leaving.json<ErrorBody>().details).toEqual([
      expect.objectContaining({ field: 'teamIds', rule: 'keeps_in_estate' }),
    ]);
    expect(await teamIdsOfLine(db(), line.id)).toEqual([leaderTeam, otherTeam.id].sort((a, b) => a - b));
    // A team outside their estate is not found.
    const foreign = await put(line.id, 'changeTeams', 'acme.teamlead', { id: line.id, teamIds: [thirdTeam.id] });
    expect(foreign.statusCode).toBe(404);
  });
});
