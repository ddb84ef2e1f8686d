import { Global, Module } from '@nestjs/common';
import { SeatHoldCapInterceptor, SeatHoldReleaseInterceptor } from './seat-hold-cap.interceptor';
import { SeatHoldCapService } from './seat-hold-cap.service';

@Global()
@Module({
  providers: [SeatHoldCapService, SeatHoldCapInterceptor, SeatHoldReleaseInterceptor],
  exports: [SeatHoldCapService, SeatHoldCapInterceptor, SeatHoldReleaseInterceptor],
})
export class SeatHoldCapModule {}
