/** Typed errors: any layer throws these; the HTTP error handler turns them into the envelope and a status. */
import { MESSAGES } from '@tagih/contract';

export class AppError extends Error {
  readonly statusCode: number;
  readonly data: unknown;
  readonly errorCode: number | undefined;
  readonly headers: Record<string, string>;
  constructor(
    statusCode: number,
    message: string,
    opts: { data?: unknown; errorCode?: number; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.statusCode = statusCode;
    this.data = opts.data ?? null;
    this.errorCode = opts.errorCode;
    this.headers = opts.headers ?? {};
  }
}

export class Invalid extends AppError {
  constructor(message: string, errors?: Record<string, string>) {
    super(400, message, { data: errors ? { errors } : null });
  }
}
export class Unauthorized extends AppError {
  constructor(message: string = MESSAGES.sessionInvalid, errorCode?: number) {
    super(401, message, errorCode === undefined ? {} : { errorCode });
  }
}
export class Forbidden extends AppError {
  constructor(message: string = MESSAGES.forbidden, data?: unknown) {
    super(403, message, { data });
  }
}
export class NotFound extends AppError {
  constructor(message: string = MESSAGES.notFound) {
    super(404, message);
  }
}
export class Conflict extends AppError {
  constructor(message: string, errors?: Record<string, string>) {
    super(409, message, { data: errors ? { errors } : null });
  }
}
export class TooManyRequests extends AppError {
  constructor(message: string, retryAfterSeconds: number) {
    super(429, message, {
      headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
    });
  }
}
