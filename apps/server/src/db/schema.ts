import type { ColumnType, Generated, GeneratedAlways } from 'kysely';

// Row types of the tables created by db/migrations; kept beside them by hand and checked by the schema test,
// which compares every table and column here with what the migrated database reports.

/** A timestamp: read as Date, written as Date or ISO string. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A timestamp the database fills in unless told otherwise. */
type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A calendar date, kept as 'YYYY-MM-DD'. */
type DateOnly = string;
type Identity = Generated<number>;

export type EndpointTypesTable = { id: number; name: string };
export type FunctionalityTable = { id: Identity; code: string; description: string; access_type: string };
export type ProfilesTable = { id: Identity; name: string; level: string };
export type ProfileFunctionalityTable = { profile_id: number; functionality_id: number };

export type PartnersTable = {
  id: Identity;
  name: string;
  theme_code: string;
  logo_file_name: string;
  primary_colour: string;
  secondary_colour: string;
  line1: string;
  line2: string | null;
  line3: string | null;
  town: string;
  county: string | null;
  post_code: string;
  privacy_policy_url: string;
  show_contract_end_date: Generated<boolean>;
  password_expiry_days: number | null;
  /** The partner's uploaded logo, if any (decision 0218). */
  logo_id: number | null;
  created_at: DefaultTimestamp;
};
export type PartnerLogosTable = {
  id: Identity;
  partner_id: number;
  content_type: string;
  size_bytes: number;
  width: number;
  height: number;
  sha256: string;
  storage_key: string;
  created_at: DefaultTimestamp;
};
export type PartnerContactsTable = {
  id: Identity;
  partner_id: number;
  type: string;
  value: string;
  sort_order: Generated<number>;
};

export type CompaniesTable = {
  id: Identity;
  partner_id: number;
  name: string;
  account_number: string;
  created_at: DefaultTimestamp;
};
export type AddressesTable = {
  id: Identity;
  company_id: number;
  line1: string;
  line2: string | null;
  line3: string | null;
  town: string;
  county: string;
  post_code: string;
};
export type SitesTable = {
  id: Identity;
  company_id: number;
  name: string;
  address_id: number;
  created_at: DefaultTimestamp;
};
export type TeamsTable = { id: Identity; company_id: number; name: string; created_at: DefaultTimestamp };
export type EndpointsTable = {
  id: Identity;
  company_id: number;
  site_id: number | null;
  endpoint_type_id: number;
  name: string;
  identifier: string;
  supplier_id: number | null;
  carrier_id: number | null;
  product_line_id: number | null;
  product: string;
  created_at: DefaultTimestamp;
};
export type TeamEndpointsTable = { team_id: number; endpoint_id: number; company_id: number };

export type UsersTable = {
  id: Identity;
  partner_id: number;
  user_name: string;
  /** The database's look-alike key of user_name (migration 0011, decision 0125); unique. */
  user_name_key: GeneratedAlways<string>;
  email_address: string;
  profile_id: number;
  created_at: DefaultTimestamp;
  roles: Generated<string[]>;
};
export type UserCredentialsTable = {
  user_id: number;
  password_hash: string;
  changed_at: DefaultTimestamp;
  expires_at: Timestamp | null;
  reset_required: Generated<boolean>;
  /** A new account's: the user has not yet chosen a password of their own (migration 0012, decision 0139). */
  awaiting_first_password: Generated<boolean>;
};
export type UserFunctionalityTable = { user_id: number; functionality_id: number };
export type UserCompaniesTable = { user_id: number; company_id: number; partner_id: number };
export type UserSitesTable = { user_id: number; site_id: number };
export type UserTeamsTable = { user_id: number; team_id: number };
/** company_id is the endpoint's (migration 0018), held to it by a foreign key on (endpoint_id, company_id). */
export type UserEndpointsTable = { user_id: number; endpoint_id: number; company_id: number };

export type OrdersTable = {
  id: Identity;
  company_id: number;
  order_type: 'mobile' | 'broadband';
  reference: string;
  created_date: Timestamp;
  created_by_user_id: number | null;
  slowest_order_item_status: Generated<string>;
  slowest_order_item_stage: Generated<string>;
};
export type OrderItemsTable = {
  id: Identity;
  order_id: number;
  company_id: number;
  endpoint_id: number | null;
  cli: string;
  product: string;
  order_item_type: string;
  status: string;
  stage: string;
  reference: string | null;
  notification_connection_date: DateOnly | null;
  required_by: DateOnly | null;
  appointment_reference: string | null;
  appointment_date: DateOnly | null;
  appointment_slot: 'AM' | 'PM' | null;
  ip_address: string | null;
  username: string | null;
  password: string | null;
  sim_number: string | null;
  confirmed_date: DateOnly | null;
  notes: string | null;
  status_changed_at: DefaultTimestamp;
};
export type OrderItemProductsTable = {
  id: Identity;
  order_item_id: number;
  kind: 'Additional' | 'Inclusive';
  description: string;
  quantity: Generated<number>;
};
export type OrderEventsTable = {
  id: Identity;
  order_item_id: number;
  created_date: Timestamp;
  user_name: string;
  notes: string;
  status: string;
};

