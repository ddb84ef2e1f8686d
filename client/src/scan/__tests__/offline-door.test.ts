import {
  digitsOfMac,
  formatRotatingCode,
  rotationStep,
  stepMessage,
  ticketCodeSignedText,
  ticketCodeText,
  toBase64Url,
  type CheckinManifest,
  type ManifestTicket,
} from '@hotline/shared';
import { decideOffline } from '../offline-door';

/** The scanner's offline decision over its manifest, with real Ed25519 through WebCrypto (as in the browser). */
const SHOW = '2026-12-01T18:00:00.000Z';
const NOW = new Date('2026-12-01T17:30:00Z');
const ticket = (identifier: string, o: Partial<ManifestTicket> = {}): ManifestTicket => ({
  identifier,
  sectionId: 3,
  x: 4,
  y: 1,
  rowName: '1',
  seatName: '4',
  state: 'valid',
  admittedAt: null,
  gate: null,
  ...o,
});

async function setup() {
  const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair;
  const other = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair;
  const raw = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
  const manifest: CheckinManifest = {
    presentationId: 7,
    generatedAt: NOW.toISOString(),
    showAt: SHOW,
    doorsOpenAt: '2026-12-01T17:00:00.000Z',
    reentryAllowed: false,
    rotatingCode: false,
    keys: [{ keyId: 1, publicKey: toBase64Url(raw), verifiesUntil: null }],
    tickets: [
      ticket('T000000000001'),
      ticket('T000000000002', { admittedAt: '2026-12-01T17:10:00.000Z', gate: 'North' }),
      ticket('T000000000003', { state: 'cancelled' }),
      ticket('T000000000004', { x: 9 }),
    ],
  };
  const sign = async (identifier: string, o: { presentationId?: number; x?: number; key?: CryptoKey } = {}) => {
    const text = ticketCodeSignedText({
      keyId: 1,
      ticketIdentifier: identifier,
      presentationId: o.presentationId ?? 7,
      sectionId: 3,
      x: o.x ?? 4,
      y: 1,
    });
    const bytes = Uint8Array.from(text, (c) => c.charCodeAt(0));
    const signature = new Uint8Array(await crypto.subtle.sign({ name: 'Ed25519' }, o.key ?? pair.privateKey, bytes));
    return ticketCodeText(text, signature);
  };
  return { manifest, sign, otherKey: other.privateKey };
}
type Setup = Awaited<ReturnType<typeof setup>>;

describe('decideOffline', () => {
  test.each<[string, (s: Awaited<ReturnType<typeof setup>>) => Promise<string>, string, string[]?]>([
    ['a genuine code of a valid ticket', (s) => s.sign('T000000000001'), 'admitted'],
    [
      'the same ticket, admitted on this device already',
      (s) => s.sign('T000000000001'),
      'already-admitted',
      ['T000000000001'],
    ],
    ['in already when the manifest was made', (s) => s.sign('T000000000002'), 'already-admitted'],
    ['cancelled', (s) => s.sign('T000000000003'), 'cancelled'],
    ['the seat changed since the code was issued', (s) => s.sign('T000000000004'), 'seat-changed'],
    ['a code for another show', (s) => s.sign('T000000000001', { presentationId: 8 }), 'wrong-presentation'],
    ['signed with a key that is not ours', (s) => s.sign('T000000000001', { key: s.otherKey }), 'not-valid'],
    ['a ticket the manifest does not know', (s) => s.sign('T000000000009'), 'not-valid'],
    ['a typed ticket number', async () => 'T000000000001', 'admitted'],
    ['an HLT1 code: looked up only', async () => 'HLT1.T000000000001.abcdefghijklmnopqrstuv', 'admitted'],
    ['garbage', async () => 'hello', 'not-valid'],
  ])('%s -> %s', async (_name, code, expected, admittedHere = []) => {
    const s = await setup();
    const answer = await decideOffline(s.manifest, new Set(admittedHere), await code(s), NOW);
    expect(answer.outcome).toBe(expected);
  });

  test('before the doors open: too early', async () => {
    const s = await setup();
    const answer = await decideOffline(
      s.manifest,
      new Set(),
      await s.sign('T000000000001'),
      new Date('2026-12-01T16:00:00Z'),
    );
    expect(answer.outcome).toBe('too-early');
  });
});

/** A show that asks for the rotating code: the scanner checks the digits with the manifest's secret, offline. */
describe('decideOffline, rotating code', () => {
  const secret = new Uint8Array(16).fill(5);
  async function digitsAt(step: number, key: Uint8Array = secret): Promise<string> {
    const hmac = await crypto.subtle.importKey('raw', Uint8Array.from(key), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
    ]);
    return digitsOfMac(new Uint8Array(await crypto.subtle.sign('HMAC', hmac, Uint8Array.from(stepMessage(step)))));
  }
  async function rotatingSetup() {
    const s = await setup();
    const manifest: CheckinManifest = {
      ...s.manifest,
      rotatingCode: true,
      tickets: s.manifest.tickets.map((t) => ({ ...t, rotatingSecret: toBase64Url(secret) })),
    };
    return { ...s, manifest };
  }
  const shownAt = NOW.getTime();
  const code = async (atMs: number, key?: Uint8Array) =>
    formatRotatingCode('T000000000001', await digitsAt(rotationStep(atMs), key));

  test.each<[string, (s: Setup) => Promise<string>, number, string]>([
    ['a fresh code', () => code(shownAt), shownAt, 'admitted'],
    ['a screenshot 50 s old', () => code(shownAt), shownAt + 50_000, 'admitted'],
    ['a screenshot two minutes old', () => code(shownAt), shownAt + 120_000, 'not-valid'],
    ['another secret’s digits', () => code(shownAt, new Uint8Array(16).fill(6)), shownAt, 'not-valid'],
    ['the static signed code at a rotating show', (s) => s.sign('T000000000001'), shownAt, 'rotating-code-required'],
    ['a typed ticket number at a rotating show', async () => 'T000000000001', shownAt, 'rotating-code-required'],
  ])('%s -> %s', async (_name, scanned, atMs, expected) => {
    // The static code signed with this manifest's own key: genuine, so the answer is about the show, not the code.
    const s = await rotatingSetup();
    const answer = await decideOffline(s.manifest, new Set(), await scanned(s), new Date(atMs));
    expect(answer.outcome).toBe(expected);
  });

  test('a rotating code for a show the manifest has no secrets for: not valid offline', async () => {
    const s = await setup();
    expect((await decideOffline(s.manifest, new Set(), await code(shownAt), NOW)).outcome).toBe('not-valid');
  });
});
