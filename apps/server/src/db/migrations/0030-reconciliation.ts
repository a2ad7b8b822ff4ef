/**
 * Reconciliation (modules/recon):
 * - `bank_accounts` and `bank_account_companies`: the accounts statements are for, and the companies
 *   whose payments settle into each (a master resource).
 * - `recon_statements`: each imported file, unique per account and file hash (the same file again
 *   adds nothing, also when two uploads race).
 * - `recon_lines`: each statement line, unique per account and fingerprint (the same line in
 *   another file adds nothing).
 * - `recon_matches`: a transaction matched to a line by a named rule; unique per transaction.
 * - `recon_breaks`: one row per unmatched line (unique) and per unmatched paid transaction
 *   (unique among those without a line), with the nearest candidate and the differences.
 * - `recon_break_events`: what happened to each break (detected, matched, operators' actions).
 * - An index to find VA bills by their full VA number, and the two new permission areas granted
 *   to the Superadmin role on databases seeded before they existed.
 * Frozen: never edit, add a new migration.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

const AREAS = ['master_bank_account', 'reconciliation'];
const ALL = '["read","create","update","delete"]';
const SUPERADMIN_ROLE_ID = 1;

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const ts = pg ? 'timestamptz' : 'text';
  const serial = (t: any, name: string) =>
    pg
      ? t.addColumn(name, 'serial', (c: any) => c.primaryKey())
      : t.addColumn(name, 'integer', (c: any) => c.primaryKey().autoIncrement());

  await serial(db.schema.createTable('bank_accounts'), 'baccId')
    .addColumn('baccBank', 'varchar(20)', (c: any) => c.notNull())
    .addColumn('baccAccountNo', 'varchar(34)', (c: any) => c.notNull())
    .addColumn('baccName', 'varchar(50)', (c: any) => c.notNull())
    .addColumn('baccCsvMapping', 'text')
    .addColumn('baccCreatedTime', ts)
    .addColumn('baccCreatedUserId', 'varchar(50)')
    .addColumn('baccUpdatedTime', ts)
    .addColumn('baccUpdatedUserId', 'varchar(50)')
    .addUniqueConstraint('bank_accounts_number_unique', ['baccBank', 'baccAccountNo'])
    .execute();

  await db.schema
    .createTable('bank_account_companies')
    .addColumn('bacoBaccId', 'integer', (c) =>
      c.notNull().references('bank_accounts.baccId').onDelete('cascade'),
    )
    .addColumn('bacoCompId', 'integer', (c) => c.notNull().references('companies.compId'))
    .addPrimaryKeyConstraint('bank_account_companies_pk', ['bacoBaccId', 'bacoCompId'])
    .execute();
  await db.schema
    .createIndex('bank_account_companies_comp_idx')
    .on('bank_account_companies')
    .column('bacoCompId')
    .execute();

  await serial(db.schema.createTable('recon_statements'), 'stmtId')
    .addColumn('stmtBaccId', 'integer', (c: any) => c.notNull().references('bank_accounts.baccId'))
    .addColumn('stmtFormat', 'varchar(20)', (c: any) => c.notNull())
    .addColumn('stmtFileName', 'varchar(255)')
    .addColumn('stmtFileHash', 'varchar(64)', (c: any) => c.notNull())
    .addColumn('stmtReference', 'varchar(35)')
    .addColumn('stmtFromDay', 'varchar(10)')
    .addColumn('stmtToDay', 'varchar(10)')
    .addColumn('stmtFromAt', ts)
    .addColumn('stmtToAt', ts)
    .addColumn('stmtLines', 'integer', (c: any) => c.notNull())
    .addColumn('stmtSkippedLines', 'integer', (c: any) => c.notNull())
    .addColumn('stmtCredits', 'integer', (c: any) => c.notNull())
    .addColumn('stmtMatched', 'integer', (c: any) => c.notNull())
    .addColumn('stmtBalanceChecked', 'integer', (c: any) => c.notNull())
    .addColumn('stmtResult', 'text', (c: any) => c.notNull())
    .addColumn('stmtCreatedTime', ts, (c: any) => c.notNull())
    .addColumn('stmtCreatedUserId', 'varchar(50)')
    .addColumn('stmtCreatedUsername', 'varchar(255)')
    .addUniqueConstraint('recon_statements_file_unique', ['stmtBaccId', 'stmtFileHash'])
    .execute();
  await db.schema
    .createIndex('recon_statements_cover_idx')
    .on('recon_statements')
    .columns(['stmtBaccId', 'stmtFromAt', 'stmtToAt'])
    .execute();

  await serial(db.schema.createTable('recon_lines'), 'stlnId')
    .addColumn('stlnStmtId', 'integer', (c: any) =>
      c.notNull().references('recon_statements.stmtId'),
    )
    .addColumn('stlnBaccId', 'integer', (c: any) => c.notNull().references('bank_accounts.baccId'))
    .addColumn('stlnFingerprint', 'varchar(64)', (c: any) => c.notNull())
    .addColumn('stlnFileLine', 'integer', (c: any) => c.notNull())
    .addColumn('stlnDay', 'varchar(10)', (c: any) => c.notNull())
    .addColumn('stlnDayStart', ts, (c: any) => c.notNull())
    .addColumn('stlnDayEnd', ts, (c: any) => c.notNull())
    .addColumn('stlnDirection', 'varchar(1)', (c: any) => c.notNull())
    .addColumn('stlnAmountMinor', 'bigint', (c: any) => c.notNull())
    .addColumn('stlnReference', 'varchar(64)')
    .addColumn('stlnNarrative', 'varchar(500)', (c: any) => c.notNull())
    .addColumn('stlnMatchRule', 'varchar(20)')
    .addUniqueConstraint('recon_lines_fingerprint_unique', ['stlnBaccId', 'stlnFingerprint'])
    .execute();
  await db.schema
    .createIndex('recon_lines_statement_idx')
    .on('recon_lines')
    .columns(['stlnStmtId', 'stlnId'])
    .execute();
  await db.schema
    .createIndex('recon_lines_day_idx')
    .on('recon_lines')
    .columns(['stlnBaccId', 'stlnDayStart'])
    .execute();

  await serial(db.schema.createTable('recon_matches'), 'rmatId')
    .addColumn('rmatLineId', 'integer', (c: any) => c.notNull().references('recon_lines.stlnId'))
    .addColumn('rmatTrctId', 'bigint', (c: any) =>
      c.notNull().references('transactions.trctId').onDelete('cascade'),
    )
    .addColumn('rmatRule', 'varchar(20)', (c: any) => c.notNull())
    .addColumn('rmatCreatedTime', ts, (c: any) => c.notNull())
    .addColumn('rmatCreatedUserId', 'varchar(50)')
    .addUniqueConstraint('recon_matches_trct_unique', ['rmatTrctId'])
    .execute();
  await db.schema
    .createIndex('recon_matches_line_idx')
    .on('recon_matches')
    .column('rmatLineId')
    .execute();

  await serial(db.schema.createTable('recon_breaks'), 'rbrkId')
    .addColumn('rbrkBaccId', 'integer', (c: any) => c.notNull().references('bank_accounts.baccId'))
    .addColumn('rbrkStmtId', 'integer', (c: any) => c.references('recon_statements.stmtId'))
    .addColumn('rbrkLineId', 'integer', (c: any) => c.references('recon_lines.stlnId'))
    .addColumn('rbrkTrctId', 'bigint', (c: any) =>
      c.references('transactions.trctId').onDelete('cascade'),
    )
    .addColumn('rbrkCompId', 'integer', (c: any) => c.references('companies.compId'))
    .addColumn('rbrkCategory', 'varchar(20)', (c: any) => c.notNull())
    .addColumn('rbrkAt', ts, (c: any) => c.notNull())
    .addColumn('rbrkCandidateTrctId', 'bigint', (c: any) =>
      c.references('transactions.trctId').onDelete('set null'),
    )
    .addColumn('rbrkDifferences', 'text', (c: any) => c.notNull())
    .addColumn('rbrkStatus', 'varchar(10)', (c: any) => c.notNull())
    .addColumn('rbrkResolution', 'varchar(10)')
    .addColumn('rbrkReason', 'varchar(500)')
    .addColumn('rbrkResolvedTime', ts)
    .addColumn('rbrkResolvedUserId', 'varchar(50)')
    .addColumn('rbrkResolvedUsername', 'varchar(255)')
    .addColumn('rbrkCreatedTime', ts, (c: any) => c.notNull())
    .addColumn('rbrkUpdatedTime', ts, (c: any) => c.notNull())
    .execute();
  await db.schema
    .createIndex('recon_breaks_line_unique')
    .on('recon_breaks')
    .column('rbrkLineId')
    .unique()
    .where(sql.ref('rbrkLineId'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('recon_breaks_trct_unique')
    .on('recon_breaks')
    .column('rbrkTrctId')
    .unique()
    .where(sql.ref('rbrkLineId'), 'is', null)
    .execute();
  await db.schema
    .createIndex('recon_breaks_trct_idx')
    .on('recon_breaks')
    .column('rbrkTrctId')
    .execute();
  await db.schema
    .createIndex('recon_breaks_queue_idx')
    .on('recon_breaks')
    .columns(['rbrkStatus', 'rbrkCategory', 'rbrkAt'])
    .execute();
  await db.schema
    .createIndex('recon_breaks_comp_idx')
    .on('recon_breaks')
    .columns(['rbrkCompId', 'rbrkId'])
    .execute();
  await db.schema
    .createIndex('recon_breaks_account_idx')
    .on('recon_breaks')
    .columns(['rbrkBaccId', 'rbrkId'])
    .execute();

  await serial(db.schema.createTable('recon_break_events'), 'rbevId')
    .addColumn('rbevBreakId', 'integer', (c: any) =>
      c.notNull().references('recon_breaks.rbrkId').onDelete('cascade'),
    )
    .addColumn('rbevAt', ts, (c: any) => c.notNull())
    .addColumn('rbevAction', 'varchar(20)', (c: any) => c.notNull())
    .addColumn('rbevUserId', 'varchar(50)')
    .addColumn('rbevUsername', 'varchar(255)')
    .addColumn('rbevReason', 'varchar(500)')
    .addColumn('rbevOutcome', 'varchar(20)')
    .addColumn('rbevDetails', 'text')
    .execute();
  await db.schema
    .createIndex('recon_break_events_break_idx')
    .on('recon_break_events')
    .columns(['rbevBreakId', 'rbevId'])
    .execute();

  await db.schema
    .createIndex('transaction_va_number_idx')
    .on('transaction_va')
    .column('trvaVirtualAccountNo')
    .execute();

  // New databases get the areas from the base seed (which runs after the migrations, once roles exist).
  const superadmin = await db
    .selectFrom('roles')
    .select('roleId')
    .where('roleId', '=', SUPERADMIN_ROLE_ID)
    .executeTakeFirst();
  if (!superadmin) return;
  const now = new Date().toISOString();
  for (const area of AREAS) {
    let permission = await db
      .selectFrom('permissions')
      .select('prmsId')
      .where('prmsName', '=', area)
      .executeTakeFirst();
    if (!permission) {
      await db
        .insertInto('permissions')
        .values({
          prmsName: area,
          prmsOperations: ALL,
          prmsCreatedTime: now,
          prmsCreatedUserId: 'system',
          prmsUpdatedTime: now,
          prmsUpdatedUserId: 'system',
        })
        .execute();
      permission = await db
        .selectFrom('permissions')
        .select('prmsId')
        .where('prmsName', '=', area)
        .executeTakeFirstOrThrow();
    }
    await db
      .insertInto('role_permissions')
      .values({
        rperRoleId: SUPERADMIN_ROLE_ID,
        rperPrmsId: permission.prmsId,
        rperOperations: ALL,
        rperCreatedTime: now,
        rperCreatedUserId: 'system',
        rperUpdatedTime: now,
        rperUpdatedUserId: 'system',
      })
      .onConflict((oc) => oc.columns(['rperRoleId', 'rperPrmsId']).doNothing())
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('transaction_va_number_idx').execute();
  for (const table of [
    'recon_break_events',
    'recon_breaks',
    'recon_matches',
    'recon_lines',
    'recon_statements',
    'bank_account_companies',
    'bank_accounts',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
