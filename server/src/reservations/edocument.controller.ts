import { Controller, Get, Headers, Inject, Param, Query, Req, Res, UseFilters } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { EDocumentResponse } from '@hotline/shared';
import { BookingErrorFilter } from '../cart/booking-error.filter';
import { resolveLocale } from '../common/locale';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { parseInput } from '../common/validation';
import { publicBaseUrl } from './public-url';
import { EDocumentService } from './edocument.service';

const documentParams = z.object({ documentKey: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'is not a document key') });

@ApiTags('booking')
@Controller('edocument')
@UseFilters(BookingErrorFilter)
export class EDocumentController {
  constructor(
    private readonly documents: EDocumentService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get(':documentKey')
  @ApiOperation({ summary: "Electronic ticket: the reservation's tickets, each with a signed QR code (SVG)" })
  @ApiParam({ name: 'documentKey' })
  document(
    @Param() params: unknown,
    @Query() query: unknown,
    @Headers('accept-language') acceptLanguage?: string,
  ): Promise<EDocumentResponse> {
    const { documentKey } = parseInput(documentParams, params);
    return this.documents.document(documentKey, resolveLocale(query, acceptLanguage));
  }

  @Get(':documentKey/calendar.ics')
  @ApiOperation({ summary: "The order's shows as text/calendar" })
  @ApiParam({ name: 'documentKey' })
  async calendar(
    @Param() params: unknown,
    @Query() query: unknown,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    const { documentKey } = parseInput(documentParams, params);
    const locale = resolveLocale(query, request.headers['accept-language']);
    const { ics, filename } = await this.documents.calendar(documentKey, locale, publicBaseUrl(this.config, request));
    return reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'private, no-store')
      .send(ics);
  }
}
