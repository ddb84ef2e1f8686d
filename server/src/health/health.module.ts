import { Global, Module } from '@nestjs/common';
import { DependencyAlarm } from '../common/dependency-failure';
import { HealthController } from './health.controller';

/** Health endpoint, and the one place dependency outages are logged (rate-limited). */
@Global()
@Module({ controllers: [HealthController], providers: [DependencyAlarm], exports: [DependencyAlarm] })
export class HealthModule {}
