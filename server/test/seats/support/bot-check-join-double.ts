import { Global, Module } from '@nestjs/common';
import { AltchaBotCheck, BotCheck } from '../../../src/botcheck';
import type { AltchaProof } from '../../../src/botcheck/altcha-bot-check';
import { BotCheckDouble } from './bot-check-double';

/**
 * TEST DOUBLE for the tests that join a waiting room without solving ALTCHA work (jest.mock of botcheck.module):
 * the seat double's tokens (`ok:<uuid>`), and the join's harder proof for one line as `ok:<uuid>#join:<presentation>`.
 * An ordinary `ok:` token carries the work of a seat lock, which the join refuses, as it refuses a real seat-lock
 * proof. A join proof is bound in the join's script like a real one, under a key of its own per visitor and line.
 */
const JOIN_PROOF = /^ok:([^#]+)#join:(\d+)$/;

class JoinBotCheckDouble extends BotCheckDouble {
  override verify(token: unknown, visitorId: string): Promise<void> {
    return super.verify(typeof token === 'string' ? token.replace(/#join:\d+$/, '') : token, visitorId);
  }
}

const joinWork = {
  /** A fixed challenge naming its line, in the real one's shape: the same answer from every app (parity test). */
  async issueChallenge(work: number, line?: number) {
    const parameters = {
      algorithm: 'SHA-256',
      nonce: '00',
      salt: '00',
      cost: 1,
      keyLength: 32,
      keyPrefix: '00',
      keySignature: '00',
      expiresAt: 4_102_444_800,
      data: { work, line },
    };
    return { parameters, signature: '00'.repeat(32) };
  },
  async check(token: unknown, visitorId: string): Promise<AltchaProof> {
    const match = typeof token === 'string' ? JOIN_PROOF.exec(token) : null;
    if (match?.[1] !== visitorId) return { ok: false };
    const line = Number(match[2]);
    const binding = { key: `test-double:altcha:{${line}}:${visitorId}`, ttlSeconds: 60 };
    return { ok: true, fresh: true, work: 1e9, line, binding };
  },
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

export const joinTokenFor = (visitorId: string, presentationId: number): string =>
  `ok:${visitorId}#join:${presentationId}`;
