import { Controller, Get, UseFilters } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { agorotToShekels, type OrderConfirmationResponse } from '@hotline/shared';
import { BookingErrorFilter } from '../cart';
import { AppError } from '../common/app-error';
import { pathText } from '../common/ids';
import { ZodParams } from '../common/validation';
import { VisitorId } from '../common/visitor-identity';
import { DocumentsRepository } from './documents.repository';

const params = z.object({ identifier: pathText(40) });

/**
 * The confirmation page's data by the order's public reference: the page has its own address that
 * survives a reload, and the address carries no secret and no personal data. The reference alone shows nothing: the
 * server answers only the visitor whose `uuid` bought the order; a shared link elsewhere gets 404.
 */
@ApiTags('booking')
@Controller('reservations')
@UseFilters(BookingErrorFilter)
export class ConfirmationController {
  constructor(private readonly documents: DocumentsRepository) {}

  @Get(':identifier/confirmation')
  @ApiOperation({ summary: 'The paid order as its confirmation page shows it, for the visitor who bought it' })
  async confirmation(
    @ZodParams(params) { identifier }: z.infer<typeof params>,
    @VisitorId() visitorId: string,
  ): Promise<OrderConfirmationResponse> {
    const r = await this.documents.confirmationFor(identifier, visitorId);
    if (!r) throw new AppError('ORDER_CONFIRMATION_NOT_FOUND');
    return {
      reservationIdentifier: r.identifier,
      documentKey: r.documentKey,
      ticketIdentifiers: r.ticketIdentifiers,
      total: agorotToShekels(r.totalAgorot),
      charged: agorotToShekels(r.chargedAgorot),
      presentationIds: r.presentationIds.map(Number),
      at: new Date(r.createdAt).toISOString(),
    };
  }
}
