import { type CarrierKey, carrierEntries, ENDPOINT_TYPE, type ParamTarget } from '@portal/contract';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Database } from '../../src/db/schema.js';
import { estateScopeOf } from '../support/callers.js';

/**
 * The records one request names, all of one line (an endpoint with its contract, the order item that brought the
 * contract, its order, site, team and company), so that a call naming several of them (the pending check names a
 * line and one of its items) names records that belong together.
 */
export type EstateLine = {
  company: number;
  site: number | undefined;
  team: number | undefined;
  endpoint: number;
  order: number;
  orderItem: number;
  contract: number;
  cli: string;
  /** A mobile line's supplier; null for broadband. */
  supplier: number | null;
  /** The broadband username of the contract's order item; null for mobile. */
  username: string | null;
};

type LineFilter = { type: number; suppliers?: readonly number[]; carriers?: readonly number[] };

/**
 * Which kind of line a call names: a mobile device by default (the device, site and team charts are of mobile
 * usage); a broadband line where the endpoint serves only those; a line of one carrier of the registry, by its key,
 * for that carrier's routes.
 */
export const LINE_KINDS = {
  mobile: { type: ENDPOINT_TYPE.mobile },
  broadband: { type: ENDPOINT_TYPE.broadband },
  ...(Object.fromEntries(
    carrierEntries().map(([key, entry]): [string, LineFilter] => [
      key,
      entry.kind === 'mobile'
        ? { type: ENDPOINT_TYPE.mobile, suppliers: entry.supplierIds }
        : { type: ENDPOINT_TYPE.broadband, carriers: [entry.carrierId] },
    ]),
  ) as Record<CarrierKey, LineFilter>),
} satisfies Record<string, LineFilter>;
export type LineKind = keyof typeof LINE_KINDS;
export const LINE_KIND_NAMES = Object.keys(LINE_KINDS) as LineKind[];

/** What the fixture knows of one caller: a line of their estate (if they have an estate) and their partner's. */
export type CallerFacts = {
  line: EstateLine | undefined;
  partnerMessage: number;
  /** A throwaway question of the caller's partner's FAQs. */
  partnerFaq: number;
  /** The caller's partner's uploaded logo (decision 0218). */
  partnerLogo: number;
  profile: number;
  /** A user of the caller's estate made for the sweeps (never the caller: one's own record is read-only). */
  user: number;
  /** A passkey of the caller's, added once their session is open (it makes a password sign-in ask for more). */
  passkey: number;
  /** A scheduled report subscription of the caller's own. */
  reportSubscription: number;
  /** A spend alert rule on the caller's own mobile line, in its company. */
  alertRule: number;
  /** A notice of the caller's own, of that rule. */
  notification: number;
  /** A customer company of the caller's partner (the reseller console, decision 0219), and a user of it made for the sweeps. */
  customerCompany: number;
  customerUser: number;
};

/** Records outside acme.admin's estate: Globex Engineering Ltd's (same partner), and another partner's message. */
export type ForeignFacts = {
  globex: EstateLine;
  otherPartnerMessage: number;
  /** A question of Brightwave's FAQs (decision 0217). */
  otherPartnerFaq: number;
  globexUser: number;
  /** A passkey of a user of Globex's made for the sweeps. */
  globexPasskey: number;
  /** A scheduled report subscription of globex.admin's. */
  globexReportSubscription: number;
  /** A spend alert rule of Globex's, and a notice of it to a Globex user. */
  globexAlertRule: number;
  globexNotification: number;
  /** Brightwave's customer Wayne Haulage Ltd and its administrator: another partner's, for Northwind's staff. */
  otherPartnerCompany: number;
  otherPartnerUser: number;
};

export type TargetFixture = {
  /** An id of the caller's own estate, as it goes into a path; undefined when the caller has none. */
  own(facts: CallerFacts): string | undefined;
  /** An id no caller of Acme (or of Northwind, for messages) may reach; or why there is none. */
  foreign: ((facts: ForeignFacts) => string) | { skip: string };
};

const ofLine = (pick: (line: EstateLine) => number | string | undefined): TargetFixture => ({
  own: ({ line }) => (line && pick(line) !== undefined ? String(pick(line)) : undefined),
  foreign: ({ globex }) => {
    const value = pick(globex);
    if (value === undefined) throw new Error('Globex has no such record: the demo data changed');
    return String(value);
  },
});

/**
 * How the sweeps fill each kind of path parameter (the target its schema is registered with in the contract's
 * `paramTargets`). A new target is a type error here, and the sweeps fail naming it until it is added.
 */
