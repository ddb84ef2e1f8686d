import { Controller, Get, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { WaiverRequirementResponse } from '@hotline/shared';
import { z } from 'zod';
import { AppError } from '../common/app-error';
import { dbId } from '../common/ids';
import { ZodParams } from '../common/validation';
import { WaiversRepository } from './waivers.repository';

const presentationParams = z.object({ presentationId: dbId });
const signatureParams = z.object({
  documentKey: z.string().regex(/^[A-Za-z0-9_-]{20,64}$/),
  waiverId: z.string().regex(/^\d{1,18}$/),
});

/** The waiver an event needs (before payment), and a signed waiver's image (from the e-ticket). */
@ApiTags('waivers')
@Controller()
export class WaiversController {
  constructor(private readonly waivers: WaiversRepository) {}

  @Get('presentations/:presentationId/waiver')
  @ApiOperation({ summary: 'The waiver this event needs before payment (terms, ticket age bands), or null' })
  async requirement(
    @ZodParams(presentationParams) p: z.infer<typeof presentationParams>,
  ): Promise<WaiverRequirementResponse> {
    const [r] = await this.waivers.requirements([p.presentationId]);
    if (!r) return { waiver: null };
    const tickets = await this.waivers.bandsOfPresentation(p.presentationId);
    return { waiver: { ...r, tickets } };
  }

  @Get('edocument/:documentKey/waivers/:waiverId/signature.png')
  @ApiOperation({ summary: "A signed waiver's signature image (the e-ticket's key is the access control)" })
  async signature(
    @ZodParams(signatureParams) p: z.infer<typeof signatureParams>,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const png = await this.waivers.signature(p.documentKey, p.waiverId);
    if (!png) throw new AppError('DOCUMENT_NOT_FOUND');
    await reply
      .header('content-type', 'image/png')
      .header('cache-control', 'private, no-store')
      .header('x-robots-tag', 'noindex')
      .send(png);
  }
}
