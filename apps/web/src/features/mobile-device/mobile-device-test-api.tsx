// The mobile device page's fake API, accounts and helpers, shared by its two test files.
import type { Contract, FunctionalityCode, Permission, SpendLimitStatus } from '@portal/contract';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { Route, Routes } from 'react-router';
import { startFakeApi } from '../../test/fake-api';
import { renderWithPermissions } from '../bills/test-utils';
import { MobileDevicePage } from './MobileDevicePage';

const API = 'http://localhost/api';
/** The page's fake API for the test file that imports this one. */
const server = startFakeApi();

export const CLI = '07100048271';
export const ENDPOINT_ID = 2;
export const ORDER_ITEM_ID = 102;

interface Line {
  supplierId: 33 | 27 | 36;
  contract?: Partial<Contract>;
  pending?: { isPending: boolean; daysPending: number } | 'fails';
  showContractEndDate?: boolean;
  spendLimit?: SpendLimitStatus;
  /** Status of the change requests (default 202). */
  changeStatus?: number;
  /** The contract call fails this many times first. */
  contractFailures?: number;
  /** After a change is requested, this many pending checks say it is in flight; then the carrier is done. */
  checksUntilDone?: number;
  /** The newest event once the carrier is done. */
  outcome?: 'Succeeded' | 'Failed';
}

const HALO_BARS = [
  { id: 21, name: 'International calls', active: true },
  { id: 12, name: 'Premium rate numbers', active: false },
  { id: 14, name: 'Spend limit: chargeable calls', active: true },
  { id: 44, name: 'Spend limit: mobile data', active: true },
  { id: 374, name: 'Spend limit: account bar', active: true },
];
const VERTEX_BARS = [
  { networkSuffix: 'BAR-ROAM', description: 'Roaming', active: false },
  { networkSuffix: 'BAR-INTL', description: 'International calls', active: true },
];

