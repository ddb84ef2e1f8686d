import {
  type CallHandler,
  type CanActivate,
  Controller,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
  Put,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { from, lastValueFrom, type Observable } from 'rxjs';
import { z } from 'zod';
import { AppError } from '../../src/common/app-error';
import { type PlainInterceptor, type PlainRoute, servePlainRoutes } from '../../src/common/plain-route';
import { ZodBody } from '../../src/common/validation';

/** What ran, in order, for the request being served. */
const trail: string[] = [];

@Injectable()
class FirstGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    trail.push('first guard');
    const body = context.switchToHttp().getRequest<{ body?: { n?: unknown } }>().body;
    if (body?.n === 13) throw new AppError('TOO_MANY_REQUESTS');
    return true;
  }
}

@Injectable()
class SecondGuard implements CanActivate {
  async canActivate(): Promise<boolean> {
    trail.push('second guard');
    return true;
  }
}

@Injectable()
class Around implements NestInterceptor, PlainInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    trail.push('nest pipeline'); // never seen: the plain route calls around() itself
    return from(this.around(context, () => lastValueFrom(next.handle())));
  }

  async around(_context: ExecutionContext, run: () => Promise<unknown>): Promise<unknown> {
    trail.push('around before');
    const answer = (await run()) as Record<string, unknown>;
    trail.push('around after');
    return { ...answer, wrapped: true };
  }
}

@Injectable()
class NestOnly implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle();
  }
}

const body = z.object({ n: z.number().int() });

@Controller('things')
class ThingsController {
  @Put('count')
  @UseInterceptors(Around)
  @UseGuards(SecondGuard)
  @UseGuards(FirstGuard)
  async count(@ZodBody(body) input: { n: number }): Promise<{ n: number }> {
    trail.push('handler');
    return { n: input.n + 1 };
  }

  @Put('other')
  @UseInterceptors(NestOnly)
  async other(): Promise<object> {
    return {};
  }
}

const countRoute: PlainRoute<ThingsController> = {
  method: 'PUT',
  url: '/api/things/count',
  controller: ThingsController,
  handler: ThingsController.prototype.count,
  call: (things, _request, inputs) => things.count(inputs.body as { n: number }),
};

async function appServing(routes: readonly PlainRoute[]): Promise<NestFastifyApplication> {
  const moduleRef = await Test.createTestingModule({ controllers: [ThingsController] }).compile();
  const app = moduleRef.createNestApplication<NestFastifyApplication>(new FastifyAdapter(), { logger: false });
  app.setGlobalPrefix('api');
  await servePlainRoutes(app.getHttpAdapter().getInstance(), app.get(ModuleRef), routes, (error, _request, reply) => {
    const code = error instanceof AppError ? error.code : 'UNEXPECTED';
    void reply.status(code === 'TOO_MANY_REQUESTS' ? 429 : code === 'INVALID_BODY' ? 400 : 500).send({ error: code });
  });
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return app;
}

describe('plain routes: a Nest route served without the per-request pipeline', () => {
  let app: NestFastifyApplication;
  beforeAll(async () => {
    app = await appServing([countRoute as PlainRoute]);
  });
  afterAll(() => app.close());
  beforeEach(() => trail.splice(0));

  const put = (payload: unknown) =>
    app
      .getHttpAdapter()
      .getInstance()
      .inject({ method: 'PUT', url: '/api/things/count', payload: payload as object });

  test('guards in the order Nest runs them, then the parsed input, the interceptor around the controller method', async () => {
    const answer = await put({ n: 41 });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ n: 42, wrapped: true });
    expect(trail).toEqual(['first guard', 'second guard', 'around before', 'handler', 'around after']);
  });

  test('a refusing guard answers through the error responder and nothing after it runs', async () => {
    const answer = await put({ n: 13 });
    expect(answer.statusCode).toBe(429);
    expect(answer.json()).toEqual({ error: 'TOO_MANY_REQUESTS' });
    expect(trail).toEqual(['first guard']);
  });

  test('input that fails the declared schema is a 400 before the interceptor or the method', async () => {
    const answer = await put({ n: 'many' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ error: 'INVALID_BODY' });
    expect(trail).toEqual(['first guard', 'second guard']);
  });
});

describe('plain routes refuse, at boot, what they could not serve faithfully', () => {
  test('a route with an interceptor that has no plain form', async () => {
    const other: PlainRoute<ThingsController> = {
      ...countRoute,
      url: '/api/things/other',
      handler: ThingsController.prototype.other,
      call: (things) => things.other(),
    };
    await expect(appServing([other as PlainRoute])).rejects.toThrow('NestOnly has no around()');
  });

  test('a route no controller declares (a path that drifted)', async () => {
    await expect(appServing([{ ...countRoute, url: '/api/things/counted' } as PlainRoute])).rejects.toThrow(
      'plain routes not declared by any controller: PUT /api/things/counted',
    );
  });

  test('the app has no global interceptor a plain route would skip', () => {
    // Plain routes open the admission context themselves; the checkout's order link only concerns the commit.
    const SRC = path.resolve(__dirname, '../../src');
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? files(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : [],
      );
    const globals = files(SRC).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/provide: APP_INTERCEPTOR, useClass: (\w+)/g)].map((m) => m[1]),
    );
    expect(globals.sort()).toEqual(['AdmissionInterceptor', 'CheckoutOrderLinkInterceptor']);
    const useGlobal = files(SRC).filter((file) => readFileSync(file, 'utf8').includes('useGlobalInterceptors('));
    expect(useGlobal).toEqual([]);
  });
});
