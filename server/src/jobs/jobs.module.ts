import { Global, Module } from '@nestjs/common';
import { JobLease, RedisJobLease } from './job-lease';
import { JobScheduler } from './job-scheduler';

/** The one scheduler of periodic work (docs/jobs.md); every module registers with it. */
@Global()
@Module({
  providers: [{ provide: JobLease, useClass: RedisJobLease }, JobScheduler],
  exports: [JobScheduler],
})
export class JobsModule {}
