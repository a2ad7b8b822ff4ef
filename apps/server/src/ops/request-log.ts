/**
 * The request lines of the log: Fastify's "incoming request" and "request completed" lines are
 * written at `debug` (LOG_LEVEL=debug shows them; at the default `info` a terminal stays readable),
 * while an errored request ("request errored", error) and a 5xx answer ("request failed", warn)
 * are always kept, with everything the handlers log themselves. Requests named quiet (demo
 * traffic: demo/demo-traffic.ts) leave out their routine lines even at debug.
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

export type QuietRequest = (request: FastifyRequest) => boolean;

class RequestLogController extends LogController {
  private readonly quiet: QuietRequest | undefined;

  constructor(quiet: QuietRequest | undefined) {
    super();
    this.quiet = quiet;
  }

  override incomingRequest(request: FastifyRequest): void {
    if (this.quiet?.(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      reply.log.error(
        { res: reply, err: error, responseTime: reply.elapsedTime },
        'request errored',
      );
      return;
    }
    if (reply.statusCode >= 500) {
      reply.log.warn(
        { req: request, res: reply, responseTime: reply.elapsedTime },
        'request failed',
      );
      return;
    }
    if (this.quiet?.(request)) return;
    reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/** Fastify's `logController` option: request lines at debug, failures kept, `quiet` requests without routine lines. */
export function requestLogController(quiet?: QuietRequest): LogController {
  return new RequestLogController(quiet);
}
