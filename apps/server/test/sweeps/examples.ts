import type { ParamTarget } from '@portal/contract';
import { DEMO_PASSWORD } from '../support/test-app.js';
import type { LineKind } from './target-ids.js';

/** What an example may draw on: the caller's own records, and accounts and sessions made for one call alone. */
export type ExampleContext = {
  /** The caller's own ids of a line of each kind, as the path parameters get them (URL text). */
  ids: Record<LineKind, Partial<Record<ParamTarget, string>>>;
  /** The ids of the line the call names (for a carrier's operation, a line of that carrier). */
  line: Partial<Record<ParamTarget, string>>;
  /** A bill of a company of the caller's estate (or of Acme's, for a caller without one). */
  invoice: { location: string; pdfFileName: string };
  /** The caller's company id (or Acme's). */
  companyId: string;
  /**
   * A new account (password DEMO_PASSWORD) nobody else uses: sign-in, password change and recovery calls lock,
   * change or sign out only it, never a demo account the sweep is using.
   */
  freshAccount(): Promise<{ userName: string; emailAddress: string }>;
  /** The refresh token of a new session of a fresh account, so refreshing or revoking it ends no one's session. */
  freshRefreshToken(): Promise<string>;
  /** The Mobile User profile and its default functionality, which every administrator may give. */
  mobileUser: { id: number; functionalityIds: number[] };
  /** A new empty site or team of the caller's company (or Acme's), which a call may change or delete. */
  freshSite(): Promise<string>;
  freshTeam(): Promise<string>;
  /**
   * A new diagnostics group, with one finished test, on the contract of this order item (the caller's own
   * broadband line's): a fault report needs a test to have run.
   */
  diagnosticsGroup(orderItemId: string): Promise<string>;
};

/** What a caller offers every example; the line is the call's own. */
export type CallerExampleContext = Omit<ExampleContext, 'line'>;

/**
 * The query (URL text) and body of a valid call; form bodies hold strings, as forms do. `line`: the kind of line
 * whose ids fill the path (mobile unless said).
 */
export type Example = {
  line?: LineKind;
  /** Path parameters (URL text) of the call's own, where the caller's line's would not do (a site to delete). */
  params?: (context: ExampleContext) => Promise<Record<string, string>>;
  query?: (context: ExampleContext) => Record<string, string> | Promise<Record<string, string>>;
  body?: (context: ExampleContext) => Record<string, unknown> | Promise<Record<string, unknown>>;
};

/** WebAuthn answers of the right shape that no ceremony of the server's asked for. */
const SWEEP_CLIENT_DATA = Buffer.from(
  JSON.stringify({ type: 'webauthn.get', challenge: 'c3dlZXAtY2hhbGxlbmdl', origin: 'http://localhost:3000' }),
).toString('base64url');
const SWEEP_ASSERTION = {
  id: 'c3dlZXAtcGFzc2tleS1pZC0wMDAx',
  rawId: 'c3dlZXAtcGFzc2tleS1pZC0wMDAx',
  type: 'public-key',
  response: { clientDataJSON: SWEEP_CLIENT_DATA, authenticatorData: 'AAAA', signature: 'AAAA' },
  clientExtensionResults: {},
};
const SWEEP_ATTESTATION = {
  id: 'c3dlZXAtcGFzc2tleS1pZC0wMDAx',
  rawId: 'c3dlZXAtcGFzc2tleS1pZC0wMDAx',
  type: 'public-key',
  response: { clientDataJSON: SWEEP_CLIENT_DATA, attestationObject: 'AAAA' },
  clientExtensionResults: {},
};

// Changes the carriers accept for any of their demo lines: a SIM no demo line has (11 digits for Halo; 19, which
// both Vertex networks take), and a bar each carrier offers every line.
const NEW_HALO_SIM = '89499999999';
const NEW_VERTEX_SIM = '8944999999999999999';
const HALO_BAR = 52;
/** Each Vertex network names its bars its own way: premium-rate calls are PRS on 27 and PRM on 36. */
const vertexBar = ({ line }: ExampleContext) => (line.supplier === '36' ? 'PRM' : 'PRS');

