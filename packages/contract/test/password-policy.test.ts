import { describe, expect, it } from 'vitest';
import {
  MESSAGES,
  accountLoginForm,
  passwordChangeMessage,
  passwordPolicyIssue,
} from '../src/index.ts';

const issues = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (result.success ? [] : result.error!.issues.map((i) => [i.path.join('.'), i.message]));

describe('password policy rules (one source for server and form)', () => {
  it('spec adds nothing to the field rules', () => {
    expect(passwordPolicyIssue('spec', 'abc', 'budi')).toBeNull();
    expect(passwordPolicyIssue('spec', 'budi', 'budi')).toBeNull();
  });

  it('pci: 12 characters, letters and digits, not containing the username (case aside)', () => {
    expect(passwordPolicyIssue('pci', 'Kopi-2026ab', 'budi')).toBe(MESSAGES.passwordPciTooShort);
    expect(passwordPolicyIssue('pci', 'only-letters-here', 'budi')).toBe(
      MESSAGES.passwordPciLettersAndDigits,
    );
    expect(passwordPolicyIssue('pci', '123456789012345', 'budi')).toBe(
      MESSAGES.passwordPciLettersAndDigits,
    );
    expect(passwordPolicyIssue('pci', 'BUDI.staff2026', 'budi.Staff2026')).toBe(
      MESSAGES.passwordPciIsUsername,
    );
    expect(passwordPolicyIssue('pci', 'admin1234567', 'admin')).toBe(
      MESSAGES.passwordPciIsUsername,
    );
    expect(passwordPolicyIssue('pci', '2026-ADMIN-kopi', ' Admin ')).toBe(
      MESSAGES.passwordPciIsUsername,
    );
    expect(passwordPolicyIssue('pci', 'Kopi-Tubruk-2026', 'budi')).toBeNull();
    expect(passwordPolicyIssue('spec', 'admin1234567', 'admin')).toBeNull();
  });

  it('the Manage Account form asks for the current password under pci when something changes', () => {
    const pci = accountLoginForm('pci', 'budi');
    expect(issues(pci.safeParse({ usloUserName: 'budi', usloPassword: '' }))).toEqual([]);
    expect(issues(pci.safeParse({ usloUserName: 'budi2', usloPassword: '' }))).toEqual([
      ['currentPassword', MESSAGES.currentPasswordRequired],
    ]);
    expect(issues(pci.safeParse({ usloUserName: 'budi', usloPassword: 'short-1' }))).toEqual([
      ['usloPassword', MESSAGES.passwordPciTooShort],
      ['currentPassword', MESSAGES.currentPasswordRequired],
    ]);
    expect(
      issues(
        pci.safeParse({
          usloUserName: 'budi',
          usloPassword: 'Kopi-Tubruk-2026',
          currentPassword: 'x',
        }),
      ),
    ).toEqual([]);
    const spec = accountLoginForm('spec', 'budi');
    expect(issues(spec.safeParse({ usloUserName: 'budi2', usloPassword: 'abc123' }))).toEqual([]);
  });

  it('says why a password must be changed', () => {
    expect(passwordChangeMessage('expired')).toBe(MESSAGES.passwordExpired);
    expect(passwordChangeMessage('set-by-other')).toBe(MESSAGES.passwordMustChange);
  });
});
