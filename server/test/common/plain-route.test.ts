import {
  Body,
  type CallHandler,
  type CanActivate,
  Catch,
  Controller,
  type ExceptionFilter,
  type ExecutionContext,
  Header,
  HttpCode,
  type ArgumentsHost,
  Post,
  Injectable,
  type NestInterceptor,
  ParseIntPipe,
  type PipeTransform,
  Put,
  Redirect,
  Res,
  UseFilters,
  UseGuards,
  UseInterceptors,
  UsePipes,
} from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { from, lastValueFrom, type Observable } from 'rxjs';
import { z } from 'zod';
import { AppError } from '../../src/common/app-error';
import { globalEnhancersOf } from '../../src/common/global-enhancers';
import {
  type HonouredGlobals,
  type PlainInterceptor,
  type PlainRoute,
  servePlainRoutes,
} from '../../src/common/plain-route';
import { Cookies, type ResponseCookies, setCookieLine } from '../../src/common/response-cookies';
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
  @Header('Cache-Control', 'no-store')
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

@Injectable()
class AnyPipe implements PipeTransform {
  transform(value: unknown): unknown {
    return value;
  }
}

@Catch()
class AnyFilter implements ExceptionFilter {
  catch(): void {}
}

@Catch(AppError)
class AppErrorsOnly implements ExceptionFilter {
  catch(): void {}
}

/** A route's own catch-all filter: answers in its own shape, so a test sees which answered. */
@Catch()
@Injectable()
class OwnAnswer implements ExceptionFilter {
  catch(error: unknown, host: ArgumentsHost): void {
    trail.push('own filter');
    const reply = host.switchToHttp().getResponse<{ status(n: number): { send(b: unknown): void } }>();
    reply.status(418).send({ own: error instanceof AppError ? error.code : 'other' });
  }
}

const passBody = z.object({ n: z.number().int() });

/** A POST that sets a cookie through @Cookies() and has its own filter: what the queue join needs. */
@Controller('passes')
class PassesController {
  @Post(':id')
  @UseFilters(OwnAnswer)
  @UseGuards(FirstGuard)
  async issue(@ZodBody(passBody) input: { n: number }, @Cookies() cookies: ResponseCookies): Promise<object> {
    trail.push('handler');
    if (input.n === 7) throw new AppError('INVALID_CAPTCHA');
    cookies.set({
      name: 'pass_1',
      value: `v.${input.n}`,
      path: '/api',
      maxAgeSeconds: 90.9,
      httpOnly: true,
      sameSite: 'Lax',
    });
    cookies.set({ name: 'seen', value: 'yes', path: '/', maxAgeSeconds: -5, httpOnly: false, sameSite: 'Strict' });
    return { n: input.n };
  }
}

const passRoute: PlainRoute<PassesController> = {
  method: 'POST',
  url: '/api/passes/:id',
  controller: PassesController,
  handler: PassesController.prototype.issue,
  call: (passes, _request, inputs, cookies) => passes.issue(inputs.body as { n: number }, cookies),
};

@Injectable()
class AnyGuard implements CanActivate {
  canActivate(): boolean {
    return true;
  }
}

/** One route per decorator a plain route cannot honour: each must refuse the boot. */
@Controller('refused')
class RefusedController {
  @Put('pipes')
  @UsePipes(AnyPipe)
  async pipes(): Promise<object> {
    return {};
  }

  @Put('filters')
  @UseFilters(AppErrorsOnly)
  async filters(): Promise<object> {
    return {};
  }

  @Put('two-filters')
  @UseFilters(AnyFilter, OwnAnswer)
  async twoFilters(): Promise<object> {
    return {};
  }

  @Put('http-code')
  @HttpCode(204)
  async httpCode(): Promise<object> {
    return {};
  }

  @Put('redirect')
  @Redirect('/elsewhere')
  async redirect(): Promise<object> {
    return {};
  }

  @Put('param-pipe')
  async paramPipe(@Body('n', ParseIntPipe) n: number): Promise<object> {
    return { n };
  }

  @Put('res')
  async res(@Res() reply: { send(body: unknown): void }): Promise<void> {
    reply.send({});
  }
}

@Controller('guarded')
@UseGuards(AnyGuard)
class ClassGuardController {
  @Put('x')
  async x(): Promise<object> {
    return {};
  }
}

