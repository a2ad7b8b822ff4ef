import { E2E_PORTS, dropPostgresDatabase, postgresDatabaseName } from './support/databases.ts';

/** Drops the PostgreSQL e2e database (the SQLite one lives in a temp folder). */
export default function globalTeardown(): void {
  dropPostgresDatabase(postgresDatabaseName(E2E_PORTS.postgres));
}
