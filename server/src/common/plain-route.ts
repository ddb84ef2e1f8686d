import { type CanActivate, type ExceptionFilter, ForbiddenException, type Type } from '@nestjs/common';
import {
  EXCEPTION_FILTERS_METADATA,
  FILTER_CATCH_EXCEPTIONS,
  GUARDS_METADATA,
  HEADERS_METADATA,
  HTTP_CODE_METADATA,
  INTERCEPTORS_METADATA,
  PIPES_METADATA,
  REDIRECT_METADATA,
  RENDER_METADATA,
  ROUTE_ARGS_METADATA,
  SSE_METADATA,
  VERSION_METADATA,
} from '@nestjs/common/constants';
import type { ModuleRef } from '@nestjs/core';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host';
import type { ExecutionContext } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestAdmission, withAdmission } from './admission-context';
import { replyCookies, type ResponseCookies } from './response-cookies';
import { parseDeclaredInputs, ZodValidationPipe, type DeclaredInputs } from './validation';

/**
 * An interceptor a plain route can run: the same logic as its `intercept`, as a plain async wrapper. An interceptor
 * implements both (its `intercept` calls `around`), so the two ways of serving a route cannot drift apart.
 */
export interface PlainInterceptor {
  around(context: ExecutionContext, run: () => Promise<unknown>): Promise<unknown>;
}

/** A route declared in a Nest controller (its contract: path, decorators, OpenAPI) and served plainly. */
export interface PlainRoute<C = unknown> {
  method: 'GET' | 'PUT' | 'POST';
  /** The full path as fastify registers it (with the global `/api` prefix). */
  url: string;
  controller: Type<C>;
  /** The controller method that declares the route and does its work. */
  handler: (this: C, ...args: never[]) => Promise<unknown>;
  /**
   * Calls the method with what its parameter decorators would have given it; `cookies` is what `@Cookies()` gives
   * (common/response-cookies.ts): the one way a plain route touches its answer besides the body.
   */
  call(controller: C, request: FastifyRequest, inputs: DeclaredInputs, cookies: ResponseCookies): Promise<unknown>;
}

/** Answers an error the way the app's exception filter does (status, localised `{error, message}`, Retry-After). */
export type ErrorResponder = (error: unknown, request: FastifyRequest, reply: FastifyReply) => void;

/** The app's global enhancers by kind, as Nest holds them once every module is loaded (class names). */
export interface GlobalEnhancers {
  guards: string[];
  pipes: string[];
  filters: string[];
  interceptors: string[];
}

/**
 * Global enhancers a plain route honours without running them, each with how: the caller lists them (the
 * composition root knows the app's); any other global guard, pipe, filter or interceptor refuses the boot.
 */
export type HonouredGlobals = Record<string, string>;

/** Nest's RouteParamtypes for @Res and @Next (its enum is internal to @nestjs/common). */
const RESPONSE_ARG = 1;
const NEXT_ARG = 2;

/** Method decorators whose effect lives in Nest's per-request pipeline, which a plain route does not run. */
const PIPELINE_ONLY: [key: string, decorator: string][] = [
  [PIPES_METADATA, '@UsePipes'],
  [HTTP_CODE_METADATA, '@HttpCode'],
  [REDIRECT_METADATA, '@Redirect'],
  [RENDER_METADATA, '@Render'],
  [SSE_METADATA, '@Sse'],
  [VERSION_METADATA, '@Version'],
];

/**
 * Why Nest would treat this route differently from a plain route, one line per reason ([] when it serves it alike).
 * A plain route runs the handler's own guards and interceptors (with `around`), parses its zod inputs, answers with
 * the handler's value (200, 201 for a POST, as Nest does) or its one catch-all `@UseFilters` filter's answer (else the
 * error responder's), sets its `@Header` headers once the guards let it through (as Nest does) and cookies only
 * through `@Cookies()`; everything else a decorator can ask for is refused.
 */
