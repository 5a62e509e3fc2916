import type { Notification } from '@portal/contract';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/connection.js';
import { evaluateSpendAlertsOnce } from '../../src/jobs/evaluate-spend-alerts.js';
import { makeUser } from '../admin/admin-support.js';
import { useEngineApp } from '../bills/engine-app.js';
import { ACME, type CarrierTestLine, carrierLine, GLOBEX, settle } from '../mobile-device/carrier-fixtures.js';
import { useCarrierSimulator } from '../support/carrier-simulator.js';
import { useSmtpInbox } from '../support/smtp-inbox.js';
import { bearer, signIn } from '../support/test-app.js';
import { testEngines } from '../support/test-databases.js';

// The scheduled evaluation of spend alert rules (decisions 0213, 0214), run directly: a crossing fires once per
// period and scope, however often and however many evaluations run; it tells the rule's users who still see it, by
// notice and e-mail (over real SMTP), and bars the device through the simulator; a notice's undo lifts the bar.

const PUBLIC_URL = 'https://portal.example.co.uk/';

describe.each(testEngines())('spend alert evaluation on $name', (engine) => {
  const simulator = useCarrierSimulator({ completionMs: 50 });
  const inbox = useSmtpInbox();
  const context = useEngineApp(engine, {
    demoData: true,
    env: () => ({
      CARRIER_SIM_URL: simulator.sim.url,
      SMTP_URL: inbox.url,
      CARRIER_WORKER_POLL_MS: '20',
      CARRIER_WORKER_RETRY_MS: '20',
      PUBLIC_URL,
    }),
  });
  const db = () => context.database.db;
  const evaluate = () => evaluateSpendAlertsOnce(db(), { publicUrl: PUBLIC_URL });
  const fixtures = { acme: 0, globex: 0, admin: 0, adminToken: '', adminEmail: '' };
  let line: CarrierTestLine;

  const companyId = async (name: string) =>
    (await db().selectFrom('companies').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

  /** A record of today (London), cost in pounds, so usage_daily's trigger counts it. */
  const record = (endpointId: number, cost: number) =>
    db()
      .insertInto('call_detail_records')
      .values({
        endpoint_id: endpointId,
        invoice_id: null,
        started_at: sql<Date>`now() - interval '1 minute'`,
        record_type: 'voice',
        destination: 'UK Mobile',
        dialled_number: '07700900999',
        duration: 60,
        bytes: 0,
        cost,
      })
      .execute();

  /** Today's cost of some lines, as usage_daily has it. */
  const costToday = async (endpointIds: number[]) => {
    const row = await db()
      .selectFrom('usage_daily')
      .select(sql<string>`coalesce(sum(cost), 0)`.as('cost'))
      .where('endpoint_id', 'in', endpointIds)
      .where('day', '=', sql<string>`(now() AT TIME ZONE 'Europe/London')::date`)
      .executeTakeFirstOrThrow();
    return Number(row.cost);
  };

  const addRule = async (values: {
    name: string;
    company: number;
    scope: 'company' | 'device';
    endpointId?: number;
    threshold: number;
    action?: 'none' | 'barData';
    users: number[];
    emails?: string[];
  }) => {
    const rule = await db()
      .insertInto('alert_rules')
      .values({
        company_id: values.company,
        name: values.name,
        scope: values.scope,
        endpoint_id: values.endpointId ?? null,
        applies_to: 'total',
        measure: 'cost',
        period: 'day',
        threshold: values.threshold,
        notify_emails: values.emails ?? [],
        action: values.action ?? 'none',
        created_by_user_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (values.users.length > 0) {
      await db()
        .insertInto('alert_rule_users')
        .values(values.users.map((user_id) => ({ rule_id: rule.id, user_id })))
        .execute();
    }
    return rule.id;
  };

  const noticesOf = async (token: string) => {
    const response = await context.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(token) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ value: Notification[] }>().value;
  };

  const sendMail = async () => {
    await expect
      .poll(
        async () => {
          await context.app.emailSender.runOnce();
          return (await db().selectFrom('email_outbox').select('id').where('status', '=', 'queued').execute()).length;
        },
        { timeout: 10_000 },
      )
      .toBe(0);
  };

  beforeAll(async () => {
    fixtures.acme = await companyId(ACME);
    fixtures.globex = await companyId(GLOBEX);
    const admin = await db()
      .selectFrom('users')
      .select(['id', 'email_address'])
      .where('user_name', '=', 'acme.admin')
      .executeTakeFirstOrThrow();
    fixtures.admin = admin.id;
    fixtures.adminEmail = admin.email_address;
    fixtures.adminToken = (await signIn(context.app, 'acme.admin')).accessToken;
    // A Halo line of Acme's without the data bar at the carrier, so the alert's bar is a change the carrier makes.
    for (let nth = 0; ; nth += 1) {
      line = await carrierLine(db(), ACME, [33], nth);
      const atCarrier = await simulator.sim.haloLine(line.cli);
      if (!atCarrier.addons.some((addon) => addon.id === 44)) break;
    }
    // Nothing of the demo data's usage today should fire a rule these tests do not make.
    await db().deleteFrom('alert_rules').execute();
  });

  it('fires a crossed rule once: one notice, one e-mail, one bar through the simulator; never again this period', async () => {
    const site = await db()
      .selectFrom('endpoints')
      .select('site_id')
      .where('id', '=', line.endpointId)
      .executeTakeFirstOrThrow();
    const stillSees = await makeUser(db(), `alerts.keeps.${engine.name}`, 'Site Manager', [['SpendAlerts', 'Read']], {
      siteId: site.site_id ?? undefined,
    });
    const lostAccess = await makeUser(db(), `alerts.lost.${engine.name}`, 'Site Manager', [['SpendAlerts', 'Read']], {
      siteId: site.site_id ?? undefined,
    });
    const before = await costToday([line.endpointId]);
    const ruleId = await addRule({
      name: 'Device over budget',
      company: fixtures.acme,
      scope: 'device',
      endpointId: line.endpointId,
      threshold: before + 10,
      action: 'barData',
      users: [fixtures.admin, stillSees, lostAccess],
      emails: ['finance.alerts@example.co.uk'],
    });
    expect(await evaluate()).toMatchObject({ firings: 0 });

    await record(line.endpointId, 12.5);
    // The user is moved off the site before the crossing is seen: they are no longer told about this device.
    await db().deleteFrom('user_sites').where('user_id', '=', lostAccess).execute();
    expect(await evaluate()).toMatchObject({ firings: 1, notices: 2, bars: 1 });
    expect(await evaluate()).toMatchObject({ firings: 0, notices: 0, bars: 0 });
    await record(line.endpointId, 30);
    expect(await evaluate()).toMatchObject({ firings: 0 });

    const firings = await db().selectFrom('alert_firings').selectAll().where('rule_id', '=', ruleId).execute();
    expect(firings).toHaveLength(1);
    expect(firings[0]).toMatchObject({ endpoint_id: line.endpointId, company_id: fixtures.acme });
    expect(Number(firings[0]?.value)).toBeCloseTo(before + 12.5, 2);
    const told = await db().selectFrom('notifications').select('user_id').where('rule_id', '=', ruleId).execute();
    expect(told.map((row) => row.user_id).sort()).toEqual([fixtures.admin, stillSees].sort());
    const audited = await db()
      .selectFrom('audit_log')
      .select(['operation', 'actor_user_id'])
      .where('table_name', '=', 'alert_firings')
      .execute();
    expect(audited).toEqual(expect.arrayContaining([{ operation: 'INSERT', actor_user_id: null }]));

    // The bar: an ordinary call barring request by the portal, with its event on the line, applied by the carrier.
    const barRequest = firings[0]?.carrier_request_id as number;
    const request = await db()
      .selectFrom('carrier_requests')
      .selectAll()
      .where('id', '=', barRequest)
      .executeTakeFirstOrThrow();
    expect(request).toMatchObject({ kind: 'call_barring', requested_by_user_id: null, endpoint_id: line.endpointId });
    expect(request.payload).toMatchObject({ change: { add: [44], remove: [] } });
    const events = await db()
      .selectFrom('order_events')
      .select(['status', 'user_name', 'notes'])
      .where('order_item_id', '=', line.orderItemId)
      .where('notes', 'like', `%(request ${barRequest})%`)
      .execute();
    expect(events).toEqual([expect.objectContaining({ status: 'In Progress', user_name: 'Spend alert' })]);
    expect(await settle(context.app, db(), barRequest)).toMatchObject({ status: 'succeeded' });
    expect((await simulator.sim.haloLine(line.cli)).addons.map((addon) => addon.id)).toContain(44);
    const atCarrier = (await simulator.sim.requests('mobile-33')).requests.filter(
      (sent) => sent.idempotencyKey === String(barRequest),
    );
    expect(atCarrier).toHaveLength(1);

    // The e-mails: one to each told user and one to the rule's address; none to the user who lost access.
    await sendMail();
    const [mail, ...more] = await inbox.mailsTo('finance.alerts@example.co.uk');
    expect(more).toEqual([]);
    const [sent] = await db()
      .selectFrom('email_outbox')
      .select(['subject', 'status'])
      .where(sql<boolean>`'finance.alerts@example.co.uk' = ANY(recipients)`)
      .execute();
    expect(sent).toMatchObject({ status: 'sent' });
    expect(sent?.subject).toMatch(/^Spend alert: Cost over £[0-9,.]+ on [0-9]+ [A-Z][a-z]+ [0-9]{4}: /);
    expect(mail?.text).toContain('Acme Logistics Ltd');
    expect(mail?.text).toContain(line.cli);
    expect(mail?.text).toContain('mobile data is being barred');
    expect(mail?.text).toContain(`${PUBLIC_URL}notifications`);
    expect(mail?.html).toContain(`href="${PUBLIC_URL}notifications"`);
    expect(await inbox.mailsTo(fixtures.adminEmail)).toHaveLength(1);
    expect(inbox.to(`alerts.keeps.${engine.name}@example.co.uk`)).toHaveLength(1);
    expect(inbox.to(`alerts.lost.${engine.name}@example.co.uk`)).toHaveLength(0);

    // The notice, with the bar applied; undoing it lifts the bar at the carrier, and a second undo is refused.
    const [notice] = (await noticesOf(fixtures.adminToken)).filter((each) => each.ruleId === ruleId);
    expect(notice).toMatchObject({
      kind: 'spendAlert',
      companyName: ACME,
      readAt: null,
      device: { id: line.endpointId, identifier: line.cli },
      bar: { kind: 'data', state: 'applied' },
    });
    const undo = await context.app.inject({
      method: 'POST',
      url: `/api/notifications/${notice?.id}/undoBar`,
      headers: bearer(fixtures.adminToken),
    });
    expect(undo.statusCode, undo.body).toBe(202);
    expect(undo.json<Notification>().bar).toEqual({ kind: 'data', state: 'undoRequested' });
    const again = await context.app.inject({
      method: 'POST',
      url: `/api/notifications/${notice?.id}/undoBar`,
      headers: bearer(fixtures.adminToken),
    });
    expect(again.statusCode, again.body).toBe(409);
    const undoRequest = await db()
      .selectFrom('notifications')
      .select('undo_request_id')
      .where('id', '=', notice?.id as number)
      .executeTakeFirstOrThrow();
    expect(await settle(context.app, db(), undoRequest.undo_request_id as number)).toMatchObject({
      status: 'succeeded',
    });
    expect((await simulator.sim.haloLine(line.cli)).addons.map((addon) => addon.id)).not.toContain(44);
    const [undone] = (await noticesOf(fixtures.adminToken)).filter((each) => each.ruleId === ruleId);
    expect(undone?.bar).toEqual({ kind: 'data', state: 'undone' });
  });

  it("never fires on another company's records, and fires a company total once however many evaluate at once", async () => {
    const acmeMobiles = (
      await db()
        .selectFrom('endpoints')
        .select('id')
        .where('company_id', '=', fixtures.acme)
        .where('endpoint_type_id', '=', 1)
        .execute()
    ).map((row) => row.id);
    const globexLine = await carrierLine(db(), GLOBEX, [33, 27, 36], 0);
    const ruleId = await addRule({
      name: 'Acme today',
      company: fixtures.acme,
      scope: 'company',
      threshold: (await costToday(acmeMobiles)) + 100,
      users: [fixtures.admin],
    });
    await record(globexLine.endpointId, 5000);
    expect(await evaluate()).toMatchObject({ firings: 0 });

    await record(acmeMobiles[0] as number, 150);
    const outcomes = await Promise.all([evaluate(), evaluate(), evaluate()]);
    expect(outcomes.reduce((sum, outcome) => sum + outcome.firings, 0)).toBe(1);
    const firings = await db()
      .selectFrom('alert_firings')
      .select('endpoint_id')
      .where('rule_id', '=', ruleId)
      .execute();
    expect(firings).toEqual([{ endpoint_id: null }]);
    const notices = await db().selectFrom('notifications').select('user_id').where('rule_id', '=', ruleId).execute();
    expect(notices).toEqual([{ user_id: fixtures.admin }]);
  });

  it('places one bar when two rules bar the same line at once, and reuses a bar already on or on its way', async () => {
    const before = await costToday([line.endpointId]);
    const rule = (name: string) =>
      addRule({
        name,
        company: fixtures.acme,
        scope: 'device',
        endpointId: line.endpointId,
        threshold: before + 1,
        action: 'barData',
        users: [],
        emails: ['bars@example.co.uk'],
      });
    const first = await rule('Data bar one');
    const second = await rule('Data bar two');
    await record(line.endpointId, 2);
    expect(await evaluate()).toMatchObject({ firings: 2, bars: 1 });
    const firings = await db()
      .selectFrom('alert_firings')
      .select('carrier_request_id')
      .where('rule_id', 'in', [first, second])
      .execute();
    const [barRequest] = new Set(firings.map((firing) => firing.carrier_request_id));
    expect(firings.map((firing) => firing.carrier_request_id)).toEqual([barRequest, barRequest]);

    // A third rule crossing while that bar is still queued names the same request rather than placing another.
    const third = await rule('Data bar three');
    expect(await evaluate()).toMatchObject({ firings: 1, bars: 0 });
    const [thirdFiring] = await db()
      .selectFrom('alert_firings')
      .select('carrier_request_id')
      .where('rule_id', '=', third)
      .execute();
    expect(thirdFiring?.carrier_request_id).toBe(barRequest);
  });

  // Two servers have a pool each: a second connection pool on the same PostgreSQL database is a second instance.
  it.skipIf(engine.name !== 'postgres')(
    'fires each device once when two servers with their own connections evaluate at once',
    async () => {
      const { rows } = await sql<{ name: string }>`SELECT current_database() AS name`.execute(db());
      const url = new URL(process.env.TEST_DATABASE_URL as string);
      url.pathname = `/${rows[0]?.name}`;
      const secondServer = await openDatabase({ kind: 'postgres', url: url.href, poolSize: 4 });
      try {
        const lines = await Promise.all([10, 11, 12, 13].map((nth) => carrierLine(db(), ACME, [33, 27, 36], nth)));
        const ids = lines.map((each) => each.endpointId);
        // Over every Acme line's cost today, so only the lines given more below cross it.
        const highest = await db()
          .selectFrom('usage_daily')
          .select(sql<string>`coalesce(max(cost), 0)`.as('cost'))
          .where('company_id', '=', fixtures.acme)
          .where('day', '=', sql<string>`(now() AT TIME ZONE 'Europe/London')::date`)
          .executeTakeFirstOrThrow()
          .then((row) => Number(row.cost));
        const ruleId = await db()
          .insertInto('alert_rules')
          .values({
            company_id: fixtures.acme,
            name: 'Each device, two servers',
            scope: 'company',
            applies_to: 'eachDevice',
            measure: 'cost',
            period: 'day',
            threshold: highest + 1,
            notify_emails: [],
            created_by_user_id: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await db().insertInto('alert_rule_users').values({ rule_id: ruleId.id, user_id: fixtures.admin }).execute();
        for (const id of ids) await record(id, highest + 2);
        const outcomes = await Promise.all([
          evaluateSpendAlertsOnce(db(), { publicUrl: PUBLIC_URL }),
          evaluateSpendAlertsOnce(secondServer.db, { publicUrl: PUBLIC_URL }),
        ]);
        expect(outcomes.reduce((sum, outcome) => sum + outcome.firings, 0)).toBe(ids.length);
        const firings = await db()
          .selectFrom('alert_firings')
          .select('endpoint_id')
          .where('rule_id', '=', ruleId.id)
          .orderBy('endpoint_id')
          .execute();
        expect(firings.map((firing) => firing.endpoint_id)).toEqual([...ids].sort((a, b) => a - b));
        const notices = await db().selectFrom('notifications').select('id').where('rule_id', '=', ruleId.id).execute();
        expect(notices).toHaveLength(ids.length);
      } finally {
        await secondServer.close();
      }
    },
  );

  it('does not fire a disabled rule', async () => {
    const other = await carrierLine(db(), ACME, [33, 27, 36], 5);
    const ruleId = await addRule({
      name: 'Disabled',
      company: fixtures.acme,
      scope: 'device',
      endpointId: other.endpointId,
      threshold: (await costToday([other.endpointId])) + 1,
      users: [fixtures.admin],
    });
    await db().updateTable('alert_rules').set({ enabled: false }).where('id', '=', ruleId).execute();
    await record(other.endpointId, 20);
    await evaluate();
    expect(await db().selectFrom('alert_firings').select('id').where('rule_id', '=', ruleId).execute()).toEqual([]);
  });
});
