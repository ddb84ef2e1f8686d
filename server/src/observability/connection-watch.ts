import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DependencyAlarm } from '../common/dependency-failure';
import { onPoolError, poolUsage } from '../database/data-source';
import { RedisConnection } from '../redis/redis.module';
import { Metrics } from './metrics';
import { PromMetrics } from './prom-metrics';

/** The infrastructure's own signals: the pg pool's use and errors, the Redis connection's errors, the outage alarm. */
@Injectable()
export class ConnectionWatch {
  constructor(metrics: Metrics, dataSource: DataSource, redis: RedisConnection, alarm: DependencyAlarm) {
    if (!(metrics instanceof PromMetrics)) return;
    metrics.readPool(() => poolUsage(dataSource));
    onPoolError(dataSource, () => metrics.poolError());
    redis.client.on('error', () => metrics.redisError());
    alarm.onReport((dependency) => metrics.dependencyFailure(dependency));
  }
}
