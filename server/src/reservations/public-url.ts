import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../config/app-config';

/**
 * The storefront's absolute origin for links in files and messages: the
 * configured PUBLIC_BASE_URL, else what the request came to (trustProxy is on,
 * so behind nginx this is the public host), else this server on localhost.
 */
export function publicBaseUrl(config: Pick<AppConfig, 'PUBLIC_BASE_URL' | 'PORT'>, request?: FastifyRequest): string {
  if (config.PUBLIC_BASE_URL) return config.PUBLIC_BASE_URL.replace(/\/+$/, '');
  if (request) return `${request.protocol}://${request.host}`;
  return `http://localhost:${config.PORT}`;
}