@Controller('piped')
@UsePipes(AnyPipe)
class ClassPipeController {
  @Put('x')
  async x(): Promise<object> {
    return {};
  }
}

@Controller('filtered')
@UseFilters(AnyFilter)
class ClassFilterController {
  @Put('x')
  async x(): Promise<object> {
    return {};
  }
}

const CONTROLLERS = [
  ThingsController,
  PassesController,
  RefusedController,
  ClassGuardController,
  ClassPipeController,
  ClassFilterController,
];

/** A plain route for a controller's method, at the path Nest gives it. */
function plain(controller: new () => object, method: string, url: string): PlainRoute {
  const handler = (controller.prototype as Record<string, PlainRoute['handler']>)[method]!;
  return {
    method: 'PUT',
    url,
    controller,
    handler,
    call: (c) => (c as Record<string, () => Promise<unknown>>)[method]!(),
  };
}

interface Setup {
  /** App-wide enhancers, added before the app initialises (as useGlobal* calls would be). */
  configure?: (app: NestFastifyApplication) => void;
  honoured?: HonouredGlobals;
}

async function appServing(routes: readonly PlainRoute[], setup: Setup = {}): Promise<NestFastifyApplication> {
  const moduleRef = await Test.createTestingModule({ controllers: CONTROLLERS }).compile();
  const app = moduleRef.createNestApplication<NestFastifyApplication>(new FastifyAdapter(), { logger: false });
  app.setGlobalPrefix('api');
  setup.configure?.(app);
  if (routes.length)
    await servePlainRoutes(
      app.getHttpAdapter().getInstance(),
      app.get(ModuleRef),
      routes,
      (error, _request, reply) => {
        const code = error instanceof AppError ? error.code : 'UNEXPECTED';
        void reply
          .status(code === 'TOO_MANY_REQUESTS' ? 429 : code === 'INVALID_BODY' ? 400 : 500)
          .send({ error: code });
      },
      { read: () => globalEnhancersOf(app), honoured: setup.honoured ?? {} },
    );
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
    // @Header: set once the guards let the call through, as Nest sets it.
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  test('a refusing guard answers through the error responder and nothing after it runs', async () => {
    const answer = await put({ n: 13 });
    expect(answer.statusCode).toBe(429);
    expect(answer.json()).toEqual({ error: 'TOO_MANY_REQUESTS' });
    expect(trail).toEqual(['first guard']);
    expect(answer.headers['cache-control']).toBeUndefined();
  });

  test('input that fails the declared schema is a 400 before the interceptor or the method', async () => {
    const answer = await put({ n: 'many' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ error: 'INVALID_BODY' });
    expect(trail).toEqual(['first guard', 'second guard']);
  });
});

