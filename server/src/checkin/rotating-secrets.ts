import { createHmac, hkdfSync } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { checkRotatingDigits, digitsOfMac, parseRotatingCode, stepMessage, toBase64Url } from '@hotline/shared';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

/** HKDF's info: this key MACs ticket identifiers into rotating-code secrets, nothing else. */
const INFO = 'hotline rotating ticket code secret v1';
/** 128 bits: as a TOTP seed, and short enough that a 50,000-ticket manifest grows by about 1.1 MB. */
const SECRET_BYTES = 16;

/**
 * The rotating code's per-ticket secrets (docs/door-checkin.md, "The rotating code"): derived, not stored, from
 * TICKET_SIGNING_KEY (HKDF, then HMAC-SHA256 of the ticket's identifier), so every node knows every ticket's secret
 * and a copy of the database alone knows none. The e-ticket page gets its tickets' secrets; a scanner gets its show's
 * in the manifest (staff with the door permission).
 */
@Injectable()
export class RotatingSecrets {
  private readonly key: Buffer;

  constructor(@Inject(APP_CONFIG) config: Pick<AppConfig, 'TICKET_SIGNING_KEY'>) {
    this.key = Buffer.from(
      hkdfSync('sha256', Buffer.from(config.TICKET_SIGNING_KEY, 'utf8'), Buffer.alloc(0), INFO, 32),
    );
  }

  secretFor(ticketIdentifier: string): Buffer {
    return createHmac('sha256', this.key).update(ticketIdentifier).digest().subarray(0, SECRET_BYTES);
  }

  /** The secret as the e-ticket page and the manifest carry it. */
  secretText(ticketIdentifier: string): string {
    return toBase64Url(this.secretFor(ticketIdentifier));
  }

  /** The ticket an HLR1 text names when its digits are fresh at `at` (the server's clock); null otherwise. */
  check(text: string, at: Date): string | null {
    const code = parseRotatingCode(text);
    if (!code) return null;
    const secret = this.secretFor(code.ticketIdentifier);
    const verdict = checkRotatingDigits(code.digits, at.getTime(), (step) =>
      digitsOfMac(createHmac('sha256', secret).update(stepMessage(step)).digest()),
    );
    return verdict.verdict === 'fresh' ? code.ticketIdentifier : null;
  }
}
