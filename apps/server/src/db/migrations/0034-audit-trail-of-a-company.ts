import { type Kysely, sql } from 'kysely';
import { runStatements } from './run-statements.js';

/*
 * A company's audit trail (issue 27, docs/decisions/0221).
 * - company_ids: the companies a row of the log belongs to, so a customer's administrators can read their own
 *   company's trail without reading anyone else's. The trigger fills it for row changes (audit_companies_of) and
 *   recordEvent for events (audit_event_companies); existing rows are filled the same way below.
 * - on_behalf_of_user_id: the customer's user a reseller's staff member was viewing the portal as (read-only view as
 *   customer); actor_user_id is then the staff member, so every such access is recorded under both identities.
 *   Writes take it from the transaction setting portal.on_behalf_of_user_id, as they take the actor.
 * - The AuditLog functionality code (Read), which reads the trail; the Company Administrator profile and its users
 *   get it, as migration 0032 gave them SpendAlerts.
 * - audit_company_trail: each row of the log once per company it belongs to, keyed (company_id, occurred_at,
 *   audit_id), so a company's page of the trail newest first is a backward read of its own part of one index,
 *   whatever the company's share of the log. A GIN index on company_ids with an index on the time was measured and
 *   refused: the planner reads newest first and keeps a small company's rows, 0.6 s for a company of 10 rows in
 *   a log of a million (docs/decisions/0221). Filled by a trigger on audit_log, so the row trigger, recordEvent
 *   and anything else that writes the log fill it alike.
 */

/**
 * The companies a changed row belongs to, from the row itself (new, or old for a delete): its company_id (both when
 * an update moved it), a company's own id, else the company of the record its keys name (site, team, line, order,
 * order item, rule, invoice, contract, fault report, carrier request), else a user's companies (users rows and rows
 * keyed by user_id). Each step is at most one primary-key read; a key whose record is gone (a delete cascading from
 * it) falls through to the next. Partner-wide rows (partners, messages, FAQs, profiles) belong to no company: null.
 */
