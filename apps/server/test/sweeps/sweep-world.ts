import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  CARRIER_REGISTRY,
  type NamedOperation,
  type ParamTarget,
  type Permission,
  pathParamNames,
} from '@portal/contract';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { App } from '../../src/app.js';
import type { DatabaseHandle } from '../../src/db/connection.js';
import { pngImage } from '../fault-reports/fault-fixtures.js';
import { estateScopeOf } from '../support/callers.js';
import { changesOf, committedBetween, transactionMark } from '../support/committed-writes.js';
import { bearer, DEMO_PASSWORD, form, type SignedIn, signIn } from '../support/test-app.js';
import { type CallerExampleContext, EXAMPLES, type ExampleContext } from './examples.js';
import {
  encodeBody,
  encodePairs,
  encodeText,
  operationKey,
  operationLabel,
  paramTargetOf,
  type SweepRequest,
} from './sweep-requests.js';
import {
  type CallerFacts,
  type EstateLine,
  type ForeignFacts,
  globexLine,
  LINE_KIND_NAMES,
  type LineKind,
  ownLineOf,
  TARGETS,
} from './target-ids.js';

type TargetIds = Partial<Record<ParamTarget, string>>;

/**
 * The README's demo accounts. acme.expired is left out: its password has expired, so it cannot sign in (login
 * answers requires_password_reset) and has no session to sweep with.
 */
export const SWEEP_ACCOUNTS = [
  'acme.admin',
  'acme.finance',
  'acme.sitemanager',
  'acme.teamlead',
  'acme.mobile',
  'acme.broadband',
  'globex.admin',
  'multi.admin',
  'wayne.admin',
  'northwind.staff',
  'brightwave.staff',
] as const;
export type SweepAccount = (typeof SWEEP_ACCOUNTS)[number];

/** A caller of the sweeps: a signed-in demo account, or nobody (public endpoints are also called without tokens). */
export type Caller = {
  name: SweepAccount | 'anonymous';
  session: SignedIn | undefined;
  /** Functionality as GET /api/profiles/myFunctionality answers it, and roles as the login reply gives them. */
  held: Permission[];
  roles: string[];
  /**
   * The caller's own id for each target, from a line of each kind (Acme's line where the caller has none of the
   * kind: partner staff have no estate, acme.mobile no broadband line).
   */
  ids: Record<LineKind, TargetIds>;
  example: CallerExampleContext;
};

export type SweepWorld = {
  /** For each kind of line: Globex's line of that kind, and Brightwave's message and question. */
  foreign: Record<LineKind, ForeignFacts>;
  caller(name: SweepAccount | 'anonymous'): Caller;
  /**
   * app.inject from an address of its own, so the sign-in throttle's per-address count never links two cases. A
   * write answered 4xx is checked to have committed no change (issue 20): see `refusals`.
   */
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  /** The refused writes checked so far, and those that committed a change all the same. */
  refusals: { checked: number; changed: string[] };
};

/**
 * Signs in every sweep account and gathers what the fixtures need from the demo database: each caller's line,
 * a throwaway banner message per partner (the sweeps change and delete it, never the demo's own), and Globex's
 * records and another partner's message as the foreign ids.
 */
