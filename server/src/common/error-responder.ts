import { HttpException } from '@nestjs/common';
import type { ErrorBody } from '@hotline/shared';
import { AppError } from './app-error';
import './common.errors';
import type { Locale } from './locale';

export interface ErrorResponse {
  status: number;
  body: ErrorBody;
  /** True when the error was not one we meant to throw: it must be logged with its stack. */
  unexpected: boolean;
}

const HTTP_STATUS_CODES: Record<number, string> = {
  400: 'INVALID_BODY',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'INVALID_BODY',
  429: 'TOO_MANY_REQUESTS',
  503: 'SERVICE_UNAVAILABLE',
};

function isDatabaseUnavailable(error: unknown): boolean {
  const code = (error as { code?: string })?.code;
  return (
    code === 'ECONNREFUSED' ||
    code === '57P01' ||
    code === '53300' ||
    (error as Error)?.message?.includes('Connection terminated')
  );
}

/**
 * Maps anything thrown to the one error shape. Our own AppErrors carry their code;
 * framework errors (bad JSON, unknown route, body too large) are mapped by status;
 * anything else is a bug: 500 with a generic text and no stack trace to the client.
 */
export function toErrorResponse(error: unknown, locale: Locale): ErrorResponse {
  if (error instanceof AppError) {
    const body = { error: error.code, message: error.translate(locale), ...error.extraBody(locale) };
    return { status: error.status, body, unexpected: false };
  }
  const status =
    error instanceof HttpException
      ? error.getStatus()
      : typeof (error as { statusCode?: unknown })?.statusCode === 'number'
        ? (error as { statusCode: number }).statusCode
        : undefined;
  if (status !== undefined && status >= 400 && status < 500) {
    const code = HTTP_STATUS_CODES[status] ?? 'INVALID_BODY';
    const detail = (error as Error).message ?? '';
    const app = new AppError(code, { details: detail }, status);
    return { status, body: { error: code, message: app.translate(locale) }, unexpected: false };
  }
  if (isDatabaseUnavailable(error)) {
    const app = new AppError('SERVICE_UNAVAILABLE');
    return { status: 503, body: { error: app.code, message: app.translate(locale) }, unexpected: true };
  }
  const app = new AppError('INTERNAL_ERROR');
  return { status: 500, body: { error: app.code, message: app.translate(locale) }, unexpected: true };
}
