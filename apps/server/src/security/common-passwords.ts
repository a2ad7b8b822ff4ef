/**
 * The list of common and breached passwords a `pci` password must not be on: the 49,000-odd
 * entries of zxcvbn-ts's common dictionary (@zxcvbn-ts/language-common, MIT licence; drawn from
 * published password leaks), shipped in node_modules — nothing is downloaded at run time.
 * Compared without case: 'Password123' is as guessable as 'password123'.
 */
import { dictionary } from '@zxcvbn-ts/language-common';

let common: Set<string> | undefined;

function list(): Set<string> {
  common ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  return common;
}

export const commonPasswordCount = (): number => list().size;

export const isCommonPassword = (password: string): boolean =>
  list().has(password.trim().toLowerCase());
