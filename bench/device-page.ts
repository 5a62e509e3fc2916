import { findInLargestCompany, largeDataSetUrl } from './large-data-set.js';
import { CONNECTIONS, DURATION_SECONDS, type Figures, measure, signInWithDash, verdict } from './load.js';
import { startPortalOverSimulator } from './portal-server.js';

const WARM_UP_SECONDS = 2;
/** The target for each of the page's calls: p95 under this many milliseconds at CONNECTIONS concurrent requests. */
const P95_TARGET_MS = 100;

type Subject = { endpointId: number; cli: string; orderItemId: number };

/** Its newest mobile line of the first carrier (supplier 33), with the order item of its contract. */
function findSubject(url: string) {
  return findInLargestCompany<Subject>(
    url,
    'e.id AS "endpointId", e.identifier AS cli, oi.id AS "orderItemId"',
    `JOIN LATERAL (
      SELECT e.id, e.identifier FROM endpoints e
      WHERE e.company_id = l.company_id AND e.endpoint_type_id = 1 AND e.supplier_id = 33
      ORDER BY e.id DESC LIMIT 1
    ) e ON true
    JOIN LATERAL (
      SELECT oi.id FROM order_items oi WHERE oi.endpoint_id = e.id ORDER BY oi.id LIMIT 1
    ) oi ON true`,
  );
}

/**
 * Every call the mobile device page makes, one at a time under concurrent load, for a first-carrier line of the
 * largest company of the large data set on PostgreSQL, against the built server and simulator:
 * `npm run build && BENCH_DATABASE_URL=… npm run bench -- device-page`. Prints p50/p95/p99 per call, then PASS or
 * FAIL against a p95 of 100 ms each.
 */
export async function run(): Promise<void> {
  const url = largeDataSetUrl();
  if (!url) return;
  const subject = await findSubject(url);
  console.log(
    `${subject.companyName}: ${subject.endpoints.toLocaleString('en-GB')} endpoints, signed in as ` +
      `${subject.userName}; device ${subject.cli} (endpoint ${subject.endpointId}, order item ${subject.orderItemId})`,
  );
  const portal = await startPortalOverSimulator(url);
  try {
    const headers = await signInWithDash(portal.baseUrl, subject.userName);
    const api = `${portal.baseUrl}/api`;
    const { cli, endpointId: id, orderItemId } = subject;
    const byNumber = new URLSearchParams({ $filter: `identifier eq '${cli}' and endPointTypeId eq 1`, $top: '1' });
    const targets: Array<[string, string]> = [
      ['endpoint by number', `${api}/endpoints?${byNumber}`],
      ['GET /api/contracts/cli/{cli}', `${api}/contracts/cli/${cli}`],
      ['GET /api/orders/pending/{cli}/{orderItemId}', `${api}/orders/pending/${cli}/${orderItemId}`],
      ['GET /api/orders/orderItems/{id}/events', `${api}/orders/orderItems/${orderItemId}/events?$top=20&$count=true`],
      [
        'GET /api/contracts/orderitemadditionalproducts/{id}',
        `${api}/contracts/orderitemadditionalproducts/${orderItemId}`,
      ],
      [
        'GET /api/contracts/orderiteminclusiveproducts/{id}',
        `${api}/contracts/orderiteminclusiveproducts/${orderItemId}`,
      ],
      ['GET /api/partners/current/settings', `${api}/partners/current/settings`],
      ['GET /api/endpoints/{id}/monthlyUsage', `${api}/endpoints/${id}/monthlyUsage`],
      ['GET /api/endpoints/{id}/uninvoicedUsage', `${api}/endpoints/${id}/uninvoicedUsage`],
      ['GET /api/mobileHalo/{id}', `${api}/mobileHalo/${id}`],
      ['GET /api/mobileHalo/SpendLimit/{id}/status', `${api}/mobileHalo/SpendLimit/${id}/status`],
      [
        'GET /api/mobileHalo/TariffAddons (bars)',
        `${api}/mobileHalo/TariffAddons?type=3&pagesize=100&orderItemId=${orderItemId}`,
      ],
    ];
    for (const [name, target] of targets) {
      const check = await fetch(target, { headers });
      if (!check.ok) throw new Error(`${name} answered ${check.status}: ${await check.text()}`);
      await measure(name, { url: target, headers }, WARM_UP_SECONDS);
    }
    const figures: Figures[] = [];
    for (const [name, target] of targets) {
      figures.push(await measure(name, { url: target, headers }));
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    console.log(`${CONNECTIONS} connections, ${DURATION_SECONDS} s each after ${WARM_UP_SECONDS} s warm-up; ms`);
    console.table(figures);
    const all = figures.map((f) => f.p95).sort((a, b) => b - a);
    console.log(`slowest p95 of the page's calls: ${all[0]} ms`);
    console.log(verdict(figures, P95_TARGET_MS));
  } finally {
    await portal.stop();
  }
}
