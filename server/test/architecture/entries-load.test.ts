import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import type { DynamicModule, Type } from '@nestjs/common';

/**
 * Public entries (docs/server-modules.md, "Boundaries") re-export many files, so importing one can close a require
 * cycle: a class read while its file is still half-loaded is `undefined`, and a decorator records that (NestJS then
 * fails at boot with "can't resolve dependencies of X (?)"). Which import closes the cycle depends on which file loads
 * first, and a test may load any context first; so this loads the app once per context with that context's entry (or
 * module) first and checks every provider's and controller's constructor: each parameter has a type or an @Inject
 * token. No database: only the module graph is read.
 */

const SRC = path.resolve(__dirname, '../../src');
const firsts = readdirSync(SRC, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .map((c) => [c, existsSync(path.join(SRC, c, 'index.ts')) ? 'index.ts' : `${c}.module.ts`] as const)
  .filter(([c, file]) => existsSync(path.join(SRC, c, file)))
  .map(([c, file]) => `${c}/${file}`)
  .sort();

/**
 * The packages the server imports (node_modules and the workspace packages `@hotline/shared` and `@hotline/seatmaps`),
 * loaded once in this file's registry and handed to every isolated one by `jest.doMock`. A package never imports the
 * server's files, so only those can close a cycle, and they are still loaded afresh in the order under test; what is
 * no longer done 27 times is evaluating NestJS, TypeORM, fastify, zod and the rest again (most of this file's CPU).
 * Read from the sources, so a new import is shared without a list to keep; a specifier that does not resolve or load
 * outside the app (a type-only package, a word in a comment) is left to each registry as before.
 */
function shareServerPackages(): number {
  const specifiers = new Set<string>();
  const visit = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) visit(full);
      else if (e.name.endsWith('.ts'))
        for (const [, spec] of readFileSync(full, 'utf8').matchAll(
          /(?:\bfrom\s+|\bimport\s*\(?\s*|\brequire\s*\(\s*)'([^'./][^']*)'/g,
        ))
          if (!spec!.startsWith('node:')) specifiers.add(spec!);
    }
  };
  visit(SRC);
  let shared = 0;
  for (const spec of specifiers) {
    let loaded: unknown;
    try {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      loaded = require(spec);
    } catch {
      continue;
    }
    jest.doMock(spec, () => loaded);
    shared += 1;
  }
  return shared;
}

type ModuleRef = Type | DynamicModule | { forwardRef: () => Type } | undefined;
type Provider = Type | { useClass?: Type } | object;

/** Constructor parameters without a type or token, over the module graph under `root`. */
function untypedParameters(root: DynamicModule): string[] {
  const seen = new Set<unknown>();
  const problems: string[] = [];
  const checkClass = (p: Provider, where: string) => {
    const cls = typeof p === 'function' ? p : (p as { useClass?: Type }).useClass;
    if (cls === undefined || seen.has(cls)) return;
    seen.add(cls);
    const types = (Reflect.getMetadata('design:paramtypes', cls) ?? []) as unknown[];
    const tokens = (Reflect.getMetadata('self:paramtypes', cls) ?? []) as { index: number; param: unknown }[];
    for (const t of tokens) if (t.param === undefined) problems.push(`${where}: ${cls.name} @Inject ${t.index}`);
    types.forEach((t, i) => {
      if ((t === undefined || t === Object) && !tokens.some((x) => x.index === i))
        problems.push(`${where}: ${cls.name} parameter ${i}`);
    });
  };
  const walk = (ref: ModuleRef, where: string) => {
    if (ref === undefined) return void problems.push(`${where}: an undefined module in its imports`);
    let m: ModuleRef = 'forwardRef' in ref ? ref.forwardRef() : ref;
    if ('module' in m) {
      const name = m.module.name;
      for (const p of [...(m.providers ?? []), ...(m.controllers ?? [])]) checkClass(p, name);
      for (const i of m.imports ?? []) walk(i as ModuleRef, name);
      m = m.module;
    }
    if (seen.has(m)) return;
    seen.add(m);
    for (const key of ['providers', 'controllers'])
      for (const p of (Reflect.getMetadata(key, m) ?? []) as Provider[]) checkClass(p, m.name);
    for (const i of (Reflect.getMetadata('imports', m) ?? []) as ModuleRef[]) walk(i, m.name);
  };
  walk(root, 'AppModule');
  return problems;
}

describe('public entries load without a require cycle', () => {
  beforeAll(() => {
    expect(shareServerPackages()).toBeGreaterThan(10);
  });

  it.each(firsts)('with %s loaded first, every constructor parameter of the app has a type', async (first) => {
    let problems: string[] = [];
    await jest.isolateModulesAsync(async () => {
      await import(path.join(SRC, first));
      const { AppModule } = await import('../../src/app.module');
      // register() only builds the module list; the options are read when the app starts.
      problems = untypedParameters(AppModule.register({ config: { CLIENT_DIST: '/nonexistent' } } as never));
    });
    expect(problems).toEqual([]);
  });
});