export function unservedDecorators(controller: Type<unknown>, handler: object, methodName: string): string[] {
  const reasons: string[] = [];
  for (const key of [GUARDS_METADATA, INTERCEPTORS_METADATA, PIPES_METADATA, EXCEPTION_FILTERS_METADATA]) {
    if (Reflect.getMetadata(key, controller)) reasons.push(`class-level ${key.replace(/_/g, '')} are not run`);
  }
  const filters = (Reflect.getMetadata(EXCEPTION_FILTERS_METADATA, handler) ?? []) as unknown[];
  if (filters.length > 1) reasons.push('more than one @UseFilters filter is not honoured');
  for (const filter of filters) {
    const caught = typeof filter === 'function' ? Reflect.getMetadata(FILTER_CATCH_EXCEPTIONS, filter) : undefined;
    // Only a filter that catches everything: Nest would pass other errors on to the app's filter, we do not sort.
    if (!Array.isArray(caught) || caught.length > 0)
      reasons.push('@UseFilters with a filter that is not a class catching every error (@Catch()) is not honoured');
  }
  for (const [key, decorator] of PIPELINE_ONLY) {
    if (Reflect.getMetadata(key, handler) !== undefined) reasons.push(`${decorator} is not honoured`);
  }
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, methodName) ?? {}) as Record<
    string,
    { index: number; pipes?: unknown[] }
  >;
  for (const [key, arg] of Object.entries(args)) {
    const type = Number(key.split(':')[0]);
    if (type === RESPONSE_ARG || type === NEXT_ARG)
      reasons.push(`parameter ${arg.index} writes the reply itself (@Res / @Next)`);
    // The zod pipes are honoured: parseDeclaredInputs runs the same schemas once.
    const foreign = (arg.pipes ?? []).filter((pipe) => !(pipe instanceof ZodValidationPipe));
    if (foreign.length) reasons.push(`parameter ${arg.index} has a pipe that is not run`);
  }
  return reasons;
}

/** The global enhancers a plain route would skip: every one the caller did not list as honoured. */
export function unservedGlobals(globals: GlobalEnhancers, honoured: HonouredGlobals): string[] {
  return (Object.entries(globals) as [keyof GlobalEnhancers, string[]][]).flatMap(([kind, names]) =>
    names.filter((name) => !(name in honoured)).map((name) => `global ${kind.replace(/s$/, '')} ${name} is not run`),
  );
}

const isPlainInterceptor = (value: unknown): value is PlainInterceptor =>
  typeof (value as Partial<PlainInterceptor> | null)?.around === 'function';

/**
 * Serves a few hot routes without Nest's router-execution pipeline: the same guards (their own `canActivate`, in
 * the order Nest runs them), the same zod inputs (parsed once, not once in the bot check and again in the pipes),
 * the same interceptors (through `around`), the same admission context the global AdmissionInterceptor opens, the
 * same error answers, and the controller's own method — minus the per-request rxjs chain, context objects and
 * parameter pipes, which cost the lock path about a fifth of its server CPU (load-tests/RESULTS.md, wave 3).
 *
 * The route stays declared in its controller, so its path, decorators and OpenAPI entry have one source; fastify's
 * handler for it is replaced as Nest registers it (onRoute). Install before the app initialises. It refuses, at
 * boot every decorator it cannot honour (unservedDecorators: a class-level enhancer, an interceptor without
 * `around`, pipes other than the zod inputs, filters, @HttpCode, @Header, @Redirect, @Res ...) and, once the app is
 * ready, every global guard, pipe, filter or interceptor the caller did not list as honoured (`honoured`: the
 * admission context, opened here; the exception filter, which `respondWithError` is), so a decorator added later
 * is never silently skipped. server/test/common/plain-route.test.ts has a case per kind.
 */
