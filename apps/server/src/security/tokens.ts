/** Opaque session tokens: 256 random bits, stored only as a SHA-256 hash. */
import { createHash, randomBytes } from 'node:crypto';

export const newToken = (): string => randomBytes(32).toString('base64url');
export const hashToken = (token: string): string =>
  createHash('sha256').update(token).digest('hex');
export const randomPassword = (): string => randomBytes(12).toString('base64url');
