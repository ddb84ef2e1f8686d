import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { argon2id } from 'hash-wasm';
import { BotCheck } from '../botcheck';
import { AppError } from '../common/app-error';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { AttemptLimiter } from './attempt-limiter';
import { CustomersRepository } from './customers.repository';
import { PasswordVerifier } from './password-verifier';

/**
 * argon2id's cost by PASSWORD_HASH_COST. `owasp`, OWASP's minimum (19 MiB, 2 iterations, 1 lane, ≈ 60 ms of CPU per
 * hash or check), is the only one production accepts. `test-only-weak` (64 KiB, 1 iteration, ≈ 0.5 ms) is for the
 * tests, which sign staff in thousands of times a run: the same algorithm and code paths, a cost read back from each
 * stored hash as always. WebAssembly (hash-wasm): no native build, no install script.
 */
const ARGON2_COSTS = {
  owasp: { memorySize: 19_456, iterations: 2, parallelism: 1, hashLength: 32 },
  'test-only-weak': { memorySize: 64, iterations: 1, parallelism: 1, hashLength: 32 },
} as const;

export type PasswordHashCost = keyof typeof ARGON2_COSTS;

export function hashPassword(password: string, cost: PasswordHashCost = 'owasp'): Promise<string> {
  return argon2id({ ...ARGON2_COSTS[cost], password, salt: randomBytes(16), outputType: 'encoded' });
}

/**
 * E-mail + password login (POST /customer/login), behind CUSTOMER_PASSWORD_LOGIN
 * (off in the spec's deployment). Unknown e-mails are checked against a dummy
 * hash so both answers take the same time. Verification runs on a worker thread
 * (PasswordVerifier): argon2id would otherwise stop the event loop.
 */
@Injectable()
export class PasswordLoginService {
  private dummy: Promise<string> | null = null;

  constructor(
    private readonly customers: CustomersRepository,
    private readonly limiter: AttemptLimiter,
    private readonly botCheck: BotCheck,
    private readonly verifier: PasswordVerifier,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async login(q: {
    email: string;
    password: string;
    recaptchaToken: unknown;
    visitorId: string;
    ip: string;
  }): Promise<number> {
    if (!this.config.CUSTOMER_PASSWORD_LOGIN) throw new AppError('PASSWORD_LOGIN_DISABLED');
    await this.botCheck.verify(q.recaptchaToken, q.visitorId);
    const wait = await this.limiter.consume([
      {
        rule: { kind: 'guess-ip', limit: this.config.CUSTOMER_OTP_GUESSES_PER_IP_10MIN, windowSeconds: 600 },
        value: q.ip,
      },
      { rule: { kind: 'pw-e', limit: 10, windowSeconds: 3600 }, value: q.email.toLowerCase() },
    ]);
    if (wait !== null) throw new AppError('OTP_RATE_LIMITED', { retryAfter: wait });
    const row = await this.customers.byEmailWithPassword(q.email);
    this.dummy ??= hashPassword(randomBytes(16).toString('hex'), this.config.PASSWORD_HASH_COST);
    const hash = row?.passwordHash ?? (await this.dummy);
    const valid = await this.verifier.verify(q.password, hash);
    if (!row?.passwordHash || !valid) throw new AppError('LOGIN_FAILED');
    return row.id;
  }
}