export async function servePlainRoutes(
  fastify: FastifyInstance,
  moduleRef: ModuleRef,
  routes: readonly PlainRoute[],
  respondWithError: ErrorResponder,
  globals: { read: () => GlobalEnhancers; honoured: HonouredGlobals },
): Promise<void> {
  const prepared = new Map<string, (request: FastifyRequest, reply: FastifyReply) => Promise<void>>();
  for (const route of routes)
    prepared.set(`${route.method} ${route.url}`, await prepare(route, moduleRef, respondWithError));
  const served = new Set<string>();
  fastify.addHook('onRoute', (options) => {
    const methods = Array.isArray(options.method) ? options.method : [options.method];
    for (const method of methods) {
      const key = `${method} ${options.url}`;
      const plain = prepared.get(key);
      if (!plain) continue;
      options.handler = plain;
      served.add(key);
    }
  });
  fastify.addHook('onReady', async () => {
    const missing = [...prepared.keys()].filter((key) => !served.has(key));
    if (missing.length) throw new Error(`plain routes not declared by any controller: ${missing.join(', ')}`);
    // Read now: every module's APP_GUARD / APP_PIPE / APP_FILTER / APP_INTERCEPTOR and useGlobal* call is in.
    const skipped = unservedGlobals(globals.read(), globals.honoured);
    if (skipped.length) throw new Error(`plain routes: ${skipped.join('; ')}`);
  });
}

async function prepare(
  route: PlainRoute,
  moduleRef: ModuleRef,
  respondWithError: ErrorResponder,
): Promise<(request: FastifyRequest, reply: FastifyReply) => Promise<void>> {
  const name = `${route.controller.name}.${route.handler.name}`;
  const unserved = unservedDecorators(route.controller, route.handler, route.handler.name);
  if (unserved.length) throw new Error(`${name} cannot be a plain route: ${unserved.join('; ')}`);
  const guardTypes = (Reflect.getMetadata(GUARDS_METADATA, route.handler) ?? []) as Type<CanActivate>[];
  const interceptorTypes = (Reflect.getMetadata(INTERCEPTORS_METADATA, route.handler) ?? []) as Type<unknown>[];
  const guards = await Promise.all(guardTypes.map((type) => moduleRef.create(type)));
  const interceptors = await Promise.all(interceptorTypes.map((type) => moduleRef.create(type)));
  const wrappers = interceptors.map((interceptor, i) => {
    if (!isPlainInterceptor(interceptor)) throw new Error(`${name}: ${interceptorTypes[i]!.name} has no around()`);
    return interceptor;
  });
  const filterTypes = (Reflect.getMetadata(EXCEPTION_FILTERS_METADATA, route.handler) ?? []) as Type<ExceptionFilter>[];
  const [filter] = await Promise.all(filterTypes.map((type) => moduleRef.create(type)));
  const controller = moduleRef.get(route.controller, { strict: false });
  const headers = (Reflect.getMetadata(HEADERS_METADATA, route.handler) ?? []) as { name: string; value: string }[];
  // Nest answers a POST with 201 unless @HttpCode says otherwise (refused above), every other method with 200.
  const status = route.method === 'POST' ? 201 : 200;

  return async (request, reply) => {
    const context = new ExecutionContextHost([request, reply], route.controller, route.handler);
    try {
      const answer = await withAdmission(requestAdmission(request), async () => {
        for (const guard of guards) {
          if (!(await guard.canActivate(context))) throw new ForbiddenException();
        }
        for (const header of headers) void reply.header(header.name, header.value);
        const inputs = parseDeclaredInputs(route.handler, request);
        // Interceptors wrap the handler in declared order: the first one is the outermost.
        let run = () => route.call(controller, request, inputs, replyCookies(request, reply));
        for (const wrapper of [...wrappers].reverse()) {
          const inner = run;
          run = () => wrapper.around(context, inner);
        }
        return run();
      });
      await reply.status(status).send(answer);
    } catch (error) {
      // The route's own filter sees what Nest's would (guards' refusals included), with the same arguments host.
      if (filter) filter.catch(error, context);
      else respondWithError(error, request, reply);
    }
  };
}
