import { type ArgumentsHost, Catch, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { toErrorResponse } from '../common/error-responder';
import { resolveLocale } from '../common/locale';
import { BookingError } from './booking.errors';

/**
 * The booking controllers' errors: the usual `{ error, message }` (same mapping
 * as the global filter) plus `details` when the error names what was wrong
 * (which customer field, which seat, what was refunded), so the storefront can
 * point at it without parsing the message.
 */
@Catch(BookingError)
export class BookingErrorFilter implements ExceptionFilter {
  catch(error: BookingError, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const response = toErrorResponse(error, resolveLocale(request.query, request.headers['accept-language']));
    const body = error.details ? { ...response.body, details: error.details } : response.body;
    void reply.status(response.status).header('content-type', 'application/json; charset=utf-8').send(body);
  }
}