/** The page's calls for one line; `posts` records each change's path and body, `events` counts event reads. */
export function deviceApi(line: Line) {
  const posts: Array<{ path: string; body: unknown }> = [];
  let eventReads = 0;
  let contractReads = 0;
  let checksUntilDone = line.checksUntilDone ?? Number.POSITIVE_INFINITY;
  const contract: Contract = {
    orderItemId: ORDER_ITEM_ID,
    supplierId: line.supplierId,
    contractShortStatus: 'Active',
    orderNumber: 'MOB-100002',
    orderCreatedDate: '2025-03-10T10:06:16.000Z',
    customerStartDate: '2025-03-17',
    customerEndDate: '2027-03-16',
    customerDuration: 24,
    product: 'Business 30GB 5G',
    ...line.contract,
  };
  const change = async (request: Request) => {
    posts.push({ path: new URL(request.url).pathname, body: await request.json() });
    if ((line.changeStatus ?? 202) !== 202) {
      return HttpResponse.json({ code: 'carrier_unavailable' }, { status: line.changeStatus });
    }
    return HttpResponse.json({ id: posts.length, status: 'queued' }, { status: 202 });
  };
  server.use(
    http.get(`${API}/endpoints`, ({ request }) => {
      const filter = new URL(request.url).searchParams.get('$filter') ?? '';
      return HttpResponse.json({
        value: filter.includes(`'${CLI}'`)
          ? [{ id: ENDPOINT_ID, name: 'Oliver Smith', identifier: CLI, endPointTypeId: 1, product: 'Business 30GB 5G' }]
          : [],
      });
    }),
    http.get(`${API}/contracts/cli/:cli`, ({ params }) => {
      contractReads += 1;
      if (contractReads <= (line.contractFailures ?? 0)) {
        return HttpResponse.json({ code: 'internal' }, { status: 500 });
      }
      return params.cli === CLI
        ? HttpResponse.json(contract)
        : HttpResponse.json({ code: 'not_found' }, { status: 404 });
    }),
    http.get(`${API}/contracts/orderitemadditionalproducts/:id`, () =>
      HttpResponse.json({ value: [{ description: 'EU roaming', value: 1, type: 'Additional' }] }),
    ),
    http.get(`${API}/contracts/orderiteminclusiveproducts/:id`, () =>
      HttpResponse.json({ value: [{ description: '30GB data', value: 1, type: 'Inclusive' }] }),
    ),
    http.get(`${API}/orders/pending/:cli/:orderItemId`, () => {
      if (line.pending === 'fails') return HttpResponse.json({ code: 'internal' }, { status: 500 });
      if (posts.length > 0 && checksUntilDone > 0) {
        checksUntilDone -= 1;
        return HttpResponse.json({ isPending: true, daysPending: 0 });
      }
      return HttpResponse.json(line.pending ?? { isPending: false, daysPending: 0 });
    }),
    http.get(`${API}/orders/orderItems/:id/events`, () => {
      eventReads += 1;
      const done = posts.length > 0 && checksUntilDone === 0 && line.outcome !== undefined;
      return HttpResponse.json({
        value: [
          done
            ? { createdDate: new Date().toISOString(), user: 'System', notes: 'Bars changed.', status: line.outcome }
            : {
                createdDate: '2025-03-17T18:40:00.000Z',
                user: 'System',
                notes: 'Order completed.',
                status: 'Succeeded',
              },
        ],
        '@odata.count': 1,
      });
    }),
    http.get(`${API}/partners/current/settings`, () =>
      HttpResponse.json({ showContractEndDate: line.showContractEndDate ?? true }),
    ),
    http.get(`${API}/endpoints/:id/:usage`, () => HttpResponse.json({ value: [] })),
    http.get(`${API}/mobileHalo/SpendLimit/:id/status`, () =>
      HttpResponse.json(
        line.spendLimit ?? { lifted: false, barApplied: true, spendLimit: { value: 2500, effective_from: today() } },
      ),
    ),
    http.get(`${API}/mobileHalo/TariffAddons`, () => HttpResponse.json({ value: HALO_BARS })),
    http.get(`${API}/mobileHalo/SimValidation`, () =>
      HttpResponse.json({ regularExpression: '^89[0-9]{9}$', errorMessage: 'A Halo SIM number starts with 89.' }),
    ),
    // After the named Halo reads, which its `:id` would match too.
    http.get(`${API}/mobileHalo/:id`, () =>
      HttpResponse.json({
        serial_number: { number: '89441000001' },
        addons: [],
        monitoring_settings: {},
        lifted: false,
        barApplied: false,
      }),
    ),
    http.get(`${API}/mobileVertex/bars/:supplierId/:id`, () => HttpResponse.json({ value: VERTEX_BARS })),
    http.get(`${API}/mobileVertex/SimValidation`, () =>
      HttpResponse.json({ regularExpression: '^[0-9]{19}$', errorMessage: 'Enter the 19 digits on the SIM card.' }),
    ),
    http.get(`${API}/mobileVertex/:supplierId/:id`, () =>
      HttpResponse.json({ simNo: '8944200000000000001', bars: [{ networkSuffix: 'BAR-INTL' }] }),
    ),
    http.post(`${API}/mobileHalo/*`, ({ request }) => change(request)),
    http.post(`${API}/mobileVertex/*`, ({ request }) => change(request)),
  );
  return { posts, eventReads: () => eventReads, contractReads: () => contractReads };
}

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());

const ALL: FunctionalityCode[] = [
  'EndPointSummary',
  'EndPointCallBarring',
  'EndPointSimSwap',
  'EndPointLiftSpendLimit',
];
export const admin: Permission[] = ALL.flatMap((code) => [
  { code, accessType: 'Read' as const },
  { code, accessType: 'Write' as const },
]);
export const teamLead: Permission[] = [
  { code: 'EndPointSummary', accessType: 'Read' },
  { code: 'EndPointCallBarring', accessType: 'Read' },
];

export function renderPage(permissions: Permission[], cli = CLI) {
  return renderWithPermissions(
    <Routes>
      <Route path="/mobile/device/:cli" element={<MobileDevicePage />} />
      <Route path="/mobile/estate" element={<p>Mobile estate</p>} />
    </Routes>,
    permissions,
    `/mobile/device/${cli}`,
  );
}

export async function summary() {
  const card = await screen.findByRole('region', { name: 'Device Summary' });
  await within(card).findByText('89441000001');
  return card;
}

/** The value beside a label in the summary. */
export function field(card: HTMLElement, label: string) {
  return within(card).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
}
