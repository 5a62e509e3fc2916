import { beforeAll, describe, expect, it } from 'vitest';
import { MULTIPART_TYPE, multipartBody, NO_CONNECTION } from './fault-reports/fault-fixtures.js';
import { bearer, type SignedIn, signIn, useDemoApp } from './support/test-app.js';

// Every id a route takes, in its path or its query, is a plain decimal number within PostgreSQL's integer range:
// anything else answers 400 naming the parameter, never 500 from the database.
const context = useDemoApp();

type Parameter = { name: string; in: 'path' | 'query' | 'header' };
type IdOperation = { method: string; path: string; parameters: Parameter[]; idParameters: Parameter[] };

const ID_NAME = /^(id|[a-z][A-Za-z]*Id)$/;
/**
 * Named like ids but not rows: a supplier is one of Vertex's networks (27 or 36), refused outside them; a
 * diagnostics group is a uuid (decision 0099).
 */
const NOT_IDS = new Set(['supplierId', 'groupId']);
/** Values for the other parameters, so the one under test decides the answer. */
const OTHER_VALUES: Record<string, string> = {
  cli: '07700900001',
  supplierId: '27',
  type: '3',
  pagesize: '10',
  groupId: '00000000-0000-4000-8000-000000000000',
  runIntrusiveTest: 'false',
  count: '5',
};
/** Bodies the carrier changes accept (their bodies are strict), so the path id decides their answer. */
const CARRIER_BODIES: Record<string, Record<string, unknown>> = {
  '/api/mobileHalo/bars/{id}': { barsToAdd: [52], barsToRemove: [], orderItemId: 1, addEvent: true },
  '/api/mobileHalo/simswap/{id}': { serialNumber: '89400000001', orderItemId: 1 },
  '/api/mobileHalo/SpendLimit/{id}/Unbar': { orderItemId: 1, addEvent: true },
  '/api/mobileVertex/SimSwap/{id}': { simNumber: '8944000000000000001', orderItemId: 1 },
  '/api/mobileVertex/ToggleBar/{id}': { barsToAdd: ['PRS'], barsToRemove: [], orderItemId: 1 },
  // Not carriers', but bodies the generic one does not satisfy either: a move of a site's lines, a company's single
  // sign-on connection and sign-in policy (a dry run), and a user as the user form saves it.
  '/api/sites/{id}/moveLines': { targetSiteId: 1 },
  '/api/companies/{id}/sso': {
    issuer: 'https://login.ids.example/tenant',
    clientId: 'business-portal',
    clientSecret: 'ids-client-secret',
    emailDomains: ['ids.example'],
    groupMappings: [],
  },
  '/api/companies/{id}/signInPolicy': {
    twoStepRequired: false,
    singleSignOnOnly: false,
    breakGlassUserId: null,
    passkeySignIn: false,
    dryRun: true,
  },
  '/api/passkeys/{id}': { name: 'Still mine' },
  '/api/reportSubscriptions/{id}': {
    kind: 'billsSummary',
    format: 'csv',
    frequency: 'weekly',
    sendToMe: true,
    emails: [],
  },
  '/api/spendAlerts/{id}': {
    name: 'Still here',
    scope: 'company',
    measure: 'cost',
    period: 'day',
    threshold: 10,
    notifyEmails: ['still.here@example.co.uk'],
  },
  '/api/passkeys/{id}/remove': { password: 'Demo-Portal-2026!' },
  '/api/users/{id}': {
    userName: 'still.here',
    emailAddress: 'still.here@example.co.uk',
    profileId: 1,
    functionalityIds: [],
    companies: [{ id: 1 }],
  },
};
const INT_MAX = 2_147_483_647;
const REFUSED = [
  String(INT_MAX + 1),
  '99999999999999999999',
  '0x10',
  '1e3',
  ' 1',
  '1 ',
  '+1',
  '01',
  '0',
  '-1',
  '1.0',
  '١', // an Arabic-Indic digit one: a digit to \d with the u flag, not to PostgreSQL
  '',
];

let operations: IdOperation[] = [];
const sessions: Record<string, SignedIn> = {};

beforeAll(async () => {
  const document = (await context.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
    paths: Record<string, Record<string, { parameters?: Parameter[] }>>;
  }>();
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => {
      const parameters = operation.parameters ?? [];
      return {
        method: method.toUpperCase(),
        path,
        parameters,
        idParameters: parameters.filter((p) => p.in !== 'header' && ID_NAME.test(p.name) && !NOT_IDS.has(p.name)),
      };
    }),
  );
  operations = operations.filter((op) => op.idParameters.length > 0);
  for (const user of ['acme.admin', 'northwind.staff']) sessions[user] = await signIn(context.app, user);
});

