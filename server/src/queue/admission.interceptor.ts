import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { Observable } from 'rxjs';
import { requestAdmission, withAdmission, type AdmissionRequest } from '../common/admission-context';

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
