import { Global, Module } from '@nestjs/common';
import { AltchaBotCheck, BotCheck } from '../../../src/botcheck';
import { BotCheckDouble } from './bot-check-double';

/**
 * TEST DOUBLE for the tests that join a waiting room without solving ALTCHA work (jest.mock of botcheck.module):
 * the seat double's tokens (`ok:<uuid>`), and the join's harder proof as `ok:<uuid>#join`. An ordinary `ok:` token
 * carries the work of a seat lock, which the join refuses, as it refuses a real seat-lock proof.
 */
class JoinBotCheckDouble extends BotCheckDouble {
  override verify(token: unknown, visitorId: string): Promise<void> {
    return super.verify(typeof token === 'string' ? token.replace(/#join$/, '') : token, visitorId);
  }
}

const joinWork = {
  signedWorkFactor: (token: unknown): number => (typeof token === 'string' && token.endsWith('#join') ? 1e9 : 1),
};

@Global()
@Module({
  providers: [
    { provide: BotCheck, useClass: JoinBotCheckDouble },
    { provide: AltchaBotCheck, useValue: joinWork },
  ],
  exports: [BotCheck, AltchaBotCheck],
})
export class BotCheckModule {}

export const joinTokenFor = (visitorId: string): string => `ok:${visitorId}#join`;
