import {
  acceptedSteps,
  checkRotatingDigits,
  checkTicketCode,
  doorVerdict,
  fromBase64Url,
  parseRotatingCode,
  parseTicketCode,
  type CheckinManifest,
  type DoorOutcome,
  type TicketCodeFields,
} from '@hotline/shared';
import { rotatingDigits } from '../lib/rotating-digits';

export interface OfflineAnswer {
  outcome: DoorOutcome;
  ticketIdentifier: string | null;
  seat: { rowName: string; seatName: string } | null;
}

const TYPED_IDENTIFIER = /^T[0-9A-HJKMNP-TV-Z]{12}$/;

/** Ed25519 through WebCrypto (asynchronous), asked before the shared rule, which takes its answer. */
async function signatureHolds(manifest: CheckinManifest, text: string): Promise<boolean> {
  const parsed = parseTicketCode(text);
  if (parsed.kind !== 'signed') return false;
  const key = manifest.keys.find((k) => k.keyId === parsed.fields.keyId);
  const raw = key ? fromBase64Url(key.publicKey) : null;
  if (!raw) return false;
  try {
    const publicKey = await crypto.subtle.importKey('raw', Uint8Array.from(raw), { name: 'Ed25519' }, false, [
      'verify',
    ]);
    const message = Uint8Array.from(parsed.signedText, (c) => c.charCodeAt(0));
    return await crypto.subtle.verify({ name: 'Ed25519' }, publicKey, Uint8Array.from(parsed.signature), message);
  } catch {
    return false;
  }
}

/** The ticket a rotating code names when its digits are fresh at `now` (the manifest carries the show's secrets). */
async function freshRotating(manifest: CheckinManifest, text: string, now: Date): Promise<string | null> {
  const code = parseRotatingCode(text);
  const secret = code && manifest.tickets.find((t) => t.identifier === code.ticketIdentifier)?.rotatingSecret;
  if (!code || !secret) return null;
  const expected = await rotatingDigits(secret, acceptedSteps(now.getTime()));
  const verdict = checkRotatingDigits(code.digits, now.getTime(), (step) => expected.get(step) ?? '');
  return verdict.verdict === 'fresh' ? code.ticketIdentifier : null;
}

/**
 * The door without the network (docs/door-checkin.md, "Offline"): the same shared rules as the server over the
 * manifest this device downloaded and the tickets it let in since. An HLT1 code or a typed number can only be looked
 * up (its HMAC needs the server's secret). A rotating code is checked with the ticket's secret from the manifest at
 * `now`, which the caller corrects by the server's clock as last seen (a scanner's own clock may be off).
 */
export async function decideOffline(
  manifest: CheckinManifest,
  admittedHere: ReadonlySet<string>,
  scanned: string,
  now: Date,
): Promise<OfflineAnswer> {
  const text = scanned.trim();
  let identifier: string | null = null;
  let fields: TicketCodeFields | null = null;
  let rotating = false;
  if (parseRotatingCode(text)) {
    identifier = await freshRotating(manifest, text, now);
    rotating = identifier !== null;
  } else if (TYPED_IDENTIFIER.test(text)) identifier = text;
  else {
    const holds = await signatureHolds(manifest, text);
    const verdict = checkTicketCode(text, manifest.keys, now, () => holds);
    if (verdict.verdict === 'genuine') ({ fields } = verdict);
    if (verdict.verdict === 'genuine') identifier = verdict.fields.ticketIdentifier;
    if (verdict.verdict === 'ask-server') identifier = verdict.ticketIdentifier;
  }
  const none: OfflineAnswer = { outcome: 'not-valid', ticketIdentifier: null, seat: null };
  if (!identifier) return none;
  if (fields && fields.presentationId !== manifest.presentationId)
    return { outcome: 'wrong-presentation', ticketIdentifier: identifier, seat: null };
  const entry = manifest.tickets.find((t) => t.identifier === identifier);
  if (!entry) return none;
  const showAt = new Date(manifest.showAt);
  const verdict = doorVerdict(
    {
      presentationId: manifest.presentationId,
      sectionId: entry.sectionId,
      x: entry.x,
      y: entry.y,
      ticketStatus: entry.state === 'valid' ? 'live' : 'cancelled',
      reservationState: 'paid',
      showAt,
      doorsOpenMinutes: (showAt.getTime() - Date.parse(manifest.doorsOpenAt)) / 60_000,
      // A manifest kept from before the rotating code has no such field: off.
      rotatingCode: manifest.rotatingCode === true,
    },
    {
      presentationId: manifest.presentationId,
      codePresentationId: fields?.presentationId ?? null,
      codeSeat: fields,
      rotating,
      at: now,
    },
  );
  const seat =
    entry.rowName !== null && entry.seatName !== null ? { rowName: entry.rowName, seatName: entry.seatName } : null;
  if (verdict !== 'proceed') return { outcome: verdict, ticketIdentifier: identifier, seat };
  const inAlready = entry.admittedAt !== null || admittedHere.has(identifier);
  return { outcome: inAlready ? 'already-admitted' : 'admitted', ticketIdentifier: identifier, seat };
}