export type ContractsTable = {
  id: Identity;
  endpoint_id: number;
  order_item_id: number;
  contract_short_status: string;
  customer_start_date: DateOnly | null;
  customer_end_date: DateOnly | null;
  customer_duration: number | null;
  product: string;
  username: string | null;
  password: string | null;
  ip_address: string | null;
};
export type ContractProductsTable = {
  id: Identity;
  contract_id: number;
  type: 'Additional' | 'Inclusive';
  description: string;
  value: Generated<number>;
  monthly_charge: Generated<number>;
};

export type InvoicesTable = {
  id: Identity;
  company_id: number;
  invoice_number: string;
  bill_date: DateOnly;
  period_start: DateOnly;
  period_end: DateOnly;
  calls: Generated<number>;
  duration: Generated<number>;
  bytes: Generated<number>;
  usage_charges: Generated<number>;
  fixed_charges: Generated<number>;
  vat: Generated<number>;
  invoice_amount: Generated<number>;
  web_data_physical_location: string;
  pdf_file_name: string;
  cdr_file_name: string;
};
export type InvoiceFilesTable = {
  id: Identity;
  invoice_id: number;
  kind: 'pdf' | 'cdr';
  file_name: string;
  storage_key: string;
  content_type: string;
  size_bytes: number;
  sha256: string;
  created_at: DefaultTimestamp;
};
export type CallDetailRecordsTable = {
  id: Generated<number>;
  endpoint_id: number;
  invoice_id: number | null;
  started_at: Timestamp;
  record_type: 'voice' | 'sms' | 'data';
  destination: string;
  dialled_number: string | null;
  duration: Generated<number>;
  bytes: Generated<number>;
  cost: number;
};
export type UsageMonthlyTable = {
  endpoint_id: number;
  company_id: number;
  month: DateOnly;
  cost: Generated<number>;
  duration: Generated<number>;
  calls: Generated<number>;
  bytes: Generated<number>;
};
type UsageTotals = {
  endpoint_type_id: number;
  month: DateOnly;
  cost: Generated<number>;
  duration: Generated<number>;
  calls: Generated<number>;
  bytes: Generated<number>;
};
/** usage_monthly summed per company, endpoint type and month; kept by trigger (migration 0004). */
export type CompanyUsageMonthlyTable = UsageTotals & { company_id: number };
/** usage_monthly summed per site (of the endpoints on one), endpoint type and month; kept by trigger (0004). */
export type SiteUsageMonthlyTable = UsageTotals & { site_id: number };
/** usage_monthly summed per team (of the endpoints in it), endpoint type and month; kept by trigger (0020). */
export type TeamUsageMonthlyTable = UsageTotals & { team_id: number };

/**
 * Per line and UK day, from the first of last month on (migration 0031): what spend alerts and the forecast read.
 * roaming_cost is the cost of records whose destination names roaming.
 */
export type UsageDailyTable = {
  endpoint_id: number;
  company_id: number;
  day: DateOnly;
  cost: Generated<number>;
  roaming_cost: Generated<number>;
  duration: Generated<number>;
  calls: Generated<number>;
  bytes: Generated<number>;
};

/** Per line, its voice records no invoice holds yet; kept by trigger (migration 0017). */
export type UnbilledCallsTable = { endpoint_id: number; company_id: number; calls: number };

/** Secrets the servers of one deployment share without configuration (migration 0021), by name. */
export type ServerSecretsTable = { name: string; value: Buffer; created_at: DefaultTimestamp };
/** A task of the scheduler (jobs/scheduler.ts, migration 0025): its period, next run and the lease of a run. */
export type ScheduledTasksTable = {
  name: string;
  every_ms: number | null;
  cron: string | null;
  next_run_at: Timestamp;
  locked_by: string | null;
  locked_until: Timestamp | null;
  last_run_at: Timestamp | null;
  last_error: string | null;
};

/** An e-mail to send, sent or given up on (docs/decisions/0197); text and html are cleared once it is no longer queued. */
export type EmailOutboxTable = {
  id: Generated<string>;
  recipients: string[];
  subject: string;
  text: string | null;
  html: string | null;
  status: Generated<'queued' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  /** Due now unless given; null once sent or given up on. */
  next_attempt_at: ColumnType<Date | null, Date | string | undefined, Date | string | null>;
  last_error: string | null;
  /** The request that caused it: the transaction's portal.request_id unless given. */
  request_id: Generated<string | null>;
  created_at: DefaultTimestamp;
  sent_at: Timestamp | null;
};