export const TARGETS: { readonly [T in ParamTarget]: TargetFixture } = {
  company: ofLine((line) => line.company),
  site: ofLine((line) => line.site),
  team: ofLine((line) => line.team),
  endpoint: ofLine((line) => line.endpoint),
  order: ofLine((line) => line.order),
  orderItem: ofLine((line) => line.orderItem),
  contract: ofLine((line) => line.contract),
  cli: ofLine((line) => line.cli),
  supplier: {
    own: ({ line }) => (line?.supplier ? String(line.supplier) : undefined),
    foreign: { skip: 'suppliers are networks every company shares, not records of one; the line id is swept' },
  },
  broadbandUsername: ofLine((line) => line.username ?? undefined),
  message: {
    own: ({ partnerMessage }) => String(partnerMessage),
    foreign: ({ otherPartnerMessage }) => String(otherPartnerMessage),
  },
  faq: {
    own: ({ partnerFaq }) => String(partnerFaq),
    foreign: ({ otherPartnerFaq }) => String(otherPartnerFaq),
  },
  partnerLogo: {
    own: ({ partnerLogo }) => String(partnerLogo),
    foreign: { skip: "logos are public: every partner's sign-in page shows its own, so no logo id is foreign" },
  },
  user: {
    own: ({ user }) => String(user),
    foreign: ({ globexUser }) => String(globexUser),
  },
  passkey: {
    own: ({ passkey }) => String(passkey),
    foreign: ({ globexPasskey }) => String(globexPasskey),
  },
  reportSubscription: {
    own: ({ reportSubscription }) => String(reportSubscription),
    foreign: ({ globexReportSubscription }) => String(globexReportSubscription),
  },
  alertRule: {
    own: ({ alertRule }) => String(alertRule),
    foreign: ({ globexAlertRule }) => String(globexAlertRule),
  },
  notification: {
    own: ({ notification }) => String(notification),
    foreign: ({ globexNotification }) => String(globexNotification),
  },
  customerCompany: {
    own: ({ customerCompany }) => String(customerCompany),
    foreign: ({ otherPartnerCompany }) => String(otherPartnerCompany),
  },
  customerUser: {
    own: ({ customerUser }) => String(customerUser),
    foreign: ({ otherPartnerUser }) => String(otherPartnerUser),
  },
  profile: {
    own: ({ profile }) => String(profile),
    foreign: {
      skip: 'profiles are global reference data (every partner offers the same ones), so no profile id is foreign',
    },
  },
};

export function isKnownTarget(target: string): target is ParamTarget {
  return Object.hasOwn(TARGETS, target);
}

type IdSubquery = SelectQueryBuilder<Database, keyof Database, { id: number }>;

/** The first line of the kind (lowest endpoint id) among `endpoints` with a contract brought by an item of its own. */
async function lineAmong(
  db: Kysely<Database>,
  kind: LineKind,
  endpoints: IdSubquery,
  sites: IdSubquery,
  teams: IdSubquery,
): Promise<EstateLine | undefined> {
  const filter: LineFilter = LINE_KINDS[kind];
  const row = await db
    .selectFrom('endpoints')
    .innerJoin('contracts', 'contracts.endpoint_id', 'endpoints.id')
    .innerJoin('order_items', (join) =>
      join
        .onRef('order_items.id', '=', 'contracts.order_item_id')
        .onRef('order_items.endpoint_id', '=', 'endpoints.id'),
    )
    .select([
      'endpoints.id as endpoint',
      'endpoints.identifier as cli',
      'endpoints.company_id as company',
      'endpoints.supplier_id as supplier',
      'contracts.id as contract',
      'order_items.id as orderItem',
      'order_items.order_id as order',
      'order_items.username',
    ])
    .where('endpoints.id', 'in', endpoints)
    .where('endpoints.endpoint_type_id', '=', filter.type)
    .$if(filter.suppliers !== undefined, (query) => query.where('endpoints.supplier_id', 'in', filter.suppliers ?? []))
    .$if(filter.carriers !== undefined, (query) => query.where('endpoints.carrier_id', 'in', filter.carriers ?? []))
    .orderBy('endpoints.id')
    .orderBy('contracts.id')
    .limit(1)
    .executeTakeFirst();
  if (!row) return undefined;
  const site = await db
    .selectFrom('endpoints')
    .select('endpoints.site_id as id')
    .where('endpoints.id', '=', row.endpoint)
    .where('endpoints.site_id', 'in', sites)
    .executeTakeFirst();
  const team = await db
    .selectFrom('team_endpoints')
    .select('team_id as id')
    .where('endpoint_id', '=', row.endpoint)
    .where('team_id', 'in', teams)
    .orderBy('team_id')
    .limit(1)
    .executeTakeFirst();
  const firstOf = async (ids: IdSubquery) =>
    (await db.selectFrom(ids.as('ids')).select('ids.id').orderBy('ids.id').limit(1).executeTakeFirst())?.id;
  return { ...row, site: site?.id ?? (await firstOf(sites)), team: team?.id ?? (await firstOf(teams)) };
}

/** A line of the user's estate, as their estate scope decides it (undefined for partner staff, who have none). */
export async function ownLineOf(
  db: Kysely<Database>,
  userName: string,
  kind: LineKind,
): Promise<EstateLine | undefined> {
  const scope = await estateScopeOf(db, userName);
  return lineAmong(db, kind, scope.endpoints(), scope.sites(), scope.teams());
}

/** A line of Globex Engineering Ltd, another customer of Acme's partner, whose number no Acme line shares. */
export async function globexLine(db: Kysely<Database>, kind: LineKind): Promise<EstateLine> {
  const globex = await db
    .selectFrom('companies')
    .select('id')
    .where('name', '=', 'Globex Engineering Ltd')
    .executeTakeFirstOrThrow();
  const acmeNumbers = db
    .selectFrom('endpoints')
    .innerJoin('companies', 'companies.id', 'endpoints.company_id')
    .select('endpoints.identifier')
    .where('companies.name', '=', 'Acme Logistics Ltd');
  const ids = (query: unknown) => query as IdSubquery;
  const line = await lineAmong(
    db,
    kind,
    ids(
      db
        .selectFrom('endpoints')
        .select('id')
        .where('company_id', '=', globex.id)
        .where('identifier', 'not in', acmeNumbers),
    ),
    ids(db.selectFrom('sites').select('id').where('company_id', '=', globex.id)),
    ids(db.selectFrom('teams').select('id').where('company_id', '=', globex.id)),
  );
  if (!line) throw new Error(`Globex has no ${kind} line with a contract: the demo data changed`);
  return line;
}
