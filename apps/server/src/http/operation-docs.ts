import {
  type ApiAreaName,
  COMPANY_FILTER_HEADER,
  type NamedOperation,
  OPERATION_LIST,
  type OperationDefinition,
} from '@portal/contract';

/**
 * What the API reference says of each operation beyond its schemas (decision 0172): all of it derived from the
 * declaration, so a new operation is documented the moment it is declared and the words cannot drift from the
 * rules the server applies.
 */

export const BEARER_SCHEME = 'accessToken';
export const DASH_SCHEME = 'dashToken';

export const SECURITY_SCHEMES = {
  [BEARER_SCHEME]: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'The access token `POST /api/login` answers (15 minutes; `POST /api/login/refresh` renews it).',
  },
  [DASH_SCHEME]: {
    type: 'apiKey',
    in: 'header',
    name: 'Dash-Authorization',
    description:
      '`Bearer <token>`: the analytics token of the same session, from `POST /api/login/dash`; the usage operations need it beside the access token.',
  },
} as const;

/** One line per area, as the reference's groups are introduced. */
export const AREA_DESCRIPTIONS: Readonly<Record<ApiAreaName, string>> = {
  health: 'Whether the service and its database answer.',
  docs: 'This reference.',
  login: 'Sign-in, the token set and its renewal, sign-out, the cookie notice, and the caller’s recent sign-ins.',
  passwords: 'Changing, resetting and choosing a password.',
  twoStep: 'Two-step verification of the caller’s own account: the authenticator app and the recovery codes.',
  sessions: 'The caller’s own sessions still signed in: the list, signing one out, signing out everywhere else.',
  passkeys:
    'Passkeys (WebAuthn): the caller’s own, a passkey as the sign-in’s second step, and signing in with a passkey alone.',
  profiles: 'The user profiles (Company Administrator, Site Manager, Team Leader, ...) and their functionality.',
  partners: 'The reseller whose portal it is: branding, FAQ and contact details.',
  partnerConsole:
    'The reseller’s console: its staff change their own partner’s branding (logo, colours, theme), contacts and settings.',
  messages: 'The reseller’s banner messages.',
  faqAdmin: 'The reseller’s FAQs as its staff write them in the console: Markdown answers, in order.',
  companies: 'The caller’s companies, and the search over their estate.',
  search: 'The search behind the header’s search box.',
  bills: 'Bills: lists, figures, the PDF and the call details.',
  estate: 'Mobile devices and broadband lines: lists, lookups, names, sites and teams.',
  sites: 'Sites of a company: list, create, edit, delete.',
  teams: 'Teams of a company and their devices.',
  users: 'Users, what they may do, and where in the estate.',
  sso: 'Single sign-on over OpenID Connect: a company’s identity provider, the partner’s approval, signing in through it.',
  consoleCustomers:
    'The reseller console’s customers (partner staff): the partner’s companies with their counts, their users, a password reset or unlock of one, and onboarding a new customer.',
  signInPolicy: 'What a company requires of its users’ sign-ins: two-step verification, single sign-on only, passkeys.',
  orders: 'Mobile and broadband orders and their items.',
  contracts: 'Broadband contracts: summary, products, events and pending changes.',
  usage: 'Usage and spend over time (analytics; needs the dash token).',
  reports: 'The caller’s own scheduled reports by e-mail (PDF or CSV, weekly or monthly) and sending one now.',
  spendAlerts:
    'Spend alert rules: a threshold on a company’s, site’s, team’s or device’s mobile usage, who is told, and any bar.',
  notifications: 'The caller’s own notices (spend alerts crossed), reading them, and lifting a bar an alert placed.',
  viewAs:
    'View as customer: the partner’s staff see the portal as one of its customer users, read-only and for a limited time.',
  auditLog:
    'The audit trail of the caller’s companies: every change of their records and their users’ sign-ins, including what the reseller’s staff did, as a list or CSV.',
  mobileDevice: 'One mobile device at its carrier: details, bars, SIM swap and spend limit, per carrier.',
  broadbandDiagnostics: 'Line tests at the broadband carrier: status, sync, speed, trace route, per carrier.',
  faultReports: 'Reporting a broadband fault to the carrier, with photographs or documents.',
};

