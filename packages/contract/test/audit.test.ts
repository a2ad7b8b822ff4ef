import { describe, expect, it } from 'vitest';
import {
  API_PATHS,
  AREAS,
  AUDIT_ACTIONS,
  AUDIT_ACTION_NAMES,
  AUDIT_AREA,
  AUDIT_CSV_COLUMNS,
  auditEventRow,
  auditResource,
  fillPath,
  parseListQuery,
} from '../src/index.ts';

describe('audit trail contract', () => {
  it('names every action of the audit issue once', () => {
    for (const action of [
      'auth.login.succeeded',
      'auth.login.failed',
      'auth.locked',
      'auth.unlocked',
      'auth.logout',
      'auth.company.selected',
      'account.credentials.changed',
      'master.user.created',
      'master.role_permission.deleted',
      'master.company.updated',
      'transaction.exported',
      'transaction.inquired',
      'notification.resent',
      'audit.viewed',
      'audit.exported',
      'audit.purged',
      'access.denied',
      'auth.2fa.enabled',
      'auth.2fa.disabled',
      'auth.2fa.failed',
      'auth.2fa.reset',
      'bulk.started',
      'bulk.cancelled',
    ]) {
      expect(AUDIT_ACTION_NAMES).toContain(action);
    }
    expect(new Set(AUDIT_ACTION_NAMES).size).toBe(AUDIT_ACTION_NAMES.length);
    expect(AUDIT_ACTIONS.master.user_login.updated).toBe('master.user_login.updated');
  });

  it('is an area of its own, with its paths, and fields that are the row and CSV columns', () => {
    expect(AREAS).toContain(AUDIT_AREA);
    expect(fillPath(API_PATHS.audit.one, { audtId: 7 })).toBe('/audit/7');
    const rowFields = Object.keys(auditEventRow.shape).sort();
    expect(auditResource.fields.map((f) => f.name).sort()).toEqual(rowFields);
    expect(AUDIT_CSV_COLUMNS.map((c) => c.field).sort()).toEqual(rowFields);
  });

  it('parses the audit list query with the one list parser', () => {
    const parsed = parseListQuery(
      { 'finds[audtAction][equal]': 'audit.viewed', from: '2026-11-01' },
      auditResource,
      ['from', 'to'],
    );
    expect(parsed).toMatchObject({
      ok: true,
      value: {
        order: { field: 'audtId', direction: 'desc' },
        filters: [{ field: 'audtAction', op: 'equal', value: 'audit.viewed' }],
      },
    });
    expect(parseListQuery({ orderField: 'audtDetails' }, auditResource)).toEqual({
      ok: false,
      message: "Unknown order field 'audtDetails'",
    });
  });
});