export async function openSweepWorld(app: App, database: DatabaseHandle): Promise<SweepWorld> {
  const { db } = database;
  let addresses = 0;
  const nextAddress = () => {
    addresses += 1;
    return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
  };
  const refusals = { checked: 0, changed: [] as string[] };
  const inject = async (options: InjectOptions) => {
    const write = (options.method ?? 'GET') !== 'GET';
    const before = write ? await transactionMark(db) : 0n;
    const response = await app.inject({ remoteAddress: nextAddress(), ...options });
    if (!write) return response;
    await workAfterAnswer(db, options, response);
    const status = response.statusCode;
    if (status >= 400 && status < 500) {
      refusals.checked += 1;
      const writes = await committedBetween(db, before, await transactionMark(db));
      const changes = changesOf(writes, String(response.headers['x-request-id']));
      if (changes.length > 0) {
        const what = changes.map((change) => change.tables.join('+') || change.audit.map((a) => a.table).join('+'));
        refusals.changed.push(
          `${options.method} ${String(options.url).slice(0, 120)} answered ${status}: wrote ${what}`,
        );
      }
    }
    return response;
  };

  const template = await db
    .selectFrom('users')
    .innerJoin('user_credentials', 'user_credentials.user_id', 'users.id')
    .select(['users.partner_id', 'users.profile_id', 'user_credentials.password_hash'])
    .where('users.user_name', '=', 'acme.admin')
    .executeTakeFirstOrThrow();
  let accounts = 0;
  const freshAccount = async () => {
    accounts += 1;
    const userName = `sweep.account${accounts}`;
    await insertAccount(userName, template.partner_id, template.profile_id);
    return { userName, emailAddress: `${userName}@example.co.uk` };
  };
  /** A user (password DEMO_PASSWORD, e-mail `{userName}@example.co.uk`) of the partner and profile; answers the id. */
  async function insertAccount(userName: string, partnerId: number, profileId: number) {
    const user = await db
      .insertInto('users')
      .values({
        partner_id: partnerId,
        user_name: userName,
        email_address: `${userName}@example.co.uk`,
        profile_id: profileId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('user_credentials')
      .values({ user_id: user.id, password_hash: template.password_hash, expires_at: null })
      .execute();
    return user.id;
  }
  const freshRefreshToken = async () => {
    const { userName } = await freshAccount();
    const login = await inject({
      method: 'POST',
      url: '/api/login',
      ...form({ username: userName, password: DEMO_PASSWORD, cookiePolicyAccepted: 'true' }),
    });
    if (login.statusCode !== 200) throw new Error(`sign-in of ${userName} failed: ${login.statusCode} ${login.body}`);
    return login.json<{ token: { refresh_token: string } }>().token.refresh_token;
  };

  const diagnosticsGroup = async (orderItemId: string) => {
    const item = await db
      .selectFrom('order_items')
      .innerJoin('endpoints', 'endpoints.id', 'order_items.endpoint_id')
      .select(['endpoints.id as endpointId', 'endpoints.company_id as companyId'])
      .where('order_items.id', '=', Number(orderItemId))
      .executeTakeFirstOrThrow();
    const id = randomUUID();
    await db
      .insertInto('diagnostic_groups')
      .values({ id, company_id: item.companyId, endpoint_id: item.endpointId, order_item_id: Number(orderItemId) })
      .execute();
    await db
      .insertInto('diagnostic_test_runs')
      .values({ group_id: id, test: 'onlineStatus', finished_at: new Date(), success: true, result: '{}' })
      .execute();
    return id;
  };

  const partners = await db.selectFrom('partners').select('id').orderBy('id').execute();
  const throwawayMessages = new Map<number, number>();
  const throwawayFaqs = new Map<number, number>();
  for (const partner of partners) {
    const message = await db
      .insertInto('messages')
      .values({ partner_id: partner.id, text: 'Sweep: a message the sweeps may change and delete' })
      .returning('id')
      .executeTakeFirstOrThrow();
    throwawayMessages.set(partner.id, message.id);
    // Placed first, so the demo's own FAQs keep their order when the sweeps move it (decision 0217).
    const faq = await db
      .insertInto('faqs')
      .values({
        partner_id: partner.id,
        title: 'Sweep: a question',
        text: 'The sweeps may change and delete it.',
        sort_order: -1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    throwawayFaqs.set(partner.id, faq.id);
  }
  // Each partner's logo as its staff would have uploaded it (decision 0218), which the public logo call serves.
  const partnerLogos = new Map<number, number>();
  for (const partner of partners) {
    const storageKey = `partner-logos/${partner.id}/sweep/1.png`;
    const image = pngImage(32, 32);
    await app.files.uploads.put(storageKey, image);
    const logo = await db
      .insertInto('partner_logos')
      .values({
        partner_id: partner.id,
        content_type: 'image/png',
        size_bytes: image.length,
        width: 32,
        height: 32,
        sha256: createHash('sha256').update(image).digest('hex'),
        storage_key: storageKey,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.updateTable('partners').set({ logo_id: logo.id }).where('id', '=', partner.id).execute();
    partnerLogos.set(partner.id, logo.id);
  }
  const profile = (await db.selectFrom('profiles').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  const mobileUser = await mobileUserProfile(db);
  let records = 0;
  /** A Mobile User of the endpoint's company, assigned to it: a user the sweeps may change and delete. */
  const throwawayUser = async (endpointId: number) => {
    records += 1;
    const { partner_id, company_id } = await db
      .selectFrom('endpoints')
      .innerJoin('companies', 'companies.id', 'endpoints.company_id')
      .select(['companies.partner_id', 'endpoints.company_id'])
      .where('endpoints.id', '=', endpointId)
      .executeTakeFirstOrThrow();
    const user = { id: await insertAccount(`sweep.target${records}`, partner_id, mobileUser.id) };
    await db
      .insertInto('user_functionality')
      .values(mobileUser.functionalityIds.map((functionality_id) => ({ user_id: user.id, functionality_id })))
      .execute();
    await db.insertInto('user_endpoints').values({ user_id: user.id, endpoint_id: endpointId, company_id }).execute();
    return user.id;
  };
  /** Per partner: its first customer company and a user of it made for the sweeps (reset and unlock name them). */
  const customers = new Map<number, { customerCompany: number; customerUser: number }>();
  const customerOf = async (partnerId: number) => {
    const known = customers.get(partnerId);
    if (known) return known;
    const line = await db
      .selectFrom('endpoints')
      .innerJoin('companies', 'companies.id', 'endpoints.company_id')
      .select(['endpoints.id', 'endpoints.company_id'])
      .where('companies.partner_id', '=', partnerId)
      .orderBy('endpoints.company_id')
      .orderBy('endpoints.id')
      .executeTakeFirstOrThrow();
    const customer = { customerCompany: line.company_id, customerUser: await throwawayUser(line.id) };
    customers.set(partnerId, customer);
    return customer;
  };
  /** A passkey of the user (its key is random bytes: no ceremony ever uses it). */
  const passkeyOf = async (userId: number) => {
    records += 1;
    const passkey = await db
      .insertInto('passkeys')
      .values({
        user_id: userId,
        credential_id: randomBytes(32).toString('base64url'),
        public_key: randomBytes(77),
        user_handle: randomBytes(32).toString('base64url'),
        name: `Sweep passkey ${records}`,
        device_type: 'singleDevice',
        backed_up: false,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return passkey.id;
  };
  /** A scheduled report subscription of the user's (paused: the sweeps never wait for one to run). */
  const subscriptionOf = async (userId: number) => {
    const subscription = await db
      .insertInto('report_subscriptions')
      .values({
        user_id: userId,
        kind: 'billsSummary',
        format: 'csv',
        frequency: 'weekly',
        send_to_me: true,
        paused: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return subscription.id;
  };
  /**
   * The caller's Halo line of highest id, so the notice's bar is one the portal can lift, on another line than the
   * first (where the mobile-device calls place their own bar changes, which an open undo would hold up).
   */
  const lastHaloLineOf = async (userName: string) => {
    const scope = await estateScopeOf(db, userName);
    const line = await db
      .selectFrom('endpoints')
      .select('id')
      .where('id', 'in', scope.endpoints())
      .where('supplier_id', 'in', [...CARRIER_REGISTRY.halo.supplierIds])
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return line?.id;
  };
  /**
   * A rule on a mobile line, of its company, and a notice of it to the user with a bar on: the line's mobile data,
   * barred by a request that succeeded, so the notice's undo has a bar to lift.
   */
  const alertRuleOf = async (endpointId: number, userId: number) => {
    records += 1;
    const line = await db
      .selectFrom('endpoints')
      .select(['company_id', 'supplier_id', 'identifier'])
      .where('id', '=', endpointId)
      .executeTakeFirstOrThrow();
    const rule = await db
      .insertInto('alert_rules')
      .values({
        company_id: line.company_id,
        name: `Sweep alert ${records}`,
        scope: 'device',
        endpoint_id: endpointId,
        applies_to: 'total',
        measure: 'cost',
        period: 'day',
        threshold: 50,
        notify_emails: ['sweep.alerts@example.co.uk'],
        action: 'barData',
        created_by_user_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const bar = await db
      .insertInto('carrier_requests')
      .values({
        company_id: line.company_id,
        endpoint_id: endpointId,
        order_item_id: null,
        requested_by_user_id: null,
        request_id: null,
        carrier: 'mobile-33',
        kind: 'call_barring',
        payload: JSON.stringify({
          line: { cli: line.identifier, supplierId: line.supplier_id },
          change: { kind: 'call_barring', add: [44], remove: [] },
          summary: 'Spend alert bar: mobile data',
          addEvent: false,
        }),
        status: 'succeeded',
        next_attempt_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const notice = await db
      .insertInto('notifications')
      .values({
        user_id: userId,
        company_id: line.company_id,
        kind: 'spendAlert',
        title: 'Cost over £50.00 today',
        body: 'A sweep notice',
        rule_id: rule.id,
        endpoint_id: endpointId,
        bar_kind: 'data',
        bar_request_id: bar.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { alertRule: rule.id, notification: notice.id };
  };
  /** An empty site or team of the company, which the sweeps may delete. */
  const freshSite = async (companyId: number) => {
    records += 1;
    const address = await db
      .insertInto('addresses')
      .values({
        company_id: companyId,
        line1: '1 Sweep Street',
        town: 'Leeds',
        county: 'West Yorkshire',
        post_code: 'LS1 1AA',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const site = await db
      .insertInto('sites')
      .values({ company_id: companyId, name: `Sweep site ${records}`, address_id: address.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    return String(site.id);
  };
  const freshTeam = async (companyId: number) => {
    records += 1;
    const team = await db
      .insertInto('teams')
      .values({ company_id: companyId, name: `Sweep team ${records}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    return String(team.id);
  };

  /**
   * What the sweeps know of a caller. `signedIn`: the caller's session is open, so a passkey of theirs may be added
   * (a password sign-in after it would need the second step); before, the passkey is their throwaway user's.
   */
  const factsOf = async (
    userName: string,
    fallback?: EstateLine,
    signedIn = true,
  ): Promise<Record<LineKind, CallerFacts>> => {
    const user = await db
      .selectFrom('users')
      .select(['id', 'partner_id'])
      .where('user_name', '=', userName)
      .executeTakeFirstOrThrow();
    const message = throwawayMessages.get(user.partner_id);
    if (message === undefined) throw new Error(`no throwaway message for partner ${user.partner_id}`);
    const faq = throwawayFaqs.get(user.partner_id);
    if (faq === undefined) throw new Error(`no throwaway question for partner ${user.partner_id}`);
    const partnerLogo = partnerLogos.get(user.partner_id);
    if (partnerLogo === undefined) throw new Error(`no logo for partner ${user.partner_id}`);
    const mobileLine = (await ownLineOf(db, userName, 'mobile')) ?? fallback;
    if (!mobileLine) throw new Error(`${userName} lacks a mobile line: the demo data changed`);
    const target = await throwawayUser(mobileLine.endpoint);
    const passkey = await passkeyOf(signedIn ? user.id : target);
    const reportSubscription = await subscriptionOf(user.id);
    const alert = await alertRuleOf((await lastHaloLineOf(userName)) ?? mobileLine.endpoint, user.id);
    const customer = await customerOf(user.partner_id);
    const facts: Partial<Record<LineKind, CallerFacts>> = {};
    for (const kind of LINE_KIND_NAMES) {
      facts[kind] = {
        line: await ownLineOf(db, userName, kind),
        partnerMessage: message,
        partnerFaq: faq,
        partnerLogo,
        profile,
        user: target,
        passkey,
        reportSubscription,
        ...alert,
        ...customer,
      };
    }
    return facts as Record<LineKind, CallerFacts>;
  };
  const invoiceOf = async (userName: string) => {
    const scope = await estateScopeOf(db, userName);
    return db
      .selectFrom('invoices')
      .select(['web_data_physical_location as location', 'pdf_file_name as pdfFileName', 'company_id'])
      .where('company_id', 'in', scope.companies())
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
  };

  const acmeFacts = await factsOf('acme.admin', undefined, false);
  const acmeInvoice = await invoiceOf('acme.admin');
  const acmeLine = Object.fromEntries(
    LINE_KIND_NAMES.map((kind) => {
      const line = acmeFacts[kind].line;
      if (!line) throw new Error(`acme.admin lacks a ${kind} line: the demo data changed`);
      return [kind, line];
    }),
  ) as Record<LineKind, EstateLine>;
  if (!acmeInvoice) throw new Error('acme.admin lacks an invoice: the demo data changed');
  const idsOf = (facts: Record<LineKind, CallerFacts>) => {
    const ofKind = (kind: LineKind): TargetIds =>
      Object.fromEntries(
        (Object.keys(TARGETS) as ParamTarget[]).map((target) => [
          target,
          TARGETS[target].own(facts[kind]) ?? TARGETS[target].own({ ...facts[kind], line: acmeLine[kind] }),
        ]),
      );
    return Object.fromEntries(LINE_KIND_NAMES.map((kind) => [kind, ofKind(kind)])) as Record<LineKind, TargetIds>;
  };
  const exampleContext = (facts: Record<LineKind, CallerFacts>, invoice: typeof acmeInvoice): CallerExampleContext => {
    const company = (facts.mobile.line ?? facts.broadband.line ?? acmeLine.mobile).company;
    return {
      ids: idsOf(facts),
      invoice: { location: invoice.location, pdfFileName: invoice.pdfFileName },
      companyId: String(company),
      mobileUser,
      freshAccount,
      freshRefreshToken,
      freshSite: () => freshSite(company),
      freshTeam: () => freshTeam(company),
      diagnosticsGroup,
    };
  };

  const callers = new Map<SweepAccount | 'anonymous', Caller>();
  callers.set('anonymous', {
    name: 'anonymous',
    session: undefined,
    held: [],
    roles: [],
    ids: idsOf(acmeFacts),
    example: exampleContext(acmeFacts, acmeInvoice),
  });
  for (const name of SWEEP_ACCOUNTS) {
    const session = await signIn(app, name);
    const functionality = await app.inject({
      method: 'GET',
      url: '/api/profiles/myFunctionality',
      headers: bearer(session.accessToken),
    });
    if (functionality.statusCode !== 200) throw new Error(`myFunctionality of ${name}: ${functionality.statusCode}`);
    const facts = await factsOf(name, acmeLine.mobile);
    callers.set(name, {
      name,
      session,
      held: functionality.json<{ value: Permission[] }>().value,
      roles: session.roles,
      ids: idsOf(facts),
      example: exampleContext(facts, (await invoiceOf(name)) ?? acmeInvoice),
    });
  }

  const brightwave = await db
    .selectFrom('messages')
    .innerJoin('partners', 'partners.id', 'messages.partner_id')
    .select('messages.id')
    .where('partners.name', '=', 'Brightwave Telecom')
    .where('messages.id', 'not in', [...throwawayMessages.values()])
    .orderBy('messages.id')
    .executeTakeFirstOrThrow();

  const brightwaveFaq = await db
    .selectFrom('faqs')
    .innerJoin('partners', 'partners.id', 'faqs.partner_id')
    .select('faqs.id')
    .where('partners.name', '=', 'Brightwave Telecom')
    .where('faqs.id', 'not in', [...throwawayFaqs.values()])
    .orderBy('faqs.id')
    .executeTakeFirstOrThrow();

  const globexAdmin = await db
    .selectFrom('users')
    .select('id')
    .where('user_name', '=', 'globex.admin')
    .executeTakeFirstOrThrow();

  const wayne = await db
    .selectFrom('users')
    .innerJoin('user_companies', 'user_companies.user_id', 'users.id')
    .select(['users.id', 'user_companies.company_id as companyId'])
    .where('users.user_name', '=', 'wayne.admin')
    .executeTakeFirstOrThrow();
  const globexPasskey = await passkeyOf(await throwawayUser((await globexLine(db, 'mobile')).endpoint));
  const globexReportSubscription = await subscriptionOf(globexAdmin.id);
  const globexAlert = await alertRuleOf((await lastHaloLineOf('globex.admin')) ?? 0, globexAdmin.id);

  return {
    foreign: Object.fromEntries(
      await Promise.all(
        LINE_KIND_NAMES.map(async (kind) => [
          kind,
          {
            globex: await globexLine(db, kind),
            otherPartnerMessage: brightwave.id,
            otherPartnerFaq: brightwaveFaq.id,
            globexUser: globexAdmin.id,
            globexPasskey,
            globexReportSubscription,
            globexAlertRule: globexAlert.alertRule,
            globexNotification: globexAlert.notification,
            otherPartnerCompany: wayne.companyId,
            otherPartnerUser: wayne.id,
          },
        ]),
      ),
    ) as Record<LineKind, ForeignFacts>,
    caller(name) {
      const caller = callers.get(name);
      if (!caller) throw new Error(`no sweep caller ${name}`);
      return caller;
    },
    inject,
    refusals,
  };
}

/**
 * Waits for the work a request left running after its answer, so that it is not taken for the next request's:
 * forgot password looks the account up, stores and mails after answering (decision 0047), and records its event
 * last.
 */
async function workAfterAnswer(db: DatabaseHandle['db'], options: InjectOptions, response: LightMyRequestResponse) {
  if (!String(options.url).startsWith('/api/login/forgotPassword') || response.statusCode >= 300) return;
  const requestId = String(response.headers['x-request-id']);
  await expect
    .poll(
      async () =>
        db
          .selectFrom('audit_log')
          .select('id')
          .where('request_id', '=', requestId)
          .where('action', 'like', 'password.reset_requested%')
          .executeTakeFirst(),
      { timeout: 30_000 },
    )
    .toBeDefined();
}

/** A valid call of an operation by a caller: path parameters (URL text) from their own ids, query and body examples. */
export type ExampleCall = {
  params: Record<string, string>;
  query: Record<string, string>;
  body: Record<string, unknown> | undefined;
};

export async function exampleCallOf(named: NamedOperation, caller: Caller): Promise<ExampleCall> {
  const { operation } = named;
  const example = EXAMPLES[operationKey(named)] ?? {};
  const context: ExampleContext = { ...caller.example, line: caller.ids[lineKindOf(named)] };
  const params: Record<string, string> = example.params ? await example.params(context) : {};
  for (const name of pathParamNames(operation.path)) {
    if (params[name] !== undefined) continue;
    const target = paramTargetOf(operation, name);
    const id = target === undefined ? undefined : caller.ids[lineKindOf(named)][target as ParamTarget];
    if (id === undefined) throw new Error(`${operationLabel(operation)}: no id for :${name} (target ${target})`);
    params[name] = encodeText(id);
  }
  return {
    params,
    query: example.query ? await example.query(context) : {},
    body: example.body ? await example.body(context) : undefined,
  };
}

export function requestOf(named: NamedOperation, call: ExampleCall, caller: Caller): SweepRequest {
  return {
    params: call.params,
    query: encodePairs(call.query),
    ...(call.body ? { body: encodeBody(named.operation, call.body) } : {}),
    session: caller.session,
  };
}

/** The table in its order, deletions last: a case must not delete a record that a later case names. */
export function deletionsLast(list: readonly NamedOperation[]): NamedOperation[] {
  return [...list].sort((a, b) => Number(a.operation.method === 'DELETE') - Number(b.operation.method === 'DELETE'));
}

/** The kind of line whose ids fill an operation's path: a carrier's operation names a line of that carrier. */
export const lineKindOf = (named: NamedOperation): LineKind =>
  (named.carrier?.key as LineKind | undefined) ?? EXAMPLES[operationKey(named)]?.line ?? 'mobile';

/** The Mobile User profile and its default functionality: what the sweeps' users are given. */
async function mobileUserProfile(db: DatabaseHandle['db']) {
  const profile = await db
    .selectFrom('profiles')
    .select('id')
    .where('name', '=', 'Mobile User')
    .executeTakeFirstOrThrow();
  const functionality = await db
    .selectFrom('profile_functionality')
    .select('functionality_id')
    .where('profile_id', '=', profile.id)
    .orderBy('functionality_id')
    .execute();
  return { id: profile.id, functionalityIds: functionality.map((row) => row.functionality_id) };
}
