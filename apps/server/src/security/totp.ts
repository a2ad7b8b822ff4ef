/**
 * TOTP (RFC 6238: HMAC-SHA-1, 30-second steps, 6 digits) through `otpauth`, on the time the
 * caller gives (deps.clock), and one-time recovery codes. Pure: no I/O, no configuration.
 *
 * Recovery codes carry 80 random bits (16 base32 characters), so a plain SHA-256 of the code is
 * enough at rest: unlike a password there is nothing to guess from, and a fast hash lets a code be
 * found among the user's ten without ten argon2 runs.
 */
import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Codes of the step before and after the current one are accepted too (clock drift). */
const WINDOW = 1;
export const TOTP_ISSUER = 'Tagih';
/** Where a sealed TOTP secret lives: part of its authenticated data (security/secret-box.ts). */
export const TOTP_SECRET_CONTEXT = 'user_two_factor.utfaSecret';

const totpOf = (secretBase32: string, label = '') =>
  new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });

/** A new random secret (160 bits, RFC 4226's recommendation), in base32 as authenticator apps take it. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The otpauth:// address a QR code carries. */
export const otpauthUrl = (secretBase32: string, account: string): string =>
  totpOf(secretBase32, account).toString();

/** The 30-second step a time falls in. */
export const totpStep = (at: Date): number => Math.floor(at.getTime() / 1000 / TOTP_PERIOD_SECONDS);

/** The code of a secret at a time (tests, and nothing else in the product). */
export const totpCodeAt = (secretBase32: string, at: Date): string =>
  totpOf(secretBase32).generate({ timestamp: at.getTime() });

/** The step whose code this is (within one step of `at`), or null when the code does not match. */
export function matchTotpStep(secretBase32: string, code: string, at: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secretBase32).validate({
    token: code,
    timestamp: at.getTime(),
    window: WINDOW,
  });
  return delta === null ? null : totpStep(at) + delta;
}

/** A new recovery code as shown: 16 base32 characters in four groups (xxxx-xxxx-xxxx-xxxx), 80 bits. */
export function newRecoveryCode(): string {
  const text = new Secret({ buffer: randomBytes(10).buffer }).base32.toLowerCase();
  return text.match(/.{4}/g)!.join('-');
}

/** What a recovery code is stored as: SHA-256 hex of the code without dashes, spaces or case. */
export const hashRecoveryCode = (code: string): string =>
  createHash('sha256')
    .update(code.replace(/[\s-]+/g, '').toLowerCase())
    .digest('hex');

/** Whether a typed code looks like a recovery code rather than a 6-digit TOTP code. */
export const looksLikeRecoveryCode = (code: string): boolean =>
  !/^\d{6}$/.test(code.replace(/\s+/g, ''));
