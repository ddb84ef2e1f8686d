import { holdModeOf, withHoldMode } from './hold-mode';
import { Controller, Get, Header, Headers, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { gunzipSync } from 'node:zlib';
import type { z } from 'zod';
import { resolveLocale } from '../common/locale';
import { ZodParams, ZodQuery } from '../common/validation';
import { AnonymousRead } from '../common/visitor-identity';
import type { CachedDocument } from './seatplan-document';
import { preferredEncoding } from '../common/encoded-json';
import { ChannelScope } from '../channels';
import { CatalogueService } from './catalogue.service';
import {
  dateQuery,
  featuresQuery,
  idParam,
  presentationQuery,
  presentationSeatplanQuery,
  presentationsQuery,
  seatplanQuery,
  ticketGroupsQuery,
} from './catalogue.queries';

type IdParam = z.infer<typeof idParam>;

@ApiTags('catalogue')
@Controller('features')
export class FeaturesController {
  constructor(
    private readonly catalogue: CatalogueService,
    private readonly channel: ChannelScope,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Features (movies and events)' })
  async list(@ZodQuery(featuresQuery) q: z.infer<typeof featuresQuery>) {
    return this.channel.features(q, await this.catalogue.features({ ids: q.featureIds, locationId: q.locationId }));
  }

  @Get(':id/placeholderImage')
  @AnonymousRead()
  @Header('content-type', 'image/svg+xml; charset=utf-8')
  @Header('cache-control', 'public, max-age=3600')
  image(@ZodParams(idParam) params: IdParam) {
    return this.catalogue.featureImage(params.id);
  }
}

@ApiTags('catalogue')
@Controller('products')
export class ProductsController {
  constructor(private readonly catalogue: CatalogueService) {}

  @Get(':id/image')
  @AnonymousRead()
  @Header('content-type', 'image/svg+xml; charset=utf-8')
  @Header('cache-control', 'public, max-age=3600')
  image(@ZodParams(idParam) params: IdParam) {
    return this.catalogue.productImage(params.id);
  }
}

@ApiTags('catalogue')
@Controller('presentations')
export class PresentationsController {
  constructor(
    private readonly catalogue: CatalogueService,
    private readonly channel: ChannelScope,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Upcoming presentations, optionally of some features' })
  async list(@ZodQuery(presentationsQuery) q: z.infer<typeof presentationsQuery>) {
    const all = await this.catalogue.presentations({ featureIds: q.featureIds, locationId: q.locationId });
    const r = await this.channel.presentations(q, all);
    // Hold mode (docs/hold-orders.md): each show with its hold deadline.
    return q.isHold ? { ...r, presentations: r.presentations.map((p) => withHoldMode(p)) } : r;
  }

  @Get(':id')
  async one(
    @ZodParams(idParam) params: IdParam,
    @ZodQuery(presentationQuery) query: z.infer<typeof presentationQuery>,
  ) {
    await this.channel.assertPresentation(query, params.id);
    const r = await this.channel.presentation(query, await this.catalogue.presentation(params.id));
    return query.isHold ? { presentation: withHoldMode(r.presentation) } : r;
  }

  @Get(':id/seatplan')
  @AnonymousRead()
  @ApiOperation({
    summary:
      "The presentation's seat plan, the same document as /seats/seatplan of its venue and plan (cached, brotli/gzip, ETag; format=columnar)",
  })
  async seatplan(
    @ZodParams(idParam) params: IdParam,
    @ZodQuery(presentationSeatplanQuery) q: z.infer<typeof presentationSeatplanQuery>,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    return sendSeatplan(await this.catalogue.presentationSeatplan(params.id, q.format ?? 'nested'), request, reply);
  }

  @Get(':id/ticketGroups')
  @AnonymousRead()
  async ticketGroups(
    @ZodParams(idParam) params: IdParam,
    @ZodQuery(ticketGroupsQuery) query: z.infer<typeof ticketGroupsQuery>,
    @Headers('accept-language') acceptLanguage?: string,
  ) {
    await this.channel.assertPresentation(query, params.id);
    const locale = resolveLocale(query, acceptLanguage);
    const groups = await this.catalogue.ticketGroups(params.id, locale, query.modifiedTickets);
    const r = await this.channel.ticketGroups(query, params.id, groups);
    if (!query.isHold) return r;
    return { ...r, ...holdModeOf((await this.catalogue.presentation(params.id)).presentation) };
  }
}

@ApiTags('seats')
@Controller('seats')
export class SeatplanController {
  constructor(private readonly catalogue: CatalogueService) {}

  @Get('seatplan')
  @AnonymousRead()
  @ApiOperation({
    summary:
      'Seat plan: sections -> groups -> rows -> seats (cached, brotli/gzip, ETag); format=columnar: seats as one array per field (ColumnarSeatplan)',
  })
  async seatplan(
    @ZodQuery(seatplanQuery) q: z.infer<typeof seatplanQuery>,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    return sendSeatplan(await this.catalogue.seatplan(q.venueId, q.seatplanId, q.format ?? 'nested'), request, reply);
  }

  @Get('presentations')
  @ApiOperation({ summary: 'Presentations on one day (Asia/Jerusalem)' })
  onDate(@ZodQuery(dateQuery) q: z.infer<typeof dateQuery>) {
    return this.catalogue.presentationsOnDate(q.date);
  }
}

/**
 * A cached plan document: public for five minutes (the same for every visitor: no visitor id is issued with it, see
 * AnonymousRead), revalidated by ETag, brotli or gzip when accepted (made once, seatplan-document.ts).
 */
function sendSeatplan(doc: CachedDocument, request: FastifyRequest, reply: FastifyReply) {
  void reply.header('etag', doc.etag).header('cache-control', 'public, max-age=300').header('vary', 'accept-encoding');
  if (request.headers['if-none-match'] === doc.etag) return reply.status(304).send();
  void reply.header('content-type', 'application/json; charset=utf-8');
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (encoding !== 'identity') return reply.header('content-encoding', encoding).send(doc[encoding]);
  return reply.send(gunzipSync(doc.gzip));
}
