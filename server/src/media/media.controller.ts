import { Controller, Get, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { IMAGE_EXTENSION } from '@hotline/shared';
import { z } from 'zod';
import { AppError } from '../common/app-error';
import { ZodParams } from '../common/validation';
import { AnonymousRead } from '../common/visitor-identity';
import { MEDIA_NAME } from './media-name';
import { MediaStore } from './media-store';

const mediaParams = z.object({ name: z.string().regex(MEDIA_NAME, 'a content hash and its extension') });

/**
 * Uploaded images, by content-hash name: the name is the hash of the bytes, so an answer never changes and is cached
 * for a year as immutable. Looked up by hash in the store (never a file path built from the request); the type is
 * the one checked at upload, and the answer must not be sniffed as anything else.
 */
@ApiTags('media')
@Controller('media')
export class MediaController {
  constructor(private readonly store: MediaStore) {}

  @Get(':name')
  @AnonymousRead()
  @ApiOperation({ summary: 'An uploaded image (JPEG, PNG or WebP) by its content-hash name; immutable' })
  async file(@ZodParams(mediaParams) p: z.infer<typeof mediaParams>, @Res() reply: FastifyReply): Promise<void> {
    const [, hash, extension] = MEDIA_NAME.exec(p.name)!;
    const media = await this.store.get(hash!);
    // The extension is part of the name: the same bytes under another type's extension do not exist.
    if (!media || IMAGE_EXTENSION[media.type] !== extension) throw new AppError('MEDIA_NOT_FOUND');
    await reply
      .header('content-type', media.type)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      // An image opened on its own runs nothing and embeds nothing.
      .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
      .header('content-length', media.bytes.length)
      .send(media.bytes);
  }
}