/** A caller the route lets through to validation (access is checked first), with both tokens for analytics. */
function headersFor(op: IdOperation) {
  // The partner's messages and the reseller console's operations are partner staff's (docs/decisions/0217).
  const staff = op.path.startsWith('/api/messages') || op.path.startsWith('/api/console/');
  const session = staff ? sessions['northwind.staff']! : sessions['acme.admin']!;
  return { ...bearer(session.accessToken), 'dash-authorization': `Bearer ${session.dashToken}` };
}

function call(op: IdOperation, values: Record<string, string>) {
  let url = op.path;
  const query: Record<string, string> = {};
  for (const parameter of op.parameters) {
    const value = values[parameter.name] ?? OTHER_VALUES[parameter.name] ?? '1';
    if (parameter.in === 'path') url = url.replace(`{${parameter.name}}`, encodeURIComponent(value));
    else if (parameter.in === 'query' && (parameter.name in values || parameter.name in OTHER_VALUES)) {
      query[parameter.name] = value;
    }
  }
  // A body valid for every other PUT and POST that takes an id (a message; a question and its move; a view's reason;
  // an estate edit).
  const payload =
    CARRIER_BODIES[op.path] ??
    (op.path.startsWith('/api/console/viewAs/')
      ? { reason: 'Checking what the customer sees', minutes: 5 }
      : {
          text: 'Still here',
          title: 'Still here',
          direction: 'down',
          id: 1,
          name: 'Still here',
          siteId: 1,
          teamIds: [],
        });
  const body = op.method === 'PUT' || op.method === 'POST' ? { payload } : {};
  // The fault report is multipart: its fields travel as the first part (docs/decisions/0098).
  if (op.path.endsWith('/reportFault')) {
    const headers = { ...headersFor(op), 'content-type': MULTIPART_TYPE };
    return context.app.inject({ method: 'POST', url, query, headers, payload: multipartBody(NO_CONNECTION) });
  }
  return context.app.inject({ method: op.method as 'GET', url, query, headers: headersFor(op), ...body });
}

describe('id parameters', () => {
  it('are found on every route that takes one', () => {
    const names = operations.map((op) => `${op.method} ${op.path}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'GET /api/companies/{id}',
        'GET /api/orders/{orderId}/items',
        'GET /api/contracts/{id}',
        'GET /api/endpoints/{id}/monthlyUsage',
        'GET /api/invoices/costChart',
        'DELETE /api/messages/{id}',
      ]),
    );
    expect(operations.length).toBeGreaterThanOrEqual(25);
  });

  it('refuse anything but a plain decimal from 1 to 2147483647 with a 400 naming the parameter', async () => {
    const failures: string[] = [];
    for (const op of operations) {
      for (const parameter of op.idParameters) {
        for (const value of REFUSED) {
          // An empty path segment does not reach the route at all.
          if (value === '' && parameter.in === 'path') continue;
          const response = await call(op, { [parameter.name]: value });
          const details = response.statusCode === 400 ? response.json<{ details?: { field: string }[] }>().details : [];
          if (response.statusCode !== 400 || !details?.some((d) => d.field === parameter.name)) {
            failures.push(`${op.method} ${op.path} ${parameter.name}=${JSON.stringify(value)}: ${response.statusCode}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('accept the largest id and answer it as an id the caller cannot see', async () => {
    const failures: string[] = [];
    for (const op of operations) {
      for (const parameter of op.idParameters) {
        const response = await call(op, { [parameter.name]: String(INT_MAX) });
        if (![200, 404].includes(response.statusCode)) {
          failures.push(`${op.method} ${op.path} ${parameter.name}: ${response.statusCode} ${response.body}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('are described in the API document as digits', async () => {
    const document = (await context.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { parameters: Array<Parameter & { schema: Record<string, unknown> }> }>>;
      components: { schemas: Record<string, Record<string, unknown>> };
    }>();
    const companyId = document.paths['/api/companies/{id}']?.get?.parameters.find((p) => p.name === 'id');
    // Named in components/schemas (decision 0172) or inline.
    const ref = companyId?.schema.$ref;
    const schema =
      typeof ref === 'string' ? document.components.schemas[ref.split('/').at(-1) ?? ''] : companyId?.schema;
    expect(schema).toMatchObject({ type: 'string', pattern: expect.any(String) });
  });
});
