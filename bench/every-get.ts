import {
  CARRIER_REGISTRY,
  type CarrierKey,
  type DiagnosticsGroup,
  type NamedOperation,
  OPERATION_LIST,
  type ParamTarget,
  paramTargets,
  pathParamNames,
} from '@portal/contract';
import { findInLargestCompany, international, largeDataSetUrl } from './large-data-set.js';
import { CONNECTIONS, type Figures, measure, signInWithDash } from './load.js';
import { startPortalOverSimulator } from './portal-server.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const WARM_UP_SECONDS = 1;
/** Every GET: p95 under this many milliseconds at CONNECTIONS concurrent requests. */
const P95_TARGET_MS = 100;
/** The calls a person waits on most: search, the home page's, and the device and contract pages'. */
const FAST_P95_TARGET_MS = 50;

type Ids = Partial<Record<ParamTarget, string>>;

/** One line of a carrier, with the records a path may name, all of that line (as the sweeps pick them). */
type Line = {
  endpoint: number;
  cli: string;
  contract: number;
  orderItem: number;
  order: number;
  site: number | null;
  team: number | null;
  supplier: number | null;
  username: string | null;
};

type Subject = {
  partnerStaff: string;
  user: number;
  profile: number;
  message: number;
  town: string;
  orderReference: string;
  invoiceLocation: string;
  invoicePdf: string;
  lines: Record<CarrierKey, Line>;
};

/** The newest line of a carrier in the company, with the order item that brought its contract. */
function lineOf(filter: string): string {
  return `(SELECT json_build_object('endpoint', e.id, 'cli', e.identifier, 'contract', ct.id, 'orderItem', oi.id,
      'order', oi.order_id, 'site', e.site_id,
      'team', (SELECT min(te.team_id) FROM team_endpoints te WHERE te.endpoint_id = e.id),
      'supplier', e.supplier_id, 'username', oi.username)
    FROM endpoints e
    JOIN contracts ct ON ct.endpoint_id = e.id
    JOIN order_items oi ON oi.id = ct.order_item_id AND oi.endpoint_id = e.id
    WHERE e.company_id = l.company_id AND ${filter}
    ORDER BY e.id DESC LIMIT 1)`;
}

function carrierFilter(key: CarrierKey): string {
  const entry = CARRIER_REGISTRY[key];
  return entry.kind === 'mobile'
    ? `e.endpoint_type_id = 1 AND e.supplier_id IN (${entry.supplierIds.join(',')})`
    : `e.endpoint_type_id = 3 AND e.carrier_id = ${entry.carrierId}`;
}

async function findSubject(url: string) {
  const keys = Object.keys(CARRIER_REGISTRY) as CarrierKey[];
  return findInLargestCompany<Subject>(
    url,
    `x.*, json_build_object(${keys.map((key) => `'${key}', ${lineOf(carrierFilter(key))}`).join(', ')}) AS lines`,
    `JOIN LATERAL (
      SELECT
        (SELECT u.user_name FROM users u WHERE u.partner_id = c.partner_id AND 'partner-staff' = ANY(u.roles)
         ORDER BY u.id LIMIT 1) AS "partnerStaff",
        (SELECT max(uc.user_id) FROM user_companies uc WHERE uc.company_id = l.company_id) AS "user",
        (SELECT id FROM profiles WHERE name = 'Mobile User') AS profile,
        (SELECT max(m.id) FROM messages m WHERE m.partner_id = c.partner_id) AS message,
        (SELECT a.town FROM sites s JOIN addresses a ON a.id = s.address_id
         WHERE s.company_id = l.company_id ORDER BY s.id LIMIT 1) AS town,
        (SELECT reference FROM orders WHERE company_id = l.company_id AND order_type = 'mobile'
         ORDER BY created_date DESC LIMIT 1) AS "orderReference",
        i.web_data_physical_location AS "invoiceLocation", i.pdf_file_name AS "invoicePdf"
      FROM (SELECT * FROM invoices WHERE company_id = l.company_id ORDER BY bill_date DESC LIMIT 1) i
    ) x ON true`,
  );
}

