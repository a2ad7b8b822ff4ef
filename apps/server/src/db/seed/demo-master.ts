/** Demo master data: two company groups, four companies (one inactive), clients, an Admin and a Staff user. */
import type { Kysely } from 'kysely';
import { hashPassword } from '../../security/passwords.ts';
import { auditOnCreate } from '../audit.ts';
import type { Database } from '../tables.ts';
import { ADMIN_USER_ID, SYSTEM_USER } from './base.ts';

export const DEMO_USERS = [
  { userId: 'rina.admin@tagih.id', username: 'rina', roleId: 2, label: 'Admin' },
  { userId: 'budi.staff@tagih.id', username: 'budi', roleId: 3, label: 'Staff' },
] as const;

const GROUPS = [
  {
    grcpName: 'Nusantara Retail Group',
    grcpNickName: 'NRG',
    grcpAddress: 'Jl. Sudirman No. 10',
    grcpCity: 'Jakarta',
    grcpTelp: '0215550101',
    grcpFax: '(021) 5550102',
  },
  {
    grcpName: 'Sinar Digital Group',
    grcpNickName: 'SDG',
    grcpAddress: 'Jl. Asia Afrika No. 8',
    grcpCity: 'Bandung',
    grcpTelp: '0225550201',
    grcpFax: '(022) 5550202',
  },
];

const COMPANIES = [
  {
    group: 0,
    compName: 'PT Toko Maju',
    compAddress: 'Jl. Thamrin No. 1',
    compPhone: '0215550111',
    compPIC: 'Andi Wijaya',
    compPICPhone: '081255501111',
    compStatus: 1,
  },
  {
    group: 0,
    compName: 'PT Kopi Kita',
    compAddress: 'Jl. Kemang Raya No. 5',
    compPhone: '0215550122',
    compPIC: 'Sari Dewi',
    compPICPhone: '081255501222',
    compStatus: 1,
  },
  {
    group: 1,
    compName: 'PT Sinar Pay',
    compAddress: 'Jl. Braga No. 20',
    compPhone: '0225550133',
    compPIC: 'Dimas Putra',
    compPICPhone: '081255501333',
    compStatus: 1,
  },
  {
    group: 1,
    compName: 'PT Lama Tutup',
    compAddress: 'Jl. Dago No. 99',
    compPhone: '0225550144',
    compPIC: 'Wati Lestari',
    compPICPhone: '081255501444',
    compStatus: 0,
  },
];

export interface DemoMasterResult {
  created: boolean;
  users: { username: string; label: string }[];
}

export interface DemoMasterOptions {
  demoPassword: string;
  /** The demo users must change the seeded password at the first sign-in (PASSWORD_POLICY=pci: somebody else set it). */
  mustChangePassword?: boolean | undefined;
  now: string;
}

export async function seedDemoMaster(
  db: Kysely<Database>,
  opts: DemoMasterOptions,
): Promise<DemoMasterResult> {
  const users = DEMO_USERS.map((u) => ({ username: u.username, label: u.label }));
  const existing = await db
    .selectFrom('company_groups')
    .select('grcpId')
    .where('grcpName', '=', GROUPS[0]!.grcpName)
    .executeTakeFirst();
  if (existing) return { created: false, users };
  const passwordHash = await hashPassword(opts.demoPassword);
  const audit = <P extends string>(p: P) => auditOnCreate(p, SYSTEM_USER, opts.now);

  await db.transaction().execute(async (tx) => {
    const groupIds: number[] = [];
    for (const g of GROUPS) {
      const row = await tx
        .insertInto('company_groups')
        .values({ ...g, ...audit('grcp') })
        .returning('grcpId')
        .executeTakeFirstOrThrow();
      groupIds.push(row.grcpId);
    }
    const companyIds: number[] = [];
    for (const [i, c] of COMPANIES.entries()) {
      const client = await tx
        .insertInto('clients')
        .values({
          clntName: `${c.compName} Store`,
          clntCallbackUrl: null,
          clntSecret: `demo-secret-${i + 1}`,
          ...audit('clnt'),
        })
        .returning('clntid')
        .executeTakeFirstOrThrow();
      const { group, ...company } = c;
      const row = await tx
        .insertInto('companies')
        .values({
          ...company,
          compGrcpId: groupIds[group]!,
          compClientId: client.clntid,
          compFileId: null,
          ...audit('comp'),
        })
        .returning('compId')
        .executeTakeFirstOrThrow();
      companyIds.push(row.compId);
    }
    for (const u of DEMO_USERS) {
      await tx
        .insertInto('users')
        .values({ userId: u.userId, userStatus: 1, ...audit('user') })
        .execute();
      await tx
        .insertInto('user_logins')
        .values({
          usloUserId: u.userId,
          usloUserName: u.username,
          usloPassword: passwordHash,
          ...audit('uslo'),
          ...(opts.mustChangePassword ? { usloMustChangePassword: 1 } : {}),
        })
        .execute();
      await tx
        .insertInto('user_roles')
        .values({ usroUserId: u.userId, usroRoleId: u.roleId, ...audit('usro') })
        .execute();
    }
    // The admin (Superadmin) may pick any company; the links show in User Company too.
    const links: [string, number[]][] = [
      [ADMIN_USER_ID, companyIds],
      [DEMO_USERS[0].userId, companyIds],
      [DEMO_USERS[1].userId, companyIds.slice(0, 2)],
    ];
    for (const [userId, ids] of links) {
      for (const compId of ids)
        await tx
          .insertInto('user_companies')
          .values({ uscoUserId: userId, uscoCompId: compId, ...audit('usco') })
          .execute();
    }
  });
  return { created: true, users };
}
