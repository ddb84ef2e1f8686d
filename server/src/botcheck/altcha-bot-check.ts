import { Inject, Injectable } from '@nestjs/common';
import { createHash, createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type Redis from 'ioredis';
import type { Logger } from 'pino';
import { AppError } from '../common/app-error';
import { LOGGER } from '../common/logger';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { REDIS } from '../redis/redis.module';
import { BotCheck } from './bot-check.port';
import { deriveKeyFor, isAltchaAlgorithm, verifySolution, type AltchaChallenge } from './altcha-lib';
import { parseAltchaToken } from './altcha-payload';
import { issueKeySignedChallenge } from './altcha-issue';
import { type AltchaSecrets, canonicalJson, verifyKeySignedSolution } from './altcha-verify';
import './botcheck.errors';

/** What a token proves before its binding (AltchaBotCheck.check). */
export type AltchaProof =
  | { ok: false }
  | {
      ok: true;
      /** False for an expired challenge: only the visitor it was bound to while fresh may still use it. */
      fresh: boolean;
      /** The signed work factor (1 for an ordinary challenge). */
      work: number;
      /** The presentation whose waiting-room line the challenge was issued for, if any. */
      line: number | undefined;
      binding: { key: string; ttlSeconds: number };
    };

const positiveInteger = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 ? value : undefined;

/**
 * ALTCHA proof-of-work (altcha-lib v2, self-hosted) behind the BotCheck port.
 *
 * verify() costs one HMAC of the challenge, one HMAC of the derived key and one Redis
 * round trip (two on a replay). Issuing and verifying do what altcha-lib does, with node:crypto's
 * synchronous HMAC instead of its WebCrypto calls (altcha-issue.ts, altcha-verify.ts; decision 030).
 * Nothing is kept in memory: every node shares the HMAC key (config) and the bindings (Redis),
 * so any node can verify any solution.
 *
 * Binding: a verified solution is bound to the first visitor who uses it, for
 * ALTCHA_BINDING_TTL_SECONDS, by one atomic `SET key visitor NX EX ttl`. The key is
 * derived from the challenge's signature (not from the raw token text), so re-encoding
 * the same solution (other JSON key order, whitespace, another solution of the same
 * challenge) cannot dodge the binding.
 */
@Injectable()
export class AltchaBotCheck extends BotCheck {
  private readonly hmacKey: string;
  /** Signs the expected derived key so that verification never re-runs the key derivation. */
  private readonly keySignatureKey: string;
  private readonly secrets: AltchaSecrets;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    super();
    this.hmacKey = config.ALTCHA_HMAC_KEY;
    this.keySignatureKey = createHmac('sha256', config.ALTCHA_HMAC_KEY).update('altcha-key-signature').digest('hex');
    this.secrets = { signature: this.hmacKey, keySignature: this.keySignatureKey };
  }

  /**
   * A fresh challenge in altcha-lib's canonical format ({ parameters, signature }), the
   * format the ALTCHA widget (PoW v2) fetches from its `challenge` URL.
   * Deterministic mode: the server picks a secret counter in [0, ALTCHA_MAX_NUMBER x workFactor]
   * and publishes the derived key's prefix; the solver must walk the counters up to it.
   * A harder challenge (workFactor > 1, a busy presentation) says so in its signed
   * `data.work`, which the seat routes read back (LoadScaledWork).
   */
  issueChallenge(workFactor = 1, line?: number): Promise<AltchaChallenge> {
    const factor = Math.max(1, Math.floor(workFactor));
    const data = { ...(factor > 1 ? { work: factor } : {}), ...(line === undefined ? {} : { line }) };
    return issueKeySignedChallenge(
      {
        algorithm: this.config.ALTCHA_ALGORITHM,
        cost: this.config.ALTCHA_COST,
        counter: randomInt(0, this.config.ALTCHA_MAX_NUMBER * factor + 1),
        expiresAt: Math.floor(Date.now() / 1000) + this.config.ALTCHA_CHALLENGE_TTL_SECONDS,
        ...(Object.keys(data).length ? { data } : {}),
      },
      this.secrets,
    );
  }

  /**
   * The work factor a token's challenge was issued with: its signed `data.work`, or 1 for an
   * ordinary challenge, a token that does not parse, or parameters whose signature is not ours
   * (a visitor cannot raise the factor of a challenge they already solved).
   */
  signedWorkFactor(token: unknown): number {
    const parsed = parseAltchaToken(token);
    if (!parsed.ok || !this.signatureMatches(parsed.payload.challenge)) return 1;
    return positiveInteger(parsed.payload.challenge.parameters.data?.work) ?? 1;
  }

  /** HMAC-SHA-256 of the canonical (sorted-key) JSON of the parameters, as altcha-lib signs them. */
  private signatureMatches(challenge: AltchaChallenge): boolean {
    if (typeof challenge.signature !== 'string') return false;
    const expected = createHmac('sha256', this.hmacKey).update(canonicalJson(challenge.parameters)).digest();
    const given = Buffer.from(challenge.signature, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /**
   * The CPU-only half of verify(): the token parsed once and its signatures checked, no Redis. A solution that passes
   * still has to be bound to this visitor (`binding`, in the caller's round trip: ALTCHA_BIND_LUA_FUNCTION); `work`
   * and `line` are the challenge's signed `data` (its work factor, and the waiting room's line it was issued for).
   */
  async check(token: unknown, visitorId: string): Promise<AltchaProof> {
    if (typeof visitorId !== 'string' || visitorId.length === 0) return this.refused('no_visitor');
    const parsed = parseAltchaToken(token);
    if (!parsed.ok) return this.refused(parsed.problem);
    const { challenge, solution } = parsed.payload;
    const algorithm = challenge.parameters.algorithm;
    if (!isAltchaAlgorithm(algorithm)) return this.refused('algorithm');

    let result;
    try {
      result =
        verifyKeySignedSolution(challenge, solution, this.secrets, Date.now()) ??
        (await verifySolution({
          challenge,
          solution,
          deriveKey: deriveKeyFor(algorithm),
          hmacSignatureSecret: this.hmacKey,
          hmacKeySignatureSecret: this.keySignatureKey,
        }));
    } catch {
      return this.refused('verifier_threw');
    }
    // An expired challenge is still good for the visitor it was bound to while fresh, for the rest of the binding
    // window ("solve once per visit"). altcha-lib does not check the signature of an expired challenge, so we do:
    // the parameters (its work factor among them) must still be the ones we signed.
    if (result.expired && !this.signatureMatches(challenge)) return this.refused('invalid_signature');
    if (!result.verified && !result.expired)
      return this.refused(result.invalidSignature ? 'invalid_signature' : 'invalid_solution');
    const data = challenge.parameters.data;
    const line = positiveInteger(data?.line);
    return {
      ok: true,
      fresh: result.verified,
      work: positiveInteger(data?.work) ?? 1,
      line,
      binding: {
        key: this.bindingKey(challenge.signature ?? '', line),
        ttlSeconds: this.config.ALTCHA_BINDING_TTL_SECONDS,
      },
    };
  }

  async verify(token: unknown, visitorId: string): Promise<void> {
    const proof = await this.check(token, visitorId);
    if (!proof.ok) throw new AppError('INVALID_CAPTCHA');
    if (proof.fresh) {
      if (await this.bind(proof.binding.key, visitorId)) return;
      // Already bound: the visitor who used it first may send it again within the window.
      if ((await this.redis.get(proof.binding.key)) === visitorId) return;
      this.refuse('bound_to_other_visitor');
    }
    // The lookup is by signature, which only exists in Redis if that exact challenge was verified for this visitor.
    if ((await this.redis.get(proof.binding.key)) === visitorId) return;
    this.refuse('expired');
  }

  /**
   * Where a solution's binding lives: derived from the challenge's signature (not from the raw token text), so
   * re-encoding the same solution cannot dodge it. A challenge issued for a waiting room's line carries the line's
   * presentation in its signed data; its binding then sits in that line's Redis Cluster slot (the `{id}` hash tag
   * of queue/queue-keys.ts), so the join binds it in the same script as it takes the place. Either way one solution
   * has one key, whichever route sees it.
   */
  private bindingKey(signature: string, line: number | undefined): string {
    const hash = createHash('sha256').update(signature).digest('hex');
    return `${this.config.REDIS_PREFIX}altcha:${line === undefined ? '' : `{${line}}:`}${hash}`;
  }

  /**
   * True when this call created the binding: SET NX, so of two requests racing for one
   * solution exactly one wins. (The race test's control run overrides this with
   * GET-then-SET from server/test/support; src has no switch for it.)
   */
  protected async bind(key: string, visitorId: string): Promise<boolean> {
    const ttl = this.config.ALTCHA_BINDING_TTL_SECONDS;
    return (await this.redis.set(key, visitorId, 'EX', ttl, 'NX')) === 'OK';
  }

  private refused(reason: string): AltchaProof {
    this.logger.debug({ reason }, 'bot check refused');
    return { ok: false };
  }

  private refuse(reason: string): never {
    this.logger.debug({ reason }, 'bot check refused');
    throw new AppError('INVALID_CAPTCHA');
  }
}