/** The ids a path parameter takes, by its registered target, for one line. */
function idsOf(line: Line, companyId: number, subject: Subject): Ids {
  const text = (value: number | string | null) => (value === null ? undefined : String(value));
  return {
    company: String(companyId),
    site: text(line.site),
    team: text(line.team),
    endpoint: String(line.endpoint),
    order: String(line.order),
    orderItem: String(line.orderItem),
    contract: String(line.contract),
    cli: line.cli,
    supplier: text(line.supplier),
    broadbandUsername: text(line.username),
    message: String(subject.message),
    user: String(subject.user),
    profile: String(subject.profile),
  };
}

type Context = { subject: Subject; companyId: string; line: Line; groupId: () => Promise<string> };
type Variant = {
  label?: string;
  query: (context: Context) => Record<string, string> | Promise<Record<string, string>>;
};

const page = { query: () => ({ $top: '20', $count: 'true' }) };
/** The home page's tiles ask lists for their count alone (spec 7). */
const count = { label: 'count', query: () => ({ $top: '0', $count: 'true' }) };
const ofCompany = { query: ({ companyId }: Context) => ({ companyId }) };
const inGroup = { query: async ({ groupId }: Context) => ({ groupId: await groupId() }) };

/** Realistic queries by `area.name`; an OData list without one gets a first page of 20 with its count. */
const VARIANTS: Record<string, Variant[]> = {
  'search.search': [
    { label: 'a town', query: ({ subject }) => ({ searchTerm: subject.town, count: '5' }) },
    { label: 'a number', query: ({ line }) => ({ searchTerm: international(line.cli), count: '5' }) },
    { label: 'an order', query: ({ subject }) => ({ searchTerm: subject.orderReference, count: '5' }) },
  ],
  'estate.mobileHandsetsOfUser': [page, count],
  'estate.broadbandConnectionsOfUser': [page, count],
  'orders.mobile': [page, count],
  'orders.broadband': [page, count],
  'estate.list': [
    {
      label: 'by number',
      query: ({ line }) => ({ $filter: `identifier eq '${line.cli}' and endPointTypeId eq 1`, $top: '1' }),
    },
  ],
  'bills.list': [
    page,
    {
      label: 'latest',
      query: ({ companyId }) => ({
        $select: 'billDate,invoiceAmount',
        $filter: `companyId eq ${companyId}`,
        $orderby: 'billDate desc',
        $top: '1',
      }),
    },
  ],
  'bills.callsChart': [ofCompany],
  'bills.durationChart': [ofCompany],
  'bills.costChart': [ofCompany],
  'bills.unbilledCalls': [ofCompany],
  'bills.download': [
    {
      query: ({ subject }) => ({ webDataPhysicalLocation: subject.invoiceLocation, fileName: subject.invoicePdf }),
    },
  ],
  'users.get': [{ query: () => ({ $expand: 'Companies,Sites,Teams,MobileEndPoints,BroadbandEndPoints' }) }],
  'teams.get': [{ query: () => ({ $expand: 'EndPoints' }) }],
  'mobileDevice.tariffAddons': [
    { query: ({ line }) => ({ type: '3', pagesize: '100', orderItemId: String(line.orderItem) }) },
  ],
  'mobileDevice.simValidation': [{ query: ({ line }) => ({ supplierId: String(line.supplier) }) }],
  'broadbandDiagnostics.syncStatus': [inGroup],
  'broadbandDiagnostics.exchangeStatus': [inGroup],
  'broadbandDiagnostics.broadbandStatus': [inGroup],
  'broadbandDiagnostics.lineStatus': [inGroup],
  'broadbandDiagnostics.fibreStatus': [
    { query: async ({ groupId }) => ({ groupId: await groupId(), runIntrusiveTest: 'false' }) },
  ],
  'broadbandDiagnostics.sessionHistoryDownload': [{ query: () => ({ count: '20' }) }],
  'broadbandDiagnostics.lineHistoryDownload': [{ query: () => ({ count: '20' }) }],
};

