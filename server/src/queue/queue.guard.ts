import {
  type ArgumentsHost,
  type CanActivate,
  Catch,
  type ExceptionFilter,
  type ExecutionContext,
  Injectable,
  SetMetadata,
  UseFilters,
  UseGuards,
  applyDecorators,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiResponse } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { queueUrlOf, type QueueRequiredBody } from '@hotline/shared';
import { AppError } from '../common/app-error';
import { Clock } from '../common/clock';
import { resolveLocale } from '../common/locale';
import { readCookie } from '../common/visitor-identity';
import { OnSales } from './on-sales';
import { QueueTickets } from './queue-tickets';
import './queue.errors';

/** The presentations a call would lock or buy seats on (read from its body or query). */
export type PresentationsOf = (request: FastifyRequest) => readonly number[];

const PRESENTATIONS_OF = Symbol('QUEUE_PRESENTATIONS_OF');

/** The admission pass: a cookie per presentation (set by the waiting page's status call), or this header. */
export const passCookieOf = (presentationId: number): string => `hotline_queue_${presentationId}`;
export const PASS_HEADER = 'queue-pass';

export class QueueRequiredError extends AppError {
  constructor(readonly presentationId: number) {
    super('QUEUE_REQUIRED');
  }
}

/**
 * Refuses a seat call on a presentation whose queue is on unless the caller carries a valid
 * admission pass for it, bound to its own uuid. An HMAC per presentation and no I/O: the on-sale
 * map is in memory (OnSales) and the pass is self-contained (QueueTickets).
 */
@Injectable()
export class QueueGuard implements CanActivate {
  constructor(
    private readonly onSales: OnSales,
    private readonly tickets: QueueTickets,
    private readonly reflector: Reflector,
    private readonly clock: Clock,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const presentationsOf = this.reflector.get<PresentationsOf | undefined>(PRESENTATIONS_OF, context.getHandler());
    // Input that names no presentation is left to the route's own validation (a 400, not ours).
    let ids: readonly number[];
    try {
      ids = presentationsOf?.(request) ?? [];
    } catch {
      ids = [];
    }
    const now = this.clock.nowMs();
    for (const id of new Set(ids)) {
      if (!this.onSales.queued(id)) continue;
      const header = request.headers[PASS_HEADER];
      const pass = (Array.isArray(header) ? header[0] : header) ?? readCookie(request.headers.cookie, passCookieOf(id));
      if (!this.tickets.valid(pass, 'p', id, request.visitorId, now)) throw new QueueRequiredError(id);
    }
    return true;
  }
}

/** Adds `queueUrl` to the one error shape, so the storefront can send the visitor to the waiting page. */
@Catch(QueueRequiredError)
export class QueueRequiredFilter implements ExceptionFilter {
  catch(error: QueueRequiredError, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const locale = resolveLocale(request.query, request.headers['accept-language']);
    const body: QueueRequiredBody = {
      error: 'QUEUE_REQUIRED',
      message: error.translate(locale),
      queueUrl: queueUrlOf(error.presentationId),
    };
    void reply.status(error.status).header('content-type', 'application/json; charset=utf-8').send(body);
  }
}

/**
 * The one line a seat route adds: while the named presentation's queue is on, callers need an
 * admission (403 QUEUE_REQUIRED with the queue URL otherwise). Put it lowest among the route's
 * guards so it runs first: a skipper is refused before the bot check's HMACs and Redis call.
 */
export function QueueGate(presentationsOf: PresentationsOf) {
  return applyDecorators(
    SetMetadata(PRESENTATIONS_OF, presentationsOf),
    UseGuards(QueueGuard),
    UseFilters(QueueRequiredFilter),
    ApiResponse({ status: 403, description: 'QUEUE_REQUIRED: join the waiting room at queueUrl first' }),
  );
}

const positiveId = (value: unknown): number | undefined => {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : undefined;
};
const only = (id: number | undefined): number[] => (id === undefined ? [] : [id]);
const body = (request: FastifyRequest) => (request.body ?? {}) as Record<string, unknown>;

/** lock-seat: `{ seat: { PresentationId } }`. */
export const lockSeatPresentation: PresentationsOf = (request) =>
  only(positiveId((body(request).seat as Record<string, unknown> | undefined)?.PresentationId));

/** best-available: `?presentationId=`. */
export const bestAvailablePresentation: PresentationsOf = (request) =>
  only(positiveId((request.query as Record<string, unknown> | undefined)?.presentationId));

/** Back office lock-seats: `{ presentationId }`. */
export const boxOfficePresentation: PresentationsOf = (request) => only(positiveId(body(request).presentationId));

/** Commit: every presentation of the cart's seats. */
export const cartPresentations: PresentationsOf = (request) => {
  const seats = (body(request).cart as { seats?: unknown } | undefined)?.seats;
  if (!Array.isArray(seats)) return [];
  return seats.flatMap((s: unknown) => only(positiveId((s as Record<string, unknown> | null)?.prsntId)));
};