/** A diagnostics group on the call's line, with one test run, for the calls that belong to one. */
const groupOnLine = (context: ExampleContext) => context.diagnosticsGroup(context.line.orderItem!);

/** A fault report that needs no image: only slow speeds asks for trace routes. */
const faultReport = {
  query: async (context) => ({ groupId: await groupOnLine(context) }),
  body: () => ({
    faultType: 'NoConnection',
    faultDescription: 'Sweep: no sync since the storm',
    faultStartedDate: '2026-11-20',
    speedTestResults: [],
    contactName: 'Sweep Contact',
    contactNumber: '01632 960000',
    frequency: 'Constantly',
    routerType: 'Sweep Router 1',
    routerRebooted: true,
    microfiltersSwapTest: true,
    masterSocketTest: false,
    nonAdslEquipmentRemoved: true,
    intrusionConsent: true,
    acceptEngineeringCharges: true,
  }),
} satisfies Example;

const odataPage = { query: () => ({ $top: '5', $count: 'true' }) } satisfies Example;

/** A rule on the caller's own mobile line, telling an address (no user's assignments needed). */
const alertRuleSave = ({ companyId, ids }: ExampleContext) => ({
  name: 'Sweep alert',
  companyId: Number(companyId),
  scope: 'device',
  endpointId: Number(ids.mobile.endpoint),
  measure: 'cost',
  period: 'day',
  threshold: 25.5,
  notifyEmails: ['sweep.alerts@example.co.uk'],
});

/** Every diagnostics route of the broadband family, on the caller's line of the call's carrier (decision 0095). */
const inGroup = (extra: Record<string, string> = {}): Example => ({
  query: async (context) => ({ groupId: await groupOnLine(context), ...extra }),
});
const BROADBAND_DIAGNOSTICS_EXAMPLES = {
  'broadbandDiagnostics.syncStatus': inGroup(),
  'broadbandDiagnostics.exchangeStatus': inGroup(),
  'broadbandDiagnostics.broadbandStatus': inGroup(),
  'broadbandDiagnostics.lineStatus': inGroup(),
  'broadbandDiagnostics.fibreStatus': inGroup({ runIntrusiveTest: 'false' }),
  'broadbandDiagnostics.sessionHistory': odataPage,
  'broadbandDiagnostics.sessionHistoryDownload': { query: () => ({ count: '5' }) },
  'broadbandDiagnostics.lineHistory': odataPage,
  'broadbandDiagnostics.lineHistoryDownload': { query: () => ({ count: '5' }) },
  'broadbandDiagnostics.authenticationLogs': odataPage,
  'broadbandDiagnostics.reportFault': faultReport,
} satisfies Record<string, Example>;

/** An edit of the caller's own mobile device that leaves it on its site and in its team. */
const ownDevice = ({ ids }: ExampleContext) => ({
  id: Number(ids.mobile.endpoint),
  siteId: Number(ids.mobile.site),
  team: Number(ids.mobile.team),
});
let sweepNames = 0;
const newAddress = { line1: '2 Sweep Road', town: 'York', county: 'North Yorkshire', postCode: 'YO1 7HH' };
/** A Mobile User of the caller's own mobile device, under a name no other call uses. */
const mobileUserSave = ({ ids, mobileUser }: ExampleContext) => {
  sweepNames += 1;
  return {
    userName: `sweep.user${sweepNames}`,
    emailAddress: `sweep.user${sweepNames}@example.co.uk`,
    profileId: mobileUser.id,
    functionalityIds: mobileUser.functionalityIds,
    mobileEndPoints: [{ id: Number(ids.mobile.endpoint) }],
  };
};
const companyChart = { query: ({ companyId }) => ({ companyId }) } satisfies Example;
const faq = {
  body: () => ({
    title: 'Sweep: how do I pay?',
    text: 'By **direct debit**; see [billing](https://example.com/bills).',
  }),
} satisfies Example;
const message = {
  body: () => ({
    text: 'Sweep: planned maintenance',
    startDate: '2026-11-01T00:00:00Z',
    endDate: '2026-12-31T23:59:59Z',
  }),
} satisfies Example;

