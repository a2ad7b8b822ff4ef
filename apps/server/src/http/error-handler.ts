/** One place turns every error into the envelope and an HTTP status; 5xx text is hidden. */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MESSAGES } from '@tagih/contract';
import { failure } from './envelope.ts';
import { AppError } from '../shared/errors.ts';
import { asDatabaseUnavailable } from '../db/connection-errors.ts';

interface ValidationItem {
  keyword?: string;
  instancePath?: string;
  message?: string;
  params?: { keys?: string[] };
}

/** Field -> message from the validator's issues; unknown fields are named. */
export function fieldErrors(issues: ValidationItem[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const item of issues) {
    if (item.keyword === 'unrecognized_keys') {
      for (const key of item.params?.keys ?? []) errors[key] = `Unknown field '${key}'`;
      continue;
    }
    const field = (item.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.') || '_';
    errors[field] ??= item.message ?? MESSAGES.invalidRequest;
  }
  return errors;
}

/**
 * Errors the router raises before any route is chosen (Fastify's `frameworkErrors`): a broken %
 * escape in the path (400), a path segment over the length limit (414). The envelope too.
 */
export function frameworkErrorHandler(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const statusCode = error.statusCode ?? 500;
  const message =
    statusCode === 414
      ? MESSAGES.urlSegmentTooLong
      : statusCode < 500
        ? MESSAGES.malformedUrl
        : MESSAGES.internalError;
  void reply.code(statusCode).header('cache-control', 'no-store').send(failure(message));
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((thrown: FastifyError | AppError, request, reply) => {
    // A lost, refused or too slow database is a 503 (try again), not a 500.
    const error = asDatabaseUnavailable(thrown) ?? thrown;
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error(error);
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send(failure(error.message, error.data, error.errorCode));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrors(error.validation as never);
      const [first] = Object.entries(errors);
      const message = first
        ? `${first[0] === '_' ? '' : `${first[0]}: `}${first[1]}`
        : MESSAGES.invalidRequest;
      return reply.code(400).send(failure(message, { errors }));
    }
    const statusCode = error.statusCode ?? 500;
    if (statusCode === 413) return reply.code(413).send(failure(MESSAGES.bodyTooLarge));
    if (statusCode === 429) {
      return reply
        .code(429)
        .headers({ 'retry-after': String(reply.getHeader('retry-after') ?? 60) })
        .send(failure(MESSAGES.tooManyRequests));
    }
    if (statusCode >= 400 && statusCode < 500) {
      return reply.code(statusCode).send(failure(error.message || MESSAGES.invalidRequest));
    }
    request.log.error(error);
    return reply.code(500).send(failure(MESSAGES.internalError));
  });
}