/** The operations a person waits on most (the 50 ms target): search, the home page and the device and contract pages. */
const FAST = new Set([
  'search.search',
  'profiles.myFunctionality',
  'partners.settings',
  'messages.current',
  'companies.list',
  'companies.names',
  'estate.mobileHandsetsOfUser',
  'estate.broadbandConnectionsOfUser',
  'orders.mobile',
  'orders.broadband',
  'bills.list',
  'bills.callsChart',
  'bills.durationChart',
  'bills.costChart',
  'bills.unbilledCalls',
  'estate.list',
  'contracts.byCli',
  'contracts.get',
  'contracts.additionalProducts',
  'contracts.inclusiveProducts',
  'orders.pending',
  'orders.itemEvents',
  'usage.endpointMonthly',
  'usage.endpointUninvoiced',
  'usage.endpointBroadband',
  'usage.endpointLineUsage',
  'mobileDevice.details',
  'mobileDevice.spendLimitStatus',
  'mobileDevice.tariffAddons',
  'mobileDevice.bars',
  'mobileDevice.assignedBars',
  'broadbandDiagnostics.onlineStatus',
  'broadbandDiagnostics.sessionHistory',
  'broadbandDiagnostics.lineHistory',
  'broadbandDiagnostics.authenticationLogs',
  'broadbandDiagnostics.speedTestResults',
]);

/** Operations the bench leaves out, and why: printed with the ones it could not call. */
const LEFT_OUT: Record<string, string> = {
  'docs.openApi': 'the API reference, built once and cached: not a customer call',
  'health.health': 'a probe for the load balancer, no database work',
  'health.ready': 'a probe for the load balancer',
};

const keyOf = (named: NamedOperation) => `${named.area}.${named.name}`;
const labelOf = (named: NamedOperation) => `${named.operation.method} ${named.operation.path}`;

/** Calls outside the carriers' areas that serve broadband lines alone take a broadband line; the rest a mobile one. */
const ON_A_BROADBAND_LINE = new Set([
  'usage.endpointBroadband',
  'usage.endpointLineUsage',
  'estate.broadbandConnectionsOfSite',
]);

function carrierOf(named: NamedOperation): CarrierKey {
  if (named.carrier) return named.carrier.key as CarrierKey;
  return ON_A_BROADBAND_LINE.has(keyOf(named)) ? 'keystone' : 'halo';
}

type Row = Figures & { target: number };

/**
 * Every GET of the contract's operation table, called with realistic parameters as the administrator of the largest
 * company of the large data set (partner staff for the partner's own calls), against the built server and
 * simulator on PostgreSQL: `npm run build && BENCH_DATABASE_URL=… npm run bench -- every-get [words]`. Words keep
 * only the calls whose name contains one of them. Prints p50/p95 per call and PASS or FAIL against 100 ms (50 ms for
 * search, the home page and the device and contract pages), then the calls it could not make, with the reason.
 */
