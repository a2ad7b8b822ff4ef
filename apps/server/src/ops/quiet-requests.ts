/**
 * Requests whose routine log lines are left out: Fastify's "incoming request" and "request
 * completed" lines are skipped for them, while an errored request, a 5xx answer and everything the
 * handlers log themselves are kept. Demo mode uses it for the demo traffic (demo/demo-traffic.ts).
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

export type QuietRequest = (request: FastifyRequest) => boolean;

class QuietLogController extends LogController {
  private readonly quiet: QuietRequest;

  constructor(quiet: QuietRequest) {
    super();
    this.quiet = quiet;
  }

  override incomingRequest(request: FastifyRequest, reply: FastifyReply): void {
    if (this.quiet(request)) return;
    super.incomingRequest(request, reply);
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (!error && reply.statusCode < 500 && this.quiet(request)) return;
    super.requestCompleted(error, request, reply);
  }
}

/** Fastify's `logController` option for `quiet`. */
export function quietLogController(quiet: QuietRequest): LogController {
  return new QuietLogController(quiet);
}