const SUCCESS_DESCRIPTIONS: Readonly<Record<number, string>> = {
  200: 'Success.',
  201: 'Created; the answer is the new record.',
  202: 'Accepted: stored first, then sent to the carrier after this answer; its progress shows in the events.',
  204: 'Done; no body.',
};

const ERROR_DESCRIPTIONS: Readonly<Record<number, string>> = {
  400: 'The input broke a rule: `details` names each field and rule. Nothing was changed.',
  401: 'No valid access token (or dash token, where needed), or the session has ended.',
  403: 'The caller does not hold the functionality (or role) this operation needs.',
  404: "Nothing with that id in the caller's estate: one outside it answers exactly like one that does not exist.",
  409: 'The change conflicts with the current state (for example, the record is still in use).',
  413: 'The upload is larger than allowed, or would pass the company’s storage quota.',
  415: 'The body is not of a media type the operation accepts.',
  422: 'The request is well formed but cannot be done as it stands: the message says why.',
  429: 'Too many attempts: `Retry-After` says how many seconds to wait.',
  502: 'The carrier answered with an error.',
  503: 'A service it depends on (the carrier, an identity provider; for readiness, the database) is unavailable: try again later.',
  504: 'The carrier did not answer in time.',
};

export function responseDescription(status: number, operation: OperationDefinition): string {
  if (operation.download && status === (operation.successStatus ?? 200)) return 'The file, as an attachment.';
  return SUCCESS_DESCRIPTIONS[status] ?? ERROR_DESCRIPTIONS[status] ?? `HTTP ${status}.`;
}

function whoMayCall(operation: OperationDefinition): string {
  const { access } = operation;
  if (access === 'public') return 'Needs no sign-in.';
  if (access === 'signed-in') return 'Needs a signed-in caller (the bearer access token).';
  if ('role' in access) return `Needs a signed-in caller with the \`${access.role}\` role.`;
  const byType = new Map<string, string[]>();
  for (const { code, accessType } of access.anyOf) byType.set(accessType, [...(byType.get(accessType) ?? []), code]);
  const holdings = [...byType].map(([type, codes]) => `${type} on ${codes.map((code) => `\`${code}\``).join(' or ')}`);
  return `Needs a signed-in caller holding ${holdings.join(', or ')}.`;
}

/** The operation's description: who may call it, what else it needs, and how it answers. */
export function operationDescription(named: NamedOperation): string {
  const { operation, carrier } = named;
  const parts = [`${operation.summary}.`, whoMayCall(operation)];
  if (operation.dashToken) parts.push('Also needs the session’s analytics token in `Dash-Authorization`.');
  if (operation.access !== 'public' && !operation.wholeEstate) {
    parts.push(`A caller with several companies may narrow it to one with the \`${COMPANY_FILTER_HEADER}\` header.`);
  }
  if (operation.params) parts.push("An id outside the caller's estate answers 404.");
  if (carrier) parts.push(`Served through ${carrier.entry.name}'s API.`);
  if (operation.download) parts.push(`Answers a file: ${operation.download.mediaTypes.join(' or ')}.`);
  return parts.join(' ');
}

/** `area.name`, or `area.carrier.name` in the carrier areas: unique, and the name the contract's table uses. */
export function operationId(named: NamedOperation): string {
  return [named.area, named.carrier?.key, named.name].filter(Boolean).join('.');
}

/** Who may call, as OpenAPI says it: nothing for public operations, the bearer token, plus the dash token. */
export function securityOf(operation: OperationDefinition): Array<Record<string, string[]>> {
  if (operation.access === 'public') return [];
  return [{ [BEARER_SCHEME]: [], ...(operation.dashToken ? { [DASH_SCHEME]: [] } : {}) }];
}

export function namedOperationOf(operation: OperationDefinition | undefined): NamedOperation | undefined {
  return operation ? OPERATION_LIST.find((named) => named.operation === operation) : undefined;
}