export async function run(args: string[] = []): Promise<void> {
  const url = largeDataSetUrl();
  if (!url) return;
  const subject = await findSubject(url);
  console.log(
    `${subject.companyName}: ${subject.endpoints.toLocaleString('en-GB')} endpoints, signed in as ` +
      `${subject.userName} (partner calls as ${subject.partnerStaff})`,
  );
  const portal = await startPortalOverSimulator(url);
  const notCalled: Array<[string, string]> = [];
  const rows: Row[] = [];
  try {
    const admin = await signInWithDash(portal.baseUrl, subject.userName);
    const staff = await signInWithDash(portal.baseUrl, subject.partnerStaff);
    const groups = new Map<CarrierKey, Promise<string>>();
    for (const named of OPERATION_LIST.filter(({ operation }) => operation.method === 'GET')) {
      const key = keyOf(named);
      if (LEFT_OUT[key]) {
        notCalled.push([labelOf(named), LEFT_OUT[key]]);
        continue;
      }
      const carrier = carrierOf(named);
      const line = subject.lines[carrier];
      const ids = idsOf(line, subject.companyId, subject);
      const headers = typeof named.operation.access === 'object' && 'role' in named.operation.access ? staff : admin;
      const base = `${portal.baseUrl}${named.operation.path}`;
      let path = base;
      const missing = pathParamNames(named.operation.path).find((name) => {
        const schema = named.operation.params?.shape[name];
        const target = schema ? paramTargets.get(schema)?.target : undefined;
        const id = target ? ids[target] : undefined;
        if (id !== undefined) path = path.replace(`:${name}`, encodeURIComponent(id));
        return id === undefined;
      });
      if (missing) {
        notCalled.push([labelOf(named), `the largest company has no record for :${missing} on a ${carrier} line`]);
        continue;
      }
      const context: Context = {
        subject,
        companyId: String(subject.companyId),
        line,
        // A session opened on the line the call names, through the same path parameter.
        groupId: () => {
          if (!groups.has(carrier)) {
            const at = path.replace(/\/[^/]+$/, '/diagnosticsGroup');
            groups.set(
              carrier,
              fetch(at, { headers: admin }).then(async (response) => {
                if (!response.ok) throw new Error(`diagnosticsGroup answered ${response.status}`);
                return ((await response.json()) as DiagnosticsGroup).diagnosticGroupGuid;
              }),
            );
          }
          return groups.get(carrier) as Promise<string>;
        },
      };
      const isList = named.operation.query?.shape.$top !== undefined;
      const variants: Variant[] = VARIANTS[key] ?? [isList ? page : { query: () => ({}) }];
      for (const variant of variants) {
        const name = `${key}${named.carrier ? `@${named.carrier.key}` : ''}${variant.label ? ` (${variant.label})` : ''}`;
        if (args.length > 0 && !args.some((word) => name.includes(word))) continue;
        const target = `${path}?${new URLSearchParams(await variant.query(context))}`;
        const check = await fetch(target, { headers });
        if (!check.ok) {
          notCalled.push([name, `answered ${check.status}: ${(await check.text()).slice(0, 160)}`]);
          continue;
        }
        await measure(name, { url: target, headers }, WARM_UP_SECONDS);
        const figures = await measure(name, { url: target, headers }, SECONDS);
        rows.push({ ...figures, target: FAST.has(key) ? FAST_P95_TARGET_MS : P95_TARGET_MS });
        console.error(`${name}: p95 ${figures.p95} ms (${target.slice(portal.baseUrl.length)})`);
      }
    }
  } finally {
    await portal.stop();
  }
  console.log(`${CONNECTIONS} connections, ${SECONDS} s per call after ${WARM_UP_SECONDS} s warm-up; latency in ms`);
  console.table(
    rows.map(({ name, rps, p50, p95, non2xx, target }) => ({
      name,
      rps,
      p50,
      p95,
      target: `< ${target}`,
      verdict: p95 < target && non2xx === 0 ? 'PASS' : 'FAIL',
    })),
  );
  if (notCalled.length > 0) {
    console.log('Not called:');
    for (const [name, reason] of notCalled) console.log(`  ${name}: ${reason}`);
  }
  const slowest = [...rows].sort((a, b) => b.p95 - a.p95).slice(0, 3);
  console.log(`slowest p95: ${slowest.map((row) => `${row.name} ${row.p95} ms`).join('; ')}`);
  const failed = rows.filter((row) => row.p95 >= row.target || row.non2xx > 0);
  console.log(
    failed.length === 0
      ? `PASS: all ${rows.length} calls under their p95 target with no errors`
      : `FAIL: ${failed.length} of ${rows.length} calls at or over their target (marked FAIL above)`,
  );
}
