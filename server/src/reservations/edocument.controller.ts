import { Controller, Get, Headers, Inject, Query, Req, Res, UseFilters } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { EDocumentResponse } from '@hotline/shared';
import { BookingErrorFilter } from '../cart';
import { resolveLocale } from '../common/locale';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { ZodParams } from '../common/validation';
import { publicBaseUrl } from './public-url';
import { EDocumentService } from './edocument.service';

const documentParams = z.object({ documentKey: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'is not a document key') });
type DocumentParams = z.infer<typeof documentParams>;

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
  document(
    @ZodParams(documentParams) params: DocumentParams,
    @Query() query: unknown,
    @Headers('accept-language') acceptLanguage?: string,
  ): Promise<EDocumentResponse> {
    // no-store (set for every API answer): an e-ticket carries names and signed QR codes.
    return this.documents.document(params.documentKey, resolveLocale(query, acceptLanguage));
  }

  @Get(':documentKey/calendar.ics')
  @ApiOperation({ summary: "The order's shows as text/calendar" })
  async calendar(
    @ZodParams(documentParams) { documentKey }: DocumentParams,
    @Query() query: unknown,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    const locale = resolveLocale(query, request.headers['accept-language']);
    const { ics, filename } = await this.documents.calendar(documentKey, locale, publicBaseUrl(this.config, request));
    return reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'private, no-store')
      .send(ics);
  }
}
