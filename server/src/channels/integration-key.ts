import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The partner link's key: HMAC-SHA256 over "TS.ret" with the partner's secret, hex. The partner computes it on
 * its server; we recompute it for each configured partner and compare in constant time.
 */
export function integrationKey(secret: string, ts: string, ret: string): string {
  return createHmac('sha256', secret).update(`${ts}.${ret}`).digest('hex');
}

/** The partner whose secret signed this link, or null. Every partner is tried (no early exit on a match's position). */
export function partnerOfKey(
  partners: readonly { code: string; secret: string }[],
  ts: string,
  ret: string,
  key: string,
): string | null {
  const given = Buffer.from(key.toLowerCase(), 'utf8');
  let found: string | null = null;
  for (const p of partners) {
    const expected = Buffer.from(integrationKey(p.secret, ts, ret), 'utf8');
    if (expected.length === given.length && timingSafeEqual(expected, given) && found === null) found = p.code;
  }
  return found;
}
