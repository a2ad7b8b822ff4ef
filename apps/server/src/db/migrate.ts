/** Runs the migrations at start; a failure stops the process (migrations fail loudly). */
import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as initialSchema from './migrations/0001-initial-schema.ts';
import * as transactionsListCover from './migrations/0002-transactions-list-cover.ts';
import * as auditEvents from './migrations/0003-audit-events.ts';
import * as actionThrottle from './migrations/0004-action-throttle.ts';
import * as clientSecretSealed from './migrations/0005-client-secret-sealed.ts';
import * as loginRateLimit from './migrations/0006-login-rate-limit.ts';
import * as twoFactor from './migrations/0007-two-factor.ts';
import * as transactionRollup from './migrations/0009-transaction-rollup.ts';
import * as passwordPolicy from './migrations/0008-password-policy.ts';
import * as inquiryAttempts from './migrations/0010-inquiry-attempts.ts';
import * as userPreferences from './migrations/0011-user-preferences.ts';
import * as searchAndPaging from './migrations/0012-search-and-paging.ts';
import * as bulkActions from './migrations/0013-bulk-actions.ts';
import * as searchVaAndName from './migrations/0014-search-va-and-name.ts';
import * as storedLoweredName from './migrations/0015-stored-lowered-name.ts';
import * as keyedAuditChain from './migrations/0016-keyed-audit-chain.ts';
import * as lockoutPerAddress from './migrations/0017-lockout-per-address.ts';
import * as bulkKeyPerCompany from './migrations/0018-bulk-key-per-company.ts';
import * as snapIntake from './migrations/0022-snap-intake.ts';
import * as unpaidExpiryIndex from './migrations/0023-unpaid-expiry-index.ts';
import * as merchantSnap from './migrations/0024-merchant-snap.ts';
import * as reconciliation from './migrations/0030-reconciliation.ts';
import * as paidTimeIndex from './migrations/0031-paid-time-index.ts';
import * as statementVariant from './migrations/0032-statement-variant.ts';
import * as statementImportState from './migrations/0035-statement-import-state.ts';
import * as unqueuedIntake from './migrations/0040-unqueued-intake.ts';
import * as notificationLastAttempt from './migrations/0041-notification-last-attempt.ts';

const MIGRATIONS: Record<string, Migration> = {
  '0001-initial-schema': initialSchema,
  '0002-transactions-list-cover': transactionsListCover,
  '0003-audit-events': auditEvents,
  '0004-action-throttle': actionThrottle,
  '0005-client-secret-sealed': clientSecretSealed,
  '0006-login-rate-limit': loginRateLimit,
  '0007-two-factor': twoFactor,
  '0009-transaction-rollup': transactionRollup,
  '0008-password-policy': passwordPolicy,
  '0010-inquiry-attempts': inquiryAttempts,
  '0011-user-preferences': userPreferences,
  '0012-search-and-paging': searchAndPaging,
  '0013-bulk-actions': bulkActions,
  '0014-search-va-and-name': searchVaAndName,
  '0015-stored-lowered-name': storedLoweredName,
  '0016-keyed-audit-chain': keyedAuditChain,
  '0017-lockout-per-address': lockoutPerAddress,
  '0018-bulk-key-per-company': bulkKeyPerCompany,
  '0022-snap-intake': snapIntake,
  '0023-unpaid-expiry-index': unpaidExpiryIndex,
  '0024-merchant-snap': merchantSnap,
  '0030-reconciliation': reconciliation,
  '0031-paid-time-index': paidTimeIndex,
  '0032-statement-variant': statementVariant,
  '0035-statement-import-state': statementImportState,
  '0040-unqueued-intake': unqueuedIntake,
  '0041-notification-last-attempt': notificationLastAttempt,
};

/** The newest migration: a database that has recorded it is up to date (readiness checks this). */
export const LATEST_MIGRATION = Object.keys(MIGRATIONS).sort().at(-1)!;

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/** `schema`: the PostgreSQL schema the tables live in, when not the default one (tests use one each). */
export function migrateToLatest(db: Kysely<any>, schema?: string): Promise<void> {
  return migrateUpTo(db, LATEST_MIGRATION, schema);
}

/** Runs the migrations up to and including `last` (tests build a database as an older release left it). */
export async function migrateUpTo(db: Kysely<any>, last: string, schema?: string): Promise<void> {
  const migrator = new Migrator({
    db,
    provider,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateTo(last);
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    // No result names a migration when the database could not even be read (connection, permissions).
    const what = failed
      ? `Migration ${failed.migrationName}`
      : `Migrating to ${last} (no migration ran)`;
    throw new Error(`${what} failed: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
}
