/**
 * A client's (merchant's) SNAP API access: POST its RSA public key to get a client id and a client
 * secret (shown once; calling again replaces both keys and secret), DELETE to revoke.
 */
import { z } from 'zod';
import { MESSAGES } from '../messages.ts';

/** A PEM public key is a few hundred characters; this bounds what the server parses. */
export const PUBLIC_KEY_MAX_LENGTH = 16_384;

export const clientApiAccessBody = z.strictObject({
  publicKey: z
    .string()
    .trim()
    .min(1, MESSAGES.clientApiKeyInvalid)
    .max(PUBLIC_KEY_MAX_LENGTH, MESSAGES.clientApiKeyInvalid),
});
export type ClientApiAccessBody = z.infer<typeof clientApiAccessBody>;

/** What the merchant configures: X-CLIENT-KEY / X-PARTNER-ID, and the HMAC key of its service calls. */
export const clientApiAccess = z.object({ clientId: z.string(), clientSecret: z.string() });
export type ClientApiAccess = z.infer<typeof clientApiAccess>;
