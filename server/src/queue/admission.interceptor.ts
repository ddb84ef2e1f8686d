import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { Observable } from 'rxjs';
import type { StaffIdentity } from '../backoffice';
import { readCookie } from '../common/visitor-identity';
import { withAdmission, type RequestAdmission } from '../common/admission-context';

/** The admission pass: a cookie per presentation (set by the waiting page's status call), or this header. */
export const passCookieOf = (presentationId: number): string => `hotline_queue_${presentationId}`;
export const PASS_HEADER = 'queue-pass';

type AdmissionRequest = FastifyRequest & { staff?: StaffIdentity };

/** The admission of one HTTP request: its uuid, its passes (read lazily), its staff member once authenticated. */
export function requestAdmission(request: AdmissionRequest): RequestAdmission {
  return {
    kind: 'request',
    visitorId: request.visitorId,
    passOf(presentationId) {
      const header = request.headers[PASS_HEADER];
      return (
        (Array.isArray(header) ? header[0] : header) ?? readCookie(request.headers.cookie, passCookieOf(presentationId))
      );
    },
    // Read at decision time: a staff guard runs before this interceptor, the producer sale authenticates in the handler.
    staff: () => request.staff,
    decided: new Map(),
  };
}

/**
 * Global (APP_INTERCEPTOR, registered by QueueModule), so no route can forget it: every HTTP handler
 * runs inside its request's admission, which the seat engine's gate reads (docs/waiting-room.md).
 * Costs an object and an AsyncLocalStorage.run per request; no I/O. Other transports (the sockets)
 * get no admission: they change no seat, and a seat change without one is refused on a queued show.
 */
@Injectable()
export class AdmissionInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<AdmissionRequest>();
    // Nest binds the handler to the async context in which next.handle() is called (interceptors-consumer).
    return withAdmission(requestAdmission(request), () => next.handle());
  }
}