/** A file kept in the database, or a write of one under way (stored_at null) (migration 0023, decision 0198). */
export type StoredFilesTable = {
  id: Identity;
  key: string;
  /** The key without its last segment: the folder the storage's sweep judges the file by. */
  folder: string;
  size_bytes: Generated<number>;
  chunk_count: Generated<number>;
  /** When the file, or the write, was last written to. */
  touched_at: DefaultTimestamp;
  stored_at: Date | null;
};
/** A stored file's bytes, in pieces of at most 256 kB numbered from 0 (migration 0023). */
export type StoredFileChunksTable = { file_id: number; seq: number; bytes: Uint8Array };

export type CarrierRequestsTable = {
  id: Identity;
  company_id: number;
  endpoint_id: number;
  order_item_id: number | null;
  requested_by_user_id: number | null;
  /** The request key of a carrier of the registry (`carrierRequestKey`); the carriers table's key holds it. */
  carrier: string;
  kind: 'call_barring' | 'sim_swap' | 'spend_limit_unbar' | 'fault_report';
  payload: unknown;
  status: Generated<'queued' | 'sent' | 'succeeded' | 'failed'>;
  attempts: Generated<number>;
  next_attempt_at: Timestamp | null;
  last_error: string | null;
  carrier_reference: string | null;
  /** The id of the portal request that placed it, passed on to the carrier and the worker's log (migration 0024). */
  request_id: string | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
};
export type DiagnosticGroupsTable = {
  id: string;
  company_id: number;
  endpoint_id: number;
  order_item_id: number;
  user_id: number | null;
  created_at: DefaultTimestamp;
};
export type DiagnosticTestRunsTable = {
  id: Identity;
  group_id: string;
  test: string;
  started_at: DefaultTimestamp;
  finished_at: Timestamp | null;
  success: boolean | null;
  result: unknown;
};
export type FaultReportsTable = {
  id: Identity;
  carrier_request_id: number;
  diagnostics_group_id: string;
  fault_type: string;
  fault_description: string;
  fault_started_date: DateOnly;
  speed_test_result_ids: Generated<string[]>;
  contact_name: string;
  contact_number: string;
  frequency: string;
  router_type: string;
  router_rebooted: boolean;
  microfilters_swap_test: boolean;
  master_socket_test: boolean;
  non_adsl_equipment_removed: boolean;
  intrusion_consent: boolean;
  accept_engineering_charges: boolean;
  /** 'FR-' and the zero-padded id, generated by the database (migration 0008). */
  reference: Generated<string>;
  created_at: DefaultTimestamp;
  /** SHA-256 of what the report said, its fields and its images' bytes; a repeat has the same (migration 0010). */
  content_sha256: string | null;
  /** The Idempotency-Key the report came with, for its user and line (docs/decisions/0120). */
  idempotency_key: string | null;
};
export type FaultReportImagesTable = {
  id: Identity;
  fault_report_id: number;
  file_name: string;
  content_type: string;
  size_bytes: number;
  storage_key: string;
  /** SHA-256 of the image's bytes, hex; null for images stored before migration 0010. */
  sha256: string | null;
};
/** An upload begun and not yet ended by its report or a refusal (docs/decisions/0122). */
export type FaultReportUploadsTable = {
  /** The storage folder of its files, `fault-reports/<uuid>`. */
  folder: string;
  started_at: DefaultTimestamp;
};

export type MessagesTable = {
  id: Identity;
  partner_id: number;
  text: string;
  start_date: Timestamp | null;
  end_date: Timestamp | null;
};
export type FaqsTable = {
  id: Identity;
  partner_id: number;
  title: string;
  text: string;
  sort_order: Generated<number>;
};