/**
 * A valid query and body for every operation that takes one, by `area.name` of the contract's operation table. Path
 * parameters come from the caller's line (target-ids.ts). The sweeps check each example against its operation's
 * schemas.
 */
export const EXAMPLES: Readonly<Record<string, Example>> = {
  'login.login': {
    body: async ({ freshAccount }) => ({
      username: (await freshAccount()).userName,
      password: DEMO_PASSWORD,
      cookiePolicyAccepted: 'true',
    }),
  },
  // Nobody the sweeps sign in has a second factor: the challenge is unknown, and nothing is used up.
  'login.secondStep': { body: () => ({ challenge: 'sweep-challenge-of-no-sign-in', code: '123456' }) },
  'login.enrolAuthenticator': { body: () => ({ challenge: 'sweep-challenge-of-no-sign-in' }) },
  'login.confirmEnrolment': { body: () => ({ challenge: 'sweep-challenge-of-no-sign-in', code: '123456' }) },
  // A setup's code is refused unless right (and the sweeps never know the key); with no app set up, a removal or new
  // codes answer 409 before the password is checked, so no demo account's password count grows.
  'twoStep.confirmAuthenticator': { body: () => ({ code: '123456' }) },
  'twoStep.removeAuthenticator': { body: () => ({ password: DEMO_PASSWORD }) },
  'twoStep.replaceRecoveryCodes': { body: () => ({ password: DEMO_PASSWORD }) },
  // A kind every demo account may not have: callers without ViewMyBills are refused 403, the rest save it paused.
  'reports.create': {
    body: () => ({
      kind: 'billsSummary',
      format: 'csv',
      frequency: 'weekly',
      sendToMe: true,
      emails: [],
      paused: true,
    }),
  },
  'reports.update': {
    body: () => ({
      kind: 'billsSummary',
      format: 'pdf',
      frequency: 'monthly',
      sendToMe: false,
      emails: ['sweep.reports@example.com'],
      paused: true,
    }),
  },
  // A session id of no one's: the sweeps end no session they are using.
  'sessions.end': { body: () => ({ sessionId: '00000000-0000-4000-8000-000000000000' }) },
  // The sweeps hold no authenticator: a registration's answer names no challenge the server gave, and a sign-in's
  // assertion no passkey it knows; both are refused and change nothing. Renames and removals name the caller's own
  // passkey, which the sweep world adds once the caller is signed in.
  'passkeys.startRegistration': { body: () => ({ password: DEMO_PASSWORD }) },
  'passkeys.register': { body: () => ({ name: 'Sweep laptop', response: SWEEP_ATTESTATION }) },
  'passkeys.rename': { body: () => ({ name: 'Sweep phone' }) },
  'passkeys.remove': { body: () => ({ password: DEMO_PASSWORD }) },
  'passkeys.secondStepOptions': { body: () => ({ challenge: 'sweep-challenge-of-no-sign-in' }) },
  'passkeys.signIn': { body: () => ({ response: SWEEP_ASSERTION, cookiePolicyAccepted: true }) },
  'login.refresh': { body: async ({ freshRefreshToken }) => ({ refreshToken: await freshRefreshToken() }) },
  'login.revoke': { body: async ({ freshRefreshToken }) => ({ refreshToken: await freshRefreshToken() }) },
  'login.acceptCookiePolicy': { body: () => ({ isAccepted: true, date: '2026-11-21T09:30:00Z' }) },
  'passwords.changePassword': {
    body: async ({ freshAccount }) => ({
      userName: (await freshAccount()).userName,
      currentPassword: DEMO_PASSWORD,
      newPassword: 'Harbour-Lights-4782',
    }),
  },
  'passwords.forgotPassword': {
    body: async ({ freshAccount }) => {
      const account = await freshAccount();
      return { username: account.userName, emailAddress: account.emailAddress };
    },
  },
  'search.search': { query: () => ({ searchTerm: 'Ltd', count: '3' }) },
  'companies.list': odataPage,
  'estate.mobileHandsetsOfUser': odataPage,
  'estate.broadbandConnectionsOfUser': odataPage,
  'estate.mobileHandsetsOfSite': odataPage,
  'estate.mobileHandsetsOfTeam': odataPage,
  'estate.broadbandConnectionsOfSite': { ...odataPage, line: 'broadband' },
  'estate.list': { query: () => ({ $select: 'id,name', $top: '5', $count: 'true' }) },
  'estate.changeName': { body: (context) => ({ id: ownDevice(context).id, name: 'Sweep device' }) },
  'estate.changeSite': { body: (context) => ({ id: ownDevice(context).id, siteId: ownDevice(context).siteId }) },
  'estate.changeTeams': { body: (context) => ({ id: ownDevice(context).id, teamIds: [ownDevice(context).team] }) },
  'sites.list': odataPage,
  'sites.get': { query: () => ({ $select: 'id,name' }) },
  'sites.create': { body: ({ companyId }) => ({ name: 'Sweep site', companyId: Number(companyId), newAddress }) },
  'sites.update': {
    params: async ({ freshSite }) => ({ id: await freshSite() }),
    body: () => ({ name: 'Sweep site (renamed)', newAddress }),
  },
  'sites.remove': { params: async ({ freshSite }) => ({ id: await freshSite() }) },
  'sites.deletionCheck': { params: async ({ freshSite }) => ({ id: await freshSite() }) },
  'sites.moveLines': {
    params: async ({ freshSite }) => ({ id: await freshSite() }),
    body: async ({ freshSite }) => ({ targetSiteId: Number(await freshSite()) }),
  },
  'teams.list': odataPage,
  'teams.create': {
    body: ({ companyId, ids }) => ({
      name: 'Sweep team',
      companyId: Number(companyId),
      endPoints: [{ id: Number(ids.mobile.endpoint) }],
    }),
  },
  'teams.update': {
    params: async ({ freshTeam }) => ({ id: await freshTeam() }),
    body: ({ ids }) => ({ name: 'Sweep team (renamed)', endPoints: [{ id: Number(ids.mobile.endpoint) }] }),
  },
  'teams.remove': { params: async ({ freshTeam }) => ({ id: await freshTeam() }) },
  'spendAlerts.list': odataPage,
  'spendAlerts.create': { body: alertRuleSave },
  'spendAlerts.update': { body: alertRuleSave },
  'notifications.list': odataPage,
  'users.list': odataPage,
  'users.get': { query: () => ({ $expand: 'Companies,Sites,Teams,MobileEndPoints,BroadbandEndPoints' }) },
  'users.isUserNameUnique': { body: () => ({ userName: 'sweep.unused.name' }) },
  'users.create': { body: mobileUserSave },
  'users.update': { body: mobileUserSave },
  'teams.get': { query: () => ({ $expand: 'EndPoints' }) },
  'bills.list': odataPage,
  'bills.callsChart': companyChart,
  'bills.durationChart': companyChart,
  'bills.costChart': companyChart,
  'bills.unbilledCalls': companyChart,
  'bills.download': {
    query: ({ invoice }) => ({ webDataPhysicalLocation: invoice.location, fileName: invoice.pdfFileName }),
  },
  // Single sign-on (decision 0208): a connection of the caller's company under a domain of its own, never approved
  // (its issuer is nowhere: the sweeps run no identity provider, test/sso drives a real one), and sign-ins that find
  // no approved provider.
  'sso.saveCompanySso': {
    body: ({ companyId }) => ({
      issuer: 'https://login.sweep.example/tenant',
      clientId: 'business-portal',
      clientSecret: 'sweep-client-secret',
      emailDomains: [`company${companyId}.sweep.example`],
      groupMappings: [],
    }),
  },
  // A dry run: the sweeps' own sessions, begun with a password alone, are not ended by it (decision 0210).
  'signInPolicy.saveCompanySignInPolicy': {
    body: () => ({
      twoStepRequired: true,
      singleSignOnOnly: false,
      breakGlassUserId: null,
      passkeySignIn: false,
      dryRun: true,
    }),
  },
  'sso.approve': { body: ({ companyId }) => ({ companyId: Number(companyId), approved: false }) },
  'sso.start': { body: () => ({ login: 'someone@nowhere.sweep.example' }) },
  'sso.complete': { body: () => ({ callback: '?code=sweep-code&state=sweep-state', cookiePolicyAccepted: true }) },
  // The reseller console (decision 0219): a new customer under names and an account number no other call uses.
  'consoleCustomers.list': odataPage,
  'consoleCustomers.users': odataPage,
  'consoleCustomers.onboard': {
    body: () => {
      sweepNames += 1;
      return {
        name: `Sweep Customer ${sweepNames} Ltd`,
        accountNumber: `SWEEP-${String(sweepNames).padStart(5, '0')}`,
        userName: `sweep.customer${sweepNames}`,
        emailAddress: `sweep.customer${sweepNames}@example.co.uk`,
      };
    },
  },
  // The console's partner (decision 0218): a theme code no other call takes, colours at AA contrast; no logo (the
  // hostile sweep sends its files), and contacts, address and settings of a real partner's kind.
  'partnerConsole.saveBranding': {
    body: () => {
      sweepNames += 1;
      return { themeCode: `sweep-theme-${sweepNames}`, primaryColour: '#1d4ed8', secondaryColour: '#f59e0b' };
    },
  },
  'partnerConsole.saveSettings': {
    body: () => ({
      contacts: [
        { type: 'Customer Services', value: '0161 496 0999' },
        { type: 'Email', value: 'sweep@example.co.uk' },
      ],
      line1: '1 Sweep Street',
      line2: '',
      line3: '',
      town: 'Leeds',
      county: 'West Yorkshire',
      postCode: 'LS1 4AP',
      privacyPolicyUrl: 'https://www.example.co.uk/privacy',
      showContractEndDate: true,
      passwordExpiryDays: 90,
    }),
  },
  'messages.create': message,
  // View as customer (decision 0220): a view of the staff member's own partner's customer user, for five minutes.
  'viewAs.start': { body: () => ({ reason: 'Sweep: checking what the customer sees', minutes: 5 }) },
  'messages.update': message,
  'faqAdmin.create': faq,
  'faqAdmin.update': faq,
  'faqAdmin.move': { body: () => ({ direction: 'down' }) },
  'orders.broadband': odataPage,
  'orders.mobile': odataPage,
  'orders.items': odataPage,
  'orders.itemEvents': odataPage,
  'usage.endpointBroadband': { line: 'broadband' },
  'usage.endpointLineUsage': { line: 'broadband' },
  ...BROADBAND_DIAGNOSTICS_EXAMPLES,
  'mobileFirst.tariffAddons': {
    query: ({ line }) => ({ type: '3', pagesize: '100', orderItemId: String(line.orderItem) }),
  },
  'mobileFirst.simSwap': {
    body: ({ line }) => ({ serialNumber: NEW_HALO_SIM, orderItemId: Number(line.orderItem) }),
  },
  'mobileFirst.spendLimitUnbar': {
    body: ({ line }) => ({ orderItemId: Number(line.orderItem), addEvent: true }),
  },
  'mobileFirst.changeBars': {
    body: ({ line }) => ({
      barsToAdd: [HALO_BAR],
      barsToRemove: [],
      orderItemId: Number(line.orderItem),
      addEvent: true,
    }),
  },
  'mobileSecond.simValidation': { query: ({ line }) => ({ supplierId: String(line.supplier) }) },
  'mobileSecond.simSwap': {
    body: ({ line }) => ({ simNumber: NEW_VERTEX_SIM, orderItemId: Number(line.orderItem) }),
  },
  'mobileSecond.toggleBar': {
    body: (context) => ({
      barsToAdd: [vertexBar(context)],
      barsToRemove: [],
      orderItemId: Number(context.line.orderItem),
    }),
  },
};
