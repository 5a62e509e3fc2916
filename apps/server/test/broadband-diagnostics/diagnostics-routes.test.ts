import { NOTIFICATION_MESSAGES } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ACME,
  type BroadbandTestLine,
  broadbandLine,
  call,
  carrierLine,
  GLOBEX,
  TEST_CARRIER_TIMINGS,
} from '../mobile-device/carrier-fixtures.js';
import { useCarrierSimulator } from '../support/carrier-simulator.js';
import { signIn, useDemoApp } from '../support/test-app.js';

// The broadband diagnostics routes (spec 7; docs/decisions/0095, 0099) against the carrier simulators.

const simulator = useCarrierSimulator();
const context = useDemoApp(() => ({ CARRIER_SIM_URL: simulator.sim.url }), { carrierTimings: TEST_CARRIER_TIMINGS });
const db = () => context.database.db;
let token = '';

const lines = {} as Record<'fibre' | 'copper' | 'skylark' | 'globex', BroadbandTestLine> & { mobileItem: number };
const get = (url: string) => call(context.app, url, { token });
const keystone = (line: BroadbandTestLine, rest: string) => `/api/broadbandKeystone/${line.orderItemId}/${rest}`;
const skylark = (line: BroadbandTestLine, rest: string) => `/api/broadbandSkylark/${line.orderItemId}/${rest}`;

async function groupOf(url: string): Promise<string> {
  const response = await get(url);
  expect(response.statusCode).toBe(200);
  return response.json().diagnosticGroupGuid;
}

beforeAll(async () => {
  token = (await signIn(context.app, 'acme.admin')).accessToken;
  lines.fibre = await broadbandLine(db(), ACME, 494, { productLineId: 9 });
  lines.copper = await broadbandLine(db(), ACME, 494, { productLineId: 8 });
  lines.skylark = await broadbandLine(db(), ACME, 588, { productLineId: 35 });
  lines.globex = await broadbandLine(db(), GLOBEX, 494, { productLineId: 9 });
  lines.mobileItem = (await carrierLine(db(), ACME, [33])).orderItemId;
});

describe('finding the contract', () => {
  it("answers 404 for another company's contract, a mobile order item, the other carrier's line and an unknown id", async () => {
    for (const url of [
      keystone(lines.globex, 'diagnosticsGroup'),
      `/api/broadbandKeystone/${lines.mobileItem}/diagnosticsGroup`,
      keystone(lines.skylark, 'diagnosticsGroup'),
      skylark(lines.fibre, 'onlineStatus'),
      '/api/broadbandKeystone/999999/sessionHistory',
    ]) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
  });

  it("answers 404 for a test in another line's group, and records each run in the line's own group", async () => {
    const otherGroup = await groupOf(keystone(lines.copper, 'diagnosticsGroup'));
    expect((await get(keystone(lines.fibre, `exchangeStatus?groupId=${otherGroup}`))).statusCode).toBe(404);

    const group = await groupOf(keystone(lines.fibre, 'diagnosticsGroup'));
    const exchange = await get(keystone(lines.fibre, `exchangeStatus?groupId=${group}`));
    expect(exchange.statusCode).toBe(200);
    expect(exchange.json()).toMatchObject({ success: true, errors: [] });
    expect(exchange.json().model.exchangeName).toEqual(expect.any(String));
    const runs = await db().selectFrom('diagnostic_test_runs').selectAll().where('group_id', '=', group).execute();
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ test: 'exchange', success: true });
    expect(runs[0]!.finished_at).not.toBeNull();
  });
});

