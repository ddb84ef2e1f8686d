import { Inject, Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { mergeMap, type Observable } from 'rxjs';
import { LOGGER } from '../common/logger';
import { CustomerSessions } from './customer-sessions.service';
import { CustomersRepository } from './customers.repository';

/**
 * Checkout hook, kept outside the payment module on purpose: when a logged-in
 * customer's commit answers a reservationIdentifier, the order becomes theirs
 * (only the buying visitor's order, only if nobody owns it yet). A failure here
 * never fails the sale; the order can still be claimed at the next login by its
 * verified mobile number.
 */
@Injectable()
export class CheckoutOrderLinkInterceptor implements NestInterceptor {
  constructor(
    private readonly sessions: CustomerSessions,
    private readonly customers: CustomersRepository,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    if (request.method !== 'POST' || !request.url.startsWith('/api/payment/commit')) return next.handle();
    return next.handle().pipe(
      mergeMap(async (body: unknown) => {
        const identifier = (body as { reservationIdentifier?: unknown } | null)?.reservationIdentifier;
        if (typeof identifier === 'string') {
          try {
            const customerId = await this.sessions.current(request);
            if (customerId !== null) await this.customers.attachOrder(customerId, identifier, request.visitorId);
          } catch (err) {
            this.logger.warn({ err }, 'could not link the order to the logged-in customer');
          }
        }
        return body;
      }),
    );
  }
}
