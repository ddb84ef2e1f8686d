import { Controller, Get, Headers } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { IntegrationResponse, MiniSiteResponse, MiniSiteValidateResponse } from '@hotline/shared';
import type { z } from 'zod';
import { resolveLocale } from '../common/locale';
import { RateLimit } from '../common/rate-limit';
import { ZodParams, ZodQuery } from '../common/validation';
import { integrationQuery, miniSiteParams, miniSiteQuery, miniSiteValidateQuery } from './channels.queries';
import { IntegrationService } from './integration.service';
import { MiniSiteService } from './mini-site.service';

/** Each lookup is cheap, but keys and mini-site URLs must not be guessable in bulk. */
const INTEGRATION_LIMIT = {
  name: 'integration',
  rules: [
    { by: 'ip', limit: 30, windowSeconds: 60 },
    { by: 'visitor', limit: 10, windowSeconds: 60 },
  ],
} as const;
const MINI_SITE_LIMIT = { name: 'mini-site', rules: [{ by: 'ip', limit: 120, windowSeconds: 60 }] } as const;

@ApiTags('storefront modes')
@Controller('mini-site')
export class MiniSiteController {
  constructor(private readonly miniSites: MiniSiteService) {}

  @Get('validate/:url')
  @ApiOperation({ summary: 'Whether these tickets (and references) may be bought on the mini-site' })
  @RateLimit(MINI_SITE_LIMIT)
  validate(
    @ZodParams(miniSiteParams) params: z.infer<typeof miniSiteParams>,
    @ZodQuery(miniSiteValidateQuery) q: z.infer<typeof miniSiteValidateQuery>,
  ): Promise<MiniSiteValidateResponse> {
    return this.miniSites.validate(params.url, q);
  }

  @Get(':url')
  @ApiOperation({ summary: 'A mini-site: its presentations and tickets (with Balance)' })
  @RateLimit(MINI_SITE_LIMIT)
  get(
    @ZodParams(miniSiteParams) params: z.infer<typeof miniSiteParams>,
    @ZodQuery(miniSiteQuery) q: z.infer<typeof miniSiteQuery>,
    @Headers('accept-language') acceptLanguage?: string,
  ): Promise<MiniSiteResponse> {
    return this.miniSites.get(params.url, resolveLocale(q, acceptLanguage));
  }
}

@ApiTags('storefront modes')
@Controller('integration')
export class IntegrationController {
  constructor(private readonly integrations: IntegrationService) {}

  @Get()
  @ApiOperation({ summary: 'A partner link (TS, ret, key = HMAC-SHA256 of "TS.ret") -> integrationId' })
  @RateLimit(INTEGRATION_LIMIT)
  lookup(@ZodQuery(integrationQuery) q: z.infer<typeof integrationQuery>): Promise<IntegrationResponse> {
    return this.integrations.lookup(q);
  }
}