describe('tests by the line’s condition', () => {
  it('reads a healthy line as connected and passing', async () => {
    await simulator.sim.setBroadbandCondition('broadband-494', lines.fibre.number, 'healthy');
    const group = await groupOf(keystone(lines.fibre, 'diagnosticsGroup'));
    const live = (await get(keystone(lines.fibre, `onlineStatus?groupId=${group}`))).json();
    expect(live.model).toMatchObject({ active: true, connected: true });
    const sync = (await get(keystone(lines.fibre, `syncStatus?groupId=${group}`))).json();
    expect(sync.model.operStatus).toBe('Up');
    expect(sync.model.downstreamSnr).toBeGreaterThanOrEqual(6);
    const fibre = (await get(keystone(lines.fibre, `fibreStatus?groupId=${group}&runIntrusiveTest=true`))).json();
    expect(fibre.model).toMatchObject({ testOutcome: 'Pass', faultLocation: null });
  });

  it('finds the fault on a noisy line: low SNR margin and a failed broadband test', async () => {
    await simulator.sim.setBroadbandCondition('broadband-494', lines.copper.number, 'noisy');
    const group = await groupOf(keystone(lines.copper, 'diagnosticsGroup'));
    const sync = (await get(keystone(lines.copper, `syncStatus?groupId=${group}`))).json();
    expect(sync.model.downstreamSnr).toBeLessThan(3);
    const broadband = (await get(keystone(lines.copper, `broadbandStatus?groupId=${group}`))).json();
    expect(broadband.model).toMatchObject({ testOutcome: 'Fail', faultLocation: 'Network' });
  });

  it('reads a disconnected line as active, not connected, and out of sync', async () => {
    await simulator.sim.setBroadbandCondition('broadband-494', lines.copper.number, 'disconnected');
    const group = await groupOf(keystone(lines.copper, 'diagnosticsGroup'));
    const live = (await get(keystone(lines.copper, `onlineStatus?groupId=${group}`))).json();
    expect(live.model).toEqual({ active: true, connected: false, connectedFrom: null });
    const sync = (await get(keystone(lines.copper, `syncStatus?groupId=${group}`))).json();
    expect(sync.model).toMatchObject({ operStatus: 'Down', downstreamRate: 0 });
  });

  it('reads a suspended line as not active, and its tests are refused by the carrier', async () => {
    await simulator.sim.setBroadbandCondition('broadband-588', lines.skylark.number, 'suspended');
    const group = await groupOf(skylark(lines.skylark, 'diagnosticsGroup'));
    const live = (await get(skylark(lines.skylark, `onlineStatus?groupId=${group}`))).json();
    expect(live.model).toMatchObject({ active: false, connected: false });
    const fibre = await get(skylark(lines.skylark, `fibreStatus?groupId=${group}&runIntrusiveTest=false`));
    expect(fibre.statusCode).toBe(200);
    expect(fibre.json()).toMatchObject({ success: false, model: null });
    expect(fibre.json().errors[0].errorMessage).toMatch(/suspended/);
  });

  it('refuses a sync test and a fibre test run together with the duplicate-test message', async () => {
    await simulator.sim.setBroadbandCondition('broadband-494', lines.fibre.number, 'healthy');
    const group = await groupOf(keystone(lines.fibre, 'diagnosticsGroup'));
    const [sync, fibre] = await Promise.all([
      get(keystone(lines.fibre, `syncStatus?groupId=${group}`)),
      get(keystone(lines.fibre, `fibreStatus?groupId=${group}&runIntrusiveTest=true`)),
    ]);
    const replies = [sync.json(), fibre.json()];
    expect(replies.filter((reply) => reply.success)).toHaveLength(1);
    expect(replies.find((reply) => !reply.success).errors).toEqual([
      { errorMessage: NOTIFICATION_MESSAGES.diagnosticsDuplicateTest },
    ]);
  });

  it('answers the alternative carrier’s tests it does not offer as a refusal', async () => {
    const group = await groupOf(skylark(lines.skylark, 'diagnosticsGroup'));
    const exchange = (await get(skylark(lines.skylark, `exchangeStatus?groupId=${group}`))).json();
    expect(exchange).toMatchObject({ success: false, model: null });
  });

  it('answers 503 when the carrier is down', async () => {
    await simulator.sim.setFault('broadband-494', { mode: 'error' });
    const response = await get(keystone(lines.fibre, 'onlineStatus'));
    expect(response.statusCode).toBe(503);
  });
});

