import 'reflect-metadata';
import type { DynamicModule, NestApplicationOptions } from '@nestjs/common';
import { ModuleRef, NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { withResponseSchemas } from './api-docs/response-schemas';
import { installResponseValidation } from './api-docs/response-validation';
import { existsSync } from 'node:fs';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { AppModule } from './app.module';
import { apiDocsEnabled, type AppConfig } from './config/app-config';
import type { Clock } from './common/clock';
import { AllExceptionsFilter } from './common/all-exceptions.filter';
import { AppError } from './common/app-error';
import { globalEnhancersOf } from './common/global-enhancers';
import { servePlainRoutes, type HonouredGlobals, type PlainRoute } from './common/plain-route';
import { toErrorResponse } from './common/error-responder';
import { resolveLocale } from './common/locale';
import { createLogger, PinoNestLogger } from './common/logger';
import { installRequestIds, requestIdFor } from './common/request-id';
import { installTextGuard } from './common/text-guard';
import { ConfiguredIoAdapter } from './common/socket-origins';
import { applySecurityHeaders, cookieSecureAttribute } from './common/security-headers';
import { clientStaticOptions } from './common/static-assets';
import {
  issuesNoVisitorId,
  readCookie,
  resolveVisitor,
  VISITOR_COOKIE,
  VISITOR_HEADER,
} from './common/visitor-identity';
import { openDataSource, runMigrations, SERVING_TIMEOUTS, type DatabaseTimeouts } from './database/data-source';
import { seedDemoIfEmpty } from './seed/demo-seed';
import { installImageUploadParser } from './catalogue-admin/image-upload-parser';
import { installSeatPlanUploadParser } from './catalogue-admin/seat-plan-upload-parser';
import { untilDependencyAnswers } from './common/until-dependency-answers';
import { SEAT_PLAIN_ROUTES, SeatsModule } from './seats';
import { QUEUE_PLAIN_ROUTES } from './queue/queue-plain-routes';
import { QueueModule } from './queue/queue.module';
import { Metrics, Tracing } from './observability';
import { HttpAnswerMetrics } from './observability/http-metrics';

/**
 * The app's global enhancers a plain route honours without Nest's pipeline running them; any other one refuses the
 * boot (common/plain-route.ts).
 */
const PLAIN_ROUTE_GLOBALS: HonouredGlobals = {
  AllExceptionsFilter: "the plain route's error responder is this filter's respond()",
  AdmissionInterceptor: 'the plain route opens the same admission context (withAdmission) around guards and handler',
  CheckoutOrderLinkInterceptor: 'acts on the commit only (POST /payment/commit), never a plain route',
};

declare module 'fastify' {
  interface FastifyRequest {
    visitorId: string;
  }
}

/**
 * Builds the Nest application from the root module. Production uses NestFactory; tests
 * pass one built with @nestjs/testing so they can override providers (the control runs'
 * deliberately unsafe stores live in server/test/support, never in src).
 */
export type AppCompiler = (
  root: DynamicModule,
  adapter: FastifyAdapter,
  options: NestApplicationOptions,
) => Promise<NestFastifyApplication>;

export interface CreateAppOptions {
  dataSource?: DataSource;
  logger?: Logger;
  clock?: Clock;
  compile?: AppCompiler;
  /**
   * false: the hot seat routes and the queue join go through Nest's pipeline like every other route, for the test
   * that compares the two ways of serving them (server/test/seats/plain-routes-parity.medium.test.ts). Default:
   * served plainly.
   */
  plainRoutes?: boolean;
}

const nestFactory: AppCompiler = (root, adapter, options) =>
  NestFactory.create<NestFastifyApplication>(root, adapter, options);

export function servingTimeouts(config: AppConfig): DatabaseTimeouts {
  return {
    ...SERVING_TIMEOUTS,
    connectMs: config.DB_CONNECT_TIMEOUT_MS,
    statementMs: config.DB_STATEMENT_TIMEOUT_MS,
    queryMs: config.DB_STATEMENT_TIMEOUT_MS + 1000,
  };
}

export async function prepareDatabase(config: AppConfig, logger: Logger, dataSource?: DataSource): Promise<DataSource> {
  // Migrations and the demo seed may run long statements once at boot: they get their own
  // unbounded connection; the serving pool has statement, query and connection timeouts.
  if (config.RUN_MIGRATIONS || config.SEED_DEMO) {
    const maintenance = dataSource ?? (await openDataSource(config.DATABASE_URL, 2, null));
    try {
      if (config.RUN_MIGRATIONS) {
        const ran = await runMigrations(maintenance);
        if (ran.length) logger.info({ migrations: ran }, 'migrations applied');
      }
      if (config.SEED_DEMO) {
        const seeded = await seedDemoIfEmpty(maintenance, {
          includeStadium: config.SEED_STADIUM,
          // Demo staff have public passwords (README): a production database never gets them.
          includeStaff: config.NODE_ENV !== 'production',
          staffPasswordCost: config.PASSWORD_HASH_COST,
          logger,
        });
        if (seeded) logger.info(seeded, 'demo data loaded');
      }
    } finally {
      if (!dataSource) await maintenance.destroy();
    }
  }
  if (dataSource) return dataSource;
  // The serving pool's first connection has the connect timeout; a PostgreSQL too busy to accept it in time (a
  // fresh-clone suite run under a CPU burner) is waited for, not a failed start.
  return untilDependencyAnswers(
    'postgres',
    () => openDataSource(config.DATABASE_URL, config.DB_POOL_SIZE, servingTimeouts(config)),
    (err) => logger.warn({ err }, 'PostgreSQL not accepting connections yet: retrying'),
  );
}

/**
 * Builds the whole application (used by main.ts, tests and benchmarks alike).
 * Fastify rather than Express: the seat-lock path is latency-bound and fastify's
 * routing and serialisation cost about half of Express's per request.
 */
export async function createApp(config: AppConfig, options: CreateAppOptions = {}): Promise<NestFastifyApplication> {
  const logger = options.logger ?? createLogger(config.LOG_LEVEL);
  const dataSource = await prepareDatabase(config, logger, options.dataSource);
  // Told of every finished request by fastify itself: the HTTP metrics record there once metrics are on.
  const httpAnswers = new HttpAnswerMetrics();
  const adapter = new FastifyAdapter({
    // The largest legitimate body is a 100-seat cart (about 60 kB).
    bodyLimit: 256 * 1024,
    // Only proxies on loopback or private networks may set X-Forwarded-For: the client IP keys rate limits.
    trustProxy: config.TRUST_PROXY,
    // The spec's client calls `/features/` and `/presentations/?featureIds=` with a trailing slash.
    routerOptions: { ignoreTrailingSlash: true, caseSensitive: true },
    // Our own id, or the caller's when it is well formed (common/request-id.ts).
    genReqId: requestIdFor,
    logController: httpAnswers,
  });
  const app = await (options.compile ?? nestFactory)(
    AppModule.register({ config, dataSource, logger, clock: options.clock }),
    adapter,
    { logger: new PinoNestLogger(logger), abortOnError: false },
  );
  app.setGlobalPrefix('api');
  app.useWebSocketAdapter(new ConfiguredIoAdapter(app, config));
  app.enableShutdownHooks();
  const fastify = app.getHttpAdapter().getInstance();

  // First: every later hook, guard and handler runs inside the request's id.
  installRequestIds(fastify);
  // Next: the request's span (traces on), so the same hooks, guards and handlers run inside it.
  app.get(Tracing).traceHttp(fastify);
  if (config.VALIDATE_RESPONSES) installResponseValidation(fastify, logger);
  httpAnswers.record(app.get(Metrics));

  // Identity first, so every handler (and every error) knows the visitor.
  fastify.addHook('onRequest', async (request, reply) => {
    applySecurityHeaders(config, request, reply);
    if (!request.url.startsWith('/api')) return;
    const visitor = resolveVisitor(request.headers[VISITOR_HEADER], readCookie(request.headers.cookie, VISITOR_COOKIE));
    if (visitor.invalid || !visitor.visitorId) {
      const response = toErrorResponse(
        new AppError('INVALID_UUID'),
        resolveLocale(request.query, request.headers['accept-language']),
      );
      return reply.status(response.status).send(response.body);
    }
    request.visitorId = visitor.visitorId;
    if (visitor.issued && !issuesNoVisitorId(request.routeOptions.config)) {
      void reply.header(VISITOR_HEADER, visitor.visitorId);
      // Readable by the storefront (it sends the value back as the uuid header); a year, like the spec's cookie.
      void reply.header(
        'set-cookie',
        `${VISITOR_COOKIE}=${visitor.visitorId}; Path=/; Max-Age=31536000; SameSite=Lax${cookieSecureAttribute(request)}`,
      );
    }
  });
  // NUL characters and lone surrogates are refused for every route, once, before any handler.
  installTextGuard(fastify);
  installSeatPlanUploadParser(fastify);
  installImageUploadParser(fastify);
  // The hot seat routes and the queue join skip Nest's per-request pipeline (same guards, inputs, errors, cookies):
  // installed before Nest registers its routes, which happens when the app initialises. Each set is prepared in its
  // own module, whose providers its guards and filters are made from.
  const errors = app.get(AllExceptionsFilter);
  if (options.plainRoutes !== false)
    for (const [module, routes] of [
      [SeatsModule, SEAT_PLAIN_ROUTES],
      [QueueModule, QUEUE_PLAIN_ROUTES],
    ] as const)
      await servePlainRoutes(
        fastify,
        app.select(module).get(ModuleRef),
        routes as readonly PlainRoute[],
        (error, request, reply) => errors.respond(error, request, reply),
        { read: () => globalEnhancersOf(app), honoured: PLAIN_ROUTE_GLOBALS },
      );
  // Errors fastify raises itself (malformed JSON, wrong content type, body too large) reach
  // AllExceptionsFilter through Nest's own fastify error handler, so they get the same shape.

  if (config.CLIENT_DIST && existsSync(config.CLIENT_DIST)) {
    // Nest's copy of the options type still describes an older @fastify/static `setHeaders(res)`; the plugin it
    // registers (v10) passes the fastify reply, which clientStaticOptions is typed against.
    app.useStaticAssets(clientStaticOptions(config.CLIENT_DIST) as never);
  }

  const openApi = new DocumentBuilder()
    .setTitle('Hotline ticketing API')
    .setDescription(
      'Storefront, seat engine and booking API. Every call carries the `uuid` header (anonymous visitor).',
    )
    .setVersion('0.1.0')
    .addGlobalParameters({ name: 'uuid', in: 'header', required: false, schema: { type: 'string', format: 'uuid' } })
    .build();
  if (apiDocsEnabled(config)) {
    const document = () => withResponseSchemas(withOptionalHeaders(SwaggerModule.createDocument(app, openApi)));
    SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs/json' });
  }

  await app.init();
  return app;
}

/**
 * Nest documents every `@Headers('name')` argument as a required header; the routes read `accept-language` and the
 * waiting room's `queue-ticket` when they are there and do without them (tools sent them on every call).
 */
const OPTIONAL_HEADERS = new Set(['accept-language', 'queue-ticket']);
function withOptionalHeaders(document: OpenAPIObject): OpenAPIObject {
  for (const item of Object.values(document.paths))
    for (const operation of Object.values(item) as {
      parameters?: { in?: string; name?: string; required?: boolean }[];
    }[])
      for (const p of operation?.parameters ?? [])
        if (p.in === 'header' && p.name && OPTIONAL_HEADERS.has(p.name)) p.required = false;
  return document;
}
