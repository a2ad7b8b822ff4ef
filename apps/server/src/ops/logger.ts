/**
 * One JSON logger for the whole process (pino, as Fastify uses): main.ts logs with it before
 * the app exists and hands it to Fastify, so every line of a run is JSON. Secrets that could
 * reach a log object by mistake are censored by path.
 */
import type { FastifyBaseLogger } from 'fastify';
import { pino, type Logger } from 'pino';

const REDACTED = [
  'req.headers.authorization',
  'req.headers.authentication',
  'req.headers.cookie',
  'password',
  '*.password',
  'token',
  '*.token',
];

export function createLogger(level: string): Logger {
  return pino({ level, redact: { paths: REDACTED, censor: '[redacted]' } });
}

/** Fastify's logging options: none, a logger of our own at `level`, or the one main.ts made. */
export function fastifyLogging(
  logger: boolean | Logger | undefined,
  level: string,
): { logger: false } | { loggerInstance: FastifyBaseLogger } {
  if (!logger) return { logger: false };
  return { loggerInstance: logger === true ? createLogger(level) : logger };
}