describe('histories', () => {
  it('pages and sorts the session history, newest first by default, with a count', async () => {
    const first = await get(keystone(lines.fibre, 'sessionHistory?$top=5&$count=true'));
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.value).toHaveLength(5);
    expect(body['@odata.count']).toBeGreaterThan(5);
    const starts = body.value.map((row: { startTime: string }) => row.startTime);
    expect([...starts].sort().reverse()).toEqual(starts);
    expect(body.value[0].username).toBe(lines.fibre.username);

    const next = (await get(keystone(lines.fibre, 'sessionHistory?$top=5&$skip=5'))).json();
    expect(next.value[0].startTime < starts[4]).toBe(true);
    // A skip that is no multiple of the page size still answers exactly the rows asked for.
    const ten = (await get(keystone(lines.fibre, 'sessionHistory?$top=10'))).json();
    const shifted = (await get(keystone(lines.fibre, 'sessionHistory?$top=5&$skip=3'))).json();
    expect(shifted.value).toEqual(ten.value.slice(3, 8));
    const oldest = (await get(skylark(lines.skylark, 'sessionHistory?$top=3&$orderby=startTime asc'))).json();
    const ascending = oldest.value.map((row: { startTime: string }) => row.startTime);
    expect([...ascending].sort()).toEqual(ascending);
  });

  it('answers 400 naming the option for bad OData', async () => {
    for (const [query, option] of [
      ['$orderby=speed', '$orderby'],
      ['$orderby=nonsense', '$orderby'],
      ['$top=-1', '$top'],
      ["$filter=username eq 'x'", '$filter'],
      ['$count=maybe', '$count'],
    ] as const) {
      const response = await get(keystone(lines.fibre, `sessionHistory?${encodeURI(query)}`));
      expect(response.statusCode, query).toBe(400);
      expect(response.json().details[0].field, query).toBe(option);
    }
  });

  it('answers the line history and authentication logs newest first; another username is 404', async () => {
    const history = (await get(keystone(lines.copper, 'lineHistory?$top=3'))).json();
    const dates = history.value.map((row: { gatheredDate: string }) => row.gatheredDate);
    expect([...dates].sort().reverse()).toEqual(dates);

    const logs = await get(
      keystone(lines.fibre, `authenticationLogs/${encodeURIComponent(lines.fibre.username!)}?$top=4`),
    );
    expect(logs.statusCode).toBe(200);
    const logDates = logs.json().value.map((row: { logDate: string }) => row.logDate);
    expect([...logDates].sort().reverse()).toEqual(logDates);
    expect((await get(keystone(lines.fibre, 'authenticationLogs/someone@else.example'))).statusCode).toBe(404);

    const speeds = (await get(skylark(lines.skylark, 'speedTestResults'))).json();
    expect(speeds.value.length).toBeGreaterThanOrEqual(3);
  });

  it('downloads the session and line histories as CSV with a header row and the asked count', async () => {
    const sessions = await get(keystone(lines.fibre, 'sessionHistory/download?count=7'));
    expect(sessions.statusCode).toBe(200);
    expect(sessions.headers['content-type']).toMatch(/^text\/csv/);
    expect(sessions.headers['content-disposition']).toContain(`session-history-${lines.fibre.number}.csv`);
    const rows = sessions.body.trim().split('\n');
    expect(rows[0]).toBe('Username,Start time,End time,Session time (s),Download (kbit/s),Upload (kbit/s),IP address');
    expect(rows).toHaveLength(8);

    const quality = await get(skylark(lines.skylark, 'lineHistory/download?count=3'));
    expect(quality.statusCode).toBe(200);
    expect(quality.body.trim().split('\n')).toHaveLength(4);
    expect((await get(keystone(lines.fibre, 'lineHistory/download?count=0'))).statusCode).toBe(400);
  });
});
