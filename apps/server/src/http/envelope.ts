/** Builds the response envelope of spec §3 (its schema is the contract's `envelopeSchema`). */
import { MESSAGES, type Envelope } from '@tagih/contract';

export function ok<T>(data: T, message: string = MESSAGES.ok): Envelope<T> {
  return { status: { error: 0, message }, data };
}

export function failure(
  message: string,
  data: unknown = null,
  errorCode?: number,
): Envelope<unknown> {
  return {
    status: errorCode === undefined ? { error: 1, message } : { error: 1, message, errorCode },
    data,
  };
}