describe('plain routes: a POST with its own filter and cookies, the same answers as through Nest', () => {
  let viaPlain: NestFastifyApplication;
  let viaNest: NestFastifyApplication;
  beforeAll(async () => {
    [viaPlain, viaNest] = await Promise.all([appServing([passRoute as PlainRoute]), appServing([])]);
  });
  afterAll(() => Promise.all([viaPlain.close(), viaNest.close()]));
  beforeEach(() => trail.splice(0));

  const post = async (app: NestFastifyApplication, n: unknown, host = 'localhost') => {
    const r = await app
      .getHttpAdapter()
      .getInstance()
      .inject({ method: 'POST', url: '/api/passes/1', payload: { n } as object, headers: { host } });
    return { status: r.statusCode, body: r.json<unknown>(), cookies: r.headers['set-cookie'] };
  };

  test.each([
    ['a good call sets both cookies (201, as Nest answers a POST)', 5, 201],
    ['the handler refuses: the route filter answers', 7, 418],
    ['a guard refuses: the route filter answers, nothing else ran', 13, 418],
    ['bad input: the route filter answers the 400', 'x', 418],
  ])('%s', async (_name, n, status) => {
    const plain = await post(viaPlain, n);
    const plainTrail = trail.splice(0);
    const nest = await post(viaNest, n);
    expect(plain).toEqual(nest);
    expect(plainTrail).toEqual(trail);
    expect(plain.status).toBe(status);
  });

  test('the cookies: every attribute, Max-Age floored and never negative, Secure off localhost', async () => {
    for (const [host, secure] of [
      ['localhost', ''],
      ['tickets.example', '; Secure'],
    ]) {
      const [plain, nest] = [await post(viaPlain, 5, host), await post(viaNest, 5, host)];
      expect(plain.cookies).toEqual([
        `pass_1=v.5; Path=/api; Max-Age=90; HttpOnly; SameSite=Lax${secure}`,
        `seen=yes; Path=/; Max-Age=0; SameSite=Strict${secure}`,
      ]);
      expect(nest.cookies).toEqual(plain.cookies);
    }
  });

  test('a cookie whose name or value could add an attribute is refused, not written', () => {
    const request = { hostname: 'localhost' } as Parameters<typeof setCookieLine>[1];
    const cookie = { name: 'a', value: 'b', path: '/api', maxAgeSeconds: 1, httpOnly: true, sameSite: 'Lax' } as const;
    expect(setCookieLine(cookie, request)).toBe('a=b; Path=/api; Max-Age=1; HttpOnly; SameSite=Lax');
    expect(() => setCookieLine({ ...cookie, value: 'b; Domain=evil.example' }, request)).toThrow('not cookie-safe');
    expect(() => setCookieLine({ ...cookie, name: 'a=b' }, request)).toThrow('not cookie-safe');
    expect(setCookieLine({ ...cookie, maxAgeSeconds: Number.NaN }, request)).toContain('Max-Age=0;');
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

  test.each([
    ['pipes', '/api/refused/pipes', '@UsePipes is not honoured'],
    [
      'filters',
      '/api/refused/filters',
      '@UseFilters with a filter that is not a class catching every error (@Catch()) is not honoured',
    ],
    ['twoFilters', '/api/refused/two-filters', 'more than one @UseFilters filter is not honoured'],
    ['httpCode', '/api/refused/http-code', '@HttpCode is not honoured'],
    ['redirect', '/api/refused/redirect', '@Redirect is not honoured'],
    ['paramPipe', '/api/refused/param-pipe', 'parameter 0 has a pipe that is not run'],
    ['res', '/api/refused/res', 'parameter 0 writes the reply itself (@Res / @Next)'],
  ])('a route with %s', async (method, url, reason) => {
    await expect(appServing([plain(RefusedController, method, url)])).rejects.toThrow(
      `RefusedController.${method} cannot be a plain route: ${reason}`,
    );
  });

  test.each([
    ['guards', ClassGuardController, '/api/guarded/x', 'class-level guards are not run'],
    ['pipes', ClassPipeController, '/api/piped/x', 'class-level pipes are not run'],
    ['filters', ClassFilterController, '/api/filtered/x', 'class-level exceptionFilters are not run'],
  ])('a route of a controller with class-level %s', async (_kind, controller, url, reason) => {
    await expect(appServing([plain(controller, 'x', url)])).rejects.toThrow(reason);
  });

  test.each([
    ['guard', (app: NestFastifyApplication) => app.useGlobalGuards(new AnyGuard()), 'global guard AnyGuard'],
    ['pipe', (app: NestFastifyApplication) => app.useGlobalPipes(new AnyPipe()), 'global pipe AnyPipe'],
    ['filter', (app: NestFastifyApplication) => app.useGlobalFilters(new AnyFilter()), 'global filter AnyFilter'],
    [
      'interceptor',
      (app: NestFastifyApplication) => app.useGlobalInterceptors(new NestOnly()),
      'global interceptor NestOnly',
    ],
  ])('an app-wide %s the route would skip', async (_kind, configure, named) => {
    await expect(appServing([countRoute as PlainRoute], { configure })).rejects.toThrow(`${named} is not run`);
  });

  test('control: an app-wide enhancer the caller says the plain route honours boots, and serves', async () => {
    const app = await appServing([countRoute as PlainRoute], {
      configure: (a) => a.useGlobalFilters(new AnyFilter()),
      honoured: { AnyFilter: 'the error responder stands in for it' },
    });
    const answer = await app
      .getHttpAdapter()
      .getInstance()
      .inject({ method: 'PUT', url: '/api/things/count', payload: { n: 1 } });
    expect(answer.json()).toEqual({ n: 2, wrapped: true });
    await app.close();
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
