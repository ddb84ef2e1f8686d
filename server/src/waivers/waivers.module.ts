import { Module } from '@nestjs/common';
import { WaiverCheck } from './waiver-check';
import { WaiversController } from './waivers.controller';
import './waivers.errors';
import { WaiversRepository } from './waivers.repository';

/** Waivers (docs/vouchers-donations-waivers.md): what an event needs signed, the check at commit, the signed record. */
@Module({
  controllers: [WaiversController],
  providers: [WaiversRepository, WaiverCheck],
  exports: [WaiversRepository, WaiverCheck],
})
export class WaiversModule {}
