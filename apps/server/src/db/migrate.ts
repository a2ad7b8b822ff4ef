/** Runs the migrations at start; a failure stops the process (migrations fail loudly). */
import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as initialSchema from './migrations/0001-initial-schema.ts';
import * as transactionsListCover from './migrations/0002-transactions-list-cover.ts';

const MIGRATIONS: Record<string, Migration> = {
  '0001-initial-schema': initialSchema,
  '0002-transactions-list-cover': transactionsListCover,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/** `schema`: the PostgreSQL schema the tables live in, when not the default one (tests use one each). */
export async function migrateToLatest(db: Kysely<any>, schema?: string): Promise<void> {
  const migrator = new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
