import { Controller, Get, Header, Headers, Param, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { gunzipSync } from 'node:zlib';
import { resolveLocale } from '../common/locale';
import { parseInput } from '../common/validation';
import { CatalogueService } from './catalogue.service';
import {
  dateQuery,
  featuresQuery,
  idParam,
  presentationQuery,
  presentationsQuery,
  seatplanQuery,
  ticketGroupsQuery,
} from './catalogue.queries';

@ApiTags('catalogue')
@Controller('features')
export class FeaturesController {
  constructor(private readonly catalogue: CatalogueService) {}

  @Get()
  @ApiOperation({ summary: 'Features (movies and events)' })
  @ApiQuery({ name: 'featureIds', required: false, description: 'comma-separated ids' })
  @ApiQuery({ name: 'locationId', required: false })
  list(@Query() query: unknown) {
    const q = parseInput(featuresQuery, query);
    return this.catalogue.features({ ids: q.featureIds, locationId: q.locationId });
  }

  @Get(':id/placeholderImage')
  @ApiParam({ name: 'id' })
  @Header('content-type', 'image/svg+xml; charset=utf-8')
  @Header('cache-control', 'public, max-age=3600')
  image(@Param() params: unknown) {
    return this.catalogue.featureImage(parseInput(idParam, params).id);
  }
}

@ApiTags('catalogue')
@Controller('products')
export class ProductsController {
  constructor(private readonly catalogue: CatalogueService) {}

  @Get(':id/image')
  @ApiParam({ name: 'id' })
  @Header('content-type', 'image/svg+xml; charset=utf-8')
  @Header('cache-control', 'public, max-age=3600')
  image(@Param() params: unknown) {
    return this.catalogue.productImage(parseInput(idParam, params).id);
  }
}

@ApiTags('catalogue')
@Controller('presentations')
export class PresentationsController {
  constructor(private readonly catalogue: CatalogueService) {}

  @Get()
  @ApiOperation({ summary: 'Upcoming presentations, optionally of some features' })
  @ApiQuery({ name: 'featureIds', required: false, description: 'comma-separated ids' })
  @ApiQuery({ name: 'locationId', required: false })
  list(@Query() query: unknown) {
    const q = parseInput(presentationsQuery, query);
    return this.catalogue.presentations({ featureIds: q.featureIds, locationId: q.locationId });
  }

  @Get(':id')
  @ApiParam({ name: 'id' })
  one(@Param() params: unknown, @Query() query: unknown) {
    parseInput(presentationQuery, query);
    return this.catalogue.presentation(parseInput(idParam, params).id);
  }

  @Get(':id/ticketGroups')
  @ApiParam({ name: 'id' })
  ticketGroups(@Param() params: unknown, @Query() query: unknown, @Headers('accept-language') acceptLanguage?: string) {
    parseInput(ticketGroupsQuery, query);
    return this.catalogue.ticketGroups(parseInput(idParam, params).id, resolveLocale(query, acceptLanguage));
  }
}

@ApiTags('seats')
@Controller('seats')
export class SeatplanController {
  constructor(private readonly catalogue: CatalogueService) {}

  @Get('seatplan')
  @ApiOperation({ summary: 'Seat plan: sections -> groups -> rows -> seats (cached, gzip, ETag)' })
  @ApiQuery({ name: 'venueId' })
  @ApiQuery({ name: 'seatplanId' })
  @ApiQuery({
    name: 'format',
    required: false,
    description: "'columnar': seats as one array per field (ColumnarSeatplan), a fraction of the size and parse time",
  })
  async seatplan(@Query() query: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const q = parseInput(seatplanQuery, query);
    const doc = await this.catalogue.seatplan(q.venueId, q.seatplanId, q.format ?? 'nested');
    void reply
      .header('etag', doc.etag)
      .header('cache-control', 'public, max-age=300')
      .header('vary', 'accept-encoding');
    if (request.headers['if-none-match'] === doc.etag) return reply.status(304).send();
    void reply.header('content-type', 'application/json; charset=utf-8');
    if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
      return reply.header('content-encoding', 'gzip').send(doc.gzip);
    }
    return reply.send(gunzipSync(doc.gzip));
  }

  @Get('presentations')
  @ApiOperation({ summary: 'Presentations on one day (Asia/Jerusalem)' })
  @ApiQuery({ name: 'date', description: 'YYYY-MM-DD' })
  onDate(@Query() query: unknown) {
    return this.catalogue.presentationsOnDate(parseInput(dateQuery, query).date);
  }
}