export type RefreshTokensTable = {
  id: Identity;
  user_id: number;
  family_id: string;
  audience: 'main' | 'dash';
  token_hash: string;
  created_at: DefaultTimestamp;
  idle_expires_at: Timestamp;
  absolute_expires_at: Timestamp;
  used_at: Timestamp | null;
  revoked_at: Timestamp | null;
};
/** The forgot-password e-mail's temporary password: at most one per user, the latest. */
export type TemporaryPasswordsTable = {
  user_id: number;
  password_hash: string;
  created_at: DefaultTimestamp;
  expires_at: Timestamp;
};
/** A user's authenticator app (decision 0207): its sealed key, counted once confirmed. */
export type UserAuthenticatorsTable = {
  user_id: number;
  secret_sealed: Buffer;
  created_at: DefaultTimestamp;
  confirmed_at: Timestamp | null;
  /** The newest 30-second step whose code was accepted; codes of it or before are refused. */
  last_used_step: number | null;
};
export type RecoveryCodesTable = {
  id: Identity;
  user_id: number;
  code_hash: string;
  created_at: DefaultTimestamp;
  used_at: Timestamp | null;
};
/** The second step of a sign-in whose password was right: by its token's hash, once, until expires_at. */
export type SignInChallengesTable = {
  id: Identity;
  token_hash: string;
  user_id: number;
  created_at: DefaultTimestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
};
/** A user's passkey (decision 0209); `counter` is a bigint, read as text or number by the driver. */
export type PasskeysTable = {
  id: Identity;
  user_id: number;
  credential_id: string;
  public_key: Buffer;
  counter: ColumnType<string | number, number | undefined, number>;
  transports: ColumnType<string[], string[] | undefined, string[]>;
  user_handle: string;
  name: string;
  device_type: 'singleDevice' | 'multiDevice';
  backed_up: boolean;
  created_at: DefaultTimestamp;
  last_used_at: Timestamp | null;
};
/** A passkey ceremony's challenge under way, by its hash; bound to a user but for a sign-in with a passkey alone. */
export type PasskeyChallengesTable = {
  id: Identity;
  challenge_hash: string;
  purpose: 'registration' | 'second_step' | 'sign_in';
  user_id: number | null;
  user_handle: string | null;
  created_at: DefaultTimestamp;
  expires_at: Timestamp;
};
export type CookieConsentsTable = {
  id: Identity;
  user_id: number;
  is_accepted: boolean;
  consent_date: Timestamp;
  recorded_at: DefaultTimestamp;
  policy_version: string;
};
export type AuditLogTable = {
  id: Generated<number>;
  occurred_at: DefaultTimestamp;
  actor_user_id: number | null;
  request_id: string | null;
  table_name: string;
  operation: 'INSERT' | 'UPDATE' | 'DELETE' | null;
  row_key: unknown;
  before: unknown;
  after: unknown;
  action: string | null;
  /** The companies the row belongs to (migration 0034): what a customer's administrators read of the log. */
  company_ids: number[] | null;
  /** The customer's user a reseller's staff member was viewing as (read-only view as customer), beside the actor. */
  on_behalf_of_user_id: number | null;
};

/** Each audit_log row once per company it belongs to (migration 0034): a company's trail in time order. */
export type AuditCompanyTrailTable = { company_id: number; occurred_at: Timestamp; audit_id: number };

/** A company's OpenID Connect provider (migration 0027, decision 0208); the secret sealed by auth/secret-box.ts. */
export type SsoConnectionsTable = {
  id: Identity;
  company_id: number;
  issuer: string;
  client_id: string;
  client_secret_sealed: Buffer;
  group_mappings: ColumnType<unknown, string | undefined, string>;
  approved_at: Timestamp | null;
  approved_by_user_id: number | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
};
/** An e-mail domain that routes sign-in to one connection. */
export type SsoEmailDomainsTable = { domain: string; connection_id: number };
/** A user as a provider knows them: its subject, and whether the portal made the user (just in time) or found them. */
/** A company's sign-in policy (migration 0028); a company without a row requires nothing beyond the password. */
export type CompanySignInPoliciesTable = {
  company_id: number;
  two_step_required: Generated<boolean>;
  single_sign_on_only: Generated<boolean>;
  break_glass_user_id: number | null;
  passkey_sign_in: Generated<boolean>;
  updated_at: DefaultTimestamp;
};
/** How each sign-in session (a refresh-token family) began, and when it was last used (migration 0029). */
export type SignInSessionsTable = {
  family_id: string;
  user_id: number;
  method: SignInMethod;
  second_factor: SessionSecondFactor | null;
  address: string;
  user_agent: string | null;
  started_at: DefaultTimestamp;
  last_active_at: DefaultTimestamp;
};
/** A view as customer (migration 0036): the customer user's session a staff member views the portal through. */
export type ViewAsSessionsTable = {
  session_id: string;
  user_id: number;
  staff_user_id: number;
  staff_session_id: string;
  reason: string;
  started_at: DefaultTimestamp;
  ends_at: Timestamp;
  ended_at: Timestamp | null;
};
/** A sign-in's second factor: the portal's own, or (`provider`) one the company's identity provider reported. */
export type SessionSecondFactor = 'authenticator' | 'recovery_code' | 'passkey' | 'provider';
/** The first step of a sign-in: the password, the company's identity provider, or a passkey alone. */
export type SignInMethod = 'password' | 'sso' | 'passkey';
export type SsoIdentitiesTable = {
  connection_id: number;
  subject: string;
  user_id: number;
  provisioned: boolean;
  last_sign_in_at: DefaultTimestamp;
};
/** A sign-in through a provider under way: its state, nonce and PKCE verifier, the browser's binding; single use. */
export type SsoSignInsTable = {
  state: string;
  connection_id: number;
  browser_hash: string;
  code_verifier: string;
  nonce: string;
  login: string;
  expires_at: Timestamp;
};

