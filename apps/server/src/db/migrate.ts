import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import { syncCarrierRegistry } from './carrier-registry.js';
import * as initialSchema from './migrations/0001-initial-schema.js';
import * as functionalityAndProfiles from './migrations/0002-functionality-and-profiles.js';
import * as signIn from './migrations/0003-sign-in.js';
import * as usageRollups from './migrations/0004-usage-rollups.js';
import * as searchIndexes from './migrations/0005-search-indexes.js';
import * as temporaryPasswords from './migrations/0006-temporary-passwords.js';
import * as diagnostics from './migrations/0007-diagnostics.js';
import * as faultReports from './migrations/0008-fault-reports.js';
import * as faultReportGroupKey from './migrations/0009-fault-report-group-key.js';
import * as faultReportRepeatsAndQuota from './migrations/0010-fault-report-repeats-and-quota.js';
import * as userNameKey from './migrations/0011-user-name-key.js';
import * as firstPassword from './migrations/0012-first-password.js';
import * as carrierRegistry from './migrations/0013-carrier-registry.js';
import * as unbilledVoiceIndex from './migrations/0014-unbilled-voice-index.js';
import * as principalChangeNotices from './migrations/0015-principal-change-notices.js';
import * as companyMembershipNotices from './migrations/0016-company-membership-notices.js';
import * as unbilledCallsRollup from './migrations/0017-unbilled-calls-rollup.js';
import * as userEndpointsCompany from './migrations/0018-user-endpoints-company.js';
import * as searchWithinCompany from './migrations/0019-search-within-company.js';
import * as teamUsageRollup from './migrations/0020-team-usage-rollup.js';
import * as serverSecrets from './migrations/0021-server-secrets.js';
import * as emailOutbox from './migrations/0022-email-outbox.js';
import * as storedFiles from './migrations/0023-stored-files.js';
import * as carrierRequestIds from './migrations/0024-carrier-request-ids.js';
import * as scheduledTasks from './migrations/0025-scheduled-tasks.js';
import * as twoStepVerification from './migrations/0026-two-step-verification.js';
import * as ssoConnections from './migrations/0027-sso-connections.js';
import * as companySignInPolicies from './migrations/0028-company-sign-in-policies.js';
import * as signInSessions from './migrations/0029-sign-in-sessions.js';
import * as passkeys from './migrations/0030-passkeys.js';
import * as usageDaily from './migrations/0031-usage-daily.js';
import * as spendAlerts from './migrations/0032-spend-alerts.js';
import * as reportSubscriptions from './migrations/0033-report-subscriptions.js';
import * as auditTrailOfACompany from './migrations/0034-audit-trail-of-a-company.js';
import * as partnerLogos from './migrations/0035-partner-logos.js';
import * as viewAsCustomer from './migrations/0036-view-as-customer.js';
import type { Database } from './schema.js';

// Migrations are imported, not read from disk, so the bundled server carries them. Names sort in order.
const migrations: Record<string, Migration> = {
  '0001-initial-schema': initialSchema,
  '0002-functionality-and-profiles': functionalityAndProfiles,
  '0003-sign-in': signIn,
  '0004-usage-rollups': usageRollups,
  '0005-search-indexes': searchIndexes,
  '0006-temporary-passwords': temporaryPasswords,
  '0007-diagnostics': diagnostics,
  '0008-fault-reports': faultReports,
  '0009-fault-report-group-key': faultReportGroupKey,
  '0010-fault-report-repeats-and-quota': faultReportRepeatsAndQuota,
  '0011-user-name-key': userNameKey,
  '0012-first-password': firstPassword,
  '0013-carrier-registry': carrierRegistry,
  '0014-unbilled-voice-index': unbilledVoiceIndex,
  '0015-principal-change-notices': principalChangeNotices,
  '0016-company-membership-notices': companyMembershipNotices,
  '0017-unbilled-calls-rollup': unbilledCallsRollup,
  '0018-user-endpoints-company': userEndpointsCompany,
  '0019-search-within-company': searchWithinCompany,
  '0020-team-usage-rollup': teamUsageRollup,
  '0021-server-secrets': serverSecrets,
  '0022-email-outbox': emailOutbox,
  '0023-stored-files': storedFiles,
  '0024-carrier-request-ids': carrierRequestIds,
  '0025-scheduled-tasks': scheduledTasks,
  '0026-two-step-verification': twoStepVerification,
  '0027-sso-connections': ssoConnections,
  '0028-company-sign-in-policies': companySignInPolicies,
  '0029-sign-in-sessions': signInSessions,
  '0030-passkeys': passkeys,
  '0031-usage-daily': usageDaily,
  '0032-spend-alerts': spendAlerts,
  '0033-report-subscriptions': reportSubscriptions,
  '0034-audit-trail-of-a-company': auditTrailOfACompany,
  '0035-partner-logos': partnerLogos,
  '0036-view-as-customer': viewAsCustomer,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export type MigrationReport = { applied: string[] };

/**
 * Brings the schema to the newest version, each migration in its own transaction, then the carrier reference rows
 * to the registry (a carrier added to it needs no migration).
 */
export async function migrateToLatest<T>(db: Kysely<T>): Promise<MigrationReport> {
  const migrator = new Migrator({ db: db as unknown as Kysely<unknown>, provider });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) {
    const failed = results.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  await (db as unknown as Kysely<Database>).transaction().execute((trx) => syncCarrierRegistry(trx));
  return { applied: results.filter((r) => r.status === 'Success').map((r) => r.migrationName) };
}
