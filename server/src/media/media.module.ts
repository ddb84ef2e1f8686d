import { Module } from '@nestjs/common';
import { MediaController } from './media.controller';
import './media.errors';
import { MediaStore } from './media-store';
import { PostgresMediaStore } from './postgres-media.store';

/** Uploaded media (feature images): the store behind its port and the public, immutable answer (docs/decisions/032). */
@Module({
  controllers: [MediaController],
  providers: [{ provide: MediaStore, useClass: PostgresMediaStore }],
  exports: [MediaStore],
})
export class MediaModule {}
