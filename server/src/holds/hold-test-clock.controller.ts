import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { z } from 'zod';
import { AppError } from '../common/app-error';
import { parseInput } from '../common/validation';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { HoldClock } from './hold-clock';
import { HoldReleaseJob, type SweepResult } from './hold-release.job';

const clockBody = z.object({
  offsetMs: z
    .number()
    .int()
    .min(0)
    .max(400 * 86_400_000),
});

/**
 * TEST ONLY (HOLDS_TEST_CLOCK=true, refused in production by the config check): moves this node's hold clock so an
 * end-to-end test can let a hold's deadline pass, and runs the release sweep at once instead of waiting a period.
 * Every other request answers 404, as if the route did not exist.
 */
@ApiExcludeController()
@Controller('holds/test')
export class HoldTestClockController {
  constructor(
    private readonly clock: HoldClock,
    private readonly sweep: HoldReleaseJob,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('clock')
  @HttpCode(200)
  async move(@Body() raw: unknown): Promise<SweepResult> {
    // Switched off, the route is absent whatever the body: checked before the body is read.
    if (!this.config.HOLDS_TEST_CLOCK || this.config.NODE_ENV === 'production') throw new AppError('NOT_FOUND');
    const body = parseInput(clockBody, raw, 'INVALID_BODY');
    this.clock.setOffset(body.offsetMs);
    return this.sweep.runOnce();
  }
}
