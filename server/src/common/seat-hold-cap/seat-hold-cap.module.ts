import { Global, Module } from '@nestjs/common';
import { SeatHoldCapService } from './seat-hold-cap.service';

@Global()
@Module({ providers: [SeatHoldCapService], exports: [SeatHoldCapService] })
export class SeatHoldCapModule {}