const companiesOf = `CREATE FUNCTION audit_companies_of(tbl text, new_row jsonb, old_row jsonb) RETURNS integer[]
  LANGUAGE plpgsql AS $$
  DECLARE
    r jsonb := coalesce(new_row, old_row);
    found integer[];
    user_key integer;
  BEGIN
    IF r IS NULL THEN
      RETURN NULL;
    END IF;
    IF tbl = 'companies' THEN
      RETURN ARRAY[(r ->> 'id')::integer];
    END IF;
    IF r ->> 'company_id' IS NOT NULL THEN
      IF new_row ->> 'company_id' <> old_row ->> 'company_id' THEN
        RETURN ARRAY[(old_row ->> 'company_id')::integer, (new_row ->> 'company_id')::integer];
      END IF;
      RETURN ARRAY[(r ->> 'company_id')::integer];
    END IF;
    IF r ->> 'site_id' IS NOT NULL THEN
      SELECT ARRAY[company_id] INTO found FROM sites WHERE id = (r ->> 'site_id')::integer;
      IF found IS NOT NULL THEN RETURN found; END IF;
    END IF;
    IF r ->> 'team_id' IS NOT NULL THEN
      SELECT ARRAY[company_id] INTO found FROM teams WHERE id = (r ->> 'team_id')::integer;
      IF found IS NOT NULL THEN RETURN found; END IF;
    END IF;
    IF r ->> 'endpoint_id' IS NOT NULL THEN
      SELECT ARRAY[company_id] INTO found FROM endpoints WHERE id = (r ->> 'endpoint_id')::integer;
      IF found IS NOT NULL THEN RETURN found; END IF;
    END IF;
    IF r ->> 'order_id' IS NOT NULL THEN
      SELECT ARRAY[company_id] INTO found FROM orders WHERE id = (r ->> 'order_id')::integer;
      IF found IS NOT NULL THEN RETURN found; END IF;
    END IF;
    IF r ->> 'order_item_id' IS NOT NULL THEN
      SELECT ARRAY[company_id] INTO found FROM order_items WHERE id = (r ->> 'order_item_id')::integer;
      IF found IS NOT NULL THEN RETURN found; END IF;
    END IF;
    IF r ->> 'rule_id' IS NOT NULL THEN
      SELECT ARRAY[company_id] INTO found FROM alert_rules WHERE id = (r ->> 'rule_id')::integer;
      IF found IS NOT NULL THEN RETURN found; END IF;
    END IF;
    IF r ->> 'invoice_id' IS NOT NULL THEN
      SELECT ARRAY[company_id] INTO found FROM invoices WHERE id = (r ->> 'invoice_id')::integer;
      IF found IS NOT NULL THEN RETURN found; END IF;
    END IF;
    IF r ->> 'contract_id' IS NOT NULL THEN
      SELECT ARRAY[e.company_id] INTO found
        FROM contracts c JOIN endpoints e ON e.id = c.endpoint_id WHERE c.id = (r ->> 'contract_id')::integer;
      IF found IS NOT NULL THEN RETURN found; END IF;
    END IF;
    IF r ->> 'fault_report_id' IS NOT NULL THEN
      SELECT ARRAY[cr.company_id] INTO found
        FROM fault_reports f JOIN carrier_requests cr ON cr.id = f.carrier_request_id
        WHERE f.id = (r ->> 'fault_report_id')::integer;
      IF found IS NOT NULL THEN RETURN found; END IF;
    END IF;
    IF r ->> 'carrier_request_id' IS NOT NULL THEN
      SELECT ARRAY[company_id] INTO found FROM carrier_requests WHERE id = (r ->> 'carrier_request_id')::integer;
      IF found IS NOT NULL THEN RETURN found; END IF;
    END IF;
    user_key := CASE WHEN tbl = 'users' THEN (r ->> 'id')::integer ELSE (r ->> 'user_id')::integer END;
    IF user_key IS NULL THEN
      RETURN NULL;
    END IF;
    SELECT array_agg(company_id ORDER BY company_id) INTO found FROM user_companies WHERE user_id = user_key;
    IF found IS NULL AND tbl = 'users' AND new_row IS NULL THEN
      -- A deleted user's memberships are gone by cascade before this runs: users_companies_kept kept them.
      found := nullif(current_setting('portal.companies_of_deleted_user_' || user_key, true), '')::integer[];
    END IF;
    RETURN found;
  END $$`;

/**
 * The companies an event belongs to (recordEvent, and the backfill): those of the record it names, else the
 * acting user's (a sign-in, a password change); null for someone unknown (a failed sign-in of no account).
 */
const eventCompanies = `CREATE FUNCTION audit_event_companies(tbl text, row_key jsonb, actor integer) RETURNS integer[]
  LANGUAGE sql AS $$
    SELECT coalesce(
      audit_companies_of(tbl, row_key, NULL),
      (SELECT array_agg(company_id ORDER BY company_id) FROM user_companies WHERE user_id = actor)
    )
  $$`;

/**
 * Before a user is deleted, their companies, for the delete's audit row: the cascade removes the memberships before
 * the row's AFTER trigger runs. Kept for the transaction only; skipped by bulk loads like the audit itself.
 */
const keepDeletedUsersCompanies = [
  `CREATE FUNCTION users_companies_kept() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      IF current_setting('portal.bulk_load', true) IS DISTINCT FROM 'on' THEN
        PERFORM set_config('portal.companies_of_deleted_user_' || OLD.id,
          coalesce((SELECT array_agg(company_id ORDER BY company_id) FROM user_companies WHERE user_id = OLD.id)::text, ''),
          true);
      END IF;
      RETURN OLD;
    END $$`,
  `CREATE TRIGGER users_companies_kept BEFORE DELETE ON users FOR EACH ROW EXECUTE FUNCTION users_companies_kept()`,
];

