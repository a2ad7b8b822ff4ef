/**
 * Constraint violations from either dialect, in one shape: better-sqlite3 reports
 * SQLITE_CONSTRAINT_UNIQUE / _PRIMARYKEY / _FOREIGNKEY, PostgreSQL 23505 / 23503.
 */
export type Violation = { kind: 'unique'; columns: string[] } | { kind: 'foreign-key' };

interface DriverError {
  code?: unknown;
  message?: unknown;
  detail?: unknown;
}

const bare = (column: string) =>
  column.trim().replace(/^"|"$/g, '').split('.').pop()!.replace(/^"|"$/g, '');

export function violationOf(error: unknown): Violation | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, message, detail } = error as DriverError;
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    // "UNIQUE constraint failed: role_permissions.rperRoleId, role_permissions.rperPrmsId"
    const list = /constraint failed: (.+)$/.exec(String(message))?.[1] ?? '';
    return { kind: 'unique', columns: list.split(',').filter(Boolean).map(bare) };
  }
  if (code === '23505') {
    // 'Key ("rperRoleId", "rperPrmsId")=(1, 2) already exists.'
    const list = /Key \((.+?)\)=/.exec(String(detail))?.[1] ?? '';
    return { kind: 'unique', columns: list.split(',').filter(Boolean).map(bare) };
  }
  if (code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503') return { kind: 'foreign-key' };
  return null;
}
