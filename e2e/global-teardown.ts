import {
  E2E_DATABASES_ONLY,
  E2E_PORTS,
  dropPostgresDatabase,
  postgresDatabaseName,
} from './support/databases.ts';

/** Drops the PostgreSQL e2e database (the SQLite one lives in a temp folder), unless this run had no part in it. */
export default function globalTeardown(): void {
  if (E2E_DATABASES_ONLY === 'sqlite') return;
  dropPostgresDatabase(postgresDatabaseName(E2E_PORTS.postgres));
}
