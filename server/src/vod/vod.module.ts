import { Module } from '@nestjs/common';
import { CustomersModule } from '../customers/customers.module';
import { SimulatedStreamingSource } from './simulated-streaming-source';
import { StreamingSource } from './streaming-source.port';
import { VodController } from './vod.controller';
import { VodRepository } from './vod.repository';
import { VodService } from './vod.service';

/** Video-on-demand. The streaming source is a port; the built-in one is a SIMULATION (a demo clip). */
@Module({
  imports: [CustomersModule],
  controllers: [VodController],
  providers: [VodRepository, VodService, { provide: StreamingSource, useClass: SimulatedStreamingSource }],
})
export class VodModule {}
