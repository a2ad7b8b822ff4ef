/** buildApp(deps) -> a Fastify instance: the API under /api, docs at /api/docs, the web app at /. */
import Fastify, { type FastifyInstance, type FastifySchema } from 'fastify';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { MESSAGES } from '@tagih/contract';
import type { AppDeps } from './deps.ts';
import { registerAccessGuard, type RouteAccess } from './http/access.ts';
import { failure } from './http/envelope.ts';
import { frameworkErrorHandler, registerErrorHandler } from './http/error-handler.ts';
import { registerNulGuard } from './http/nul-guard.ts';
import { receiveFile, registerUploadCleanup } from './http/uploads.ts';
import { TooManyRequests } from './shared/errors.ts';
import { isPageRequest, serveWebApp } from './http/web-app.ts';
import { accessDenialRecorder } from './modules/audit/access-denied.ts';
import { sharedRateLimit } from './modules/auth/login-rate-limit.ts';
import { authenticate } from './modules/auth/service.ts';
import { apiModules, snapModules } from './modules/index.ts';
import { startBulkWorker } from './modules/bulk-actions/worker.ts';
import { startExpiryWorker } from './modules/ledger/index.ts';
import { wireLedger } from './ledger-wiring.ts';
import { startAuditSealer } from './modules/audit/sealer.ts';
import { startDailyPull } from './modules/recon/pull/pull-schedule.ts';
import { startNotificationWorker } from './modules/notifications/retry-worker.ts';
import { fastifyLogging } from './ops/logger.ts';
import { registerOperations } from './ops/operations.ts';
import { requestIdOptions } from './http/request-id.ts';
import { requestLogController, type QuietRequest } from './ops/request-log.ts';
import type { Logger } from 'pino';

export interface RouteEntry {
  method: string;
  url: string;
  access: RouteAccess | undefined;
  /** The route's declared params, querystring and body schemas (the fuzz test walks them). */
  schema: FastifySchema | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api route with its declared access (checked by a test: deny by default). */
    routeTable: RouteEntry[];
  }
}

export const BODY_LIMIT_BYTES = 256 * 1024;

const isApiPath = (url: string): boolean =>
  url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/**
 * Flat query parameters (`finds[a][op]` stays one key). A name given more than once arrives as
 * a list, which the routes' schemas refuse where they expect text.
 */
function parseQueryString(text: string): Record<string, string | string[]> {
  const params = new Map<string, string | string[]>();
  for (const [name, value] of new URLSearchParams(text)) {
    const seen = params.get(name);
    params.set(
      name,
      seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value],
    );
  }
  return Object.fromEntries(params);
}

/**
 * A background worker of this process (merchant retries, bulk jobs, bill expiry): started when the
 * app is ready; at shutdown it takes nothing more at once (preClose, while readiness turns 503 and
 * HTTP requests drain), and onClose waits for the work under way, at most the grace.
 */
function runWhileUp(app: FastifyInstance, start: () => { stop(): Promise<void> }): void {
  let running: { stop(): Promise<void> } | null = null;
  let stopped: Promise<void> | null = null;
  app.addHook('onReady', async () => {
    running = start();
  });
  app.addHook('preClose', async () => {
    stopped = running?.stop() ?? null;
  });
  app.addHook('onClose', async () => {
    await (stopped ?? running?.stop());
  });
}

