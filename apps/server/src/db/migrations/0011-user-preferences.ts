/**
 * A user's own table preferences: `user_column_choices` (the columns they show on a
 * screen, in order, as JSON) and `saved_views` (a named list state: the URL query and the
 * columns), one name per user and screen. Frozen: never edit, add a new migration.
 */
import { PostgresAdapter, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const ts = pg ? 'timestamptz' : 'text';
  await db.schema
    .createTable('user_column_choices')
    .addColumn('uccoUserId', 'varchar(50)', (c) =>
      c.notNull().references('users.userId').onDelete('cascade'),
    )
    .addColumn('uccoScreen', 'varchar(40)', (c) => c.notNull())
    .addColumn('uccoColumns', 'text', (c) => c.notNull())
    .addColumn('uccoUpdatedTime', ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('user_column_choices_pk', ['uccoUserId', 'uccoScreen'])
    .execute();
  let views = db.schema.createTable('saved_views');
  views = pg
    ? views.addColumn('svvwId', 'serial', (c) => c.primaryKey())
    : views.addColumn('svvwId', 'integer', (c) => c.primaryKey().autoIncrement());
  await views
    .addColumn('svvwUserId', 'varchar(50)', (c) =>
      c.notNull().references('users.userId').onDelete('cascade'),
    )
    .addColumn('svvwScreen', 'varchar(40)', (c) => c.notNull())
    .addColumn('svvwName', 'varchar(60)', (c) => c.notNull())
    .addColumn('svvwQuery', 'varchar(1000)', (c) => c.notNull())
    .addColumn('svvwColumns', 'text')
    .addColumn('svvwUpdatedTime', ts, (c) => c.notNull())
    .addUniqueConstraint('saved_views_name_uq', ['svvwUserId', 'svvwScreen', 'svvwName'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('saved_views').execute();
  await db.schema.dropTable('user_column_choices').execute();
}
