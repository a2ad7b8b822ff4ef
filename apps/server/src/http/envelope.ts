/** Builds the response envelope of spec §3. */
import { z } from 'zod';
import type { Envelope } from '@tagih/contract';

export function ok<T>(data: T, message = 'Success'): Envelope<T> {
  return { status: { error: 0, message }, data };
}

export function failure(message: string, data: unknown = null, errorCode?: number): Envelope<unknown> {
  return { status: errorCode === undefined ? { error: 1, message } : { error: 1, message, errorCode }, data };
}

/** Response schema for OpenAPI: the envelope around a data schema. */
export const envelopeOf = <T extends z.ZodType>(data: T) =>
  z.object({
    status: z.object({ error: z.number(), message: z.string(), errorCode: z.number().optional() }),
    data,
  });
