import { type CanActivate, ForbiddenException, type Type } from '@nestjs/common';
import { GUARDS_METADATA, INTERCEPTORS_METADATA } from '@nestjs/common/constants';
import type { ModuleRef } from '@nestjs/core';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host';
import type { ExecutionContext } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestAdmission, withAdmission } from './admission-context';
import { parseDeclaredInputs, type DeclaredInputs } from './validation';

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
  /** Calls the method with what its parameter decorators would have given it. */
  call(controller: C, request: FastifyRequest, inputs: DeclaredInputs): Promise<unknown>;
}

/** Answers an error the way the app's exception filter does (status, localised `{error, message}`, Retry-After). */
export type ErrorResponder = (error: unknown, request: FastifyRequest, reply: FastifyReply) => void;

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
 * boot, a route whose guards or interceptors it cannot run (a class-level enhancer, an interceptor without
 * `around`), so a decorator added later is never silently skipped. Global interceptors are not looked up: the only
 * ones (APP_INTERCEPTOR in queue.module.ts and customers.module.ts) are the admission context, opened here, and the
 * checkout's order link, which only concerns the commit; server/test/common/plain-route.test.ts fails when another
 * one appears.
 */
export async function servePlainRoutes(
  fastify: FastifyInstance,
  moduleRef: ModuleRef,
  routes: readonly PlainRoute[],
  respondWithError: ErrorResponder,
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
  });
}

async function prepare(
  route: PlainRoute,
  moduleRef: ModuleRef,
  respondWithError: ErrorResponder,
): Promise<(request: FastifyRequest, reply: FastifyReply) => Promise<void>> {
  const name = `${route.controller.name}.${route.handler.name}`;
  if (
    Reflect.getMetadata(GUARDS_METADATA, route.controller) ||
    Reflect.getMetadata(INTERCEPTORS_METADATA, route.controller)
  ) {
    throw new Error(`${name}: class-level guards or interceptors are not run by plain routes`);
  }
  const guardTypes = (Reflect.getMetadata(GUARDS_METADATA, route.handler) ?? []) as Type<CanActivate>[];
  const interceptorTypes = (Reflect.getMetadata(INTERCEPTORS_METADATA, route.handler) ?? []) as Type<unknown>[];
  const guards = await Promise.all(guardTypes.map((type) => moduleRef.create(type)));
  const interceptors = await Promise.all(interceptorTypes.map((type) => moduleRef.create(type)));
  const wrappers = interceptors.map((interceptor, i) => {
    if (!isPlainInterceptor(interceptor)) throw new Error(`${name}: ${interceptorTypes[i]!.name} has no around()`);
    return interceptor;
  });
  const controller = moduleRef.get(route.controller, { strict: false });

  return async (request, reply) => {
    const context = new ExecutionContextHost([request, reply], route.controller, route.handler);
    try {
      const answer = await withAdmission(requestAdmission(request), async () => {
        for (const guard of guards) {
          if (!(await guard.canActivate(context))) throw new ForbiddenException();
        }
        const inputs = parseDeclaredInputs(route.handler, request);
        // Interceptors wrap the handler in declared order: the first one is the outermost.
        let run = () => route.call(controller, request, inputs);
        for (const wrapper of [...wrappers].reverse()) {
          const inner = run;
          run = () => wrapper.around(context, inner);
        }
        return run();
      });
      await reply.send(answer);
    } catch (error) {
      respondWithError(error, request, reply);
    }
  };
}
