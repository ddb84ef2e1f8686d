import { Inject, Injectable } from '@nestjs/common';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import { LOGGER } from '../common/logger';
import { StreamingSource, type StreamMedia } from './streaming-source.port';

/** server/assets/vod/demo-clip.webm: 6 s of VP8 made by scripts/make-demo-clip.mjs (no encoder needed). */
const CLIP = path.resolve(__dirname, '..', '..', 'assets', 'vod', 'demo-clip.webm');

/**
 * SIMULATION of a streaming platform: every VOD event plays the same small demo
 * clip, served by us. Its boot log line and the player's label say so.
 */
@Injectable()
export class SimulatedStreamingSource extends StreamingSource {
  readonly isSimulation = true;
  private clip: Buffer | null = null;

  constructor(@Inject(LOGGER) private readonly logger: Logger) {
    super();
    this.logger.info('streaming source: SIMULATION - every video-on-demand event plays the demo clip');
  }

  async media(_vodId: number): Promise<StreamMedia | null> {
    this.clip ??= readFileSync(CLIP);
    const clip = this.clip;
    return {
      contentType: 'video/webm',
      size: clip.length,
      slice: (start, end) => clip.subarray(start, end + 1),
    };
  }
}
