import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type Redis from 'ioredis';
import { DataSource } from 'typeorm';
import type { HealthResponse, JobsHealthResponse } from '@hotline/shared';
import { JobScheduler } from '../jobs';
import { REDIS } from '../redis/redis.module';
import { RETRY_AFTER_SECONDS } from '../common/dependency-failure';

async function probe(
  check: () => Promise<unknown>,
): Promise<{ ok: boolean; latencyMs: number | null; error?: 'timeout' | 'unreachable' }> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timed out after 2000 ms')), 2000);
      }),
    ]);
    return { ok: true, latencyMs: Math.round((performance.now() - started) * 10) / 10 };
  } catch (error) {
    // A fixed word, not the driver's message (which may name hosts, ports or versions).
    return {
      ok: false,
      latencyMs: null,
      error: /timed out/.test((error as Error).message) ? 'timeout' : 'unreachable',
    };
  } finally {
    clearTimeout(timer);
  }
}

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly jobs: JobScheduler,
  ) {}

  @Get()
  @ApiOkResponse({ description: 'PostgreSQL and Redis reachability; 503 when either is down.' })
  async health(@Res({ passthrough: true }) reply: FastifyReply): Promise<HealthResponse> {
    const [postgres, redis] = await Promise.all([
      probe(() => this.dataSource.query('SELECT 1')),
      probe(() => this.redis.ping()),
    ]);
    const ok = postgres.ok && redis.ok;
    void reply.status(ok ? 200 : 503);
    if (!ok) void reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    // No versions (server, Node, PostgreSQL, Redis): they only help an attacker pick an exploit.
    return { status: ok ? 'ok' : 'degraded', postgres, redis };
  }

  @Get('jobs')
  @ApiOkResponse({
    description: "This node's periodic jobs: runs, failures, last duration, last error time, next run.",
  })
  jobMetrics(): JobsHealthResponse {
    // Counters and times only: no error texts (they may name hosts).
    return { jobs: this.jobs.metrics() };
  }
}