/** A spend alert rule of one company (migration 0032, decision 0213). */
export type AlertRulesTable = {
  id: Identity;
  company_id: number;
  name: string;
  scope: 'company' | 'site' | 'team' | 'device';
  site_id: number | null;
  team_id: number | null;
  endpoint_id: number | null;
  applies_to: 'total' | 'eachDevice';
  measure: 'cost' | 'data' | 'calls' | 'roamingCost';
  period: 'day' | 'billMonth';
  threshold: number;
  notify_emails: Generated<string[]>;
  action: Generated<'none' | 'barData' | 'barCalls'>;
  enabled: Generated<boolean>;
  created_by_user_id: number | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
};
/** The portal users a rule tells. */
export type AlertRuleUsersTable = { rule_id: number; user_id: number };
/** One crossing of a rule: once per rule, period and scope (the total, or one device). */
export type AlertFiringsTable = {
  id: Identity;
  rule_id: number;
  company_id: number;
  period_start: DateOnly;
  endpoint_id: number | null;
  value: number;
  threshold: number;
  carrier_request_id: number | null;
  fired_at: DefaultTimestamp;
};
/** A notice to one portal user (decision 0214); it keeps its own words, device and bar. */
export type NotificationsTable = {
  id: Identity;
  user_id: number;
  company_id: number;
  kind: 'spendAlert';
  title: string;
  body: string;
  rule_id: number | null;
  firing_id: number | null;
  endpoint_id: number | null;
  bar_kind: 'data' | 'calls' | null;
  bar_request_id: number | null;
  undo_request_id: number | null;
  read_at: Timestamp | null;
  created_at: DefaultTimestamp;
};
/** A user's own subscription to a scheduled report (migration 0033, decision 0216). */
export type ReportSubscriptionsTable = {
  id: Identity;
  user_id: number;
  kind: 'billsSummary' | 'usageBySite' | 'usageByTeam' | 'usageByDevice' | 'topSpenders';
  format: 'pdf' | 'csv';
  frequency: 'weekly' | 'monthly';
  send_to_me: boolean;
  emails: Generated<string[]>;
  paused: Generated<boolean>;
  /** When it is next due; null while paused or stopped. */
  next_run_at: Timestamp | null;
  last_run_at: Timestamp | null;
  last_error: string | null;
  /** Why the portal stopped it (its subscriber lost the permission); null while it may run. */
  stopped_reason: string | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
};
/** A file of a queued e-mail, deleted once the e-mail is sent or given up on (migration 0033). */
export type EmailAttachmentsTable = {
  id: Identity;
  email_id: string;
  file_name: string;
  content_type: string;
  content: Buffer;
};
export type DemoDataTable = {
  size: 'small' | 'large';
  seed: number;
  anchor_date: DateOnly;
  loaded_at: DefaultTimestamp;
};

/** The registry's carriers (docs/decisions/0165), filled from it on every start. */
export type CarriersTable = { key: string; kind: 'mobile' | 'broadband'; name: string; request_key: string };
export type MobileSuppliersTable = { supplier_id: number; carrier: string };
export type BroadbandCarriersTable = { carrier_id: number; carrier: string };

