import { Controller, Headers, Optional, Post, Query, Req, UseFilters } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { CommitResponse } from '@hotline/shared';
import { RequireBotCheck } from '../botcheck';
import { BookingErrorFilter } from '../cart';
import { resolveLocale } from '../common/locale';
import { RATE_LIMITS, RateLimit } from '../common/rate-limit';
import { ZodBody } from '../common/validation';
import { VisitorId } from '../common/visitor-identity';
import { HoldPlacementService } from '../holds';
import { commitBody, type CommitBody } from '../payment';
import { QueueEarly, cartPresentations } from '../seats';
import { Metrics, NO_METRICS } from '../observability';
import { CommitOrchestrator } from './commit.orchestrator';
import { ProducerSaleAuthority } from './producer-sale';
import { ONLINE_SALE, type SaleMode } from './sale-mode';

/** POST /api/payment/commit (storefront-spec.md section 7): the path stays the spec's; the saga lives in orders/. */
@ApiTags('booking')
@Controller('payment')
@UseFilters(BookingErrorFilter)
export class CommitController {
  constructor(
    private readonly orders: CommitOrchestrator,
    private readonly producerSales: ProducerSaleAuthority,
    private readonly holds: HoldPlacementService,
    @Optional() private readonly metrics: Metrics = NO_METRICS,
  ) {}

  @Post('commit')
  @ApiOperation({
    summary:
      'Pay for the cart and write the reservation; answers { reservationIdentifier, ticketIdentifiers } (idempotent per cartIdentifier, bound to the cart)',
  })
  @RequireBotCheck()
  @RateLimit(RATE_LIMITS.commit)
  @QueueEarly(cartPresentations)
  async commit(
    @VisitorId() visitorId: string,
    @ZodBody(commitBody) q: CommitBody,
    @Query() query: unknown,
    @Req() request: FastifyRequest,
    @Headers('accept-language') acceptLanguage?: string,
  ): Promise<CommitResponse> {
    return this.metrics.timed('commit', () => this.commitOnce(visitorId, q, query, request, acceptLanguage));
  }

  private async commitOnce(
    visitorId: string,
    q: CommitBody,
    query: unknown,
    request: FastifyRequest,
    acceptLanguage?: string,
  ): Promise<CommitResponse> {
    const locale = resolveLocale(query, acceptLanguage);
    // A hold order (cart.isHold): unpaid, for members, paid at the box office (docs/hold-orders.md). The same commit.
    if (q.cart.isHold) {
      const admit = (kind: string) => this.holds.admit(q.cart, request, kind);
      return this.orders.commit(visitorId, q, locale, request.ip, { kind: 'hold', admit });
    }
    // The producer variant (cart with mobileNumber / customerName / tender) is for staff only: 401/403 before anything.
    const producer = await this.producerSales.authorise(request, q.cart);
    // request.ip honours the deployment's trusted proxy setting (the address a waiver is signed from).
    const mode: SaleMode = producer ? { kind: 'box-office', producer } : ONLINE_SALE;
    const result = await this.orders.commit(visitorId, q, locale, request.ip, mode);
    if (producer && !result.replayed) await this.producerSales.recordSale(producer, result);
    return result;
  }
}
