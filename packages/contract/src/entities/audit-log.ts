import { z } from 'zod';
import { IdSchema, IsoDateTimeSchema } from '../primitives';

// A company's audit trail (docs/decisions/0221): every audited change of its records and every event of its users
// (sign-ins, password changes and resets), including what the reseller's staff did, newest first.

export const AUDIT_OPERATIONS = ['INSERT', 'UPDATE', 'DELETE'] as const;
export type AuditOperation = (typeof AUDIT_OPERATIONS)[number];

/** The records the trail names, by table, as a person calls them. A table not listed is shown by its name. */
export const AUDIT_TABLE_LABELS: Readonly<Record<string, string>> = {
  companies: 'Company',
  addresses: 'Address',
  sites: 'Site',
  teams: 'Team',
  endpoints: 'Line',
  team_endpoints: 'Line in a team',
  users: 'User',
  user_credentials: 'User password',
  user_functionality: 'User access',
  user_companies: 'User company',
  user_sites: 'User site',
  user_teams: 'User team',
  user_endpoints: 'User line',
  orders: 'Order',
  order_items: 'Order item',
  order_item_products: 'Order item product',
  order_events: 'Order event',
  contracts: 'Contract',
  contract_products: 'Contract product',
  invoices: 'Invoice',
  invoice_files: 'Invoice file',
  cookie_consents: 'Cookie consent',
  carrier_requests: 'Carrier request',
  fault_reports: 'Fault report',
  fault_report_images: 'Fault report image',
  company_sign_in_policies: 'Sign-in policy',
  alert_rules: 'Spend alert',
  alert_rule_users: 'Spend alert recipient',
  alert_firings: 'Spend alert firing',
  report_subscriptions: 'Scheduled report',
  sso_connections: 'Single sign-on connection',
  sign_in_sessions: 'Session',
};

export const AUDIT_OPERATION_LABELS: Record<AuditOperation, string> = {
  INSERT: 'added',
  UPDATE: 'changed',
  DELETE: 'removed',
};

/** The events a company's trail holds, as a person says them. An action not listed is shown as written. */
export const AUDIT_ACTION_LABELS: Readonly<Record<string, string>> = {
  'login.succeeded': 'Signed in',
  'login.failed': 'Sign-in failed',
  'login.password_change_required': 'Sign-in needed a password change',
  'login.second_step_required': 'Sign-in asked for the second step',
  'login.single_sign_on_required': 'Sign-in refused: single sign-on only',
  'logout.succeeded': 'Signed out',
  'password.changed': 'Password changed',
  'password.change_failed': 'Password change failed',
  'password.reset_requested': 'Password reset requested',
  'password.reset_refused_single_sign_on': 'Password reset refused: single sign-on only',
  'session.ended': 'Session ended',
  'session.others_ended': 'Signed out everywhere else',
  'session.reuse_detected': 'Session token reuse detected',
  'authenticator.recovery_codes_replaced': 'Recovery codes replaced',
  'authenticator.confirmation_failed': 'Identity confirmation failed',
  'passkey.added': 'Passkey added',
  'passkey.renamed': 'Passkey renamed',
  'passkey.removed': 'Passkey removed',
  'user.signed_out': 'User signed out by an administrator',
  'user.two_step_reset': 'Two-step verification reset by an administrator',
  'company.sign_in_policy_saved': 'Sign-in policy saved',
  'sso.connection_saved': 'Single sign-on connection saved',
  'sso.connection_removed': 'Single sign-on connection removed',
  'invoice.download_refused': 'Bill download refused',
  'authenticator.added': 'Authenticator app added',
  'authenticator.removed': 'Authenticator app removed',
  'sso.user_provisioned': 'User added by single sign-on',
  // What the reseller's staff did (issue 27): their own actions, and their read-only views as a customer's user.
  'console.customer_onboarded': 'Company set up by the reseller',
  'login.throttle_cleared': 'Sign-in unlocked by the reseller',
  'impersonation.started': 'Reseller started viewing the portal as this user (read-only)',
  'impersonation.request': 'Reseller read a page or data while viewing as this user',
  'impersonation.ended': 'Reseller stopped viewing the portal as this user',
};

/** The kinds of change the list filters by: a record's table, or an event's action. */
export type AuditKind = { kind: 'table'; value: string } | { kind: 'action'; value: string };

/** The sentence the list shows for an entry: 'Site changed', 'Signed in'. */
export function describeAuditEntry(entry: {
  tableName: string;
  operation: AuditOperation | null;
  action: string | null;
}): string {
  if (entry.action !== null) return AUDIT_ACTION_LABELS[entry.action] ?? entry.action;
  const noun = AUDIT_TABLE_LABELS[entry.tableName] ?? entry.tableName;
  return entry.operation ? `${noun} ${AUDIT_OPERATION_LABELS[entry.operation]}` : noun;
}

/** Keys whose values the trail never shows, wherever they are (the trigger already strips password hashes). */
export const AUDIT_HIDDEN_KEY = /password|token|secret|hash|sealed|challenge/i;

const AuditValuesSchema = z.record(z.string(), z.unknown()).nullable();

export const AuditEntrySchema = z.object({
  id: IdSchema,
  occurredAt: IsoDateTimeSchema,
  /** Who: the signed-in user who did it; null when nobody was signed in (a failed sign-in, the system). */
  actorUserId: IdSchema.nullable(),
  actorName: z.string().nullable(),
  /** The reseller the actor works for when they are its staff, else null. */
  actorPartnerName: z.string().nullable(),
  /** The customer's user the reseller's staff member was viewing the portal as. */
  onBehalfOfUserId: IdSchema.nullable(),
  onBehalfOfName: z.string().nullable(),
  /** Done by the reseller's staff: as a viewed-as customer user, or as staff themselves. */
  byResellerStaff: z.boolean(),
  tableName: z.string(),
  operation: z.enum(AUDIT_OPERATIONS).nullable(),
  action: z.string().nullable(),
  /** A readable description, describeAuditEntry's. */
  description: z.string(),
  rowKey: AuditValuesSchema,
  before: AuditValuesSchema,
  after: AuditValuesSchema,
  requestId: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

/** The CSV export's columns, in order. */
export const AUDIT_CSV_COLUMNS = [
  'When',
  'Who',
  'Reseller',
  'Viewing as',
  'What',
  'Table',
  'Operation',
  'Action',
  'Record',
  'Before',
  'After',
  'Request',
] as const;

/** The most rows one CSV export holds; a larger trail is exported in narrower time ranges. */
export const AUDIT_CSV_MAX_ROWS = 10_000;
