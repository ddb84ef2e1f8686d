import {
  type CallHandler,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
  UseInterceptors,
  applyDecorators,
} from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { from, lastValueFrom, type Observable } from 'rxjs';
import type { BestAvailableResponse, LockSeatResponse, UnlockSeatResponse } from '@hotline/shared';
import { AppError } from '../app-error';
import { MAX_DB_ID } from '../ids';
import type { PlainInterceptor } from '../plain-route';
import { type HeldSeat, SeatHoldCapService } from './seat-hold-cap.service';

type Body = Record<string, unknown> | undefined;

function positiveInt(value: unknown): number | null {
  const n = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 && n <= MAX_DB_ID ? n : null;
}

/** What a lock-like call asks for: which presentation, how many seats. Null when malformed (validation answers). */
function lockRequestOf(request: FastifyRequest): { presentationId: number; count: number } | null {
  if (request.method === 'GET') {
    const query = request.query as Body;
    const isLock = query?.isLock === '1' || query?.isLock === 'true';
    const presentationId = positiveInt(query?.presentationId);
    const quantity = positiveInt(query?.quantity);
    if (!isLock || presentationId === null || quantity === null || quantity > 100) return null;
    return { presentationId, count: quantity };
  }
  const seat = (request.body as Body)?.seat as Body;
  const presentationId = positiveInt(seat?.PresentationId);
  return presentationId === null ? null : { presentationId, count: 1 };
}

function lockedSeatsOf(answer: unknown, presentationId: number): HeldSeat[] {
  const lock = answer as Partial<LockSeatResponse> & Partial<BestAvailableResponse>;
  if (Array.isArray(lock.seats)) return lock.seats;
  const match = lock.matches?.find((m) => m.locked && m.presentationId === presentationId);
  return match?.seats ?? [];
}

/** Before a lock: room under the address's cap; after it: the seats it got (see SeatHoldCapService). */
@Injectable()
export class SeatHoldCapInterceptor implements NestInterceptor, PlainInterceptor {
  constructor(private readonly holds: SeatHoldCapService) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (!lockRequestOf(context.switchToHttp().getRequest<FastifyRequest>())) return next.handle();
    return from(this.around(context, () => lastValueFrom(next.handle())));
  }

  async around(context: ExecutionContext, run: () => Promise<unknown>): Promise<unknown> {
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const asked = lockRequestOf(request);
    if (!asked) return run();
    let reservation;
    try {
      reservation = await this.holds.reserve(asked.presentationId, request.ip, request.visitorId, asked.count);
    } catch (error) {
      if (error instanceof AppError && error.code === 'SEAT_HOLD_CAP') {
        void http.getResponse<FastifyReply>().header('retry-after', String(error.params.retryAfter ?? 1));
      }
      throw error;
    }
    try {
      const answer = await run();
      await reservation.confirm(lockedSeatsOf(answer, asked.presentationId));
      return answer;
    } catch (error) {
      await reservation.cancel();
      throw error;
    }
  }
}

/** After an unlock: the released seats stop counting against the address. */
@Injectable()
export class SeatHoldReleaseInterceptor implements NestInterceptor, PlainInterceptor {
  constructor(private readonly holds: SeatHoldCapService) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (!lockRequestOf(context.switchToHttp().getRequest<FastifyRequest>())) return next.handle();
    return from(this.around(context, () => lastValueFrom(next.handle())));
  }

  async around(context: ExecutionContext, run: () => Promise<unknown>): Promise<unknown> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const asked = lockRequestOf(request);
    if (!asked) return run();
    const answer = (await run()) as Partial<UnlockSeatResponse>;
    await this.holds.released(asked.presentationId, request.ip, request.visitorId, answer.seats ?? []);
    return answer;
  }
}

/** Lock-like routes (lock-seat, best-available?isLock=1): the per-address cap applies. */
export function SeatHoldCap() {
  return applyDecorators(
    UseInterceptors(SeatHoldCapInterceptor),
    ApiResponse({ status: 429, description: 'SEAT_HOLD_CAP: this address already holds the most seats allowed' }),
  );
}

/** Unlock: released seats no longer count. */
export function SeatHoldRelease() {
  return UseInterceptors(SeatHoldReleaseInterceptor);
}
