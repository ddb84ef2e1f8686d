/**
 * The rotating ticket code (SafeTix-like, docs/door-checkin.md "The rotating code"): for a show that asks for it, the
 * e-ticket page shows `HLR1.<ticket>.<8 digits>`, the digits a TOTP (RFC 6238 with HMAC-SHA256) of a per-ticket
 * secret over 15-second steps. A screenshot or a forwarded copy stops working within a minute; the scanner holds the
 * show's per-ticket secrets in its manifest, so it checks the digits offline too.
 *
 * Pure: the moment is given (the server's Clock, the scanner's clock corrected by the server's), and the HMAC is
 * the caller's (node:crypto, WebCrypto), passed in as the digits expected at a step.
 */
export const ROTATING_CODE_PREFIX = 'HLR1';
export const ROTATING_STEP_SECONDS = 15;
/**
 * Steps accepted either side of now. Back: a code shown at the start of its step is refused once a minute has passed
 * (its own step and three more: 15 + 45 s). Forward: a phone whose clock is up to 45 s fast still gets in.
 */
export const ROTATING_WINDOW_STEPS = 3;
export const ROTATING_CODE_DIGITS = 8;

const ROTATING_CODE = /^HLR1\.(T[0-9A-HJKMNP-TV-Z]{12})\.([0-9]{8})$/;

export function rotationStep(atMs: number): number {
  return Math.floor(atMs / (ROTATING_STEP_SECONDS * 1000));
}

/** The steps a code may come from at this moment, now's first. */
export function acceptedSteps(atMs: number): number[] {
  const now = rotationStep(atMs);
  const steps = [now];
  for (let d = 1; d <= ROTATING_WINDOW_STEPS; d++) steps.push(now - d, now + d);
  return steps;
}

/** What the per-ticket secret MACs for a step: the step as 8 bytes big-endian, as in TOTP. */
export function stepMessage(step: number): Uint8Array {
  const message = new Uint8Array(8);
  new DataView(message.buffer).setBigUint64(0, BigInt(step));
  return message;
}

/** RFC 4226's dynamic truncation of the step's MAC, as 8 digits. */
export function digitsOfMac(mac: Uint8Array): string {
  const offset = mac[mac.length - 1]! & 0x0f;
  const value = ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!;
  return String(value % 10 ** ROTATING_CODE_DIGITS).padStart(ROTATING_CODE_DIGITS, '0');
}

export function formatRotatingCode(ticketIdentifier: string, digits: string): string {
  return `${ROTATING_CODE_PREFIX}.${ticketIdentifier}.${digits}`;
}

export function parseRotatingCode(text: string): { ticketIdentifier: string; digits: string } | null {
  const match = ROTATING_CODE.exec(text.trim());
  return match ? { ticketIdentifier: match[1]!, digits: match[2]! } : null;
}

/** Equal without stopping at the first different digit. */
function sameDigits(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < a.length && i < b.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/**
 * Are these digits the ticket's code at a step near `atMs`? `digitsAt(step)` is the ticket's code at a step (the
 * caller MACs with the ticket's secret). 'fresh' names the step it matched.
 */
export function checkRotatingDigits(
  digits: string,
  atMs: number,
  digitsAt: (step: number) => string,
): { verdict: 'fresh'; step: number } | { verdict: 'not-valid' } {
  let matched: number | null = null;
  // Every accepted step is computed, matched or not: the time taken does not say how old a code is.
  for (const step of acceptedSteps(atMs)) if (sameDigits(digits, digitsAt(step)) && matched === null) matched = step;
  return matched === null ? { verdict: 'not-valid' } : { verdict: 'fresh', step: matched };
}