export type Database = {
  carriers: CarriersTable;
  mobile_suppliers: MobileSuppliersTable;
  broadband_carriers: BroadbandCarriersTable;
  endpoint_types: EndpointTypesTable;
  functionality: FunctionalityTable;
  profiles: ProfilesTable;
  profile_functionality: ProfileFunctionalityTable;
  partners: PartnersTable;
  partner_contacts: PartnerContactsTable;
  partner_logos: PartnerLogosTable;
  companies: CompaniesTable;
  addresses: AddressesTable;
  sites: SitesTable;
  teams: TeamsTable;
  endpoints: EndpointsTable;
  team_endpoints: TeamEndpointsTable;
  users: UsersTable;
  user_credentials: UserCredentialsTable;
  user_functionality: UserFunctionalityTable;
  user_companies: UserCompaniesTable;
  user_sites: UserSitesTable;
  user_teams: UserTeamsTable;
  user_endpoints: UserEndpointsTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  order_item_products: OrderItemProductsTable;
  order_events: OrderEventsTable;
  contracts: ContractsTable;
  contract_products: ContractProductsTable;
  invoices: InvoicesTable;
  invoice_files: InvoiceFilesTable;
  call_detail_records: CallDetailRecordsTable;
  usage_monthly: UsageMonthlyTable;
  company_usage_monthly: CompanyUsageMonthlyTable;
  site_usage_monthly: SiteUsageMonthlyTable;
  team_usage_monthly: TeamUsageMonthlyTable;
  unbilled_calls: UnbilledCallsTable;
  usage_daily: UsageDailyTable;
  server_secrets: ServerSecretsTable;
  email_outbox: EmailOutboxTable;
  scheduled_tasks: ScheduledTasksTable;
  stored_files: StoredFilesTable;
  stored_file_chunks: StoredFileChunksTable;
  carrier_requests: CarrierRequestsTable;
  diagnostic_groups: DiagnosticGroupsTable;
  diagnostic_test_runs: DiagnosticTestRunsTable;
  fault_reports: FaultReportsTable;
  fault_report_images: FaultReportImagesTable;
  fault_report_uploads: FaultReportUploadsTable;
  messages: MessagesTable;
  faqs: FaqsTable;
  refresh_tokens: RefreshTokensTable;
  temporary_passwords: TemporaryPasswordsTable;
  user_authenticators: UserAuthenticatorsTable;
  recovery_codes: RecoveryCodesTable;
  sign_in_challenges: SignInChallengesTable;
  passkeys: PasskeysTable;
  passkey_challenges: PasskeyChallengesTable;
  cookie_consents: CookieConsentsTable;
  sso_connections: SsoConnectionsTable;
  sso_email_domains: SsoEmailDomainsTable;
  sso_identities: SsoIdentitiesTable;
  sso_sign_ins: SsoSignInsTable;
  company_sign_in_policies: CompanySignInPoliciesTable;
  sign_in_sessions: SignInSessionsTable;
  view_as_sessions: ViewAsSessionsTable;
  alert_rules: AlertRulesTable;
  alert_rule_users: AlertRuleUsersTable;
  alert_firings: AlertFiringsTable;
  notifications: NotificationsTable;
  report_subscriptions: ReportSubscriptionsTable;
  email_attachments: EmailAttachmentsTable;
  demo_data: DemoDataTable;
  audit_log: AuditLogTable;
  audit_company_trail: AuditCompanyTrailTable;
};

