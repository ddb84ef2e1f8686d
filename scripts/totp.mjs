// Prints the current authenticator code for a base32 TOTP secret (RFC 6238, SHA-1, 30 s, 6 digits):
// `node scripts/totp.mjs JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP`. For the demo staff accounts on a local
// machine, where no authenticator app is at hand. Same algorithm as server/src/backoffice/totp.ts.
import { createHmac } from 'node:crypto';

const secret = process.argv[2];
if (!secret || !/^[A-Z2-7=\s]+$/i.test(secret)) {
  process.stderr.write('usage: node scripts/totp.mjs <base32 secret>\n');
  process.exit(2);
}
const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
let bits = 0;
let value = 0;
const bytes = [];
for (const ch of secret.replace(/[\s=]/g, '').toUpperCase()) {
  value = (value << 5) | alphabet.indexOf(ch);
  bits += 5;
  if (bits >= 8) {
    bytes.push((value >>> (bits - 8)) & 255);
    bits -= 8;
  }
}
const counter = Buffer.alloc(8);
counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000)));
const mac = createHmac('sha1', Buffer.from(bytes)).update(counter).digest();
const offset = mac[mac.length - 1] & 0x0f;
const code = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
process.stdout.write(`${String(code).padStart(6, '0')}\n`);
