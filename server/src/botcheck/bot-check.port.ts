/**
 * The bot check the seat engine depends on (lock-seat, best-available need a
 * valid token). The real implementation is ALTCHA proof-of-work (botcheck module).
 */
export abstract class BotCheck {
  /** Resolves when `token` is a valid solution usable by `visitorId`; throws AppError('INVALID_CAPTCHA') otherwise. */
  abstract verify(token: unknown, visitorId: string): Promise<void>;
}
