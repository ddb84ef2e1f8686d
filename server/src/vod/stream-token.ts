import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The short-lived signed part of a stream URL: '<vodId>.<expiresAtSeconds>.<nonce>.<signature>'.
 * It says which video and until when - never who watches (no personal data in URLs). HMAC-SHA256 with
 * TICKET_SIGNING_KEY under its own prefix, so a stream token can never pass as a ticket QR and back.
 */
const PREFIX = 'HLV1';

function sign(key: string, body: string): string {
  return createHmac('sha256', key).update(`${PREFIX}.${body}`).digest().subarray(0, 16).toString('base64url');
}

export function streamToken(key: string, vodId: number, expiresAtSeconds: number): string {
  const body = `${vodId}.${expiresAtSeconds}.${randomBytes(9).toString('base64url')}`;
  return `${body}.${sign(key, body)}`;
}

export type StreamTokenCheck = { ok: true; vodId: number } | { ok: false; reason: 'invalid' | 'expired' };

export function verifyStreamToken(key: string, token: string, nowSeconds: number): StreamTokenCheck {
  const parts = token.split('.');
  if (parts.length !== 4) return { ok: false, reason: 'invalid' };
  const [vod, exp, nonce, signature] = parts as [string, string, string, string];
  if (!/^\d{1,10}$/.test(vod) || !/^\d{1,12}$/.test(exp) || !nonce) return { ok: false, reason: 'invalid' };
  const expected = Buffer.from(sign(key, `${vod}.${exp}.${nonce}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'invalid' };
  if (Number(exp) < nowSeconds) return { ok: false, reason: 'expired' };
  return { ok: true, vodId: Number(vod) };
}
