import { Controller, Delete, Headers, Put, Req } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { BACK_OFFICE_PERMISSION, type AdminFeature } from '@hotline/shared';
import { CurrentStaff, StaffOnly, type StaffIdentity } from '../backoffice';
import { idString } from '../common/ids';
import { RATE_LIMITS, RateLimit } from '../common/rate-limit';
import { ZodParams, ZodQuery } from '../common/validation';
import { revisionQuery } from './admin-input';
import { FeatureImageService } from './feature-image.service';

const idParams = z.object({ id: idString });

/**
 * An event's image (docs/catalogue-admin.md, "Event images"): the file's bytes as the body with its type
 * (`image/jpeg`, `image/png`, `image/webp`), at most 2 MB; the storefront shows it in place of the placeholder.
 */
@ApiTags('catalogue administration')
@Controller('admin')
@StaffOnly(BACK_OFFICE_PERMISSION.catalogue)
export class FeatureImageController {
  constructor(private readonly images: FeatureImageService) {}

  @Put('features/:id/image')
  @RateLimit(RATE_LIMITS.featureImageUpload)
  @ApiConsumes('image/jpeg', 'image/png', 'image/webp')
  @ApiBody({ schema: { type: 'string', format: 'binary' } })
  @ApiOperation({
    summary:
      "Uploads an event's image (JPEG, PNG or WebP by its bytes, ≤ 2 MB, 16–6000 px a side), named by content hash",
  })
  upload(
    @CurrentStaff() staff: StaffIdentity,
    @ZodParams(idParams) p: z.infer<typeof idParams>,
    @ZodQuery(revisionQuery) q: z.infer<typeof revisionQuery>,
    @Req() request: FastifyRequest,
    @Headers('content-type') contentType: string | undefined,
  ): Promise<AdminFeature> {
    return this.images.upload(staff, p.id, q.revision, request.body, contentType ?? '');
  }

  @Delete('features/:id/image')
  @ApiOperation({ summary: "Removes an event's image: buyers see the generated placeholder again" })
  remove(
    @CurrentStaff() staff: StaffIdentity,
    @ZodParams(idParams) p: z.infer<typeof idParams>,
    @ZodQuery(revisionQuery) q: z.infer<typeof revisionQuery>,
  ): Promise<AdminFeature> {
    return this.images.remove(staff, p.id, q.revision);
  }
}
