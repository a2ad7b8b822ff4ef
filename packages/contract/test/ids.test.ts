import { describe, expect, it } from 'vitest';
import {
  MAX_BIG_ID,
  MAX_ID,
  bulkPreviewRequest,
  companyCreateBody,
  companyUpdateBody,
  pathId,
  readPathId,
  requiredId,
  userRoleCreateBody,
} from '../src/index.ts';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error!.issues[0]!.message;

describe('ids on the wire', () => {
  describe('a path segment', () => {
    it.each(['1', '42', String(MAX_ID)])('takes %s', (text) => {
      expect(pathId().parse(text)).toBe(Number(text));
    });

    it.each([
      '0',
      '-1',
      '01',
      '1.5',
      '1e3',
      '0x10',
      ' 1',
      '1 ',
      'true',
      '',
      '+1',
      String(MAX_ID + 1),
      '99999999999999999999',
      '9'.repeat(400),
    ])('refuses %j with the range', (text) => {
      expect(messageOf(pathId().safeParse(text))).toBe(
        'must be a whole number from 1 to 2147483647',
      );
    });

    it('reaches further for bigint columns, never past the integers JavaScript holds exactly', () => {
      expect(pathId(MAX_BIG_ID).parse('2147483648')).toBe(2147483648);
      expect(pathId(MAX_BIG_ID).parse(String(MAX_BIG_ID))).toBe(MAX_BIG_ID);
      expect(messageOf(pathId(MAX_BIG_ID).safeParse('9007199254740992'))).toBe(
        'must be a whole number from 1 to 9007199254740991',
      );
    });
  });

  it('reads a path segment without zod by the same rule (readPathId, for the screens)', () => {
    const texts = [
      '1',
      '42',
      String(MAX_ID),
      '0',
      '-1',
      '01',
      '1.5',
      '1e3',
      '0x10',
      ' 1',
      '1 ',
      'true',
      '',
      '+1',
      String(MAX_ID + 1),
      String(MAX_BIG_ID),
      '9007199254740992',
      '9'.repeat(400),
    ];
    for (const max of [MAX_ID, MAX_BIG_ID]) {
      for (const text of texts) {
        const parsed = pathId(max).safeParse(text);
        expect(readPathId(text, max), `${text} up to ${max}`).toBe(
          parsed.success ? parsed.data : null,
        );
      }
    }
    expect(readPathId(undefined)).toBeNull();
  });

  describe('an id in a body', () => {
    const role = requiredId('Role');

    it('takes a JSON integer or its digits as text (a select)', () => {
      expect(role.parse(3)).toBe(3);
      expect(role.parse('3')).toBe(3);
      expect(role.parse(MAX_ID)).toBe(MAX_ID);
    });

    it.each([
      true,
      false,
      1.5,
      '1.5',
      0,
      -1,
      '',
      ' ',
      'abc',
      '1e3',
      '0x10',
      [],
      [1],
      {},
      { id: 1 },
      null,
      undefined,
      Number.NaN,
    ])('refuses %j as missing', (value) => {
      expect(messageOf(role.safeParse(value))).toBe('Role is required');
    });

    it.each([MAX_ID + 1, '2147483648', '99999999999999999999', 1e20])(
      'refuses %j as out of range',
      (value) => {
        expect(messageOf(role.safeParse(value))).toBe('Role is invalid');
      },
    );

    it('never takes true as role 1', () => {
      expect(
        userRoleCreateBody.safeParse({ usroUserId: 'budi.staff@tagih.id', usroRoleId: true })
          .success,
      ).toBe(false);
      expect(
        userRoleCreateBody.parse({ usroUserId: 'budi.staff@tagih.id', usroRoleId: 1 }).usroRoleId,
      ).toBe(1);
    });

    it('checks the primary key sent on edit and the optional file id the same way', () => {
      const company = {
        compGrcpId: 1,
        compName: 'PT Baru Jaya',
        compAddress: 'Jl. Pemuda No. 3',
        compPhone: '0315550199',
        compPIC: 'Rudi',
        compPICPhone: '081255509999',
        compStatus: 1,
        compClientId: 2,
      };
      expect(companyUpdateBody.parse({ ...company, compId: '7', compFileId: null })).toMatchObject({
        compId: 7,
        compFileId: null,
      });
      for (const bad of [true, 1.5, 0, MAX_ID + 1, [7], '7x']) {
        expect(
          companyUpdateBody.safeParse({ ...company, compId: bad }).success,
          JSON.stringify(bad),
        ).toBe(false);
        expect(
          companyCreateBody.safeParse({ ...company, compFileId: bad }).success,
          JSON.stringify(bad),
        ).toBe(false);
      }
    });

    it('takes only JSON integers that fit a bulk item as the ids of a bulk selection', () => {
      const preview = (ids: unknown[]) =>
        bulkPreviewRequest.safeParse({ action: 'inquiry', source: 'va', selection: { ids } })
          .success;
      expect(preview([1, MAX_ID])).toBe(true);
      for (const bad of [[true], ['1'], [1.5], [MAX_ID + 1], [0]])
        expect(preview(bad), JSON.stringify(bad)).toBe(false);
    });
  });
});