/** Migration 0001's trigger function with the row's companies and the viewed-as user. */
const auditRow = `CREATE OR REPLACE FUNCTION audit_row() RETURNS trigger
  LANGUAGE plpgsql AS $$
  DECLARE
    secrets text[] := ARRAY['password_hash', 'password', 'token_hash'];
    old_row jsonb := CASE WHEN TG_OP <> 'INSERT' THEN to_jsonb(OLD) - secrets END;
    new_row jsonb := CASE WHEN TG_OP <> 'DELETE' THEN to_jsonb(NEW) - secrets END;
    key_source jsonb := coalesce(new_row, old_row);
  BEGIN
    IF current_setting('portal.bulk_load', true) = 'on' THEN
      RETURN NULL;
    END IF;
    IF TG_OP = 'UPDATE' AND old_row = new_row THEN
      RETURN NULL;
    END IF;
    INSERT INTO audit_log (actor_user_id, request_id, table_name, operation, row_key, before, after, company_ids,
                           on_behalf_of_user_id)
    VALUES (
      nullif(current_setting('portal.actor_user_id', true), '')::integer,
      nullif(current_setting('portal.request_id', true), ''),
      TG_TABLE_NAME,
      TG_OP,
      CASE WHEN key_source ? 'id' THEN jsonb_build_object('id', key_source -> 'id')
           ELSE (SELECT jsonb_object_agg(k, key_source -> k) FROM unnest(TG_ARGV) AS k) END,
      old_row,
      new_row,
      audit_companies_of(TG_TABLE_NAME, new_row, old_row),
      nullif(current_setting('portal.on_behalf_of_user_id', true), '')::integer
    );
    RETURN NULL;
  END $$`;

const statements = [
  'ALTER TABLE audit_log ADD COLUMN company_ids integer[]',
  'ALTER TABLE audit_log ADD COLUMN on_behalf_of_user_id integer',
  companiesOf,
  eventCompanies,
  auditRow,
  ...keepDeletedUsersCompanies,
  // Existing rows, as the trigger and recordEvent would have written them (memberships as they are now).
  `UPDATE audit_log SET company_ids = audit_companies_of(table_name, after, before)
    WHERE operation IS NOT NULL AND company_ids IS NULL`,
  `UPDATE audit_log SET company_ids = audit_event_companies(table_name, row_key, actor_user_id)
    WHERE action IS NOT NULL AND company_ids IS NULL`,
  `CREATE TABLE audit_company_trail (
    company_id integer NOT NULL,
    occurred_at timestamptz NOT NULL,
    audit_id bigint NOT NULL REFERENCES audit_log (id) ON DELETE CASCADE,
    PRIMARY KEY (company_id, occurred_at, audit_id)
  )`,
  'CREATE INDEX audit_company_trail_audit ON audit_company_trail (audit_id)',
  `INSERT INTO audit_company_trail (company_id, occurred_at, audit_id)
    SELECT DISTINCT unnest(company_ids), occurred_at, id FROM audit_log WHERE company_ids IS NOT NULL`,
  `CREATE FUNCTION audit_company_trail_row() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO audit_company_trail (company_id, occurred_at, audit_id)
        SELECT DISTINCT company, NEW.occurred_at, NEW.id FROM unnest(NEW.company_ids) AS company
        WHERE company IS NOT NULL;
      RETURN NULL;
    END $$`,
  `CREATE TRIGGER audit_log_company_trail AFTER INSERT ON audit_log
    FOR EACH ROW WHEN (NEW.company_ids IS NOT NULL) EXECUTE FUNCTION audit_company_trail_row()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, statements);
  await sql`INSERT INTO functionality (code, description, access_type) VALUES ('AuditLog', 'Audit log', 'Read')`.execute(
    db,
  );
  await sql`INSERT INTO profile_functionality (profile_id, functionality_id)
            SELECT p.id, f.id FROM profiles p JOIN functionality f ON f.code = 'AuditLog'
            WHERE p.name = 'Company Administrator'`.execute(db);
  await sql`INSERT INTO user_functionality (user_id, functionality_id)
            SELECT u.id, f.id FROM users u
              JOIN profiles p ON p.id = u.profile_id AND p.name = 'Company Administrator'
              JOIN functionality f ON f.code = 'AuditLog'
            ON CONFLICT DO NOTHING`.execute(db);
}
