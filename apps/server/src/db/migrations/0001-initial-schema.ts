/** The whole schema of spec §3, plus sessions and sign-in throttling. Frozen: never edit, add a new migration. */
import {
  PostgresAdapter,
  type ColumnDefinitionBuilder,
  type CreateTableBuilder,
  type Kysely,
} from 'kysely';

type Table = CreateTableBuilder<any, any>;

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const ts = pg ? 'timestamptz' : 'text';
  const money = 'bigint';

  const id = (t: Table, name: string, big = false): Table =>
    pg
      ? t.addColumn(name, big ? 'bigserial' : 'serial', (c) => c.primaryKey())
      : t.addColumn(name, 'integer', (c) => c.primaryKey().autoIncrement());
  const ref = (
    t: Table,
    name: string,
    table: string,
    column: string,
    opts: { nullable?: boolean; cascade?: boolean; big?: boolean } = {},
  ): Table =>
    t.addColumn(name, opts.big ? 'bigint' : 'integer', (c: ColumnDefinitionBuilder) => {
      let col = c.references(`${table}.${column}`);
      if (opts.cascade) col = col.onDelete('cascade');
      return opts.nullable ? col : col.notNull();
    });
  const userRef = (t: Table, name: string, cascade = false): Table =>
    t.addColumn(name, 'varchar(50)', (c) => {
      const col = c.notNull().references('users.userId');
      return cascade ? col.onDelete('cascade') : col;
    });
  const audit = (t: Table, p: string): Table =>
    t
      .addColumn(`${p}CreatedTime`, ts)
      .addColumn(`${p}CreatedUserId`, 'varchar(50)')
      .addColumn(`${p}UpdatedTime`, ts)
      .addColumn(`${p}UpdatedUserId`, 'varchar(50)');

  await audit(
    db.schema
      .createTable('users')
      .addColumn('userId', 'varchar(50)', (c) => c.primaryKey())
      .addColumn('userStatus', 'integer', (c) => c.notNull().defaultTo(1)),
    'user',
  ).execute();

  await audit(
    userRef(id(db.schema.createTable('user_logins'), 'usloId'), 'usloUserId', true)
      .addColumn('usloUserName', 'varchar(50)', (c) => c.notNull())
      .addColumn('usloPassword', 'varchar(255)', (c) => c.notNull())
      .addUniqueConstraint('user_logins_user_unique', ['usloUserId'])
      .addUniqueConstraint('user_logins_username_unique', ['usloUserName']),
    'uslo',
  ).execute();

  await audit(
    id(db.schema.createTable('roles'), 'roleId')
      .addColumn('roleName', 'varchar(50)', (c) => c.notNull())
      .addUniqueConstraint('roles_name_unique', ['roleName']),
    'role',
  ).execute();

  await audit(
    id(db.schema.createTable('permissions'), 'prmsId')
      .addColumn('prmsName', 'varchar(50)', (c) => c.notNull())
      .addColumn('prmsOperations', 'varchar(100)', (c) => c.notNull())
      .addUniqueConstraint('permissions_name_unique', ['prmsName']),
    'prms',
  ).execute();

  await audit(
    ref(
      ref(id(db.schema.createTable('role_permissions'), 'rperId'), 'rperRoleId', 'roles', 'roleId'),
      'rperPrmsId',
      'permissions',
      'prmsId',
    )
      .addColumn('rperOperations', 'varchar(100)', (c) => c.notNull())
      .addUniqueConstraint('role_permissions_pair_unique', ['rperRoleId', 'rperPrmsId']),
    'rper',
  ).execute();

  await audit(
    ref(
      userRef(id(db.schema.createTable('user_roles'), 'usroId'), 'usroUserId'),
      'usroRoleId',
      'roles',
      'roleId',
    ).addUniqueConstraint('user_roles_pair_unique', ['usroUserId', 'usroRoleId']),
    'usro',
  ).execute();

  await audit(
    id(db.schema.createTable('company_groups'), 'grcpId')
      .addColumn('grcpName', 'varchar(50)', (c) => c.notNull())
      .addColumn('grcpNickName', 'varchar(50)', (c) => c.notNull())
      .addColumn('grcpAddress', 'varchar(100)', (c) => c.notNull())
      .addColumn('grcpCity', 'varchar(50)', (c) => c.notNull())
      .addColumn('grcpTelp', 'varchar(15)', (c) => c.notNull())
      .addColumn('grcpFax', 'varchar(20)', (c) => c.notNull())
      .addUniqueConstraint('company_groups_name_unique', ['grcpName']),
    'grcp',
  ).execute();

  await audit(
    id(db.schema.createTable('clients'), 'clntid')
      .addColumn('clntName', 'varchar(100)', (c) => c.notNull())
      .addColumn('clntCallbackUrl', 'varchar(500)')
      .addColumn('clntSecret', 'varchar(200)', (c) => c.notNull()),
    'clnt',
  ).execute();

  await audit(
    ref(
      ref(
        id(db.schema.createTable('companies'), 'compId'),
        'compGrcpId',
        'company_groups',
        'grcpId',
      ),
      'compClientId',
      'clients',
      'clntid',
      { nullable: true },
    )
      .addColumn('compName', 'varchar(50)', (c) => c.notNull())
      .addColumn('compAddress', 'varchar(100)', (c) => c.notNull())
      .addColumn('compPhone', 'varchar(15)', (c) => c.notNull())
      .addColumn('compPIC', 'varchar(50)', (c) => c.notNull())
      .addColumn('compPICPhone', 'varchar(15)', (c) => c.notNull())
      .addColumn('compStatus', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('compFileId', 'integer')
      .addUniqueConstraint('companies_name_unique', ['compName']),
    'comp',
  ).execute();
  await db.schema.createIndex('companies_group_idx').on('companies').column('compGrcpId').execute();

  await audit(
    ref(
      userRef(id(db.schema.createTable('user_companies'), 'uscoId'), 'uscoUserId'),
      'uscoCompId',
      'companies',
      'compId',
    ).addUniqueConstraint('user_companies_pair_unique', ['uscoUserId', 'uscoCompId']),
    'usco',
  ).execute();
  await db.schema
    .createIndex('user_companies_comp_idx')
    .on('user_companies')
    .column('uscoCompId')
    .execute();
  await db.schema
    .createIndex('user_roles_role_idx')
    .on('user_roles')
    .column('usroRoleId')
    .execute();
  await db.schema
    .createIndex('role_permissions_prms_idx')
    .on('role_permissions')
    .column('rperPrmsId')
    .execute();

  await ref(
    ref(
      id(db.schema.createTable('transactions'), 'trctId', true),
      'trctCompId',
      'companies',
      'compId',
    ),
    'trctClntId',
    'clients',
    'clntid',
  )
    .addColumn('trctType', 'varchar(4)', (c) => c.notNull())
    .addColumn('trctOrderId', 'varchar(64)', (c) => c.notNull())
    .addColumn('trctBank', 'varchar(20)')
    .addColumn('trctVirtualAccountNo', 'varchar(40)')
    .addColumn('trctVirtualAccountName', 'varchar(100)')
    .addColumn('trctQrName', 'varchar(100)')
    .addColumn('trctQrBank', 'varchar(20)')
    .addColumn('trctTotalAmount', money)
    .addColumn('trctTotalAmountPaid', money)
    .addColumn('trctStatus', 'varchar(2)', (c) => c.notNull())
    .addColumn('trctCreatedTime', ts, (c) => c.notNull())
    .addColumn('trctLunasTime', ts)
    .addColumn('trctUpdatedTime', ts)
    .addUniqueConstraint('transactions_client_order_unique', ['trctClntId', 'trctOrderId'])
    .execute();
  // The list screens: one company, one type, newest first; by date, by status, by order id.
  await db.schema
    .createIndex('transactions_list_idx')
    .on('transactions')
    .columns(['trctCompId', 'trctType', 'trctCreatedTime'])
    .execute();
  await db.schema
    .createIndex('transactions_status_idx')
    .on('transactions')
    .columns(['trctCompId', 'trctType', 'trctStatus', 'trctCreatedTime'])
    .execute();
  await db.schema
    .createIndex('transactions_order_idx')
    .on('transactions')
    .columns(['trctCompId', 'trctOrderId'])
    .execute();

  await ref(
    id(db.schema.createTable('transaction_va'), 'trvaId', true),
    'trvaTrctId',
    'transactions',
    'trctId',
    { big: true, cascade: true },
  )
    .addColumn('trvaPartnerServiceId', 'varchar(8)', (c) => c.notNull())
    .addColumn('trvaCustomerNo', 'varchar(20)', (c) => c.notNull())
    .addColumn('trvaVirtualAccountNo', 'varchar(40)', (c) => c.notNull())
    .addColumn('trvaVirtualAccountName', 'varchar(100)')
    .addColumn('trvaExpiredDate', ts)
    .addUniqueConstraint('transaction_va_trct_unique', ['trvaTrctId'])
    .execute();

  await ref(
    id(db.schema.createTable('transaction_qr'), 'trqrId', true),
    'trqrTrctId',
    'transactions',
    'trctId',
    { big: true, cascade: true },
  )
    .addColumn('trqrReferenceNo', 'varchar(64)')
    .addColumn('trqrMerchantId', 'varchar(64)')
    .addColumn('trqrTotalAmount', money)
    .addColumn('trqrCreatedTime', ts)
    .addColumn('trqrExpiredDate', ts)
    .addUniqueConstraint('transaction_qr_trct_unique', ['trqrTrctId'])
    .execute();

  await ref(
    ref(
      id(db.schema.createTable('notifications'), 'notiId', true),
      'notiTrctId',
      'transactions',
      'trctId',
      { big: true },
    ),
    'notiCompId',
    'companies',
    'compId',
  )
    .addColumn('notiOrderId', 'varchar(64)')
    .addColumn('notiStatus', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('notiCreatedTime', ts, (c) => c.notNull())
    .addColumn('notiUpdatedTime', ts)
    .addColumn('notiAttempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('notiNextAttemptAt', ts)
    .addColumn('notiLockedUntil', ts)
    .addUniqueConstraint('notifications_trct_unique', ['notiTrctId'])
    .execute();
  await db.schema
    .createIndex('notifications_list_idx')
    .on('notifications')
    .columns(['notiCompId', 'notiCreatedTime'])
    .execute();
  await db.schema
    .createIndex('notifications_due_idx')
    .on('notifications')
    .columns(['notiStatus', 'notiNextAttemptAt'])
    .execute();

  await ref(
    id(db.schema.createTable('notification_history'), 'nohiId', true),
    'nohiNotiId',
    'notifications',
    'notiId',
    { big: true, cascade: true },
  )
    .addColumn('nohiRequest', 'text')
    .addColumn('nohiResponse', 'text')
    .addColumn('nohiCreatedTime', ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('notification_history_noti_idx')
    .on('notification_history')
    .column('nohiNotiId')
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('sessTokenHash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('sessUserId', 'varchar(50)', (c) =>
      c.notNull().references('users.userId').onDelete('cascade'),
    )
    .addColumn('sessCompId', 'integer', (c) =>
      c.references('companies.compId').onDelete('set null'),
    )
    .addColumn('sessCreatedTime', ts, (c) => c.notNull())
    .addColumn('sessLastSeenTime', ts, (c) => c.notNull())
    .addColumn('sessExpiresTime', ts, (c) => c.notNull())
    .addColumn('sessRevokedTime', ts)
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('sessUserId').execute();

  await db.schema
    .createTable('login_throttle')
    .addColumn('lothUsername', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('lothFailures', 'integer', (c) => c.notNull())
    .addColumn('lothLockedUntil', ts)
    .addColumn('lothUpdatedTime', ts, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'login_throttle',
    'sessions',
    'notification_history',
    'notifications',
    'transaction_qr',
    'transaction_va',
    'transactions',
    'user_companies',
    'companies',
    'clients',
    'company_groups',
    'user_roles',
    'role_permissions',
    'permissions',
    'roles',
    'user_logins',
    'users',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