export async function buildApp(
  deps: AppDeps,
  options: { logger?: boolean | Logger; webRoot?: string | null; quietRequest?: QuietRequest } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    ...fastifyLogging(options.logger, deps.config.logLevel),
    // Request lines at debug, failures kept (ops/request-log.ts); quiet requests (demo traffic) without routine lines.
    logController: requestLogController(options.quietRequest),
    ...requestIdOptions,
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { querystringParser: parseQueryString },
    frameworkErrors: frameworkErrorHandler,
    // TRUST_PROXY: only these proxies' X-Forwarded-For is believed (request.ip: rate limits, audit).
    trustProxy: deps.config.trustProxy.length > 0 ? deps.config.trustProxy : false,
  }).withTypeProvider<ZodTypeProvider>();
  // What follows a bill's change (reconciliation, the live stream) is registered with the ledger here.
  wireLedger();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // Every API answer (data, CSV, errors, 404s) is private and current: never kept by a browser or proxy.
  app.addHook('onSend', async (request, reply, payload) => {
    if (isApiPath(request.url)) reply.header('cache-control', 'no-store');
    return payload;
  });
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    // The docs and the web app's files are public by nature; every other /api route declares.
    const isApi = route.url.startsWith('/api/') && !route.url.startsWith('/api/docs');
    if (!isApi && route.config?.access === undefined)
      route.config = { ...(route.config ?? {}), access: 'public' };
    if (isApi)
      routeTable.push({
        method: String(route.method),
        url: route.url,
        access: route.config?.access,
        schema: route.schema,
      });
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        // The server speaks plain HTTP (TLS ends at the proxy); never rewrite to https here.
        upgradeInsecureRequests: null,
      },
    },
  });
  await app.register(formbody, { bodyLimit: BODY_LIMIT_BYTES });
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    // No route takes a file unless it declares config.upload (http/uploads.ts).
    limits: { fields: 20, fieldSize: 4096, files: 0, fileSize: 0, parts: 20 },
    onFile: receiveFile,
  });
  registerUploadCleanup(app);
  // Counted where every server process sees it (the database, or Redis with REDIS_URL): modules/auth/login-rate-limit.ts.
  const sharedLimits = sharedRateLimit(deps);
  app.addHook('onClose', async () => sharedLimits.close());
  await app.register(rateLimit, {
    global: false,
    ...sharedLimits.options,
    errorResponseBuilder: (_req, ctx) =>
      new TooManyRequests(MESSAGES.tooManyRequests, ctx.ttl / 1000),
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Tagih API',
        version: '1.0.0',
        description: 'Back office of a payment-collection provider',
      },
      components: {
        securitySchemes: {
          Authentication: { type: 'apiKey', in: 'header', name: 'Authentication' },
        },
      },
      security: [{ Authentication: [] }],
    },
    transform: jsonSchemaTransform,
  });
  // API_DOCS: the OpenAPI page only where asked (main.ts: on by default in demo mode only).
  if (deps.config.apiDocs === true)
    await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });

  registerAccessGuard(app, (token) => authenticate(deps, token), accessDenialRecorder(deps));
  registerNulGuard(app);
  const ops = await registerOperations(app, deps);

  await app.register(
    async (api) => {
      for (const module of apiModules) await api.register(module(deps));
    },
    { prefix: '/api' },
  );
  await app.register(
    async (snap) => {
      for (const module of snapModules) await snap.register(module(deps));
    },
    { prefix: '/snap' },
  );

  const worker = deps.notificationWorker;
  if (worker) {
    runWhileUp(app, () =>
      startNotificationWorker(deps, worker.intervalMs, {
        onError: (error) => app.log.error(error),
        onTick: () => ops.lifecycle.workerTicked(),
        onAbandoned: () =>
          app.log.warn(
            `Notification sends still in flight after SHUTDOWN_GRACE_SECONDS=${deps.config.shutdownGraceSeconds}; their leases run out and they are retried later`,
          ),
      }),
    );
  }
  const bulk = deps.bulkWorker;
  if (bulk)
    runWhileUp(app, () =>
      startBulkWorker(deps, bulk.intervalMs, { onError: (error) => app.log.error(error) }),
    );
  const expiry = deps.expiryWorker;
  if (expiry)
    runWhileUp(app, () =>
      startExpiryWorker(deps, expiry.intervalMs, { onError: (error) => app.log.error(error) }),
    );
  // Every server seals the audit events recorded unsealed (a payment's, a merchant's bill), after their commit.
  const faultsTold = new Set<number>();
  runWhileUp(app, () =>
    startAuditSealer(deps.db, {
      onError: (error) => app.log.error(error),
      onFault: (pndgId, fault) => {
        if (faultsTold.has(pndgId)) return;
        faultsTold.add(pndgId);
        app.log.error(
          { auditPendingId: pndgId },
          `unsealed audit event ${pndgId} is not sealed: ${fault}`,
        );
      },
    }),
  );
  const pull = deps.statementPull;
  if (pull)
    runWhileUp(app, () =>
      startDailyPull(deps, pull.at, { onError: (error) => app.log.error(error) }),
    );

  const servesWeb =
    options.webRoot !== null && (await serveWebApp(app, options.webRoot ?? undefined));
  app.setNotFoundHandler((request, reply) => {
    if (servesWeb && isPageRequest(request)) return reply.code(200).sendFile('index.html');
    return reply
      .code(404)
      .send(failure(`${MESSAGES.notFound} ${request.method} ${request.url.split('?')[0]}`));
  });
  return app;
}
