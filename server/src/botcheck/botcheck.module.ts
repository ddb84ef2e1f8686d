import { Global, Module } from '@nestjs/common';

/** ALTCHA proof-of-work bot check (filled in by the seat-engine work). */
@Global()
@Module({})
export class BotCheckModule {}
