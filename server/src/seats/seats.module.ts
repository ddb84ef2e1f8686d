import { Module } from '@nestjs/common';

/** Real-time seat engine (filled in by the seat-engine work). */
@Module({})
export class SeatsModule {}