/** The column names of every table, as the schema test compares them with the migrated database. */
export const databaseColumns = {
  carriers: ['key', 'kind', 'name', 'request_key'],
  mobile_suppliers: ['supplier_id', 'carrier'],
  broadband_carriers: ['carrier_id', 'carrier'],
  endpoint_types: ['id', 'name'],
  functionality: ['id', 'code', 'description', 'access_type'],
  profiles: ['id', 'name', 'level'],
  profile_functionality: ['profile_id', 'functionality_id'],
  partners: [
    'id',
    'name',
    'theme_code',
    'logo_file_name',
    'primary_colour',
    'secondary_colour',
    'line1',
    'line2',
    'line3',
    'town',
    'county',
    'post_code',
    'privacy_policy_url',
    'show_contract_end_date',
    'password_expiry_days',
    'created_at',
    'logo_id',
  ],
  partner_contacts: ['id', 'partner_id', 'type', 'value', 'sort_order'],
  partner_logos: [
    'id',
    'partner_id',
    'content_type',
    'size_bytes',
    'width',
    'height',
    'sha256',
    'storage_key',
    'created_at',
  ],
  companies: ['id', 'partner_id', 'name', 'account_number', 'created_at'],
  addresses: ['id', 'company_id', 'line1', 'line2', 'line3', 'town', 'county', 'post_code'],
  sites: ['id', 'company_id', 'name', 'address_id', 'created_at'],
  teams: ['id', 'company_id', 'name', 'created_at'],
  endpoints: [
    'id',
    'company_id',
    'site_id',
    'endpoint_type_id',
    'name',
    'identifier',
    'supplier_id',
    'carrier_id',
    'product_line_id',
    'product',
    'created_at',
  ],
  team_endpoints: ['team_id', 'endpoint_id', 'company_id'],
  users: ['id', 'partner_id', 'user_name', 'user_name_key', 'email_address', 'profile_id', 'created_at', 'roles'],
  user_credentials: [
    'user_id',
    'password_hash',
    'changed_at',
    'expires_at',
    'reset_required',
    'awaiting_first_password',
  ],
  user_functionality: ['user_id', 'functionality_id'],
  user_companies: ['user_id', 'company_id', 'partner_id'],
  user_sites: ['user_id', 'site_id'],
  user_teams: ['user_id', 'team_id'],
  user_endpoints: ['user_id', 'endpoint_id', 'company_id'],
  orders: [
    'id',
    'company_id',
    'order_type',
    'reference',
    'created_date',
    'created_by_user_id',
    'slowest_order_item_status',
    'slowest_order_item_stage',
  ],
  order_items: [
    'id',
    'order_id',
    'company_id',
    'endpoint_id',
    'cli',
    'product',
    'order_item_type',
    'status',
    'stage',
    'reference',
    'notification_connection_date',
    'required_by',
    'appointment_reference',
    'appointment_date',
    'appointment_slot',
    'ip_address',
    'username',
    'password',
    'sim_number',
    'confirmed_date',
    'notes',
    'status_changed_at',
  ],
  order_item_products: ['id', 'order_item_id', 'kind', 'description', 'quantity'],
  order_events: ['id', 'order_item_id', 'created_date', 'user_name', 'notes', 'status'],
  contracts: [
    'id',
    'endpoint_id',
    'order_item_id',
    'contract_short_status',
    'customer_start_date',
    'customer_end_date',
    'customer_duration',
    'product',
    'username',
    'password',
    'ip_address',
  ],
  contract_products: ['id', 'contract_id', 'type', 'description', 'value', 'monthly_charge'],
  invoices: [
    'id',
    'company_id',
    'invoice_number',
    'bill_date',
    'period_start',
    'period_end',
    'calls',
    'duration',
    'bytes',
    'usage_charges',
    'fixed_charges',
    'vat',
    'invoice_amount',
    'web_data_physical_location',
    'pdf_file_name',
    'cdr_file_name',
  ],
  invoice_files: [
    'id',
    'invoice_id',
    'kind',
    'file_name',
    'storage_key',
    'content_type',
    'size_bytes',
    'sha256',
    'created_at',
  ],
  call_detail_records: [
    'id',
    'endpoint_id',
    'invoice_id',
    'started_at',
    'record_type',
    'destination',
    'dialled_number',
    'duration',
    'bytes',
    'cost',
  ],
  usage_monthly: ['endpoint_id', 'company_id', 'month', 'cost', 'duration', 'calls', 'bytes'],
  company_usage_monthly: ['company_id', 'endpoint_type_id', 'month', 'cost', 'duration', 'calls', 'bytes'],
  site_usage_monthly: ['site_id', 'endpoint_type_id', 'month', 'cost', 'duration', 'calls', 'bytes'],
  team_usage_monthly: ['team_id', 'endpoint_type_id', 'month', 'cost', 'duration', 'calls', 'bytes'],
  unbilled_calls: ['endpoint_id', 'company_id', 'calls'],
  usage_daily: ['endpoint_id', 'company_id', 'day', 'cost', 'roaming_cost', 'duration', 'calls', 'bytes'],
  server_secrets: ['name', 'value', 'created_at'],
  email_outbox: [
    'id',
    'recipients',
    'subject',
    'text',
    'html',
    'status',
    'attempts',
    'next_attempt_at',
    'last_error',
    'request_id',
    'created_at',
    'sent_at',
  ],
  scheduled_tasks: [
    'name',
    'every_ms',
    'cron',
    'next_run_at',
    'locked_by',
    'locked_until',
    'last_run_at',
    'last_error',
  ],
  stored_files: ['id', 'key', 'folder', 'size_bytes', 'chunk_count', 'touched_at', 'stored_at'],
  stored_file_chunks: ['file_id', 'seq', 'bytes'],
  carrier_requests: [
    'id',
    'company_id',
    'endpoint_id',
    'order_item_id',
    'requested_by_user_id',
    'carrier',
    'kind',
    'payload',
    'status',
    'attempts',
    'next_attempt_at',
    'last_error',
    'carrier_reference',
    'created_at',
    'updated_at',
    'request_id',
  ],
  diagnostic_groups: ['id', 'company_id', 'endpoint_id', 'order_item_id', 'user_id', 'created_at'],
  diagnostic_test_runs: ['id', 'group_id', 'test', 'started_at', 'finished_at', 'success', 'result'],
  fault_reports: [
    'id',
    'carrier_request_id',
    'diagnostics_group_id',
    'fault_type',
    'fault_description',
    'fault_started_date',
    'speed_test_result_ids',
    'contact_name',
    'contact_number',
    'frequency',
    'router_type',
    'router_rebooted',
    'microfilters_swap_test',
    'master_socket_test',
    'non_adsl_equipment_removed',
    'intrusion_consent',
    'accept_engineering_charges',
    'reference',
    'created_at',
    'content_sha256',
    'idempotency_key',
  ],
  fault_report_images: ['id', 'fault_report_id', 'file_name', 'content_type', 'size_bytes', 'storage_key', 'sha256'],
  fault_report_uploads: ['folder', 'started_at'],
  messages: ['id', 'partner_id', 'text', 'start_date', 'end_date'],
  faqs: ['id', 'partner_id', 'title', 'text', 'sort_order'],
  refresh_tokens: [
    'id',
    'user_id',
    'family_id',
    'audience',
    'token_hash',
    'created_at',
    'idle_expires_at',
    'absolute_expires_at',
    'used_at',
    'revoked_at',
  ],
  temporary_passwords: ['user_id', 'password_hash', 'created_at', 'expires_at'],
  user_authenticators: ['user_id', 'secret_sealed', 'created_at', 'confirmed_at', 'last_used_step'],
  recovery_codes: ['id', 'user_id', 'code_hash', 'created_at', 'used_at'],
  sign_in_challenges: ['id', 'token_hash', 'user_id', 'created_at', 'expires_at', 'used_at'],
  passkeys: [
    'id',
    'user_id',
    'credential_id',
    'public_key',
    'counter',
    'transports',
    'user_handle',
    'name',
    'device_type',
    'backed_up',
    'created_at',
    'last_used_at',
  ],
  passkey_challenges: ['id', 'challenge_hash', 'purpose', 'user_id', 'user_handle', 'created_at', 'expires_at'],
  cookie_consents: ['id', 'user_id', 'is_accepted', 'consent_date', 'recorded_at', 'policy_version'],
  sso_connections: [
    'id',
    'company_id',
    'issuer',
    'client_id',
    'client_secret_sealed',
    'group_mappings',
    'approved_at',
    'approved_by_user_id',
    'created_at',
    'updated_at',
  ],
  sso_email_domains: ['domain', 'connection_id'],
  sso_identities: ['connection_id', 'subject', 'user_id', 'provisioned', 'last_sign_in_at'],
  sso_sign_ins: ['state', 'connection_id', 'browser_hash', 'code_verifier', 'nonce', 'login', 'expires_at'],
  company_sign_in_policies: [
    'company_id',
    'two_step_required',
    'single_sign_on_only',
    'break_glass_user_id',
    'passkey_sign_in',
    'updated_at',
  ],
  sign_in_sessions: [
    'family_id',
    'user_id',
    'method',
    'second_factor',
    'address',
    'user_agent',
    'started_at',
    'last_active_at',
  ],
  view_as_sessions: [
    'session_id',
    'user_id',
    'staff_user_id',
    'staff_session_id',
    'reason',
    'started_at',
    'ends_at',
    'ended_at',
  ],
  alert_rules: [
    'id',
    'company_id',
    'name',
    'scope',
    'site_id',
    'team_id',
    'endpoint_id',
    'applies_to',
    'measure',
    'period',
    'threshold',
    'notify_emails',
    'action',
    'enabled',
    'created_by_user_id',
    'created_at',
    'updated_at',
  ],
  alert_rule_users: ['rule_id', 'user_id'],
  alert_firings: [
    'id',
    'rule_id',
    'company_id',
    'period_start',
    'endpoint_id',
    'value',
    'threshold',
    'carrier_request_id',
    'fired_at',
  ],
  notifications: [
    'id',
    'user_id',
    'company_id',
    'kind',
    'title',
    'body',
    'rule_id',
    'firing_id',
    'endpoint_id',
    'bar_kind',
    'bar_request_id',
    'undo_request_id',
    'read_at',
    'created_at',
  ],
  report_subscriptions: [
    'id',
    'user_id',
    'kind',
    'format',
    'frequency',
    'send_to_me',
    'emails',
    'paused',
    'next_run_at',
    'last_run_at',
    'last_error',
    'stopped_reason',
    'created_at',
    'updated_at',
  ],
  email_attachments: ['id', 'email_id', 'file_name', 'content_type', 'content'],
  demo_data: ['size', 'seed', 'anchor_date', 'loaded_at'],
  audit_log: [
    'id',
    'occurred_at',
    'actor_user_id',
    'request_id',
    'table_name',
    'operation',
    'row_key',
    'before',
    'after',
    'action',
    'company_ids',
    'on_behalf_of_user_id',
  ],
  audit_company_trail: ['company_id', 'occurred_at', 'audit_id'],
} as const satisfies { [T in keyof Database]: ReadonlyArray<keyof Database[T] & string> };

type UnlistedColumns = {
  [T in keyof Database]: Exclude<keyof Database[T], (typeof databaseColumns)[T][number]>;
}[keyof Database];
/** Fails to compile when a table type gains a column that databaseColumns does not list. */
export const everyColumnListed: [UnlistedColumns] extends [never] ? true : never = true;
