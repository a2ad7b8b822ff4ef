/**
 * The one fetch client: base '/api', token in the Authentication header, envelope
 * unwrapping, and forced logout on HTTP 401 or a body with errorCode 411 (spec §4, §7).
 */
import { API_BASE, SESSION_ERROR_CODE, type Envelope } from '@tagih/contract';
import { expireSession, getToken } from './session.ts';

export class ApiError extends Error {
  /** HTTP status; 0 when the request never got an answer. */
  readonly httpStatus: number;
  /** The envelope, when the server answered with one. */
  readonly envelope: Envelope<unknown> | undefined;

  constructor(message: string, httpStatus: number, envelope?: Envelope<unknown>) {
    super(message);
    this.name = 'ApiError';
    this.httpStatus = httpStatus;
    this.envelope = envelope;
  }

  /** True when the server answered with an error envelope (as opposed to a network failure). */
  get isServerAnswer(): boolean {
    return this.envelope !== undefined;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** A query string without '?', e.g. from listQueryString(). */
  query?: string;
  /** JSON-serialised, or sent as multipart when FormData. */
  body?: unknown;
  /** Sign-in answers 401 for bad credentials: that is not an ended session. */
  skipSessionCheck?: boolean;
  signal?: AbortSignal;
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    'status' in value &&
    typeof (value as { status: unknown }).status === 'object'
  );
}

export async function apiRequest<T>(
  path: string,
  options: RequestOptions = {},
): Promise<Envelope<T>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  if (token) headers.Authentication = token;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const url = `${API_BASE}${path}${options.query ? `?${options.query}` : ''}`;

  let response: Response;
  try {
    response = await fetch(url, {
      method: options.method ?? 'GET',
      headers,
      body,
      credentials: 'omit',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(error instanceof Error ? error.message : 'Network error', 0);
  }

  const payload: unknown = await response.json().catch(() => undefined);
  const envelope = isEnvelope(payload) ? (payload as Envelope<T>) : undefined;
  const sessionEnded =
    response.status === 401 ||
    (envelope?.status.error && envelope.status.errorCode === SESSION_ERROR_CODE);
  if (sessionEnded && !options.skipSessionCheck) expireSession();

  if (!envelope)
    throw new ApiError(response.statusText || `HTTP ${response.status}`, response.status);
  if (!response.ok || envelope.status.error) {
    throw new ApiError(envelope.status.message || response.statusText, response.status, envelope);
  }
  return envelope;
}

/** The message to show for a failed call: the server's, else the HTTP one, else a fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/** True when the error means the session is gone (the client has already logged out). */
export function isSessionError(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return (
    error.httpStatus === 401 ||
    Boolean(error.envelope?.status.error && error.envelope.status.errorCode === SESSION_ERROR_CODE)
  );
}
