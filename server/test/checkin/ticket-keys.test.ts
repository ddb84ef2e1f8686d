import { createPrivateKey } from 'node:crypto';
import { checkTicketCode, ticketCodeSignedText, ticketCodeText } from '@hotline/shared';
import { ed25519Sign, ed25519Verify, ed25519VerifyOffLoop, generateTicketKeyPair } from '../../src/checkin/ed25519';
import { checkTicketCodeOffLoop } from '../../src/checkin/ticket-code-check';
import { sealPrivateKey, unsealPrivateKey } from '../../src/checkin/key-seal';

/** The shared rule with the real Ed25519 of node:crypto, and the sealed private key at rest. */
const fields = { keyId: 4, ticketIdentifier: 'TABCDEFGHJKMN', presentationId: 1234, sectionId: 56, x: 7, y: 8 };
const at = new Date('2026-12-01T18:00:00Z');

function codeWith(privateKeyDer: Buffer, f = fields): string {
  const key = createPrivateKey({ key: privateKeyDer, format: 'der', type: 'pkcs8' });
  const text = ticketCodeSignedText(f);
  return ticketCodeText(text, ed25519Sign(key, text));
}

describe('door-code keys', () => {
  const ours = generateTicketKeyPair();
  const theirs = generateTicketKeyPair();
  const keys = [
    { keyId: 4, publicKey: ours.publicKey, verifiesUntil: null },
    { keyId: 5, publicKey: ours.publicKey, verifiesUntil: '2026-12-01T00:00:00Z' },
  ];

  it.each<[string, () => string, string]>([
    ['signed with our key', () => codeWith(ours.privateKeyDer), 'genuine'],
    ['signed with another key under our key id', () => codeWith(theirs.privateKeyDer), 'bad-signature'],
    [
      'another seat pasted into our signature',
      () => {
        const good = codeWith(ours.privateKeyDer);
        const other = codeWith(ours.privateKeyDer, { ...fields, x: 9 });
        return `${other.split('.').slice(0, 2).join('.')}.${good.split('.')[2]}`;
      },
      'bad-signature',
    ],
    [
      'signed with our key, its key retired since',
      () => codeWith(ours.privateKeyDer, { ...fields, keyId: 5 }),
      'key-expired',
    ],
    [
      'signed with another key under an unknown key id',
      () => codeWith(theirs.privateKeyDer, { ...fields, keyId: 6 }),
      'unknown-key',
    ],
    ['truncated', () => codeWith(ours.privateKeyDer).slice(0, -4), 'malformed'],
  ])('%s: the same verdict on the event loop and off it', async (_name, make, expected) => {
    const word = (v: ReturnType<typeof checkTicketCode>) =>
      v.verdict === 'genuine' ? 'genuine' : v.verdict === 'not-valid' ? v.reason : v.verdict;
    const code = make();
    expect(word(checkTicketCode(code, keys, at, ed25519Verify))).toBe(expected);
    expect(word(await checkTicketCodeOffLoop(code, keys, at))).toBe(expected);
  });

  it('a public key of the wrong length verifies nothing (and throws nothing)', async () => {
    expect(ed25519Verify(new Uint8Array(31), new Uint8Array(3), new Uint8Array(64))).toBe(false);
    await expect(ed25519VerifyOffLoop(new Uint8Array(31), new Uint8Array(3), new Uint8Array(64))).resolves.toBe(false);
    await expect(ed25519VerifyOffLoop(new Uint8Array(32), new Uint8Array(3), new Uint8Array(63))).resolves.toBe(false);
  });

  it('the private key is sealed with the server secret: another secret or an altered seal opens nothing', () => {
    const secret = 's'.repeat(32);
    const sealed = sealPrivateKey(secret, ours.privateKeyDer);
    expect(sealed).not.toContain(ours.privateKeyDer.toString('base64url'));
    expect(unsealPrivateKey(secret, sealed).equals(ours.privateKeyDer)).toBe(true);
    expect(() => unsealPrivateKey('t'.repeat(32), sealed)).toThrow();
    const parts = sealed.split('.');
    parts[3] = `${parts[3]!.slice(0, -2)}${parts[3]!.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(() => unsealPrivateKey(secret, parts.join('.'))).toThrow();
  });
});
