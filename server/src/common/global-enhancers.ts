import type { INestApplication } from '@nestjs/common';
import type { ApplicationConfig } from '@nestjs/core';
import type { GlobalEnhancers } from './plain-route';

interface Named {
  constructor: { name: string };
}
interface Wrapped {
  metatype?: { name: string } | null;
  name?: unknown;
}

/**
 * The app's global guards, pipes, filters and interceptors by class name: those given as instances
 * (useGlobal*, static APP_*) and those Nest builds per request (request-scoped APP_*). Nest keeps them in its
 * ApplicationConfig, which it does not hand out; the application holds it as `config`.
 */
export function globalEnhancersOf(app: INestApplication): GlobalEnhancers {
  const config = (app as unknown as { config: ApplicationConfig }).config;
  const names = (instances: Named[], wrappers: Wrapped[]) => [
    ...instances.map((i) => i.constructor.name),
    ...wrappers.map((w) => w.metatype?.name ?? String(w.name)),
  ];
  return {
    guards: names(config.getGlobalGuards() as Named[], config.getGlobalRequestGuards() as Wrapped[]),
    pipes: names(config.getGlobalPipes() as Named[], config.getGlobalRequestPipes() as Wrapped[]),
    filters: names(config.getGlobalFilters() as Named[], config.getGlobalRequestFilters() as Wrapped[]),
    interceptors: names(config.getGlobalInterceptors() as Named[], config.getGlobalRequestInterceptors() as Wrapped[]),
  };
}
